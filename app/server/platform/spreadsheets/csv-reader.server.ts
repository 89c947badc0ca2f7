// CSV as people's spreadsheets save it: RFC 4180 fields (quotes, doubled quotes, line breaks inside quotes),
// separated by ';' (Excel in Spanish) or ',' (guessed from the first line), UTF-8 with or without BOM, else
// Windows-1252 (Excel on Windows). Rows are counted as they are read and reading stops past the cap.
import { TableBuilder, type TableLimits, type TableRead } from "./table.server";

export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

export function readCsv(bytes: Uint8Array, limits: TableLimits): TableRead {
  return readCsvText(decodeText(bytes), limits);
}

export function readCsvText(text: string, limits: TableLimits): TableRead {
  const src = text.replace(/^\uFEFF/, "");
  const firstLine = src.slice(0, Math.max(0, src.search(/\r?\n|$/)));
  const sep = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const table = new TableBuilder(limits);
  let cells: string[] = [];
  let column = 0;
  let line = 1;
  let field = "";
  let quoted = false;
  let started = false;
  const endField = () => {
    table.cell(cells, column++, field);
    field = "";
    started = false;
  };
  const endRow = () => {
    endField();
    const more = table.add(line++, cells);
    cells = [];
    column = 0;
    return more;
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          if (field.length < limits.maxCellChars) field += '"';
          i++;
        } else quoted = false;
      } else if (field.length < limits.maxCellChars) field += ch;
    } else if (ch === '"' && field === "" && !started) {
      quoted = true;
      started = true;
    } else if (ch === sep) endField();
    else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && src[i + 1] === "\n") i++;
      if (!endRow()) return table.result();
    } else {
      started = true;
      if (field.length < limits.maxCellChars) field += ch;
    }
  }
  if (field !== "" || column > 0 || started) endRow();
  return table.result();
}
