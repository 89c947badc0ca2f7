// Files an attacker would upload: a CSV far past any honest list, and XLSX zip bombs whose archive declares a
// few kilobytes while its deflate stream inflates to hundreds of megabytes. Built here byte by byte (not with
// the app's own writer), so the test does not share a bug with the code it checks.
import zlib from "node:zlib";

const MB = 1024 * 1024;

/** A valid roster CSV of about `bytes` bytes (header + rows of a valid RUT), as one buffer. */
export function bigRosterCsv(bytes: number): Buffer {
  const header = "nombre;correo;RUT\n";
  const rows: string[] = [header];
  let size = header.length;
  for (let i = 0; size < bytes; i++) {
    const row = `Persona ${i};persona${i}@empresa.test;12.345.678-5\n`;
    rows.push(row);
    size += row.length;
  }
  return Buffer.from(rows.join(""), "utf8");
}

/**
 * A raw deflate stream that inflates to `prefix` followed by `mebibytes` MiB of spaces, in about 1 KB per MiB:
 * one MiB of spaces compressed with a full flush (byte-aligned, independent of what came before) is repeated,
 * then an empty final block closes the stream.
 */
export function deflateBomb(prefix: string, mebibytes: number): Buffer {
  const flush = { finishFlush: zlib.constants.Z_FULL_FLUSH, level: 9 } as const;
  const head = zlib.deflateRawSync(Buffer.from(prefix, "utf8"), flush);
  const block = zlib.deflateRawSync(Buffer.alloc(MB, 0x20), flush);
  const end = Buffer.from([0x03, 0x00]); // a final fixed-Huffman block holding nothing
  return Buffer.concat([head, ...Array<Buffer>(mebibytes).fill(block), end]);
}

interface Entry {
  name: string;
  /** Bytes as stored in the archive (deflated). */
  data: Buffer;
  /** What the archive claims (a bomb lies here). */
  declaredSize: number;
  crc: number;
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

function deflated(name: string, text: string): Entry {
  const raw = Buffer.from(text, "utf8");
  return { name, data: zlib.deflateRawSync(raw), declaredSize: raw.length, crc: crc32(raw) };
}

/** A ZIP (deflate entries) with each entry's sizes as declared, true or not. */
function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/**
 * An XLSX whose worksheet declares 4 KB and inflates to `mebibytes` MiB: a header row, then whitespace inside
 * <sheetData> (legal XML, so only the size can refuse it).
 */
export function xlsxBomb(mebibytes: number): Buffer {
  const sheetHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>nombre</t></is></c><c r="B1" t="inlineStr"><is><t>correo</t></is></c><c r="C1" t="inlineStr"><is><t>RUT</t></is></c></row>`;
  const bomb = deflateBomb(sheetHead, mebibytes);
  return zip([
    deflated("[Content_Types].xml", CONTENT_TYPES),
    deflated("_rels/.rels", ROOT_RELS),
    deflated("xl/workbook.xml", WORKBOOK),
    deflated("xl/_rels/workbook.xml.rels", WORKBOOK_RELS),
    { name: "xl/worksheets/sheet1.xml", data: bomb, declaredSize: 4096, crc: 0 },
  ]);
}

/** A small honest XLSX of these rows (inline strings), built the same way as the bomb. */
export function xlsxOf(rows: string[][]): Buffer {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const col = (i: number) => String.fromCharCode(65 + i);
  const body = rows
    .map((cells, r) => `<row r="${r + 1}">${cells.map((v, c) => `<c r="${col(c)}${r + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`).join("")}</row>`)
    .join("");
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
  return zip([
    deflated("[Content_Types].xml", CONTENT_TYPES),
    deflated("_rels/.rels", ROOT_RELS),
    deflated("xl/workbook.xml", WORKBOOK),
    deflated("xl/_rels/workbook.xml.rels", WORKBOOK_RELS),
    deflated("xl/worksheets/sheet1.xml", sheet),
  ]);
}
