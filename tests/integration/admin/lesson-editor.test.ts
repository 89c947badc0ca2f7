// The lesson editor: images uploaded in place (checked by content, within the limit, re-encoded without their
// metadata, served with the lesson's access rule) and the document the editor posts (cleaned on the server:
// no script, event handler, javascript: link, data: image or style reaches the learner's page).
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { db } from "~/server/platform/db/client.server";
import { asset, courseModule, lesson, lessonImage } from "~/server/platform/db/schema";
import { readAssetBytes } from "~/server/platform/storage/storage.server";
import { action as editorAction } from "~/routes/admin/curso-editor";
import { loader as imageLoader } from "~/routes/imagen-leccion";
import { loader as contentLoader } from "~/routes/curso-contenido";
import { imageMessages } from "~/domain/image-upload";
import { lessonDocMessages } from "~/domain/lesson-doc";
import { BASE, formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { call } from "../support/call";
import { createCourse, enrol } from "./factories";

const SECRET = "SECRETO-EXIF-ACADEMIA";

async function photoWithExif(width = 2400, height = 1200) {
  return sharp({ create: { width, height, channels: 3, background: "#c0392b" } })
    .jpeg()
    .withExif({ IFD0: { Copyright: SECRET, Artist: "Ana Pérez" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "33/1 26/1 0/1" } })
    .toBuffer();
}

function imageRequest(courseId: number, lessonId: number, bytes: Buffer | null, filename: string, cookie: string | undefined, alt = "Un extintor rojo") {
  const form = new FormData();
  form.set("intent", "upload-lesson-image");
  form.set("lessonId", String(lessonId));
  form.set("alt", alt);
  if (bytes) form.set("image", new File([new Uint8Array(bytes)], filename));
  return new Request(`${BASE}/admin/cursos/${courseId}?leccion=${lessonId}`, { method: "POST", body: form, headers: { origin: BASE, ...(cookie ? { cookie } : {}) } });
}

async function readingLesson(status: "published" | "pending" = "pending") {
  const c = await createCourse({ modules: 1, lessonsPerModule: 0 });
  const [mod] = await db().select().from(courseModule).where(eq(courseModule.courseId, c.id));
  const [l] = await db().insert(lesson).values({ moduleId: mod!.id, position: 1, title: "Lectura", type: "lectura", status }).returning();
  return { course: c, lesson: l! };
}

async function fetchImage(lessonId: number, file: string, cookie?: string) {
  const res = await call(imageLoader, getRequest(`/archivos/lecciones/${lessonId}/imagenes/${file}`, cookie), { lessonId: String(lessonId), file });
  const body = res.response ? Buffer.from(await res.response.arrayBuffer()) : Buffer.alloc(0);
  return { status: res.status, type: res.response?.headers.get("content-type") ?? null, headers: res.response?.headers ?? new Headers(), body };
}

function saveDoc(courseId: number, lessonId: number, doc: unknown, cookie: string, status = "published") {
  return call(
    editorAction,
    formRequest(
      `/admin/cursos/${courseId}?leccion=${lessonId}`,
      { intent: "update-lesson", lessonId: String(lessonId), title: "Lectura", type: "lectura", durationMin: "5", status, body: "", doc: typeof doc === "string" ? doc : JSON.stringify(doc) },
      { cookie },
    ),
    { id: String(courseId) },
  );
}

async function learnerHtml(courseId: number, lessonId: number, cookie: string): Promise<string> {
  const res = await call(contentLoader, getRequest(`/cursos/${courseId}/contenido?leccion=${lessonId}`, cookie), { courseId: String(courseId) });
  expect(res.status).toBe(200);
  return (res.data as { lesson: { html: string | null } }).lesson.html ?? "";
}

describe("imágenes de una lectura, subidas en el editor", () => {
  it("se aceptan por su contenido, se re-codifican a WebP con respaldo JPEG y sin metadatos (EXIF ni GPS)", async () => {
    const admin = await createUser({ role: "admin" });
    const { course, lesson: l } = await readingLesson();
    const photo = await photoWithExif();
    expect(photo.includes(Buffer.from(SECRET))).toBe(true);
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    // Named .png, but a JPEG: the content decides.
    const res = await call(editorAction, imageRequest(course.id, l.id, photo, "foto.png", admin.cookie), { id: String(course.id) });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ ok: true, message: imageMessages.uploaded, image: { width: 1600, height: 800, smallWidth: 800, fallback: "jpg" } });

    const [row] = await db().select().from(lessonImage).where(eq(lessonImage.lessonId, l.id));
    const stored = await Promise.all(
      [row!.largeAssetId, row!.smallAssetId, row!.fallbackAssetId].map(async (id) => {
        const [a] = await db().select().from(asset).where(eq(asset.id, id));
        return { asset: a!, bytes: (await readAssetBytes(a!))! };
      }),
    );
    expect(stored.map((s) => s.asset.mime)).toEqual(["image/webp", "image/webp", "image/jpeg"]);
    for (const { bytes } of stored) {
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
      expect(bytes.includes(Buffer.from("Exif\0\0"))).toBe(false);
    }
    expect((await sharp(stored[0]!.bytes).metadata()).width).toBe(1600);
    expect((await sharp(stored[1]!.bytes).metadata()).width).toBe(800);
  });

  it("una imagen con transparencia guarda su respaldo en PNG; una pequeña no se agranda", async () => {
    const admin = await createUser({ role: "admin" });
    const { course, lesson: l } = await readingLesson();
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).png().toBuffer();
    const res = await call(editorAction, imageRequest(course.id, l.id, png, "logo.png", admin.cookie), { id: String(course.id) });
    expect(res.data).toMatchObject({ ok: true, image: { width: 300, height: 200, smallWidth: 300, fallback: "png" } });
  });

  it("rechaza lo que no es imagen (SVG, HTML con nombre .png), una animación, una imagen muy grande y la falta de texto alternativo, sin guardar nada", async () => {
    const admin = await createUser({ role: "admin" });
    const { course, lesson: l } = await readingLesson();
    const up = (bytes: Buffer | null, name: string, alt?: string) => call(editorAction, imageRequest(course.id, l.id, bytes, name, admin.cookie, alt), { id: String(course.id) });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
    expect((await up(svg, "figura.svg")).data.fieldErrors.image).toBe(imageMessages.notImage);
    expect((await up(Buffer.from("<html><img src=x onerror=alert(1)></html>"), "foto.png")).data.fieldErrors.image).toBe(imageMessages.notImage);
    // A PNG signature with nothing behind it.
    expect((await up(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), "roto.png")).data.fieldErrors.image).toBe(imageMessages.unreadable);

    const frame = (color: string) => sharp({ create: { width: 20, height: 20, channels: 3, background: color } }).png().toBuffer();
    const gif = await sharp([await frame("#ff0000"), await frame("#00ff00")], { join: { animated: true } }).gif().toBuffer();
    expect((await up(gif, "anim.gif")).data.fieldErrors.image).toBe(imageMessages.animated);
    const stillGif = await sharp(await frame("#0000ff")).gif().toBuffer();
    expect((await up(stillGif, "fija.gif")).data.ok).toBe(true);

    const big = Buffer.concat([await photoWithExif(100, 100), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const tooBig = await up(big, "enorme.jpg");
    expect(tooBig.status).toBe(413);
    expect(tooBig.data.fieldErrors.image).toBe(imageMessages.tooLarge);

    const noAlt = await up(await photoWithExif(100, 100), "foto.jpg", "   ");
    expect(noAlt.status).toBe(400);
    expect(noAlt.data.fieldErrors.alt).toBe(imageMessages.altRequired);
    expect((await up(null, "")).data.fieldErrors.image).toBe(imageMessages.noFile);

    // Only the still GIF was stored.
    expect(await db().select().from(lessonImage).where(eq(lessonImage.lessonId, l.id))).toHaveLength(1);
  });

  it("solo un administrador sube imágenes, y solo a una lectura de ese curso", async () => {
    const learner = await createUser();
    const admin = await createUser({ role: "admin" });
    const { course, lesson: l } = await readingLesson();
    const other = await readingLesson();
    const photo = await photoWithExif(100, 100);
    const asLearner = await call(editorAction, imageRequest(course.id, l.id, photo, "a.jpg", learner.cookie), { id: String(course.id) });
    expect([302, 403, 404]).toContain(asLearner.status);
    const anonymous = await call(editorAction, imageRequest(course.id, l.id, photo, "a.jpg", undefined), { id: String(course.id) });
    expect([302, 401, 403]).toContain(anonymous.status);
    // A lesson of another course, named under this one.
    const crossed = await call(editorAction, imageRequest(course.id, other.lesson.id, photo, "a.jpg", admin.cookie), { id: String(course.id) });
    expect(crossed.status).toBe(404);
    const [mod] = await db().select().from(courseModule).where(eq(courseModule.courseId, course.id));
    const [video] = await db().insert(lesson).values({ moduleId: mod!.id, position: 2, title: "Video", type: "video" }).returning();
    expect((await call(editorAction, imageRequest(course.id, video!.id, photo, "a.jpg", admin.cookie), { id: String(course.id) })).data.fieldErrors.image).toBe(imageMessages.notReading);
    expect(await db().select().from(lessonImage)).toSatisfy((rows: { lessonId: number }[]) => rows.every((r) => r.lessonId !== l.id && r.lessonId !== video!.id));
  });
});

describe("quién recibe las imágenes de una lectura: la misma regla que la lección", () => {
  it("inscrito sí; no inscrito 403; sin sesión 401; otra lección o variante inexistente 404; pendiente solo para el administrador", async () => {
    const admin = await createUser({ role: "admin" });
    const enrolled = await createUser();
    const outsider = await createUser();
    const { course, lesson: l } = await readingLesson("published");
    await enrol(enrolled.id, course.id);
    const up = await call(editorAction, imageRequest(course.id, l.id, await photoWithExif(1000, 500), "foto.jpg", admin.cookie), { id: String(course.id) });
    const id = up.data.image.imageId as number;

    const ok = await fetchImage(l.id, `${id}-800.webp`, enrolled.cookie);
    expect(ok.status).toBe(200);
    expect(ok.type).toBe("image/webp");
    expect(ok.body.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(ok.headers.get("cache-control")).toMatch(/\bprivate\b/);
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await fetchImage(l.id, `${id}-1600.jpg`, enrolled.cookie)).type).toBe("image/jpeg");
    expect((await fetchImage(l.id, `${id}-1600.png`, enrolled.cookie)).status).toBe(404);

    const notEnrolled = await fetchImage(l.id, `${id}-800.webp`, outsider.cookie);
    expect(notEnrolled.status).toBe(403);
    expect(notEnrolled.body.includes(Buffer.from("WEBP"))).toBe(false);
    expect((await fetchImage(l.id, `${id}-800.webp`)).status).toBe(401);

    // The same image asked for under another lesson the learner may read: not found.
    const { course: c2, lesson: l2 } = await readingLesson("published");
    await enrol(enrolled.id, c2.id);
    expect((await fetchImage(l2.id, `${id}-800.webp`, enrolled.cookie)).status).toBe(404);
    expect((await fetchImage(l.id, `${id}-400.webp`, enrolled.cookie)).status).toBe(404);
    expect((await fetchImage(l.id, `../${id}-800.webp`, enrolled.cookie)).status).toBe(404);

    await db().update(lesson).set({ status: "pending" }).where(eq(lesson.id, l.id));
    expect((await fetchImage(l.id, `${id}-800.webp`, enrolled.cookie)).status).toBe(404);
    expect((await fetchImage(l.id, `${id}-800.webp`, admin.cookie)).status).toBe(200);
  });
});

describe("el documento del editor se limpia en el servidor", () => {
  it("script, manejadores de eventos, enlaces javascript:, imágenes data: y estilos no llegan a la página del alumno", async () => {
    const admin = await createUser({ role: "admin" });
    const learner = await createUser();
    const { course, lesson: l } = await readingLesson();
    await enrol(learner.id, course.id);
    const up = await call(editorAction, imageRequest(course.id, l.id, await photoWithExif(900, 600), "foto.jpg", admin.cookie), { id: String(course.id) });
    const imageId = up.data.image.imageId as number;

    const hostile = {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2, style: "color:red", onclick: "alert(1)" }, content: [{ type: "text", text: "Uso del extintor" }] },
        { type: "paragraph", content: [{ type: "text", text: "<script>alert('x')</script> y <img src=x onerror=alert(1)>" }] },
        { type: "paragraph", content: [{ type: "text", text: "Un enlace peligroso", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] }] },
        { type: "paragraph", content: [{ type: "text", text: "Otro", marks: [{ type: "link", attrs: { href: " JaVaScRiPt:alert(1)" } }, { type: "bold", attrs: { style: "x" } }] }] },
        { type: "paragraph", content: [{ type: "text", text: "Un enlace bueno", marks: [{ type: "link", attrs: { href: "https://www.sence.cl/" } }] }] },
        { type: "image", attrs: { src: "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+", alt: "x" } },
        { type: "html", content: [{ type: "text", text: "<iframe src=https://malo.example>" }] },
        { type: "style", content: [{ type: "text", text: "body{display:none}" }] },
        { type: "lessonImage", attrs: { imageId, alt: 'Extintor" onerror="alert(1)', caption: "<b>Figura</b>", width: 1, height: 1, src: "data:image/png;base64,AAAA", onerror: "alert(1)" } },
        {
          type: "table",
          content: [
            { type: "tableRow", content: [{ type: "tableHeader", content: [{ type: "paragraph", content: [{ type: "text", text: "Clase" }] }] }, { type: "tableHeader", content: [{ type: "paragraph", content: [{ type: "text", text: "Fuego" }] }] }] },
            { type: "tableRow", content: [{ type: "tableCell", attrs: { style: "background:url(javascript:alert(1))" }, content: [{ type: "paragraph", content: [{ type: "text", text: "A" }] }] }, { type: "tableCell", content: [{ type: "paragraph", content: [{ type: "text", text: "Sólidos" }] }] }] },
          ],
        },
        { type: "callout", content: [{ type: "paragraph", content: [{ type: "text", text: "Nunca uses agua en fuego eléctrico." }] }] },
      ],
    };
    const saved = await saveDoc(course.id, l.id, hostile, admin.cookie);
    expect(saved.data).toMatchObject({ ok: true });
    const [row] = await db().select().from(lesson).where(eq(lesson.id, l.id));
    expect(row!.body).toBeNull();
    expect(row!.status).toBe("published");

    const html = await learnerHtml(course.id, l.id, learner.cookie);
    // No element nor attribute of theirs: attribute values blanked, what is left are this app's tags.
    const tags = html.replace(/"[^"]*"/g, '""');
    expect(tags).not.toMatch(/<(script|iframe|style|object|embed)\b|<[a-z][^>]*\s(on\w+|style)=/i);
    expect(html).not.toMatch(/javascript:|data:/i);
    expect(html).toContain("&lt;script&gt;alert('x')&lt;/script&gt;");
    expect(html).toContain('<h2>Uso del extintor</h2>');
    expect(html).toContain('<a href="https://www.sence.cl/" rel="noopener noreferrer">Un enlace bueno</a>');
    expect(html).toContain("<p>Un enlace peligroso</p>");
    expect(html).toContain('<aside class="lesson-callout"><p>Nunca uses agua en fuego eléctrico.</p></aside>');
    expect(html).toContain('<th scope="col"><p>Clase</p></th>');
    // The image's sizes are the stored ones, whatever the document claimed; its alt text stays text.
    expect(html).toContain(`<figure class="lesson-figure"><picture><source type="image/webp" srcset="/archivos/lecciones/${l.id}/imagenes/${imageId}-800.webp 800w, /archivos/lecciones/${l.id}/imagenes/${imageId}-1600.webp 900w"`);
    expect(html).toContain(`alt="Extintor&quot; onerror=&quot;alert(1)" width="900" height="600"`);
    expect(html).toContain("<figcaption>&lt;b&gt;Figura&lt;/b&gt;</figcaption>");
  });

  it("una lectura en Markdown sigue mostrándose, limpia de lo mismo", async () => {
    const admin = await createUser({ role: "admin" });
    const learner = await createUser();
    const { course, lesson: l } = await readingLesson();
    await enrol(learner.id, course.id);
    const markdown = "# Título\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[malo](javascript:alert(1))\n\n![x](data:image/png;base64,AAAA)\n\n<p style=\"color:red\">estilo</p>\n\n- uno\n- dos";
    const res = await call(
      editorAction,
      formRequest(`/admin/cursos/${course.id}?leccion=${l.id}`, { intent: "update-lesson", lessonId: String(l.id), title: "Lectura", type: "lectura", durationMin: "5", status: "published", body: markdown, doc: "" }, { cookie: admin.cookie }),
      { id: String(course.id) },
    );
    expect(res.data).toMatchObject({ ok: true });
    const html = await learnerHtml(course.id, l.id, learner.cookie);
    expect(html).toContain("<h1>Título</h1>");
    expect(html).toContain("<li>uno</li>");
    expect(html.replace(/"[^"]*"/g, '""')).not.toMatch(/<script|<[a-z][^>]*\s(on\w+|style)=/i);
    expect(html).not.toMatch(/javascript:|data:/i);
  });

  it("rechaza una imagen sin texto alternativo o de otra lección, y un documento ilegible, conservando lo escrito", async () => {
    const admin = await createUser({ role: "admin" });
    const { course, lesson: l } = await readingLesson();
    const other = await readingLesson();
    const photo = await photoWithExif(200, 100);
    const mine = (await call(editorAction, imageRequest(course.id, l.id, photo, "a.jpg", admin.cookie), { id: String(course.id) })).data.image.imageId as number;
    const theirs = (await call(editorAction, imageRequest(other.course.id, other.lesson.id, photo, "a.jpg", admin.cookie), { id: String(other.course.id) })).data.image.imageId as number;

    const noAlt = { type: "doc", content: [{ type: "lessonImage", attrs: { imageId: mine, alt: "  " } }] };
    const refused = await saveDoc(course.id, l.id, noAlt, admin.cookie);
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors.doc).toBe(lessonDocMessages.altRequired);
    expect(refused.data.values.doc).toBe(JSON.stringify(noAlt));

    const crossed = await saveDoc(course.id, l.id, { type: "doc", content: [{ type: "lessonImage", attrs: { imageId: theirs, alt: "Ajena" } }] }, admin.cookie);
    expect(crossed.data.fieldErrors.doc).toBe(lessonDocMessages.unknownImage);
    expect((await saveDoc(course.id, l.id, "{no es json", admin.cookie)).data.fieldErrors.doc).toBe(lessonDocMessages.invalid);
    expect((await saveDoc(course.id, l.id, { type: "doc", content: [] }, admin.cookie)).data.fieldErrors.status).toBe("Escribe el texto de la lectura antes de publicarla.");

    const [row] = await db().select().from(lesson).where(eq(lesson.id, l.id));
    expect(row!.doc).toBeNull();
    expect(row!.status).toBe("pending");
  });
});
