// GET /archivos/lecciones/:lessonId/imagenes/:file — a reading's image (`<imageId>-800.webp`, `-1600.webp`,
// `-1600.jpg` or `-1600.png`), with the lesson's own access rule (authoriseLessonAccess): a paid lesson's
// figure reaches only those who may read the lesson. Small files, re-encoded by the upload: read whole.
import { and, eq } from "drizzle-orm";
import { db } from "../platform/db/client.server";
import { lessonImage } from "../platform/db/schema";
import { getAsset, readAssetBytes } from "../platform/storage/storage.server";
import { learningMessages } from "~/domain/learning-messages";
import { authoriseLessonAccess } from "./lesson-files.server";

const FILE = /^(\d{1,10})-(800\.webp|1600\.webp|1600\.jpg|1600\.png)$/;

function notFound() {
  return new Response(learningMessages.fileNotFound, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

export async function serveLessonImage(request: Request, lessonIdParam: string | undefined, fileParam: string | undefined): Promise<Response> {
  const access = await authoriseLessonAccess(request, lessonIdParam, { adminSeesPending: true });
  if (!access.ok) return access.response;
  const match = FILE.exec(fileParam ?? "");
  if (!match) return notFound();
  const [row] = await db()
    .select()
    .from(lessonImage)
    .where(and(eq(lessonImage.id, Number(match[1])), eq(lessonImage.lessonId, access.row.lessonId)))
    .limit(1);
  if (!row) return notFound();
  const variant = match[2]!;
  const assetId = variant === "800.webp" ? row.smallAssetId : variant === "1600.webp" ? row.largeAssetId : row.fallbackAssetId;
  if (variant.endsWith(".jpg") || variant.endsWith(".png")) {
    if (variant !== `1600.${row.fallbackFormat}`) return notFound();
  }
  const file = await getAsset(assetId);
  const bytes = file ? await readAssetBytes(file) : null;
  if (!file || !bytes) return notFound();
  const etag = `"${file.sha256}"`;
  const headers = {
    "Content-Type": file.mime,
    // Private like the lesson; its name never changes content (a new upload is a new image), so a day is safe.
    "Cache-Control": "private, max-age=86400",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((t) => t.trim() === etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : new Uint8Array(bytes), { status: 200, headers: { ...headers, "Content-Length": String(bytes.length) } });
}
