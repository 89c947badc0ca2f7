// A lesson's file: what the uploaded bytes really are (by their first bytes), and storing them.
import { uploadLimitBytes } from "~/domain/admin-forms";
import path from "node:path";
import { eq } from "drizzle-orm";
import { db } from "../platform/db/client.server";
import { lesson } from "../platform/db/schema";
import { env } from "../platform/env.server";
import { logger } from "../platform/logger.server";
import { storeAssetFile } from "../platform/storage/storage.server";
import { cleanFilename, type UploadedFile } from "../platform/http/uploaded-files.server";
import { courseEditorMessages } from "~/domain/course-editor-messages";
import { type Outcome, touchCourse, lessonOfCourse } from "./shared.server";

// ── Lesson files ────────────────────────────────────────────────────────────

export type FileKind = "pdf" | "mp4" | "other";

/**
 * What a file is by its first bytes (UploadedFile.head; HEAD_BYTES is enough), whatever the name says: a PDF
 * starts with '%PDF-'; an MP4 has an 'ftyp' box first.
 */
export function detectFileKind(head: Uint8Array): FileKind {
  if (Buffer.from(head.subarray(0, 5)).toString("latin1") === "%PDF-") return "pdf";
  if (head.length >= 12 && Buffer.from(head.subarray(4, 8)).toString("latin1") === "ftyp") return "mp4";
  return "other";
}

const MP4_EXTENSIONS = new Set([".mp4", ".m4v"]);

/**
 * Checks an upload by its content: a name ending in .pdf must hold a PDF, .mp4 an MP4; a video lesson
 * needs an MP4. Other files are stored as download-only (application/octet-stream, never rendered).
 */
export function classifyUpload(head: Uint8Array, filename: string, lessonType: string): { ok: true; mime: string; downloadOnly: boolean } | { ok: false; message: string } {
  if (lessonType === "examen") return { ok: false, message: courseEditorMessages.examNoFile };
  const kind = detectFileKind(head);
  const ext = path.extname(filename).toLowerCase();
  if (ext === ".pdf" && kind !== "pdf") return { ok: false, message: courseEditorMessages.notPdf };
  if (MP4_EXTENSIONS.has(ext) && kind !== "mp4") return { ok: false, message: courseEditorMessages.notMp4 };
  if (lessonType === "video" && kind !== "mp4") return { ok: false, message: courseEditorMessages.videoNeedsMp4 };
  if (kind === "pdf") return { ok: true, mime: "application/pdf", downloadOnly: false };
  if (kind === "mp4") return { ok: true, mime: "video/mp4", downloadOnly: false };
  return { ok: true, mime: "application/octet-stream", downloadOnly: true };
}

/**
 * Checks an uploaded file (on disk, never read whole: its size, hash and first bytes came with it) and makes
 * it the lesson's file. The temporary file is moved into the file store; the caller's cleanup removes it
 * otherwise.
 */
export async function uploadLessonFile(courseId: number, lessonId: number, file: UploadedFile): Promise<Outcome> {
  const current = await lessonOfCourse(db(), courseId, lessonId);
  if (!current) return { ok: false, message: courseEditorMessages.notFound };
  if (file.size === 0) return { ok: false, message: courseEditorMessages.noFile, field: "file" };
  if (file.size > uploadLimitBytes(env().MAX_UPLOAD_MB)) return { ok: false, message: courseEditorMessages.tooLarge(env().MAX_UPLOAD_MB), field: "file", status: 413 };
  const filename = cleanFilename(file.filename);
  const verdict = classifyUpload(file.head, filename, current.type);
  if (!verdict.ok) return { ok: false, message: verdict.message, field: "file" };
  return db().transaction(async (tx) => {
    const stored = await storeAssetFile(file, { filename, mime: verdict.mime }, tx);
    const updated = await tx
      .update(lesson)
      // The reading view was built from the replaced file's source: the new file is shown as it is.
      .set({ assetId: stored.id, readingHtml: null, ...(verdict.downloadOnly ? { downloadable: true } : {}) })
      .where(eq(lesson.id, lessonId))
      .returning({ id: lesson.id });
    if (updated.length === 0) return { ok: false, message: courseEditorMessages.notFound };
    await touchCourse(tx, courseId);
    logger.info({ courseId, lessonId, assetId: stored.id, size: file.size, mime: verdict.mime }, "lesson file uploaded");
    return { ok: true, message: verdict.downloadOnly ? courseEditorMessages.uploadedDownloadOnly(filename) : courseEditorMessages.uploaded(filename) };
  });
}
