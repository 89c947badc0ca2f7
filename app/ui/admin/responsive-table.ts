// Tables that become stacked cards below 768 px: each cell shows its column name (cellLabel) on phones.
// Component classes (tables.css): a list page repeats the cell and its label on every row.
import "./tables.css";
import { th } from "./styles";

export const rtTable = "rt-table";
export const rtHead = "rt-head";
export const rtBody = "rt-body";
export const rtRow = "rt-row";
export const rtCell = "rt-cell";
/** Column headers are the admin tables' own (styles.ts). */
export const rtTh = th;
export const cellLabel = "rt-label";
