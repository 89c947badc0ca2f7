// The lessons of a module: add, edit (with what publishing needs), reorder, delete.
import { asc, desc, eq } from "drizzle-orm";
import { db, type DbOrTx } from "../platform/db/client.server";
import { asset, lesson } from "../platform/db/schema";
import { logger } from "../platform/logger.server";
import { recordAudit } from "../platform/audit.server";
import { courseEditorMessages } from "~/domain/course-editor-messages";
import { type LessonFormData, type LessonType } from "~/domain/admin-forms";
import { readExamSettings, type ExamSettings } from "~/domain/exam-settings";
import { refreshStoredProgress } from "../learning/learning.server";
import { lessonDocHasContent, type LessonDoc } from "~/domain/lesson-doc";
import { prepareLessonDoc } from "./lesson-images.server";
import { type Outcome, touchCourse, moduleOfCourse, lessonOfCourse, countQuestions, swapPosition } from "./shared.server";

// ── Lessons ─────────────────────────────────────────────────────────────────

export async function addLesson(courseId: number, moduleId: number, data: { title: string; type: LessonType }): Promise<Outcome> {
  return db().transaction(async (tx) => {
    if (!(await moduleOfCourse(tx, courseId, moduleId))) return { ok: false, message: courseEditorMessages.notFound };
    const [last] = await tx
      .select({ position: lesson.position })
      .from(lesson)
      .where(eq(lesson.moduleId, moduleId))
      .orderBy(desc(lesson.position))
      .limit(1);
    const [row] = await tx
      .insert(lesson)
      .values({ moduleId, position: (last?.position ?? 0) + 1, title: data.title, type: data.type, status: "pending" })
      .returning({ id: lesson.id });
    await touchCourse(tx, courseId);
    return { ok: true, message: courseEditorMessages.lessonAdded, id: row!.id };
  });
}

/** Why this lesson cannot be published as it stands, or null. */
async function publishBlocker(tx: DbOrTx, lessonId: number, data: { type: string; body: string | null; doc: LessonDoc | null }, assetId: number | null) {
  if (data.type === "examen") {
    const [n, [row]] = await Promise.all([countQuestions(tx, lessonId), tx.select({ settings: lesson.examSettings }).from(lesson).where(eq(lesson.id, lessonId))]);
    const min = readExamSettings(row?.settings).questionCount;
    return n < min ? courseEditorMessages.examNeedsQuestions(n, min) : null;
  }
  if (data.type === "lectura") return data.body?.trim() || lessonDocHasContent(data.doc) || assetId !== null ? null : courseEditorMessages.lessonNeedsBody;
  if (assetId === null) return courseEditorMessages.lessonNeedsFile;
  if (data.type === "video") {
    const [file] = await tx.select({ mime: asset.mime }).from(asset).where(eq(asset.id, assetId)).limit(1);
    if (!file?.mime.startsWith("video/")) return courseEditorMessages.videoNeedsMp4;
  }
  return null;
}

/** `doc`: the editor's document as JSON; absent or empty, the stored one stays. */
export async function updateLesson(courseId: number, lessonId: number, data: Omit<LessonFormData, "doc"> & { doc?: string }): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const current = await lessonOfCourse(tx, courseId, lessonId, true);
    if (!current) return { ok: false, message: courseEditorMessages.notFound };
    // The editor sends its document: it replaces the Markdown text (converted when the editor opened it).
    // Without JavaScript no document is sent, and the stored one stays as it was.
    let doc = current.doc ?? null;
    let body = data.body === "" ? null : data.body;
    if (data.doc) {
      const prepared = await prepareLessonDoc(tx, lessonId, data.doc);
      if (!prepared.ok) return { ok: false, message: prepared.message, field: "doc" };
      doc = prepared.doc;
      body = null;
    }
    if (data.status === "published") {
      const blocker = await publishBlocker(tx, lessonId, { type: data.type, body, doc }, current.assetId);
      if (blocker) return { ok: false, message: blocker, field: "status" };
    }
    await tx
      .update(lesson)
      .set({ title: data.title, type: data.type, durationMin: data.durationMin, status: data.status, downloadable: data.downloadable, body, doc })
      .where(eq(lesson.id, lessonId));
    // Publishing or withdrawing a lesson changes what every enrolment's percentage counts.
    if (data.status !== current.status) await refreshStoredProgress(tx, courseId);
    await touchCourse(tx, courseId);
    return { ok: true, message: courseEditorMessages.lessonSaved };
  });
}

export async function moveLesson(courseId: number, lessonId: number, direction: "up" | "down"): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const current = await lessonOfCourse(tx, courseId, lessonId);
    if (!current) return { ok: false, message: courseEditorMessages.notFound };
    const siblings = await tx
      .select({ id: lesson.id, position: lesson.position })
      .from(lesson)
      .where(eq(lesson.moduleId, current.moduleId))
      .orderBy(asc(lesson.position), asc(lesson.id))
      .for("update");
    await swapPosition(siblings, lessonId, direction, (id, position) => tx.update(lesson).set({ position }).where(eq(lesson.id, id)));
    await touchCourse(tx, courseId);
    return { ok: true, message: courseEditorMessages.moved };
  });
}

export async function deleteLesson(courseId: number, lessonId: number): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const current = await lessonOfCourse(tx, courseId, lessonId, true);
    if (!current) return { ok: false, message: courseEditorMessages.notFound };
    await tx.delete(lesson).where(eq(lesson.id, lessonId));
    await refreshStoredProgress(tx, courseId);
    await touchCourse(tx, courseId);
    logger.info({ courseId, lessonId }, "lesson deleted");
    return { ok: true, message: courseEditorMessages.lessonDeleted };
  });
}

/**
 * An exam's own rules. A published exam cannot ask for more questions per attempt than its bank holds (its
 * learners would meet "en preparación"): the lesson row is locked, as deleting a question locks it.
 */
export async function saveExamSettings(courseId: number, lessonId: number, settings: ExamSettings, byUserId: string): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const current = await lessonOfCourse(tx, courseId, lessonId, true);
    if (!current || current.type !== "examen") return { ok: false, message: courseEditorMessages.notFound };
    if (current.status === "published") {
      const n = await countQuestions(tx, lessonId);
      if (n < settings.questionCount) return { ok: false, message: courseEditorMessages.examBankTooSmall(n, settings.questionCount), field: "questionCount" };
    }
    await tx.update(lesson).set({ examSettings: settings }).where(eq(lesson.id, lessonId));
    // Who may be certified depends on these rules: who changed them, from what, is kept.
    await recordAudit(tx, {
      actorId: byUserId,
      action: "exam.settings",
      subject: { type: "lesson", id: lessonId, label: current.title },
      before: { ...readExamSettings(current.examSettings) },
      after: { ...settings },
    });
    await touchCourse(tx, courseId);
    return { ok: true, message: courseEditorMessages.examSettingsSaved };
  });
}
