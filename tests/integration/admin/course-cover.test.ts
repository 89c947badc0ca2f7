// A course's cover, uploaded in the course editor: checked by content, within the limit, cropped to 16:9 and
// re-encoded without metadata; served publicly under versioned names cached for good; shown on the public card
// and the course page as soon as the upload commits (the catalogue is told); only an admin uploads.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { db } from "~/server/platform/db/client.server";
import { asset, course } from "~/server/platform/db/schema";
import { readAssetBytes } from "~/server/platform/storage/storage.server";
import { action as editorAction } from "~/routes/admin/curso-editor";
import { loader as coverLoader } from "~/routes/portada-curso";
import { listPublishedCourses, getPublishedCourse } from "~/server/catalogue/courses.server";
import { imageMessages } from "~/domain/image-upload";
import { coverMessages } from "~/domain/course-cover";
import { BASE, formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { call } from "../support/call";
import { createCourse } from "./factories";

const SECRET = "SECRETO-EXIF-PORTADA";

async function photoWithExif(width = 2400, height = 1600) {
  return sharp({ create: { width, height, channels: 3, background: "#1f6f8b" } })
    .jpeg()
    .withExif({ IFD0: { Copyright: SECRET, Artist: "Ana Pérez" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "33/1 26/1 0/1" } })
    .toBuffer();
}

function coverRequest(courseId: number, bytes: Buffer | null, filename: string, cookie: string | undefined) {
  const form = new FormData();
  form.set("intent", "upload-cover");
  if (bytes) form.set("cover", new File([new Uint8Array(bytes)], filename));
  return new Request(`${BASE}/admin/cursos/${courseId}?portada`, { method: "POST", body: form, headers: { origin: BASE, ...(cookie ? { cookie } : {}) } });
}

const upload = (courseId: number, bytes: Buffer | null, filename: string, cookie: string | undefined) =>
  call(editorAction, coverRequest(courseId, bytes, filename, cookie), { id: String(courseId) });

async function fetchCover(courseId: number, file: string, cookie?: string) {
  const res = await call(coverLoader, getRequest(`/archivos/portadas/${courseId}/${file}`, cookie), { courseId: String(courseId), file });
  const body = res.response ? Buffer.from(await res.response.arrayBuffer()) : Buffer.alloc(0);
  return { status: res.status, type: res.response?.headers.get("content-type") ?? null, headers: res.response?.headers ?? new Headers(), body };
}

async function coverOf(courseId: number) {
  const [row] = await db().select({ cover: course.cover }).from(course).where(eq(course.id, courseId));
  return row!.cover;
}

describe("imagen de portada de un curso", () => {
  it("se acepta por su contenido, se recorta a 16:9 en WebP 1200 y 600 con respaldo JPEG, sin metadatos", async () => {
    const admin = await createUser({ role: "admin" });
    const c = await createCourse({ imageUrl: "/images/cursos/rcp.svg" });
    const photo = await photoWithExif();
    expect(photo.includes(Buffer.from(SECRET))).toBe(true);

    // Named .png, but a JPEG: the content decides.
    const res = await upload(c.id, photo, "portada.png", admin.cookie);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ form: "cover", ok: true, message: coverMessages.uploaded });

    const cover = (await coverOf(c.id))!;
    expect(cover).toMatchObject({ version: 1, fallback: "jpg" });
    const stored = await Promise.all(
      [cover.largeAssetId, cover.smallAssetId, cover.fallbackAssetId].map(async (id) => {
        const [a] = await db().select().from(asset).where(eq(asset.id, id));
        return { asset: a!, bytes: (await readAssetBytes(a!))! };
      }),
    );
    expect(stored.map((s) => s.asset.mime)).toEqual(["image/webp", "image/webp", "image/jpeg"]);
    const sizes = await Promise.all(stored.map(async (s) => sharp(s.bytes).metadata()));
    expect(sizes.map((m) => [m.width, m.height])).toEqual([
      [1200, 675],
      [600, 338],
      [1200, 675],
    ]);
    for (const [i, { bytes }] of stored.entries()) {
      expect(sizes[i]!.exif).toBeUndefined();
      expect(sizes[i]!.xmp).toBeUndefined();
      expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
      expect(bytes.includes(Buffer.from("Exif\0\0"))).toBe(false);
    }

    // The catalogue was told: the card and the course page show the cover at once, over the URL image.
    const card = (await listPublishedCourses({ category: null })).courses.find((x) => x.id === c.id)!;
    expect(card.cover).toEqual({
      webpSrcSet: `/archivos/portadas/${c.id}/1-600.webp 600w, /archivos/portadas/${c.id}/1-1200.webp 1200w`,
      fallbackSrc: `/archivos/portadas/${c.id}/1-1200.jpg`,
      width: 1200,
      height: 675,
    });
    expect(card).not.toHaveProperty("cover.largeAssetId");
    expect((await getPublishedCourse(c.id))!.course.cover?.fallbackSrc).toBe(`/archivos/portadas/${c.id}/1-1200.jpg`);
  });

  it("se sirve a cualquiera con su tipo y caché larga; una nueva subida cambia la dirección y la anterior deja de existir", async () => {
    const admin = await createUser({ role: "admin" });
    const c = await createCourse();
    expect((await upload(c.id, await photoWithExif(1600, 900), "a.jpg", admin.cookie)).status).toBe(200);

    for (const [file, type, magic] of [
      ["1-1200.webp", "image/webp", "WEBP"],
      ["1-600.webp", "image/webp", "WEBP"],
      ["1-1200.jpg", "image/jpeg", null],
    ] as const) {
      const got = await fetchCover(c.id, file);
      expect(got.status).toBe(200);
      expect(got.type).toBe(type);
      expect(got.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(got.headers.get("x-content-type-options")).toBe("nosniff");
      if (magic) expect(got.body.subarray(8, 12).toString("latin1")).toBe(magic);
      else expect([...got.body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    for (const file of ["1-1200.png", "2-1200.webp", "1-800.webp", "../1-1200.webp", "1-1200.webp.exe"]) {
      expect((await fetchCover(c.id, file)).status).toBe(404);
    }

    expect((await upload(c.id, await photoWithExif(1600, 900), "b.jpg", admin.cookie)).status).toBe(200);
    expect((await coverOf(c.id))!.version).toBe(2);
    expect((await fetchCover(c.id, "1-1200.webp")).status).toBe(404);
    expect((await fetchCover(c.id, "2-1200.webp")).status).toBe(200);

    // Removed: the URL image shows again and the addresses are gone.
    const removed = await call(editorAction, formRequest(`/admin/cursos/${c.id}`, { intent: "remove-cover" }, { cookie: admin.cookie }), { id: String(c.id) });
    expect(removed.data).toMatchObject({ ok: true, message: coverMessages.removed });
    expect(await coverOf(c.id)).toBeNull();
    expect((await fetchCover(c.id, "2-1200.webp")).status).toBe(404);
  });

  it("un borrador muestra su portada solo a un administrador, sin caché compartida", async () => {
    const admin = await createUser({ role: "admin" });
    const learner = await createUser();
    const c = await createCourse({ status: "draft" });
    expect((await upload(c.id, await photoWithExif(800, 450), "a.jpg", admin.cookie)).status).toBe(200);
    expect((await fetchCover(c.id, "1-600.webp")).status).toBe(404);
    expect((await fetchCover(c.id, "1-600.webp", learner.cookie)).status).toBe(404);
    const asAdmin = await fetchCover(c.id, "1-600.webp", admin.cookie);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get("cache-control")).toBe("private, no-store");
  });

  it("rechaza lo que no es imagen, una imagen muy grande y la falta de archivo, con el mensaje junto al campo y sin tocar la portada", async () => {
    const admin = await createUser({ role: "admin" });
    const c = await createCourse();
    const up = (bytes: Buffer | null, name: string) => upload(c.id, bytes, name, admin.cookie);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
    const wrong = await up(svg, "portada.svg");
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ form: "cover", ok: false, fieldErrors: { cover: imageMessages.notImage } });
    expect((await up(Buffer.from("<html><script>alert(1)</script></html>"), "portada.jpg")).data.fieldErrors.cover).toBe(imageMessages.notImage);

    const big = Buffer.concat([await photoWithExif(100, 100), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const tooBig = await up(big, "enorme.jpg");
    expect(tooBig.status).toBe(413);
    expect(tooBig.data.fieldErrors.cover).toBe(imageMessages.tooLarge);
    expect((await up(null, "")).data.fieldErrors.cover).toBe(imageMessages.noFile);

    expect(await coverOf(c.id)).toBeNull();
  });

  it("solo un administrador sube o quita la portada", async () => {
    const learner = await createUser();
    const c = await createCourse();
    const photo = await photoWithExif(400, 300);
    expect([302, 403, 404]).toContain((await upload(c.id, photo, "a.jpg", learner.cookie)).status);
    expect([302, 401, 403]).toContain((await upload(c.id, photo, "a.jpg", undefined)).status);
    const remove = await call(editorAction, formRequest(`/admin/cursos/${c.id}`, { intent: "remove-cover" }, { cookie: learner.cookie }), { id: String(c.id) });
    expect([302, 403, 404]).toContain(remove.status);
    expect(await coverOf(c.id)).toBeNull();
  });
});
