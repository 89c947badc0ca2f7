// A CSV export of any size in constant memory: the header, then the rows newest first in keyset batches, each
// batch continuing strictly after the last (timestamp, id) seen. The cursor keeps the timestamp as text so
// PostgreSQL's microseconds survive the round trip (a Date would round them and repeat or skip rows).
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { CSV_BOM, csvRow } from "~/domain/csv";
import { logger } from "../logger.server";

export interface KeysetCursor {
  at: string;
  id: number;
}

/** The selection that carries a row's cursor timestamp, to spread into a select. */
export const cursorColumn = (at: AnyColumn) => ({ cursorAt: sql<string>`${at}::text` });

/** Rows strictly after the cursor in (at desc, id desc) order; undefined for the first batch. */
export function afterCursor(at: AnyColumn, id: AnyColumn, cursor: KeysetCursor | null): SQL | undefined {
  return cursor ? sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined;
}

export function keysetCsvStream<R extends { cursorAt: string; id: number }>(options: {
  /** What the log calls the export when it fails. */
  name: string;
  header: readonly (string | number)[];
  batchSize: number;
  /** The next batch after `cursor`, ordered by (at desc, id desc), at most `limit` rows. */
  batch: (cursor: KeysetCursor | null, limit: number) => Promise<R[]>;
  line: (row: R) => string;
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: KeysetCursor | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_BOM + csvRow(options.header)));
          return;
        }
        const rows = await options.batch(cursor, options.batchSize);
        if (rows.length === 0) {
          controller.close();
          return;
        }
        const last = rows[rows.length - 1]!;
        cursor = { at: last.cursorAt, id: last.id };
        controller.enqueue(encoder.encode(rows.map(options.line).join("")));
        if (rows.length < options.batchSize) controller.close();
      } catch (error) {
        logger.error({ err: error }, `${options.name} CSV export failed`);
        controller.error(error);
      }
    },
  });
}
