// Offset pagination of the admin lists: one page of PAGE_SIZE rows, asking for one more to know whether a next
// page exists (no count query).
import { PAGE_SIZE } from "~/domain/admin-forms";

/** LIMIT and OFFSET for page `page` (1-based). */
export function pageWindow(page: number): { limit: number; offset: number } {
  return { limit: PAGE_SIZE + 1, offset: (page - 1) * PAGE_SIZE };
}

/** The page's rows out of what pageWindow() fetched, and whether another page follows. */
export function pageOf<T>(rows: T[], page: number): { rows: T[]; page: number; hasNext: boolean } {
  return { rows: rows.slice(0, PAGE_SIZE), page, hasNext: rows.length > PAGE_SIZE };
}

/** The same, for a list already in memory (a search's candidates). */
export function pageOfList<T>(all: T[], page: number): { rows: T[]; page: number; hasNext: boolean } {
  const { offset } = pageWindow(page);
  return pageOf(all.slice(offset, offset + PAGE_SIZE + 1), page);
}
