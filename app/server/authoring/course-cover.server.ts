// A course's cover, uploaded in the course editor: checked and re-encoded by the one image pipeline
// (images.server.ts), cropped to the cards' and hero's 16:9, stored through the file store, recorded on the course.
// Served publicly (the catalogue is public) under versioned names, so a year's cache never shows an old cover.
import { eq } from "drizzle-orm";
import { db } from "../platform/db/client.server";
import { course } from "../platform/db/schema";
import { logger } from "../platform/logger.server";
import { getAsset, readAssetBytes } from "../platform/storage/storage.server";
import { getUser } from "../accounts/session.server";
import { isAdmin } from "~/domain/permissions";
import type { UploadedFile } from "../platform/http/uploaded-files.server";
import { courseEditorMessages } from "~/domain/course-editor-messages";
import { imageMessages } from "~/domain/image-upload";
import { COVER_LARGE, COVER_SMALL, coverMessages, type CourseCover } from "~/domain/course-cover";
import { checkImageUpload, encodeVariant, storeVariant } from "./images.server";
import { type Outcome } from "./shared.server";

export async function uploadCourseCover(courseId: number, file: UploadedFile | undefined): Promise<Outcome> {
  if (!file || file.size === 0) return { ok: false, message: imageMessages.noFile, field: "cover" };
  const checked = await checkImageUpload(file);
  if (!checked.ok) return { ok: false, message: checked.message, field: "cover", status: checked.status };
  const [large, small, fallback] = await Promise.all([
    encodeVariant(checked, "webp", COVER_LARGE),
    encodeVariant(checked, "webp", COVER_SMALL),
    encodeVariant(checked, "fallback", COVER_LARGE),
  ]);
  return db().transaction(async (tx) => {
    const [current] = await tx.select({ id: course.id, cover: course.cover }).from(course).where(eq(course.id, courseId)).for("update");
    if (!current) return { ok: false, message: courseEditorMessages.notFound };
    const [l, s, f] = [await storeVariant(large, "portada", tx), await storeVariant(small, "portada-600", tx), await storeVariant(fallback, "portada", tx)];
    const cover: CourseCover = {
      // Grows with every upload under the row lock, so two uploads never share names.
      version: (current.cover?.version ?? 0) + 1,
      largeAssetId: l.id,
      smallAssetId: s.id,
      fallbackAssetId: f.id,
      fallback: fallback.ext === "png" ? "png" : "jpg",
    };
    await tx.update(course).set({ cover, updatedAt: new Date() }).where(eq(course.id, courseId));
    logger.info({ courseId, version: cover.version, bytes: file.size }, "course cover uploaded");
    return { ok: true, message: coverMessages.uploaded };
  });
}

export async function removeCourseCover(courseId: number): Promise<Outcome> {
  const updated = await db().update(course).set({ cover: null, updatedAt: new Date() }).where(eq(course.id, courseId)).returning({ id: course.id });
  if (updated.length === 0) return { ok: false, message: courseEditorMessages.notFound };
  return { ok: true, message: coverMessages.removed };
}

const FILE = /^(\d{1,10})-(600\.webp|1200\.webp|1200\.jpg|1200\.png)$/;

function notFound() {
  return new Response("No encontramos esa imagen.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * GET /archivos/portadas/:courseId/:file — `<version>-600.webp`, `-1200.webp` or `-1200.jpg|png` of a course's
 * current cover: public for a published course; a draft's only to an admin (the editor's preview), never cached
 * by a shared cache. An old version is gone (404).
 */
export async function serveCourseCover(request: Request, courseIdParam: string | undefined, fileParam: string | undefined): Promise<Response> {
  const courseId = Number(courseIdParam);
  const match = FILE.exec(fileParam ?? "");
  if (!Number.isSafeInteger(courseId) || courseId <= 0 || courseId > 2_147_483_647 || !match) return notFound();
  const [row] = await db().select({ cover: course.cover, status: course.status }).from(course).where(eq(course.id, courseId)).limit(1);
  const cover = row?.cover;
  if (!row || !cover || cover.version !== Number(match[1])) return notFound();
  const published = row.status === "published";
  if (!published && !isAdmin(await getUser(request))) return notFound();
  const variant = match[2]!;
  const assetId = variant === "600.webp" ? cover.smallAssetId : variant === "1200.webp" ? cover.largeAssetId : variant === `1200.${cover.fallback}` ? cover.fallbackAssetId : null;
  if (assetId === null) return notFound();
  const file = await getAsset(assetId);
  const bytes = file ? await readAssetBytes(file) : null;
  if (!file || !bytes) return notFound();
  const headers = {
    "Content-Type": file.mime,
    // A name is never reused for other bytes (its version grows with each upload): cache it for good.
    "Cache-Control": published ? "public, max-age=31536000, immutable" : "private, no-store",
    ETag: `"${file.sha256}"`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  return new Response(request.method === "HEAD" ? null : new Uint8Array(bytes), { status: 200, headers: { ...headers, "Content-Length": String(bytes.length) } });
}
