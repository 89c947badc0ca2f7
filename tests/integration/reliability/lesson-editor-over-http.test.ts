// The lesson editor through the production server over real HTTP (`node server.js` on a production build):
// an image with EXIF/GPS uploaded in place comes back re-encoded without them, only to who may read the lesson;
// the editor's form posted with a hostile document gives a learner's page with none of it (no script, event
// handler, style, javascript: link or data: image), the reading view's own markup instead.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import type { BuiltServer } from "./support/built-server";
import { type EditorServer, startEditorServer } from "./support/editor-server";

const ADMIN = { email: "admin-lecturas@academia.test", password: "clave-segura-admin-1" };
const SECRET = "GPS-SECRETO-HTTP";

let editor: EditorServer;
let server: BuiltServer;
let cookie = "";
let lessonId = 0;
let imageId = 0;

function post(form: FormData | URLSearchParams, search: string) {
  return fetch(`${server.base}/admin/cursos/1${search}`, { method: "POST", body: form, headers: { cookie, origin: server.base }, redirect: "manual" });
}

beforeAll(async () => {
  editor = await startEditorServer({ prefix: "lesson-editor-http", maxUploadMb: 20, admin: ADMIN });
  ({ server, cookie } = editor);
  const page = await (await fetch(`${server.base}/admin/cursos/1?vista=contenido`, { headers: { cookie } })).text();
  const moduleId = /name="moduleId" value="(\d+)"/.exec(page)![1]!;
  const added = await post(new URLSearchParams({ intent: "add-lesson", moduleId, title: "Lectura con imágenes", type: "lectura" }), "");
  lessonId = Number(/leccion=(\d+)/.exec(added.headers.get("location") ?? "")![1]);
}, 600_000);

afterAll(async () => {
  await editor?.stop();
});

describe("el editor de lecturas, por el servidor de producción", () => {
  it("una foto con EXIF y GPS se guarda sin ellos, y solo la recibe quien puede leer la lección", async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2563eb" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: SECRET }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "33/1 26/1 0/1" } })
      .toBuffer();
    const form = new FormData();
    form.set("intent", "upload-lesson-image");
    form.set("lessonId", String(lessonId));
    form.set("alt", "Un cuadro azul");
    form.set("image", new File([new Uint8Array(photo)], "foto.jpg", { type: "image/jpeg" }));
    // What a fetcher asks for: the action's data (React Router's single fetch, .data).
    const res = await fetch(`${server.base}/admin/cursos/1.data?leccion=${lessonId}`, { method: "POST", body: form, headers: { cookie, origin: server.base } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Imagen subida.");
    // The first image of this server's fresh database.
    imageId = 1;

    const url = `${server.base}/archivos/lecciones/${lessonId}/imagenes/${imageId}-1600.webp`;
    const asAdmin = await fetch(url, { headers: { cookie } });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await asAdmin.arrayBuffer());
    expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect((await fetch(url)).status).toBe(401);
  });

  it("el documento con script, manejadores, estilos, javascript: y data: llega limpio a la página de la lección", async () => {
    const doc = {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2, onclick: "alert(1)", style: "color:red" }, content: [{ type: "text", text: "Extintores" }] },
        { type: "paragraph", content: [{ type: "text", text: "<script>alert('x')</script>" }] },
        { type: "paragraph", content: [{ type: "text", text: "Peligro", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] }] },
        { type: "image", attrs: { src: "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" } },
        { type: "lessonImage", attrs: { imageId, alt: "Un cuadro azul", onerror: "alert(1)", src: "data:image/png;base64,AAAA" } },
        { type: "callout", content: [{ type: "paragraph", content: [{ type: "text", text: "Nunca uses agua." }] }] },
      ],
    };
    const saved = await post(
      new URLSearchParams({ intent: "update-lesson", lessonId: String(lessonId), title: "Lectura con imágenes", type: "lectura", durationMin: "5", status: "published", body: "", doc: JSON.stringify(doc) }),
      `?leccion=${lessonId}`,
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Lección guardada.");

    const page = await (await fetch(`${server.base}/cursos/1/contenido?leccion=${lessonId}`, { headers: { cookie } })).text();
    const prose = /<div class="lesson-prose">([\s\S]*?)<\/div>/.exec(page)?.[1] ?? "";
    expect(prose).toContain("<h2>Extintores</h2>");
    expect(prose).toMatch(/&lt;script&gt;alert\((&#x27;|')x(&#x27;|')\)&lt;\/script&gt;/);
    expect(prose).toContain('<aside class="lesson-callout"><p>Nunca uses agua.</p></aside>');
    expect(prose).toContain(`/archivos/lecciones/${lessonId}/imagenes/${imageId}-1600.jpg`);
    expect(prose).not.toMatch(/<script|<[a-z][^>]*\s(on\w+|style)=|javascript:|data:/i);
    // Nor anywhere else on the page (its hydration data carries the same HTML).
    expect(page).not.toMatch(/javascript:alert|data:image\/svg|onclick=\\?"alert|<script>alert/i);
  });

  it("la imagen de portada subida se ve en la tarjeta y en la página del curso, y se sirve pública con caché larga también a quien tiene sesión", async () => {
    const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#0f766e" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: SECRET } })
      .toBuffer();
    const form = new FormData();
    form.set("intent", "upload-cover");
    form.set("cover", new File([new Uint8Array(photo)], "portada.jpg", { type: "image/jpeg" }));
    const res = await post(form, "?portada");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Imagen de portada guardada.");

    // The very next anonymous visitor sees it (the catalogue was told, its cached pages dropped).
    const list = await (await fetch(`${server.base}/cursos`)).text();
    expect(list).toMatch(/<picture><source type="image\/webp" srcSet="\/archivos\/portadas\/1\/1-600\.webp 600w, \/archivos\/portadas\/1\/1-1200\.webp 1200w"/);
    expect(list).toMatch(/<img src="\/archivos\/portadas\/1\/1-1200\.jpg" alt="" width="1200" height="675" loading="(lazy|eager)"/);
    const detail = await (await fetch(`${server.base}/cursos/1`)).text();
    expect(detail).toContain('src="/archivos/portadas/1/1-1200.jpg"');

    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      const got = await fetch(`${server.base}/archivos/portadas/1/1-1200.webp`, { headers });
      expect(got.status).toBe(200);
      expect(got.headers.get("content-type")).toBe("image/webp");
      expect(got.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await got.arrayBuffer());
      expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([1200, 675, undefined]);
    }
  });
});
