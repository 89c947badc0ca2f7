// The first worksheet of an XLSX (Office Open XML, ECMA-376 part 1 §18) as rows of text: shared strings,
// inline strings, numbers, booleans and formula results, as the cells show them. Every part is inflated under
// one budget of produced bytes (zip-reader.server.ts) and rows are counted while the worksheet is scanned, so
// neither a zip bomb nor a million rows is ever held whole.
import { ZipReader, ZipTooLarge, ZipUnreadable } from "./zip-reader.server";
import { scanXml, XmlUnreadable } from "./xml-scanner.server";
import { TableBuilder, type TableLimits, type TableRead } from "./table.server";

const utf8 = new TextDecoder("utf-8");

function part(zip: ZipReader, name: string): string | null {
  const bytes = zip.read(name);
  return bytes ? utf8.decode(bytes) : null;
}

/** 'worksheets/sheet1.xml' relative to 'xl/', or an absolute '/xl/…' target, as a path inside the archive. */
function resolveTarget(base: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = base.split("/").slice(0, -1);
  for (const piece of target.split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== "." && piece !== "") parts.push(piece);
  }
  return parts.join("/");
}

/** The workbook's first sheet and its shared strings part, from the workbook and its relationships. */
function locateParts(zip: ZipReader): { sheet: string; sharedStrings: string | null } {
  const workbook = part(zip, "xl/workbook.xml");
  if (workbook === null) throw new ZipUnreadable("no workbook");
  let firstSheetRel: string | null = null;
  scanXml(workbook, {
    open: (name, attributes) => {
      if (name !== "sheet") return;
      firstSheetRel = attributes.id ?? null;
      return false;
    },
  });
  const relationships = new Map<string, { type: string; target: string }>();
  const rels = part(zip, "xl/_rels/workbook.xml.rels");
  if (rels !== null) {
    scanXml(rels, {
      open: (name, attributes) => {
        if (name === "Relationship" && attributes.Id && attributes.Target) relationships.set(attributes.Id, { type: attributes.Type ?? "", target: attributes.Target });
      },
    });
  }
  const sheetTarget = firstSheetRel ? relationships.get(firstSheetRel)?.target : undefined;
  const sheet = sheetTarget ? resolveTarget("xl/workbook.xml", sheetTarget) : "xl/worksheets/sheet1.xml";
  const stringsTarget = [...relationships.values()].find((r) => r.type.endsWith("/sharedStrings"))?.target;
  const sharedStrings = stringsTarget ? resolveTarget("xl/workbook.xml", stringsTarget) : zip.has("xl/sharedStrings.xml") ? "xl/sharedStrings.xml" : null;
  return { sheet, sharedStrings };
}

/** Each <si>'s text: its <t>, or its rich-text runs' <t>s joined; phonetic hints (<rPh>) left out. */
function readSharedStrings(xml: string, maxChars: number): string[] {
  const strings: string[] = [];
  let current: string | null = null;
  let inT = false;
  let phonetic = 0;
  scanXml(xml, {
    open: (name, _attributes, selfClosing) => {
      if (name === "si") current = "";
      else if (name === "rPh" && !selfClosing) phonetic++;
      else if (name === "t" && !selfClosing) inT = true;
    },
    close: (name) => {
      if (name === "si") {
        strings.push(current ?? "");
        current = null;
      } else if (name === "rPh") phonetic = Math.max(0, phonetic - 1);
      else if (name === "t") inT = false;
    },
    wantsText: () => inT && phonetic === 0 && current !== null && current.length < maxChars,
    text: (text) => {
      current += text;
    },
  });
  return strings;
}

/** OOXML's escape for characters XML cannot carry: _x000D_ is a carriage return. */
const unescapeOoxml = (text: string) => (text.includes("_x") ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text);

/** 'BC12' → 54 (0-based column); -1 when the reference is not a cell's. */
function columnOf(reference: string | undefined): number {
  if (!reference) return -1;
  let column = 0;
  let i = 0;
  for (; i < reference.length && i < 3; i++) {
    const code = reference.charCodeAt(i);
    const upper = code >= 97 && code <= 122 ? code - 32 : code;
    if (upper < 65 || upper > 90) break;
    column = column * 26 + (upper - 64);
  }
  return i === 0 ? -1 : column - 1;
}

function formatNumber(raw: string): string {
  const n = Number(raw);
  if (!Number.isFinite(n)) return raw.trim();
  // What a cell shows for a whole number or a short decimal, without floating-point noise (0.1+0.2).
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15)));
}

export function readXlsx(bytes: Uint8Array, limits: TableLimits): TableRead {
  try {
    const zip = new ZipReader(bytes, limits.maxUnpackedBytes);
    const { sheet, sharedStrings } = locateParts(zip);
    const strings = sharedStrings ? readSharedStrings(part(zip, sharedStrings) ?? "", limits.maxCellChars) : [];
    const worksheet = part(zip, sheet);
    if (worksheet === null) throw new ZipUnreadable("no worksheet");
    const table = new TableBuilder(limits);
    let cells: string[] = [];
    let line = 0;
    let column = -1;
    let type = "n";
    let value: string | null = null;
    let collecting: "v" | "t" | null = null;
    let inSheetData = false;
    scanXml(worksheet, {
      open: (name, attributes, selfClosing) => {
        if (name === "sheetData") inSheetData = !selfClosing;
        if (!inSheetData) return;
        if (name === "row") {
          const r = Number(attributes.r);
          line = Number.isInteger(r) && r > line ? r : line + 1;
          cells = [];
          column = -1;
        } else if (name === "c") {
          const at = columnOf(attributes.r);
          column = at >= 0 ? at : column + 1;
          type = attributes.t ?? "n";
          value = null;
        } else if ((name === "v" || name === "t") && !selfClosing) {
          collecting = name;
          value ??= "";
        }
      },
      close: (name) => {
        if (name === "sheetData") inSheetData = false;
        if (!inSheetData) return;
        if (name === "v" || name === "t") collecting = null;
        else if (name === "c") {
          if (value !== null) table.cell(cells, column, cellText(type, value, strings));
        } else if (name === "row") {
          return table.add(line, cells);
        }
      },
      wantsText: () => collecting !== null && value !== null && value.length < limits.maxCellChars,
      text: (text) => {
        value += text;
      },
    });
    return table.result();
  } catch (error) {
    if (error instanceof ZipTooLarge) return { ok: false, reason: "tooLarge" };
    if (error instanceof ZipUnreadable || error instanceof XmlUnreadable || error instanceof RangeError) return { ok: false, reason: "unreadable" };
    throw error;
  }
}

function cellText(type: string, raw: string, strings: string[]): string {
  switch (type) {
    case "s":
      return unescapeOoxml(strings[Number(raw)] ?? "");
    case "inlineStr":
    case "str":
      return unescapeOoxml(raw);
    case "b":
      return raw.trim() === "1" ? "VERDADERO" : "FALSO";
    case "e":
      return "";
    case "d":
      return raw.trim().slice(0, 10);
    default:
      return formatNumber(raw);
  }
}
