// Reading on a phone (docs/decisions.md A4 'lectura'): the built-in course's presentations and documents are
// served as sanitised HTML built from their sources, with their figures, and the PDF stays the download.
// A PDF lesson without a source (an admin's upload) keeps the PDF viewer.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { course, lesson } from "~/server/platform/db/schema";
import { catalogueVersion, loadCatalogue, readCatalogue } from "~/server/catalogue/catalogue.server";
import { refreshCatalogue } from "~/server/authoring/refresh.server";
import { createUser } from "../support/users";
import { enrol, lessonId, openContent } from "./helpers";
import { loader as figureLoader } from "~/routes/figura";
import { changedInTheDatabase } from "../support/catalogue-copies";

describe("lecciones en modo lectura", () => {
  it("una presentación del curso 1 se lee como HTML con sus figuras; el PDF queda como descarga", async () => {
    const u = await createUser();
    await enrol(u.id);
    const id = await lessonId("Uso del desfibrilador externo automático (DEA)");
    const view = (await openContent(u.cookie, 1, `?leccion=${id}`)).data.lesson;
    expect(view).toMatchObject({ mode: "lectura", downloadUrl: `/archivos/lecciones/${id}?descargar=1`, completesOnOpen: false, study: { kind: "reading" } });
    expect(view.html).toContain("<h2>¿Qué es un DEA?</h2>");
    expect(view.html).toContain('<section class="lesson-slide">');
    expect(view.html).toMatch(/<img src="\/figuras\/[a-z0-9-]+\.svg\?v=[0-9a-f]{12}" alt="[^"]{10,}" width="\d+" height="\d+" loading="lazy"/);
    expect(view.html).not.toMatch(/<script|on\w+=|javascript:|data:/i);

    // Each figure the page names is served, and kept by the browser for good at that version.
    for (const [src] of view.html.matchAll(/\/figuras\/[^"]+/g)) {
      const url = new URL(src.replace(/&amp;/g, "&"), "http://localhost");
      const res = figureLoader({ params: { file: url.pathname.split("/").pop()! }, request: new Request(url) } as never);
      expect(res.status, src).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await res.text()).toMatch(/^<svg[^>]*viewBox="0 0 \d+ \d+"/);
    }
  });

  it("/figuras: una versión vieja recibe la figura de hoy por poco tiempo; un nombre que no es una figura, 404", async () => {
    const old = figureLoader({ params: { file: "parches-dea.svg" }, request: new Request("http://localhost/figuras/parches-dea.svg?v=000000000000") } as never);
    expect(old.status).toBe(200);
    expect(old.headers.get("cache-control")).toBe("public, max-age=300");
    for (const file of ["no-existe.svg", "parches-dea.png", "parches-dea", "..%2Fcourses%2Frcp-solo-compresiones%2Fcourse.json", "../README.svg", "PARCHES-DEA.svg", ".svg", ""]) {
      let status = 200;
      try {
        figureLoader({ params: { file }, request: new Request(`http://localhost/figuras/${file}`) } as never);
      } catch (thrown) {
        status = (thrown as { init?: { status?: number } }).init?.status ?? 500;
      }
      expect(status, file).toBe(404);
    }
  });

  it("un documento se lee como HTML; un PDF sin fuente (subido por un administrador) sigue en el visor PDF", async () => {
    const u = await createUser();
    await enrol(u.id);
    const doc = await lessonId("El paro cardíaco y la cadena de supervivencia");
    const docView = (await openContent(u.cookie, 1, `?leccion=${doc}`)).data.lesson;
    expect(docView.mode).toBe("lectura");
    expect(docView.html).toContain("<strong>fibrilación ventricular</strong>");

    const uploaded = await lessonId("Bienvenida al curso");
    await db().update(lesson).set({ readingHtml: null }).where(eq(lesson.id, uploaded));
    changedInTheDatabase();
    const pdfView = (await openContent(u.cookie, 1, `?leccion=${uploaded}`)).data.lesson;
    expect(pdfView).toMatchObject({ mode: "pdf", html: null, fileUrl: `/archivos/lecciones/${uploaded}` });

    // A database loaded before readings existed gets them at the next start, for lessons still as shipped.
    await loadCatalogue();
    expect((await openContent(u.cookie, 1, `?leccion=${uploaded}`)).data.lesson.mode).toBe("lectura");
  });

  it("cada presentación y documento publicados del curso 1 y 2 tienen su lectura", async () => {
    const rows = await db().select({ title: lesson.title, type: lesson.type, status: lesson.status, html: lesson.readingHtml }).from(lesson);
    const studied = rows.filter((r) => (r.type === "presentacion" || r.type === "documento") && r.status === "published");
    expect(studied.length).toBeGreaterThanOrEqual(20);
    for (const r of studied) expect(r.html, r.title).toBeTruthy();
  });

  it("una academia que actualiza recibe sus lecturas en el formato nuevo (READING_FORMAT) al arrancar", async () => {
    const id = await lessonId("Atragantamiento en adultos, niños y lactantes");
    // As the previous release stored them: figures as data URLs, and that release's edition of the course.
    await db()
      .update(lesson)
      .set({ readingHtml: '<p>Lectura antigua</p><figure class="lesson-figure"><img src="data:image/svg+xml;base64,PHN2Zy8+" alt="Figura" loading="lazy"></figure>' })
      .where(eq(lesson.id, id));
    await db().update(course).set({ sourceHash: "edicion-de-la-version-anterior" }).where(eq(course.id, 1));

    const rcp = readCatalogue().filter((c) => c.id === 1);
    expect(await refreshCatalogue(db(), rcp)).toEqual([{ courseId: 1, status: "refreshed" }]);
    const [row] = await db().select({ html: lesson.readingHtml }).from(lesson).where(eq(lesson.id, id));
    expect(row!.html).toMatch(/<img src="\/figuras\/[a-z0-9-]+\.svg\?v=[0-9a-f]{12}" alt="[^"]+" width="\d+" height="\d+"/);
    expect(row!.html).not.toContain("data:");
    const [stored] = await db().select({ sourceHash: course.sourceHash }).from(course).where(eq(course.id, 1));
    expect(stored!.sourceHash).toBe(catalogueVersion(rcp[0]!));
    // The next start finds nothing to do.
    expect(await refreshCatalogue(db(), rcp)).toEqual([{ courseId: 1, status: "unchanged" }]);
  });
});
