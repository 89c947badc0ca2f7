// What a spreadsheet upload becomes: its non-empty rows as text, each with the row number the person sees in
// their spreadsheet, read within limits decided before reading. Shared by the CSV and XLSX readers and by the
// worker that runs them.

/** The largest spreadsheet file accepted (a list of 2 000 workers is ~150 KB as CSV, ~60 KB as XLSX). */
export const SPREADSHEET_MAX_BYTES = 1024 * 1024;

export interface TableLimits {
  /** Non-empty rows, the header included: reading stops, refused, at the one past this. */
  maxRows: number;
  /** Columns kept per row (further cells are read past, not kept). */
  maxColumns: number;
  /** Characters kept per cell (longer text is cut: the caller's own rules refuse it by length). */
  maxCellChars: number;
  /** XLSX: the most bytes its parts may inflate to, counted as they are produced. */
  maxUnpackedBytes: number;
}

export interface TableRow {
  /** 1-based, as the spreadsheet numbers it. */
  line: number;
  cells: string[];
}

export type TableFailure = "unreadable" | "tooManyRows" | "tooLarge" | "busy";
export type TableRead = { ok: true; rows: TableRow[] } | { ok: false; reason: TableFailure };

/** Collects rows under the limits; `add` answers false once the row cap is passed (the reader stops there). */
export class TableBuilder {
  readonly rows: TableRow[] = [];
  overflow = false;

  constructor(private readonly limits: TableLimits) {}

  cell(cells: string[], column: number, text: string) {
    if (column < 0 || column >= this.limits.maxColumns) return;
    cells[column] = text.length > this.limits.maxCellChars ? text.slice(0, this.limits.maxCellChars) : text;
  }

  add(line: number, cells: string[]): boolean {
    if (!cells.some((c) => c !== undefined && c.trim() !== "")) return true;
    if (this.rows.length >= this.limits.maxRows) {
      this.overflow = true;
      return false;
    }
    this.rows.push({ line, cells: Array.from(cells, (c) => c ?? "") });
    return true;
  }

  result(): TableRead {
    return this.overflow ? { ok: false, reason: "tooManyRows" } : { ok: true, rows: this.rows };
  }
}
