// One spreadsheet file's bytes → its rows, CSV or XLSX, within the limits. Runs inside the spreadsheet worker
// (worker.server.ts); kept apart from it so unit tests can call it directly.
import { readCsv } from "./csv-reader.server";
import { readXlsx } from "./xlsx-reader.server";
import type { TableLimits, TableRead } from "./table.server";

export type SpreadsheetFormat = "csv" | "xlsx";

export function parseSpreadsheet(bytes: Uint8Array, format: SpreadsheetFormat, limits: TableLimits): TableRead {
  return format === "xlsx" ? readXlsx(bytes, limits) : readCsv(bytes, limits);
}
