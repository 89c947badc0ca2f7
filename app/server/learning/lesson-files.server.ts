// Lesson material is private (docs/decisions.md A4): served only to learners enrolled in the course and to
// admins, streamed from storage with ETag and HTTP Range support (video seeking), never read whole.
import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { redirect } from "react-router";
import { db } from "../platform/db/client.server";
import { course, courseModule, enrolment, lesson } from "../platform/db/schema";
import { getAsset } from "../platform/storage/storage.server";
import { objectStore } from "../platform/storage/object-store.server";
import { getUser } from "../accounts/session.server";
import { completeLessonInTx } from "./learning.server";
import { logger } from "../platform/logger.server";
import { isAdmin } from "~/domain/permissions";
import { completionTrigger, viewerMode } from "~/domain/progress";
import { learningMessages } from "~/domain/learning-messages";
import { idSchema } from "~/domain/ids";
import { contentDisposition } from "../platform/http/download.server";
import { senceMessages } from "~/domain/sence-messages";
import { senceLocked, senceParticipantIdOf, senceSessionOpenOf } from "./sence-lock.server";

function textResponse(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", ...headers },
  });
}

/** RFC 6266 / 5987: a plain fallback name plus the exact UTF-8 name. */
export type ByteRange = { start: number; end: number } | "unsatisfiable" | null;

/**
 * One `bytes=` range of a file of `size` bytes. Null means "serve the whole file" (no header, a syntax
 * we ignore as RFC 9110 allows, or several ranges); "unsatisfiable" means answer 416.
 */
export function parseRange(header: string | null, size: number): ByteRange {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== "" && Number(m[2]) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

function wantsHtml(request: Request) {
  return (request.headers.get("accept") ?? "").includes("text/html");
}

async function lessonForFile(lessonId: number, userId: string) {
  const [row] = await db()
    .select({
      lessonId: lesson.id,
      status: lesson.status,
      type: lesson.type,
      assetId: lesson.assetId,
      captionsAssetId: lesson.captionsAssetId,
      courseStatus: course.status,
      enrolmentId: enrolment.id,
      senceParticipantId: senceParticipantIdOf(),
      senceOpen: senceSessionOpenOf(),
    })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .innerJoin(course, eq(course.id, courseModule.courseId))
    .leftJoin(enrolment, and(eq(enrolment.courseId, course.id), eq(enrolment.userId, userId)))
    .where(eq(lesson.id, lessonId))
    .limit(1);
  return row ?? null;
}

export type LessonAccess =
  | { ok: true; row: NonNullable<Awaited<ReturnType<typeof lessonForFile>>> }
  | { ok: false; response: Response };

/**
 * Who may fetch what belongs to a lesson (its file, its captions, a reading's images): an admin, or a learner
 * enrolled in its published course whose lesson is published and not behind a closed SENCE session.
 */
export async function authoriseLessonAccess(
  request: Request,
  lessonIdParam: string | undefined,
  options: { adminSeesPending?: boolean } = {},
): Promise<LessonAccess> {
  const url = new URL(request.url);
  const user = await getUser(request);
  if (!user) {
    if (wantsHtml(request)) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
    return { ok: false, response: textResponse(401, learningMessages.fileSignInRequired) };
  }
  const refuse = (status: number, message: string) => ({ ok: false, response: textResponse(status, message) }) as const;
  const parsedId = idSchema.safeParse(lessonIdParam);
  if (!parsedId.success) return refuse(404, learningMessages.fileNotFound);
  const row = await lessonForFile(parsedId.data, user.id);
  const admin = isAdmin(user);
  if (!row || (row.courseStatus !== "published" && !admin)) return refuse(404, learningMessages.fileNotFound);
  if (row.enrolmentId === null && !admin) return refuse(403, learningMessages.fileForbidden);
  // The SENCE lock (docs/decisions.md F3): the same rule as the content page's (learning.server.ts resolveCourseAccess).
  if (!admin && senceLocked(row)) return refuse(403, senceMessages.fileLocked);
  // A pending lesson's images show in the editor's preview (adminSeesPending); its file, to nobody.
  if (row.status !== "published" && !(admin && options.adminSeesPending)) return refuse(404, learningMessages.fileNotFound);
  return { ok: true, row };
}

/** GET /archivos/lecciones/:lessonId[?descargar=1][?pista=subtitulos] */
export async function serveLessonFile(request: Request, lessonIdParam: string | undefined): Promise<Response> {
  const url = new URL(request.url);
  const access = await authoriseLessonAccess(request, lessonIdParam);
  if (!access.ok) return access.response;
  const { row } = access;

  const captions = url.searchParams.get("pista") === "subtitulos";
  const assetId = captions ? row.captionsAssetId : row.assetId;
  const file = assetId === null ? undefined : await getAsset(assetId);
  if (!file) return textResponse(404, learningMessages.fileNotFound);
  // The size recorded with the content (it is addressed by its hash: the stored bytes cannot differ), so a
  // byte range is checked without asking the store.
  const size = file.size;
  const store = objectStore();
  const missing = () => {
    logger.warn({ assetId: file.id, storageKey: file.storageKey, store: store.describe() }, "lesson file missing from storage");
    return textResponse(404, learningMessages.fileNotFound);
  };

  const etag = `"${file.sha256}"`;
  const download = url.searchParams.get("descargar") === "1";
  const mime = file.mime.startsWith("text/") ? `${file.mime}; charset=utf-8` : file.mime;
  const headers: Record<string, string> = {
    "Content-Type": mime,
    "Content-Disposition": contentDisposition(download ? "attachment" : "inline", file.filename),
    // Private material: browsers may keep it briefly, shared caches never; no-transform keeps
    // compression middleware from re-encoding byte ranges.
    "Cache-Control": "private, max-age=300, no-transform",
    ETag: etag,
    "Last-Modified": file.createdAt.toUTCString(),
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
  };

  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((t) => t.trim() === etag || t.trim() === "*")) {
    return new Response(null, { status: 304, headers });
  }

  const ifRange = request.headers.get("if-range");
  const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.get("range"), size);
  if (range === "unsatisfiable") {
    return textResponse(416, learningMessages.fileRangeNotSatisfiable, { "Content-Range": `bytes */${size}`, "Accept-Ranges": "bytes" });
  }

  const start = range ? range.start : 0;
  const end = range ? range.end : size - 1;
  headers["Content-Length"] = String(size === 0 ? 0 : end - start + 1);
  if (range) headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
  const status = range ? 206 : 200;
  // Opened before anything is recorded, so a file the store lacks neither completes a lesson nor half-answers.
  const bodyOnly = request.method !== "HEAD" && size > 0;
  const stream = bodyOnly ? await store.read(file.storageKey, range ? { start, end } : undefined) : null;
  if (bodyOnly ? !stream : !(await store.has(file.storageKey))) return missing();

  // Downloading a download-only file is what completes its lesson (docs/decisions.md B8).
  if (!captions && row.enrolmentId !== null && request.method === "GET" && (!range || range.start === 0)) {
    const trigger = completionTrigger(viewerMode({ type: row.type, mime: file.mime, hasBody: false }));
    if (trigger === "download") {
      const enrolmentId = row.enrolmentId;
      try {
        await db().transaction((tx) => completeLessonInTx(tx, enrolmentId, row.lessonId));
      } catch (error) {
        stream?.destroy();
        throw error;
      }
    }
  }

  if (!stream) return new Response(null, { status, headers });
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers });
}
