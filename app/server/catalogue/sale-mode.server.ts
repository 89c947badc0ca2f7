// How a course can be had (docs/decisions.md E1, D): free (the spec's immediate enrolment), paid (checkout),
// or not yet — 'Precio por confirmar' (contact) or no published lesson ('Próximamente', waiting list).
import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type DbOrTx } from "../platform/db/client.server";
import { course } from "../platform/db/schema";

/** How a course can be had: free (the spec's immediate enrolment), paid (checkout), or not yet. */
export type SaleMode = "free" | "paid" | "contact" | "soon";

/** Sale mode of published courses; a course missing from the map is not published. One query. */
export async function getSaleModes(courseIds: number[], tx: DbOrTx = db()): Promise<Map<number, SaleMode>> {
  const modes = new Map<number, SaleMode>();
  if (courseIds.length === 0) return modes;
  const rows = await tx
    .select({
      id: course.id,
      priceClp: course.priceClp,
      open: sql<boolean>`exists (select 1 from lesson l join module m on m.id = l.module_id where m.course_id = "course"."id" and l.status = 'published')`,
    })
    .from(course)
    .where(and(inArray(course.id, courseIds), eq(course.status, "published")));
  for (const r of rows) modes.set(r.id, saleMode(r.priceClp, r.open));
  return modes;
}

function saleMode(priceClp: number | null, open: boolean): SaleMode {
  if (!open) return "soon";
  if (priceClp === null) return "contact";
  return priceClp <= 0 ? "free" : "paid";
}

