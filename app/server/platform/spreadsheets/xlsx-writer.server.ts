// Writing a one-sheet XLSX (Office Open XML, ECMA-376 part 1) with what the academy's reports need: a bold,
// frozen header row, column widths, text, numbers and dates (typed cells, so Excel sorts and sums them),
// a printed page header. Text is always an inline string, never a formula, whatever it starts with. The parts
// are zipped with fflate. Excel, LibreOffice and exceljs open the result (tests/unit/spreadsheets.test.ts).
import { strToU8, Zip, ZipDeflate, zipSync } from "fflate";

export type CellValue = string | number | Date | null | undefined;

export interface SheetColumn {
  header: string;
  /** In characters, as Excel measures column widths. */
  width: number;
  /** How a Date in this column is shown; numbers and text need none. */
  format?: "date" | "dateTime";
}

export interface SheetSpec {
  /** Up to 31 characters, none of : \ / ? * [ ] (Excel's rule). */
  name: string;
  columns: SheetColumn[];
  /** Dates are written as they read in UTC (pass wall-clock times: Excel has no time zones). */
  rows: CellValue[][];
  /** Printed at the top of each page. */
  pageHeader?: string;
}

const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Style indexes of styles.xml's cellXfs below. */
const STYLE = { header: 1, date: 2, dateTime: 3 } as const;

// Characters XML 1.0 cannot carry at all (C0 controls but tab, line feed and carriage return; lone surrogates).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function escapeXml(text: string): string {
  return text.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** 0 → 'A', 27 → 'AB'. */
function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Excel's serial day number (1900 date system): days since 30/12/1899, the time of day as the fraction. */
function serialDay(date: Date): number {
  return date.getTime() / 86_400_000 + 25_569;
}

function cellXml(reference: string, value: CellValue, column: SheetColumn | undefined, header: boolean): string {
  if (value === null || value === undefined || value === "") return "";
  const style = header ? ` s="${STYLE.header}"` : "";
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return "";
    const s = column?.format === "dateTime" ? STYLE.dateTime : STYLE.date;
    return `<c r="${reference}" s="${s}"><v>${serialDay(value)}</v></c>`;
  }
  if (typeof value === "number") return Number.isFinite(value) ? `<c r="${reference}"${style}><v>${value}</v></c>` : "";
  return `<c r="${reference}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

/** The sheet's XML up to its data: the frozen header row written. */
function sheetHead(spec: Omit<SheetSpec, "rows">): string {
  const cols = spec.columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join("");
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/>` +
    (cols ? `<cols>${cols}</cols>` : "") +
    `<sheetData>` +
    rowsXml([spec.columns.map((c) => c.header)], spec.columns, 1, true)
  );
}

/** Rows of the sheet, the first of them on line `first` (1-based). */
function rowsXml(rows: readonly CellValue[][], columns: readonly SheetColumn[], first: number, header = false): string {
  let xml = "";
  for (let r = 0; r < rows.length; r++) {
    const line = first + r;
    const cells = rows[r]!;
    let row = "";
    for (let c = 0; c < cells.length; c++) row += cellXml(`${columnName(c)}${line}`, cells[c], columns[c], header);
    xml += `<row r="${line}">${row}</row>`;
  }
  return xml;
}

/** The sheet's XML after its data. */
function sheetTail(spec: Omit<SheetSpec, "rows">): string {
  // '&' starts a header code (&P page number…): a literal one is doubled; &C centres the text.
  const header = spec.pageHeader ? `<headerFooter><oddHeader>${escapeXml(`&C${spec.pageHeader.replace(/&/g, "&&")}`)}</oddHeader></headerFooter>` : "";
  return `</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>${header}</worksheet>`;
}

const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
  `<numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy hh:mm"/></numFmts>` +
  `<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>` +
  `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
  `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
  `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
  `<cellXfs count="4">` +
  `<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
  `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
  `<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
  `<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
  `</cellXfs>` +
  `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>` +
  `</styleSheet>`;

function sheetName(name: string): string {
  const clean = name.replace(/[:\\/?*[\]]/g, " ").trim().slice(0, 31);
  return clean || "Hoja1";
}

/** The workbook's parts but its sheet, in the order they are zipped. */
function fixedParts(spec: Omit<SheetSpec, "rows">): [string, string][] {
  return [
    [
      "[Content_Types].xml",
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
        `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>` +
        `</Types>`,
    ],
    [
      "_rels/.rels",
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
        `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>` +
        `</Relationships>`,
    ],
    [
      "docProps/core.xml",
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">` +
        `<dc:creator>Academia</dc:creator></cp:coreProperties>`,
    ],
    [
      "xl/workbook.xml",
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${escapeXml(sheetName(spec.name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      "xl/_rels/workbook.xml.rels",
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
        `</Relationships>`,
    ],
    ["xl/styles.xml", STYLES],
  ];
}

const SHEET_PART = "xl/worksheets/sheet1.xml";

/** The workbook's bytes. */
export function writeXlsx(spec: SheetSpec): Uint8Array {
  const files: Record<string, Uint8Array> = Object.fromEntries(fixedParts(spec).map(([name, xml]) => [name, strToU8(xml)]));
  files[SHEET_PART] = strToU8(sheetHead(spec) + rowsXml(spec.rows, spec.columns, 2) + sheetTail(spec));
  return zipSync(files, { level: 6 });
}

/**
 * The same workbook as a stream: its rows come from `batches` and each batch is written and compressed when the
 * stream asks for more, so a large sheet is never held whole (neither its rows nor its XML). The ZIP's sizes follow
 * each part's data (a data descriptor), as any streamed ZIP's; Excel, LibreOffice and exceljs read it. An error
 * while reading the rows aborts the stream: the download ends unfinished, never as a shorter valid sheet.
 */
export function streamXlsx(spec: Omit<SheetSpec, "rows">, batches: AsyncIterable<CellValue[][]>): ReadableStream<Uint8Array> {
  const rows = batches[Symbol.asyncIterator]();
  let sheet: ZipDeflate;
  let zip: Zip;
  let line = 2;
  let enqueued = 0;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        if (chunk.length > 0) {
          controller.enqueue(chunk);
          enqueued++;
        }
        if (final) controller.close();
      });
      for (const [name, xml] of fixedParts(spec)) {
        const part = new ZipDeflate(name, { level: 6 });
        zip.add(part);
        part.push(strToU8(xml), true);
      }
      sheet = new ZipDeflate(SHEET_PART, { level: 6 });
      zip.add(sheet);
      sheet.push(strToU8(sheetHead(spec)));
    },
    // The stream asks again only after something was handed over: batches are read until the compressor gives out
    // bytes (it keeps small inputs until it has a block) or the rows end.
    async pull() {
      const before = enqueued;
      while (enqueued === before && !done) {
        const next = await rows.next();
        if (next.done) {
          done = true;
          sheet.push(strToU8(sheetTail(spec)), true);
          zip.end();
          return;
        }
        sheet.push(strToU8(rowsXml(next.value, spec.columns, line)));
        line += next.value.length;
      }
    },
    async cancel() {
      await rows.return?.();
    },
  });
}
