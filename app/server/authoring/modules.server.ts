// The modules of a course: add, edit, reorder, delete.
import { and, eq } from "drizzle-orm";
import { db } from "../platform/db/client.server";
import { course, courseModule } from "../platform/db/schema";
import { logger } from "../platform/logger.server";
import { courseEditorMessages } from "~/domain/course-editor-messages";
import { refreshStoredProgress } from "../learning/learning.server";
import { type Outcome, lockModules, swapPosition, touchCourse } from "./shared.server";

// ── Modules ─────────────────────────────────────────────────────────────────

export async function addModule(courseId: number, data: { title: string; description: string }): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const [c] = await tx.select({ id: course.id }).from(course).where(eq(course.id, courseId)).for("update");
    if (!c) return { ok: false, message: courseEditorMessages.notFound };
    const mods = await lockModules(tx, courseId);
    const position = (mods.at(-1)?.position ?? 0) + 1;
    const [row] = await tx.insert(courseModule).values({ courseId, position, ...data }).returning({ id: courseModule.id });
    await touchCourse(tx, courseId);
    return { ok: true, message: courseEditorMessages.moduleAdded, id: row!.id };
  });
}

export async function updateModule(courseId: number, moduleId: number, data: { title: string; description: string }): Promise<Outcome> {
  const updated = await db()
    .update(courseModule)
    .set(data)
    .where(and(eq(courseModule.id, moduleId), eq(courseModule.courseId, courseId)))
    .returning({ id: courseModule.id });
  if (updated.length === 0) return { ok: false, message: courseEditorMessages.notFound };
  await touchCourse(db(), courseId);
  return { ok: true, message: courseEditorMessages.moduleSaved };
}

/** Swaps positions with the neighbour above or below (positions are renumbered 1..n on the way). */
export async function moveModule(courseId: number, moduleId: number, direction: "up" | "down"): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const mods = await lockModules(tx, courseId);
    const found = await swapPosition(mods, moduleId, direction, (id, position) =>
      tx.update(courseModule).set({ position }).where(eq(courseModule.id, id)),
    );
    if (!found) return { ok: false, message: courseEditorMessages.notFound };
    await touchCourse(tx, courseId);
    return { ok: true, message: courseEditorMessages.moved };
  });
}

/** Deletes a module with its lessons (and their questions, completions and attempts, by cascade). */
export async function deleteModule(courseId: number, moduleId: number): Promise<Outcome> {
  const outcome = await db().transaction(async (tx): Promise<Outcome> => {
    const deleted = await tx
      .delete(courseModule)
      .where(and(eq(courseModule.id, moduleId), eq(courseModule.courseId, courseId)))
      .returning({ id: courseModule.id });
    if (deleted.length === 0) return { ok: false, message: courseEditorMessages.notFound };
    // Its lessons no longer count: every enrolment's stored percentage is read again.
    await refreshStoredProgress(tx, courseId);
    await touchCourse(tx, courseId);
    return { ok: true, message: courseEditorMessages.moduleDeleted };
  });
  if (outcome.ok) logger.info({ courseId, moduleId }, "module deleted");
  return outcome;
}
