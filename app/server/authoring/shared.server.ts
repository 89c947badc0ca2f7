// What every course-editor module needs: the outcome shape, and lookups that only find rows of the
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { type DbOrTx, type Tx } from "../platform/db/client.server";
import { course, courseModule, lesson, question } from "../platform/db/schema";
import type { ActionResult } from "~/domain/action-result";

// course being edited (so an id from another course is "not found").

/** A change of the editor, done (with the new row's id, when it made one) or refused. */
export type Outcome = ActionResult<{ id?: number }>;

export async function lockModules(tx: Tx, courseId: number) {
  return tx
    .select({ id: courseModule.id, position: courseModule.position })
    .from(courseModule)
    .where(eq(courseModule.courseId, courseId))
    .orderBy(asc(courseModule.position), asc(courseModule.id))
    .for("update");
}

export async function touchCourse(tx: DbOrTx, courseId: number) {
  await tx.update(course).set({ updatedAt: new Date() }).where(eq(course.id, courseId));
}

export async function moduleOfCourse(tx: DbOrTx, courseId: number, moduleId: number) {
  const [m] = await tx
    .select({ id: courseModule.id })
    .from(courseModule)
    .where(and(eq(courseModule.id, moduleId), eq(courseModule.courseId, courseId)))
    .limit(1);
  return m ?? null;
}

export async function lessonOfCourse(tx: DbOrTx, courseId: number, lessonId: number, lock = false) {
  const q = tx
    .select({ lesson })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .where(and(eq(lesson.id, lessonId), eq(courseModule.courseId, courseId)))
    .limit(1);
  const [row] = lock ? await q.for("update", { of: lesson }) : await q;
  return row?.lesson ?? null;
}

export async function countQuestions(tx: DbOrTx, lessonId: number) {
  const [r] = await tx.select({ n: sql<number>`count(*)::int` }).from(question).where(and(eq(question.lessonId, lessonId), isNull(question.retiredAt)));
  return Number(r?.n ?? 0);
}

/**
 * Moves one row of an ordered list (modules of a course, lessons of a module) up or down: swaps it with
 * its neighbour and renumbers positions 1..n, writing only the rows whose position changes.
 * Returns false when the id is not in the list.
 */
export async function swapPosition(
  rows: { id: number; position: number }[],
  id: number,
  direction: "up" | "down",
  setPosition: (id: number, position: number) => Promise<unknown>,
): Promise<boolean> {
  const order = rows.map((r) => r.id);
  const i = order.indexOf(id);
  if (i < 0) return false;
  const j = direction === "up" ? i - 1 : i + 1;
  if (j < 0 || j >= order.length) return true;
  [order[i], order[j]] = [order[j]!, order[i]!];
  for (const [k, rowId] of order.entries()) {
    if (rows.find((r) => r.id === rowId)!.position !== k + 1) await setPosition(rowId, k + 1);
  }
  return true;
}
