// exceljs is CommonJS whose exports Node cannot name statically: under Node's ESM loader everything hangs off
// `default`, under Vite's interop it may not. One place that hands out the library either way.
import * as namespace from "exceljs";

type ExcelJs = typeof namespace;
export const ExcelJS: ExcelJs = (namespace as unknown as { default?: ExcelJs }).default ?? namespace;
export type { CellValue } from "exceljs";
