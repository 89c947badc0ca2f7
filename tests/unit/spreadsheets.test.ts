// The academy's own spreadsheet reader and writer (app/server/platform/spreadsheets): CSV and XLSX read within
// hard limits (rows counted while reading, bytes counted while inflating), checked against workbooks written by
// an independent implementation (exceljs, a test-only dependency) and hostile archives built byte by byte; the
// writer's workbooks read back by exceljs with their types, styles and frozen header.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as ExcelJSNamespace from "exceljs";
import { describe, expect, it } from "vitest";
import { readCsv, readCsvText } from "~/server/platform/spreadsheets/csv-reader.server";
import { readXlsx } from "~/server/platform/spreadsheets/xlsx-reader.server";
import { unzipSync } from "fflate";
import { streamXlsx, writeXlsx } from "~/server/platform/spreadsheets/xlsx-writer.server";
import { readSpreadsheet, spreadsheetFormat } from "~/server/platform/spreadsheets/spreadsheets.server";
import type { TableLimits } from "~/server/platform/spreadsheets/table.server";
import type { UploadedFile } from "~/server/platform/http/uploaded-files.server";
import { xlsxBomb, xlsxOf } from "../integration/reliability/support/hostile-files";

// exceljs is CommonJS: Node's ESM loader puts it all under `default`.
const ExcelJS = (ExcelJSNamespace as unknown as { default?: typeof ExcelJSNamespace }).default ?? ExcelJSNamespace;

const MB = 1024 * 1024;
const limits: TableLimits = { maxRows: 10, maxColumns: 5, maxCellChars: 20, maxUnpackedBytes: 4 * MB };

describe("CSV", () => {
  it("filas no vacías con su número de fila; comillas, saltos dentro de comillas, ; o ,", () => {
    const read = readCsvText('nombre;nota\n\n"Ana\nMaría";"dijo ""hola"""\n;;\nLuis;7\r\n', limits);
    expect(read).toEqual({
      ok: true,
      rows: [
        { line: 1, cells: ["nombre", "nota"] },
        { line: 3, cells: ["Ana\nMaría", 'dijo "hola"'] },
        { line: 5, cells: ["Luis", "7"] },
      ],
    });
    expect(readCsvText("a,b\n1,2", limits)).toEqual({ ok: true, rows: [{ line: 1, cells: ["a", "b"] }, { line: 2, cells: ["1", "2"] }] });
  });

  it("Windows-1252 cuando no es UTF-8 (Excel en Windows)", () => {
    const bytes = Buffer.from([0x6e, 0x6f, 0x6d, 0x62, 0x72, 0x65, 0x0a, 0x4e, 0xfa, 0xf1, 0x65, 0x7a]); // "nombre\nNúñez"
    expect(readCsv(bytes, limits)).toEqual({ ok: true, rows: [{ line: 1, cells: ["nombre"] }, { line: 2, cells: ["Núñez"] }] });
  });

  it("celdas y columnas acotadas: lo que sobra se lee pero no se guarda", () => {
    const read = readCsvText(`${"x".repeat(100)};b;c;d;e;f;g\n`, limits);
    expect(read).toEqual({ ok: true, rows: [{ line: 1, cells: ["x".repeat(20), "b", "c", "d", "e"] }] });
  });

  it("la lectura se detiene en la fila siguiente al tope, sin recorrer el resto del archivo", () => {
    const rows = Array.from({ length: 11 }, (_, i) => `fila ${i}`).join("\n");
    expect(readCsvText(rows, limits)).toEqual({ ok: false, reason: "tooManyRows" });
    expect(readCsvText(rows.split("\n").slice(0, 10).join("\n"), limits).ok).toBe(true);
    // Twenty million characters after the cap: reading them all takes seconds of CPU; stopping takes nothing.
    // Counted in CPU time, not wall time, so a busy machine (other processes on its cores) does not fail it.
    const huge = `${rows}\n${"y;".repeat(10_000_000)}`;
    const started = process.cpuUsage();
    expect(readCsvText(huge, limits)).toEqual({ ok: false, reason: "tooManyRows" });
    const spent = process.cpuUsage(started);
    expect((spent.user + spent.system) / 1000).toBeLessThan(300);
  });
});

describe("XLSX", () => {
  it("lee un libro de exceljs: textos compartidos, hipervínculos, números, texto enriquecido, filas vacías", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Trabajadores");
    sheet.addRow(["Nombre", "Correo", "RUT", "Nota"]);
    sheet.addRow(["Ana Díaz", { text: "ana@x.cl", hyperlink: "mailto:ana@x.cl" }, "12.345.678-5", 6.5]);
    sheet.getRow(4).values = [{ richText: [{ text: "Luis " }, { text: "Soto", font: { bold: true } }] }, "luis@x.cl", "11.111.111-1", 7];
    const read = readXlsx(new Uint8Array(await book.xlsx.writeBuffer()), { ...limits, maxCellChars: 100 });
    expect(read).toEqual({
      ok: true,
      rows: [
        { line: 1, cells: ["Nombre", "Correo", "RUT", "Nota"] },
        { line: 2, cells: ["Ana Díaz", "ana@x.cl", "12.345.678-5", "6.5"] },
        { line: 4, cells: ["Luis Soto", "luis@x.cl", "11.111.111-1", "7"] },
      ],
    });
  });

  it("una bomba (declara 4 KB, se infla a 512 MB) se detiene en el presupuesto de bytes producidos", () => {
    const bomb = xlsxBomb(512);
    const before = process.memoryUsage().rss;
    const started = process.cpuUsage();
    expect(readXlsx(bomb, limits)).toEqual({ ok: false, reason: "tooLarge" });
    const spent = process.cpuUsage(started);
    expect((spent.user + spent.system) / 1000).toBeLessThan(2_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
  });

  it("el tope de filas también detiene la hoja", () => {
    const rows = Array.from({ length: 11 }, (_, i) => [`fila ${i}`]);
    expect(readXlsx(xlsxOf(rows), limits)).toEqual({ ok: false, reason: "tooManyRows" });
    expect(readXlsx(xlsxOf(rows.slice(0, 10)), limits).ok).toBe(true);
  });

  it("un ZIP roto, vacío o cortado: ilegible, nunca una excepción", () => {
    for (const bytes of [Buffer.from("PK\x03\x04 no es un zip"), Buffer.alloc(0), xlsxOf([["&bogus;"]]).subarray(0, 200)]) {
      expect(readXlsx(bytes, limits)).toEqual({ ok: false, reason: "unreadable" });
    }
  });

  it("una entidad XML (&lt; y &#233;) se decodifica; una declaración DOCTYPE se rechaza", async () => {
    const { scanXml, decodeXmlText } = await import("~/server/platform/spreadsheets/xml-scanner.server");
    expect(decodeXmlText("a &lt;b&gt; &#233;&#x41;")).toBe("a <b> éA");
    expect(() => decodeXmlText("&bogus;")).toThrow();
    expect(() => scanXml('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>', {})).toThrow(/declarations/);
  });
});

describe("escritor XLSX", () => {
  it("exceljs lo lee: encabezado en negrita e inmóvil, anchos, números, fechas y textos que empiezan con =", async () => {
    const bytes = writeXlsx({
      name: "Trabajadores",
      columns: [
        { header: "Nombre", width: 30 },
        { header: "Avance (%)", width: 11 },
        { header: "Inscrito el", width: 14, format: "date" },
        { header: "Última actividad", width: 18, format: "dateTime" },
      ],
      rows: [
        ['=HYPERLINK("http://x") & <b>\u0001', 40, new Date(Date.UTC(2026, 2, 5)), new Date(Date.UTC(2026, 2, 5, 14, 30))],
        ["Luis", 100, null, null],
      ],
      pageHeader: "RCP & DEA",
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe("Trabajadores");
    expect(sheet.getRow(1).getCell(1).value).toBe("Nombre");
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(30);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('=HYPERLINK("http://x") & <b>');
    expect(first.getCell(1).formula).toBeUndefined();
    expect(first.getCell(2).value).toBe(40);
    expect(first.getCell(3).value).toEqual(new Date(Date.UTC(2026, 2, 5)));
    expect(first.getCell(3).numFmt).toBe("dd/mm/yyyy");
    expect((first.getCell(4).value as Date).toISOString()).toBe("2026-03-05T14:30:00.000Z");
    expect(first.getCell(4).numFmt).toBe("dd/mm/yyyy hh:mm");
    expect(sheet.getRow(3).getCell(3).value).toBeNull();
    expect(sheet.headerFooter.oddHeader).toBe("&CRCP && DEA");
  });

  it("lo que escribe, lo lee el lector propio", () => {
    const bytes = writeXlsx({ name: "a/b", columns: [{ header: "nombre", width: 10 }, { header: "n", width: 5 }], rows: [["Ñandú", 3]] });
    expect(readXlsx(bytes, limits)).toEqual({ ok: true, rows: [{ line: 1, cells: ["nombre", "n"] }, { line: 2, cells: ["Ñandú", "3"] }] });
  });
});

describe("escritor XLSX en flujo", () => {
  const spec = {
    name: "Cumplimiento",
    columns: [
      { header: "Nombre", width: 30 },
      { header: "Válido hasta", width: 14, format: "date" as const },
    ],
    pageHeader: "Cumplimiento · A & B",
  };
  const rows = Array.from({ length: 25 }, (_, i) => [`Persona ${i + 1}`, i % 3 === 0 ? null : new Date(Date.UTC(2027, 0, i + 1))]);
  async function* inBatches(size: number) {
    for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
  }
  const bytesOf = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

  it("las mismas partes que el libro escrito de una vez, filas numeradas a través de los lotes; exceljs y el lector propio lo leen", async () => {
    const streamed = await bytesOf(streamXlsx(spec, inBatches(7)));
    const whole = writeXlsx({ ...spec, rows });
    const a = unzipSync(streamed);
    const b = unzipSync(whole);
    expect(Object.keys(a)).toEqual(Object.keys(b));
    for (const name of Object.keys(b)) expect(new TextDecoder().decode(a[name]), name).toBe(new TextDecoder().decode(b[name]));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(streamed) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(26).getCell(1).value).toBe("Persona 25");
    expect(sheet.getRow(3).getCell(2).value).toEqual(new Date(Date.UTC(2027, 0, 2)));
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const read = readXlsx(streamed, { ...limits, maxRows: 100 });
    expect(read.ok && read.rows.length).toBe(26);
  });

  it("sin filas: solo el encabezado", async () => {
    const streamed = await bytesOf(streamXlsx(spec, (async function* () {})()));
    expect(readXlsx(streamed, limits)).toEqual({ ok: true, rows: [{ line: 1, cells: ["Nombre", "Válido hasta"] }] });
  });

  it("lee un lote cuando el flujo pide más, y una descarga cancelada cierra la fuente", async () => {
    let read = 0;
    let closed = false;
    async function* source() {
      try {
        for (let i = 0; i < 1000; i++) {
          read++;
          yield [[`Persona ${i}`, null]];
        }
      } finally {
        closed = true;
      }
    }
    const reader = streamXlsx(spec, source()).getReader();
    while (read === 0) await reader.read();
    expect(read).toBeLessThan(1000);
    await reader.cancel();
    expect(closed).toBe(true);
  });

  it("un error al leer las filas corta la descarga", async () => {
    async function* failing() {
      yield rows.slice(0, 2);
      throw new Error("la base de datos no respondió");
    }
    await expect(bytesOf(streamXlsx(spec, failing()))).rejects.toThrow("la base de datos no respondió");
  });
});

describe("lectura en un hilo aparte", () => {
  const upload = (bytes: Uint8Array, filename: string, declaredType = "application/octet-stream"): UploadedFile => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "academia-hoja-")), "subida.part");
    fs.writeFileSync(file, bytes);
    return { path: file, size: bytes.length, sha256: "", head: Buffer.from(bytes.subarray(0, 16)), filename, declaredType };
  };

  it("qué es el archivo lo dicen sus bytes (un ZIP es XLSX), no su nombre", () => {
    const zip = Buffer.from("PK\x03\x04");
    expect(spreadsheetFormat({ head: zip, filename: "lista.csv", declaredType: "text/csv" })).toBe("xlsx");
    expect(spreadsheetFormat({ head: Buffer.from("nombre;"), filename: "lista.xlsx", declaredType: "" })).toBe("unreadable");
    expect(spreadsheetFormat({ head: Buffer.from("nombre;"), filename: "lista.CSV", declaredType: "" })).toBe("csv");
    expect(spreadsheetFormat({ head: Buffer.from("\x89PNG"), filename: "foto.png", declaredType: "image/png" })).toBeNull();
  });

  it("CSV y XLSX se leen en el worker; una bomba vuelve como demasiado grande", async () => {
    const wide = { ...limits, maxCellChars: 100 };
    expect(await readSpreadsheet(upload(Buffer.from("nombre;correo\nAna;a@x.cl\n"), "lista.csv", "text/csv"), wide)).toEqual({
      ok: true,
      rows: [
        { line: 1, cells: ["nombre", "correo"] },
        { line: 2, cells: ["Ana", "a@x.cl"] },
      ],
    });
    expect(await readSpreadsheet(upload(xlsxOf([["nombre"], ["Ana"]]), "lista.xlsx"), wide)).toEqual({ ok: true, rows: [{ line: 1, cells: ["nombre"] }, { line: 2, cells: ["Ana"] }] });
    expect(await readSpreadsheet(upload(xlsxBomb(256), "lista.xlsx"), wide)).toEqual({ ok: false, reason: "tooLarge" });
    expect(await readSpreadsheet(upload(Buffer.from([1, 2, 3]), "foto.png", "image/png"), wide)).toEqual({ ok: false, reason: "type" });
  });
});
