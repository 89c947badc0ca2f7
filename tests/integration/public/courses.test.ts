import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { env, setEnv } from "~/server/platform/env.server";
import { catalogueChanged } from "~/server/catalogue/events.server";
import { course, courseModule, lesson } from "~/server/platform/db/schema";
import {
  getFeaturedCourse,
  getPublishedCourse,
  listPublishedCourses,
  listRelatedCourses,
} from "~/server/catalogue/courses.server";
import { loader as detailLoader } from "~/routes/curso-detalle";
import { loader as listLoader } from "~/routes/cursos";
import { loader as homeLoader } from "~/routes/home";
import { loader as sitemapLoader } from "~/routes/sitemap-xml";
import { loader as robotsLoader } from "~/routes/robots-txt";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { addCourse, RCP_TITLE, installPublicCatalogue } from "./fixture";
import { parseId } from "~/domain/ids";

installPublicCatalogue();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loaders are called loosely, as React Router would
async function callLoader(fn: (args: any) => unknown, path: string, params: Record<string, string> = {}, cookie?: string) {
  const result = (await fn({ request: getRequest(path, cookie), params, context: {} })) as
    | { type?: string; data?: unknown; init?: ResponseInit | null }
    | Response
    | Record<string, unknown>;
  if (result instanceof Response) return { status: result.status, body: await result.text(), response: result, data: undefined };
  if (result && (result as { type?: string }).type === "DataWithResponseInit") {
    const r = result as { data: unknown; init: ResponseInit | null };
    return { status: r.init?.status ?? 200, data: r.data as Record<string, any>, body: "", response: null }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  return { status: 200, data: result as Record<string, any>, body: "", response: null }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe("listado público de cursos", () => {
  it("muestra solo cursos publicados: un borrador nunca aparece", async () => {
    const { courses, total } = await listPublishedCourses();
    expect(courses.map((c) => c.id)).toEqual([1, 2]);
    expect(total).toBe(2);
    expect(courses.some((c) => c.title.includes("borrador"))).toBe(false);
  });

  it("ofrece Salud, Emergencias y Primeros Auxilios, más otras categorías en uso por cursos publicados", async () => {
    const { categories } = await listPublishedCourses();
    expect(categories).toEqual(["Salud", "Emergencias", "Primeros Auxilios"]);
    const id = await addCourse({ category: "Seguridad Industrial" });
    const after = await listPublishedCourses();
    expect(after.categories).toEqual(["Salud", "Emergencias", "Primeros Auxilios", "Seguridad Industrial"]);
    // 'Seguridad' is used only by a draft: it must not become a button.
    expect(after.categories).not.toContain("Seguridad");
    await db().delete(course).where(eq(course.id, id));
  });

  it("filtra por categoría sin distinguir mayúsculas; una categoría sin cursos da lista vacía", async () => {
    const salud = await listPublishedCourses({ category: "salud" });
    expect(salud.activeCategory).toBe("Salud");
    expect(salud.courses.map((c) => c.id)).toEqual([1]);
    const none = await listPublishedCourses({ category: "Emergencias" });
    expect(none.courses).toEqual([]);
    const draftOnly = await listPublishedCourses({ category: "Seguridad" });
    expect(draftOnly.courses).toEqual([]);
  });

  it("el loader de /cursos lee ?categoria= y da el estado del botón a cada curso", async () => {
    const anon = await callLoader(listLoader, "/cursos?categoria=Primeros%20Auxilios");
    expect(anon.data!.courses.map((c: { id: number }) => c.id)).toEqual([2]);
    expect(anon.data!.top.html).toContain('<a aria-current="page" class="pub-pill" href="/cursos?categoria=Primeros%20Auxilios"');
    expect(anon.data!.top.html.match(/aria-current/g)).toHaveLength(1);
    expect(anon.data!.top.html).toMatch(/href="\/cursos\?categoria=Salud"/);
    // Course 2 of this fixture has no published lesson: it cannot be bought yet (docs/decisions.md D).
    expect(anon.data!.enrolStates).toEqual({ 2: "soon" });
    // …so it is not counted as available, and its card says 'Próximamente' to everyone.
    expect(anon.data!.courses[0]).toMatchObject({ id: 2, soon: true });
    expect(anon.data!.top.html).toContain("1 curso próximamente");
    const all = await callLoader(listLoader, "/cursos");
    expect(all.data!.courses.map((c: { id: number; soon: boolean }) => [c.id, c.soon])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(all.data!.top.html).toContain("1 curso disponible · 1 próximamente");

    const learner = await createUser();
    const signedIn = await callLoader(listLoader, "/cursos", {}, learner.cookie);
    expect(signedIn.data!.enrolStates).toEqual({ 1: "user", 2: "soon" });

    const admin = await createUser({ role: "admin" });
    const asAdmin = await callLoader(listLoader, "/cursos", {}, admin.cookie);
    expect(asAdmin.data!.enrolStates).toEqual({ 1: "admin", 2: "admin" });
  });
});

describe("curso destacado del inicio", () => {
  it("es el curso 1 (RCP, Salud, $20.000)", async () => {
    const featured = await getFeaturedCourse();
    expect(featured).toMatchObject({ id: 1, title: RCP_TITLE, category: "Salud", priceClp: 20000 });
    const home = await callLoader(homeLoader, "/");
    expect(home.data!.html.html).toContain(RCP_TITLE);
    expect(home.data!.html.html).toContain('href="/cursos/1"');
    expect(home.data!.html.html).toContain("$20.000");
  });
});

describe("detalle de un curso", () => {
  it("cuenta módulos y lecciones desde el contenido guardado y marca lo que está en preparación", async () => {
    const detail = await getPublishedCourse(1);
    expect(detail).not.toBeNull();
    expect(detail!.moduleCount).toBe(4);
    expect(detail!.lessonCount).toBe(6);
    const byTitle = Object.fromEntries(detail!.modules.map((m) => [m.title, m]));
    expect(byTitle["Presentación"]!.inPreparation).toBe(false);
    expect(byTitle["Módulo pendiente"]!.inPreparation).toBe(true);
    expect(byTitle["Módulo vacío"]!.inPreparation).toBe(true);
    expect(byTitle["Mixto"]!.inPreparation).toBe(false);
    expect(byTitle["Mixto"]!.lessons.map((l) => [l.title, l.pending])).toEqual([
      ["Publicada", false],
      ["Aún no", true],
    ]);
    expect(detail!.modules.map((m) => m.position)).toEqual([1, 2, 3, 4]);
    expect(detail!.countsLabel).toBe("4 módulos · 6 lecciones");
    expect(byTitle["Presentación"]!.summary).toBe("2 lecciones · 1 h 5 min");
    expect(byTitle["Presentación"]!.lessons.map((l) => l.caption)).toEqual(["Presentación · 20 min", "Documento · 45 min"]);
    // A pending lesson shows no duration, only its type.
    expect(byTitle["Módulo pendiente"]!.lessons.map((l) => l.caption)).toEqual(["Video", "Documento"]);
    expect(detail!.course).toMatchObject({ priceLabel: "$20.000", hoursLabel: "1 hora", nextDateLabel: "11 de enero de 2027" });
    expect(detail!.course.topics).toHaveLength(5);
  });

  it("un curso en borrador o inexistente no se muestra", async () => {
    expect(await getPublishedCourse(3)).toBeNull();
    expect(await getPublishedCourse(999)).toBeNull();
  });

  it("con la copia en memoria (como en producción): compartida y congelada, renovada cuando el catálogo avisa un cambio", async () => {
    const saved = env();
    setEnv({ ...saved, OUTLINE_CACHE_MS: 60_000 });
    catalogueChanged();
    const [before] = await db().select({ title: course.title }).from(course).where(eq(course.id, 1));
    try {
      const first = await getPublishedCourse(1);
      expect(await getPublishedCourse(1)).toBe(first);
      expect(() => first!.modules.push(first!.modules[0]!)).toThrow(TypeError);
      // A write nobody announced stays unseen; the course editor and the catalogue refresh announce theirs.
      await db().update(course).set({ title: "Título cambiado sin aviso" }).where(eq(course.id, 1));
      const user = await createUser();
      expect((await callLoader(detailLoader, "/cursos/1", { id: "1" }, user.cookie)).data!.hero.html).toContain(before!.title);
      catalogueChanged();
      expect((await callLoader(detailLoader, "/cursos/1", { id: "1" }, user.cookie)).data!.hero.html).toContain("Título cambiado sin aviso");
    } finally {
      await db().update(course).set({ title: before!.title }).where(eq(course.id, 1));
      setEnv(saved);
      catalogueChanged();
    }
  });

  it.each(["abc", "1.5", "-1", "0", "1e3", " 1", "99999999999", ""])("el id %j no es un curso", (raw) => {
    expect(parseId(raw)).toBeNull();
  });

  it.each([
    ["999", "inexistente"],
    ["abc", "no numérico"],
    ["3", "borrador"],
  ])("/cursos/%s (%s) responde 404 con 'Curso no encontrado'", async (id) => {
    const res = await callLoader(detailLoader, `/cursos/${id}`, { id });
    expect(res.status).toBe(404);
    expect(res.data!.found).toBe(false);
  });

  it("/cursos/1 responde 200 con el estado del botón según quién mira", async () => {
    const anon = await callLoader(detailLoader, "/cursos/1", { id: "1" });
    expect(anon.status).toBe(200);
    expect(anon.data).toMatchObject({ found: true, enrolState: "anonymous", course: { id: 1, priceLabel: "$20.000" } });
    expect(anon.data!.hero.html).toContain("4 módulos · 6 lecciones");
    expect(anon.data!.body.html).toContain("Contenido en preparación");
    expect(anon.data!.body.html).toContain("Próximamente");
    const learner = await createUser();
    const signedIn = await callLoader(detailLoader, "/cursos/1", { id: "1" }, learner.cookie);
    expect(signedIn.data!.enrolState).toBe("user");
  });

  it("un curso online a tu ritmo no anuncia fecha ni 'Por confirmar'; uno sin modalidad conserva su próxima fecha", async () => {
    const dated = await callLoader(detailLoader, "/cursos/1", { id: "1" });
    expect(dated.data!.facts.html).toContain("Próxima fecha");
    expect(dated.data!.facts.html).toContain("11 de enero de 2027");
    expect(dated.data!.hero.html).not.toContain("Próximamente");
    await db().update(course).set({ modality: "100% online asincrónico", location: "" }).where(eq(course.id, 1));
    catalogueChanged();
    try {
      const selfPaced = await callLoader(detailLoader, "/cursos/1", { id: "1" });
      expect(selfPaced.data!.facts.html).not.toContain("Próxima fecha");
      expect(selfPaced.data!.facts.html).not.toContain("11 de enero de 2027");
      expect(selfPaced.data!.facts.html).not.toContain("Por confirmar");
      expect(selfPaced.data!.facts.html).toContain("Cuando quieras, a tu ritmo");
    } finally {
      await db().update(course).set({ modality: "", location: "" }).where(eq(course.id, 1));
      catalogueChanged();
    }
  });

  it("un curso sin lecciones publicadas dice 'Próximamente' en su cabecera", async () => {
    const soon = await callLoader(detailLoader, "/cursos/2", { id: "2" });
    expect(soon.data!.hero.html).toContain("Próximamente");
    expect(soon.data!.facts.html).not.toContain("Próxima fecha");
  });
});

describe("un curso sin lecciones publicadas ('Próximamente')", () => {
  it("no promete horas: 'Duración por confirmar' en su tarjeta y en su página, aunque sus lecciones planificadas tengan duración", async () => {
    // Course 2 of the fixture has only a pending lesson; give it a planned duration.
    const [m] = await db().select({ id: courseModule.id }).from(courseModule).where(eq(courseModule.courseId, 2));
    await db().update(lesson).set({ durationMin: 90 }).where(eq(lesson.moduleId, m!.id));
    try {
      const { courses } = await listPublishedCourses();
      expect(courses.find((c) => c.id === 2)).toMatchObject({ hours: 0, hoursLabel: "Duración por confirmar" });
      expect(courses.find((c) => c.id === 1)!.hoursLabel).toBe("1 hora");
      const page = await callLoader(detailLoader, "/cursos/2", { id: "2" });
      expect(page.data!.hero.html).toContain("Duración: <strong>Por confirmar</strong>");
      expect(page.data!.body.html).toContain("duración por confirmar");
      expect(page.data!.body.html).not.toMatch(/\d+(,\d)? horas?/);
      expect(page.data!.body.html).not.toContain("de dedicación estimada");
      // schema.org gets no workload until there is one.
      expect(JSON.stringify(page.data!.meta)).not.toContain("courseWorkload");
      expect(JSON.stringify((await callLoader(detailLoader, "/cursos/1", { id: "1" })).data!.meta)).toContain('"courseWorkload":"PT1H"');
    } finally {
      await db().update(lesson).set({ durationMin: 0 }).where(eq(lesson.moduleId, m!.id));
    }
  });
});

describe("cursos relacionados", () => {
  it("misma categoría, publicados, sin el propio curso, como máximo 3", async () => {
    expect((await getPublishedCourse(1))!.related).toEqual([]);
    const draft = await addCourse({ category: "Salud", status: "draft", title: "Borrador de Salud" });
    const other = await addCourse({ category: "Emergencias" });
    const a = await addCourse({ category: "Salud" });
    const b = await addCourse({ category: "salud " });
    const c = await addCourse({ category: "Salud" });
    const d = await addCourse({ category: "Salud" });

    const related = (await getPublishedCourse(1))!.related;
    expect(related.map((r) => r.id)).toEqual([a, b, c]);
    expect(related.map((r) => r.id)).not.toContain(1);
    expect(related.map((r) => r.id)).not.toContain(draft);
    expect(related.map((r) => r.id)).not.toContain(other);

    const fromA = await listRelatedCourses({ id: a, category: "Salud" });
    expect(fromA.map((r) => r.id)).toEqual([1, b, c]);
    expect(fromA.map((r) => r.id)).not.toContain(d);

    await db().delete(course).where(eq(course.status, "draft"));
    for (const id of [other, a, b, c, d]) await db().delete(course).where(eq(course.id, id));
  });

  it("la descripción se corta a 100 caracteres con '…'; el precio nulo es 'Precio por confirmar'", async () => {
    const long = "Curso práctico de atención de emergencias en el lugar de trabajo, con simulaciones y casos reales de la industria chilena.";
    expect(long.length).toBeGreaterThan(100);
    const id = await addCourse({ category: "Primeros Auxilios", description: long });
    const [related] = (await getPublishedCourse(2))!.related;
    expect(related!.id).toBe(id);
    expect(related!.excerpt.endsWith("…")).toBe(true);
    expect(related!.excerpt.length).toBeLessThanOrEqual(101);
    expect(long.startsWith(related!.excerpt.slice(0, -1))).toBe(true);
    expect((await getPublishedCourse(id))!.related[0]).toMatchObject({ id: 2, priceLabel: "Precio por confirmar", excerpt: "Heridas, quemaduras y fracturas." });
    await db().delete(course).where(eq(course.id, id));
  });
});

describe("sitemap.xml y robots.txt", () => {
  it("el sitemap lista las páginas públicas y cada curso publicado con URL absolutas", async () => {
    const res = await callLoader(sitemapLoader, "/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.response!.headers.get("content-type")).toMatch(/xml/);
    for (const path of ["/", "/nosotros", "/cursos", "/contacto", "/cursos/1", "/cursos/2"]) {
      expect(res.body).toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
    expect(res.body).not.toContain("/cursos/3<");
  });

  it("robots.txt cierra las zonas privadas y apunta al sitemap", async () => {
    const res = await callLoader(robotsLoader, "/robots.txt");
    expect(res.status).toBe(200);
    for (const path of ["/admin", "/dashboard", "/perfil", "/api", "/archivos", "/restablecer-contrasena"]) {
      expect(res.body).toMatch(new RegExp(`^Disallow: ${path}$`, "m"));
    }
    // The sign-in and sign-up pages are public pages that search engines may list.
    expect(res.body).not.toMatch(/^Disallow: \/(?:login|registro)$/m);
    expect(res.body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });
});
