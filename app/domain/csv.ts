// CSV for spreadsheets used in Chile: Excel with a Spanish locale expects ';' between fields (the comma
// is the decimal separator) and recognises UTF-8 only with a byte-order mark.

export const CSV_SEPARATOR = ";";
export const CSV_BOM = "\uFEFF";
const EOL = "\r\n";

/**
 * One field, quoted when it holds the separator, a quote or a line break (RFC 4180). Text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) is prefixed with an apostrophe,
 * so a learner's name cannot become a formula in the admin's spreadsheet.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let s = typeof value === "string" ? value : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[";\r\n,]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvRow(values: readonly (string | number | boolean | null | undefined)[]): string {
  return values.map(csvField).join(CSV_SEPARATOR) + EOL;
}

/** A whole document: BOM, header row, data rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return CSV_BOM + csvRow(header) + rows.map(csvRow).join("");
}
