// A reading's images, uploaded in place from the editor, and the facts the stored document takes from them.
import { and, eq, inArray } from "drizzle-orm";
import { db, type DbOrTx } from "../platform/db/client.server";
import { lessonImage } from "../platform/db/schema";
import { logger } from "../platform/logger.server";
import type { UploadedFile } from "../platform/http/uploaded-files.server";
import { courseEditorMessages } from "~/domain/course-editor-messages";
import { imageMessages } from "~/domain/image-upload";
import { cleanLessonDoc, lessonDocMessages, type LessonDoc, type LessonDocNode, type LessonImageAttrs, type LessonImageView } from "~/domain/lesson-doc";
import { checkImageUpload, encodeVariant, storeVariant } from "./images.server";
import { lessonOfCourse, touchCourse, type Outcome } from "./shared.server";

export type { LessonImageView };

export type ImageOutcome = (Outcome & { ok: true; image: LessonImageView }) | (Outcome & { ok: false });

const LARGE = 1600;
const SMALL = 800;

function viewOf(row: typeof lessonImage.$inferSelect): LessonImageView {
  return { imageId: row.id, width: row.width, height: row.height, smallWidth: row.smallWidth, fallback: row.fallbackFormat === "png" ? "png" : "jpg" };
}

/** Checks, re-encodes and stores an image for a reading lesson of this course. */
export async function uploadLessonImage(courseId: number, lessonId: number, file: UploadedFile | undefined, alt: string): Promise<ImageOutcome> {
  const current = await lessonOfCourse(db(), courseId, lessonId);
  if (!current) return { ok: false, message: courseEditorMessages.notFound };
  if (current.type !== "lectura") return { ok: false, message: imageMessages.notReading, field: "image" };
  if (!file || file.size === 0) return { ok: false, message: imageMessages.noFile, field: "image" };
  const checked = await checkImageUpload(file);
  if (!checked.ok) return { ok: false, message: checked.message, field: "image", status: checked.status };
  if (!alt.trim()) return { ok: false, message: imageMessages.altRequired, field: "alt" };
  const [large, small, fallback] = await Promise.all([
    encodeVariant(checked, "webp", { width: LARGE }),
    encodeVariant(checked, "webp", { width: SMALL }),
    encodeVariant(checked, "fallback", { width: LARGE }),
  ]);
  return db().transaction(async (tx) => {
    // Locked as the lesson's own save locks it, so an image never lands on a lesson being deleted.
    if (!(await lessonOfCourse(tx, courseId, lessonId, true))) return { ok: false, message: courseEditorMessages.notFound };
    const [l, s, f] = [await storeVariant(large, "imagen", tx), await storeVariant(small, "imagen-800", tx), await storeVariant(fallback, "imagen", tx)];
    const [row] = await tx
      .insert(lessonImage)
      .values({
        lessonId,
        width: large.width,
        height: large.height,
        smallWidth: small.width,
        largeAssetId: l.id,
        smallAssetId: s.id,
        fallbackAssetId: f.id,
        fallbackFormat: fallback.ext === "png" ? "png" : "jpg",
      })
      .returning();
    await touchCourse(tx, courseId);
    logger.info({ courseId, lessonId, imageId: row!.id, bytes: file.size, width: large.width }, "lesson image uploaded");
    return { ok: true, message: imageMessages.uploaded, image: viewOf(row!) };
  });
}

/** The images uploaded to a lesson, for the editor to resolve its document's nodes. */
export async function lessonImagesOf(lessonId: number, tx: DbOrTx = db()): Promise<LessonImageView[]> {
  const rows = await tx.select().from(lessonImage).where(eq(lessonImage.lessonId, lessonId));
  return rows.map(viewOf);
}

/**
 * A document posted by the editor, cleaned (domain/lesson-doc.ts) and with every image's sizes and format
 * taken from its stored row: an image of another lesson, or one that does not exist, is refused.
 */
export async function prepareLessonDoc(tx: DbOrTx, lessonId: number, raw: string): Promise<{ ok: true; doc: LessonDoc } | { ok: false; message: string }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, message: lessonDocMessages.invalid };
  }
  const cleaned = cleanLessonDoc(parsed);
  if (!cleaned.ok) return cleaned;
  const ids = [...new Set(cleaned.imageIds)];
  const rows = ids.length ? await tx.select().from(lessonImage).where(and(eq(lessonImage.lessonId, lessonId), inArray(lessonImage.id, ids))) : [];
  const facts = new Map(rows.map((r) => [r.id, viewOf(r)]));
  if (facts.size !== ids.length) return { ok: false, message: lessonDocMessages.unknownImage };
  const fill = (n: LessonDocNode): LessonDocNode =>
    n.type === "lessonImage"
      ? { ...n, attrs: { ...n.attrs, ...facts.get((n.attrs as unknown as LessonImageAttrs).imageId)! } }
      : n.content
        ? { ...n, content: n.content.map(fill) }
        : n;
  return { ok: true, doc: { type: "doc", content: cleaned.doc.content.map(fill) } };
}
