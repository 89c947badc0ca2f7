import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { enrolment } from "~/server/platform/db/schema";
import * as fileRoute from "~/routes/archivo-leccion";
import { parseRange } from "~/server/learning/lesson-files.server";
import { BASE } from "../support/requests";
import { createUser } from "../support/users";
import { call } from "../support/call";
import { COURSE1, VIDEO_BYTES, tinyPdf, useFixtureCatalogue } from "./fixture-catalogue";
import { completedLessonIds, enrol, lessonId } from "./helpers";

useFixtureCatalogue();

async function fetchFile(id: number | string, init: { cookie?: string; headers?: Record<string, string>; query?: string; method?: string } = {}) {
  const request = new Request(`${BASE}/archivos/lecciones/${id}${init.query ?? ""}`, {
    method: init.method ?? "GET",
    headers: { ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers },
  });
  const res = await call(fileRoute.loader, request, { lessonId: String(id) });
  const body = res.response && res.response.status !== 302 ? Buffer.from(await res.response.arrayBuffer()) : Buffer.alloc(0);
  return { ...res, headers: res.response?.headers ?? new Headers(), body };
}

describe("archivos de lecciones: quién puede verlos (A4)", () => {
  it("sin sesión: 401 (o redirección a /login si lo abre el navegador), sin un byte del archivo", async () => {
    const id = await lessonId(COURSE1.pdf);
    const res = await fetchFile(id);
    expect(res.status).toBe(401);
    expect(res.body.includes(Buffer.from("%PDF"))).toBe(false);
    const nav = await fetchFile(id, { headers: { accept: "text/html,application/xhtml+xml" } });
    expect(nav).toMatchObject({ status: 302, location: `/login?redirectTo=${encodeURIComponent(`/archivos/lecciones/${id}`)}` });
  });

  it("un usuario no inscrito recibe 403, también para los subtítulos y con Range", async () => {
    const u = await createUser();
    const id = await lessonId(COURSE1.video);
    for (const res of [
      await fetchFile(id, { cookie: u.cookie }),
      await fetchFile(id, { cookie: u.cookie, query: "?pista=subtitulos" }),
      await fetchFile(id, { cookie: u.cookie, headers: { range: "bytes=0-99" } }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.length).toBeLessThan(200);
      expect(res.body.toString("utf8")).toContain("No tienes acceso");
    }
  });

  it("lección pendiente, inexistente o id inválido: 404", async () => {
    const u = await createUser();
    await enrol(u.id);
    expect((await fetchFile(await lessonId(COURSE1.pendiente), { cookie: u.cookie })).status).toBe(404);
    expect((await fetchFile(99999, { cookie: u.cookie })).status).toBe(404);
    expect((await fetchFile("abc", { cookie: u.cookie })).status).toBe(404);
  });

  it("un curso que vuelve a borrador deja de servir sus archivos a los alumnos", async () => {
    const u = await createUser();
    await db().insert(enrolment).values({ userId: u.id, courseId: 3 });
    expect((await fetchFile(await lessonId("Lección en borrador"), { cookie: u.cookie })).status).toBe(404);
  });

  it("un inscrito recibe el PDF con tipo, disposición, caché privada y ETag", async () => {
    const u = await createUser();
    await enrol(u.id);
    const res = await fetchFile(await lessonId(COURSE1.pdf), { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.body.equals(tinyPdf("Leccion A"))).toBe(true);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^inline; filename="a\.pdf"/);
    expect(res.headers.get("cache-control")).toMatch(/\bprivate\b/);
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-length")).toBe(String(res.body.length));

    const attachment = await fetchFile(await lessonId(COURSE1.pdf), { cookie: u.cookie, query: "?descargar=1" });
    expect(attachment.headers.get("content-disposition")).toMatch(/^attachment; filename="a\.pdf"; filename\*=UTF-8''a\.pdf$/);

    const cached = await fetchFile(await lessonId(COURSE1.pdf), { cookie: u.cookie, headers: { "if-none-match": res.headers.get("etag")! } });
    expect(cached.status).toBe(304);
    expect(cached.body.length).toBe(0);
  });

  it("un administrador recibe el archivo sin inscribirse", async () => {
    const admin = await createUser({ role: "admin" });
    const res = await fetchFile(await lessonId(COURSE1.video), { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.equals(VIDEO_BYTES)).toBe(true);
  });
});

describe("video con HTTP Range", () => {
  it("206 con los bytes exactos: rango cerrado, abierto y sufijo", async () => {
    const u = await createUser();
    await enrol(u.id);
    const id = await lessonId(COURSE1.video);
    const size = VIDEO_BYTES.length;

    const mid = await fetchFile(id, { cookie: u.cookie, headers: { range: "bytes=1000-1999" } });
    expect(mid.status).toBe(206);
    expect(mid.headers.get("content-range")).toBe(`bytes 1000-1999/${size}`);
    expect(mid.headers.get("content-length")).toBe("1000");
    expect(mid.headers.get("content-type")).toBe("video/mp4");
    expect(mid.body.equals(VIDEO_BYTES.subarray(1000, 2000))).toBe(true);

    const open = await fetchFile(id, { cookie: u.cookie, headers: { range: `bytes=${size - 10}-` } });
    expect(open.status).toBe(206);
    expect(open.body.equals(VIDEO_BYTES.subarray(size - 10))).toBe(true);

    const suffix = await fetchFile(id, { cookie: u.cookie, headers: { range: "bytes=-500" } });
    expect(suffix.headers.get("content-range")).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(suffix.body.equals(VIDEO_BYTES.subarray(size - 500))).toBe(true);

    const beyondEnd = await fetchFile(id, { cookie: u.cookie, headers: { range: `bytes=${size - 5}-${size + 1000}` } });
    expect(beyondEnd.status).toBe(206);
    expect(beyondEnd.body.equals(VIDEO_BYTES.subarray(size - 5))).toBe(true);
  });

  it("416 cuando el rango empieza después del final", async () => {
    const u = await createUser();
    await enrol(u.id);
    const res = await fetchFile(await lessonId(COURSE1.video), { cookie: u.cookie, headers: { range: `bytes=${VIDEO_BYTES.length}-` } });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${VIDEO_BYTES.length}`);
  });

  it("If-Range con otro ETag entrega el archivo completo", async () => {
    const u = await createUser();
    await enrol(u.id);
    const res = await fetchFile(await lessonId(COURSE1.video), { cookie: u.cookie, headers: { range: "bytes=0-9", "if-range": '"otro"' } });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(VIDEO_BYTES.length);
  });

  it("subtítulos del video como text/vtt", async () => {
    const u = await createUser();
    await enrol(u.id);
    const res = await fetchFile(await lessonId(COURSE1.video), { cookie: u.cookie, query: "?pista=subtitulos" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(res.body.toString("utf8")).toContain("WEBVTT");
  });

  it("parseRange: sintaxis ignorada, varios rangos, vacíos", () => {
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange("bytes=0-9,20-29", 100)).toBeNull();
    expect(parseRange("items=0-9", 100)).toBeNull();
    expect(parseRange("bytes=9-0", 100)).toBeNull();
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-", 0)).toBe("unsatisfiable");
    expect(parseRange("bytes=-1000", 100)).toEqual({ start: 0, end: 99 });
  });
});

describe("descargar un archivo de solo descarga completa la lección (B8)", () => {
  it("la planilla se completa al descargarla; un PDF no se completa por descargarlo", async () => {
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const zipId = await lessonId(COURSE1.descarga);
    const res = await fetchFile(zipId, { cookie: u.cookie, query: "?descargar=1" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment/);
    await fetchFile(await lessonId(COURSE1.documento), { cookie: u.cookie, query: "?descargar=1" });
    expect(await completedLessonIds(enrolmentId)).toEqual([zipId]);
  });
});
