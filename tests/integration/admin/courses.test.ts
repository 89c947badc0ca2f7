import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { asset, course, courseModule, enrolment, lesson, lessonCompletion, question } from "~/server/platform/db/schema";
import { env, setEnv } from "~/server/platform/env.server";
import { listPublishedCourses } from "~/server/catalogue/courses.server";
import { action as coursesAction, loader as coursesLoader } from "~/routes/admin/cursos";
import { action as newAction, loader as newLoader } from "~/routes/admin/curso-nuevo";
import { action as editorAction, loader as editorLoader } from "~/routes/admin/curso-editor";
import { BASE, formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { call, isRefused } from "../support/call";
import { createCourse, enrol } from "./factories";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(32)]);

const validCourse = {
  title: "Uso de Extintores",
  category: "Emergencias",
  level: "Básico",
  durationHours: "8",
  priceClp: "$25.000",
  modality: "100% online asincrónico",
  description: "Aprende a usar un extintor.",
  longDescription: "",
  audience: "",
  topics: "Tipos de fuego\nClases de extintor\n\n",
  materials: "",
  certification: "",
  imageUrl: "/images/cursos/extintores.svg",
  nextDate: "2027-03-01",
  location: "Online",
  requirements: "Sin requisitos previos",
  instructorName: "Ana",
  instructorTitle: "Prevencionista",
};

function editorPost(courseId: number, fields: Record<string, string>, cookie?: string, search = "") {
  return formRequest(`/admin/cursos/${courseId}${search}`, fields, { cookie });
}

function uploadRequest(courseId: number, lessonId: number, bytes: Buffer, filename: string, cookie?: string) {
  const form = new FormData();
  form.set("intent", "upload-file");
  form.set("lessonId", String(lessonId));
  form.set("file", new File([new Uint8Array(bytes)], filename));
  return new Request(`${BASE}/admin/cursos/${courseId}?leccion=${lessonId}`, {
    method: "POST",
    body: form,
    headers: { origin: BASE, ...(cookie ? { cookie } : {}) },
  });
}

async function snapshot(courseId: number) {
  const [c] = await db().select().from(course).where(eq(course.id, courseId));
  const mods = await db().select().from(courseModule).where(eq(courseModule.courseId, courseId)).orderBy(courseModule.id);
  const lessons = mods.length
    ? await db().select().from(lesson).where(sql`${lesson.moduleId} in (select id from module where course_id = ${courseId})`).orderBy(lesson.id)
    : [];
  const qs = await db().select().from(question).where(sql`${question.lessonId} in (select l.id from lesson l join module m on m.id = l.module_id where m.course_id = ${courseId})`).orderBy(question.id);
  return JSON.stringify({ c: { ...c, updatedAt: null }, mods, lessons, qs });
}

describe("/admin/cursos/nuevo", () => {
  it("valida con mensajes en español, devuelve 400 y conserva lo escrito", async () => {
    const admin = await createUser({ role: "admin" });
    const r = await call(
      newAction,
      formRequest("/admin/cursos/nuevo", { ...validCourse, title: "  ", priceClp: "20.000,50", nextDate: "2027-02-30", imageUrl: "javascript:alert(1)" }, { cookie: admin.cookie }),
    );
    expect(r.status).toBe(400);
    expect(r.data.fieldErrors).toEqual({
      title: "Ingresa el título del curso.",
      priceClp: "Ingresa el precio en pesos chilenos, sin decimales (por ejemplo 20000), o déjalo vacío.",
      nextDate: "Ingresa una fecha válida o déjala vacía.",
      imageUrl: "Ingresa una ruta que empiece con / (por ejemplo /images/cursos/rcp.svg) o una dirección http(s).",
    });
    expect(r.data.values).toMatchObject({ priceClp: "20.000,50", description: validCourse.description });
  });

  it("crea el curso como borrador, con slug desde el título, precio en pesos y listas por línea", async () => {
    const admin = await createUser({ role: "admin" });
    const r = await call(newAction, formRequest("/admin/cursos/nuevo", validCourse, { cookie: admin.cookie }));
    expect(r.status).toBe(302);
    const id = Number(/\/admin\/cursos\/(\d+)\?creado=1$/.exec(r.location!)![1]);
    const [c] = await db().select().from(course).where(eq(course.id, id));
    expect(c).toMatchObject({
      title: "Uso de Extintores",
      slug: "uso-de-extintores",
      status: "draft",
      priceClp: 25000,
      topics: ["Tipos de fuego", "Clases de extintor"],
      requirements: ["Sin requisitos previos"],
      nextDate: "2027-03-01",
    });
    // A second course with the same title gets its own slug; an empty price means "por confirmar".
    const again = await call(newAction, formRequest("/admin/cursos/nuevo", { ...validCourse, priceClp: "" }, { cookie: admin.cookie }));
    const id2 = Number(/(\d+)\?/.exec(again.location!)![1]);
    const [c2] = await db().select().from(course).where(eq(course.id, id2));
    expect(c2!.slug).toBe("uso-de-extintores-2");
    expect(c2!.priceClp).toBeNull();
    // Drafts never reach the public catalogue.
    const { courses } = await listPublishedCourses();
    expect(courses.map((x) => x.id)).not.toContain(id);
  });
});

describe("editor de cursos", () => {
  it("edita datos, publica y despublica", async () => {
    const admin = await createUser({ role: "admin" });
    const c = await createCourse({ status: "draft" });
    const bad = await call(editorAction, editorPost(c.id, { intent: "save-course", ...validCourse, category: "" }, admin.cookie), { id: String(c.id) });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ form: "course", fieldErrors: { category: "Ingresa la categoría." } });
    expect(bad.data.values.title).toBe(validCourse.title);
    const ok = await call(editorAction, editorPost(c.id, { intent: "save-course", ...validCourse, title: "Extintores II" }, admin.cookie), { id: String(c.id) });
    expect(ok.data).toMatchObject({ ok: true, message: "Datos del curso guardados." });
    expect((await db().select().from(course).where(eq(course.id, c.id)))[0]).toMatchObject({ title: "Extintores II", slug: "extintores-ii" });
    await call(editorAction, editorPost(c.id, { intent: "publish" }, admin.cookie), { id: String(c.id) });
    expect((await listPublishedCourses()).courses.map((x) => x.id)).toContain(c.id);
    await call(editorAction, editorPost(c.id, { intent: "unpublish" }, admin.cookie), { id: String(c.id) });
    expect((await listPublishedCourses()).courses.map((x) => x.id)).not.toContain(c.id);
    const view = await call(editorLoader, getRequest(`/admin/cursos/${c.id}`, admin.cookie), { id: String(c.id) });
    expect(view.data.values).toMatchObject({ title: "Extintores II", priceClp: "25000", topics: "Tipos de fuego\nClases de extintor" });
    const missing = await call(editorLoader, getRequest(`/admin/cursos/999999`, admin.cookie), { id: "999999" });
    expect(missing.status).toBe(404);
  });

  it("módulos y lecciones: agregar, editar, reordenar y eliminar", async () => {
    const admin = await createUser({ role: "admin" });
    const c = await createCourse({ modules: 0 });
    const post = (fields: Record<string, string>) => call(editorAction, editorPost(c.id, fields, admin.cookie), { id: String(c.id) });
    expect((await post({ intent: "add-module", title: "", description: "" })).data.fieldErrors).toEqual({ title: "Ingresa el título del módulo." });
    await post({ intent: "add-module", title: "Uno", description: "" });
    await post({ intent: "add-module", title: "Dos", description: "" });
    let mods = await db().select().from(courseModule).where(eq(courseModule.courseId, c.id)).orderBy(courseModule.position);
    expect(mods.map((m) => m.title)).toEqual(["Uno", "Dos"]);
    await post({ intent: "move-module", moduleId: String(mods[1]!.id), direction: "up" });
    mods = await db().select().from(courseModule).where(eq(courseModule.courseId, c.id)).orderBy(courseModule.position);
    expect(mods.map((m) => m.title)).toEqual(["Dos", "Uno"]);
    await post({ intent: "update-module", moduleId: String(mods[0]!.id), title: "Dos editado", description: "desc" });

    const added = await post({ intent: "add-lesson", moduleId: String(mods[0]!.id), title: "Primera", type: "lectura" });
    expect(added.status).toBe(302);
    const firstId = Number(/leccion=(\d+)/.exec(added.location!)![1]);
    await post({ intent: "add-lesson", moduleId: String(mods[0]!.id), title: "Segunda", type: "documento" });
    expect((await post({ intent: "add-lesson", moduleId: String(mods[0]!.id), title: "X", type: "podcast" })).data.fieldErrors.type).toBe("Elige un tipo de lección.");
    await post({ intent: "move-lesson", lessonId: String(firstId), direction: "down" });
    const lessons = await db().select().from(lesson).where(eq(lesson.moduleId, mods[0]!.id)).orderBy(lesson.position);
    expect(lessons.map((l) => l.title)).toEqual(["Segunda", "Primera"]);

    // A lectura is published only with its text; the form keeps what was typed.
    const noBody = await post({ intent: "update-lesson", lessonId: String(firstId), title: "Primera", type: "lectura", durationMin: "10", status: "published", body: "" });
    expect(noBody.status).toBe(400);
    expect(noBody.data.fieldErrors.status).toBe("Escribe el texto de la lectura antes de publicarla.");
    expect(noBody.data.values.durationMin).toBe("10");
    const withBody = await post({ intent: "update-lesson", lessonId: String(firstId), title: "Primera", type: "lectura", durationMin: "10", status: "published", body: "# Hola" });
    expect(withBody.data.ok).toBe(true);
    // A document is published only with its file.
    const doc = lessons.find((l) => l.title === "Segunda")!;
    const noFile = await post({ intent: "update-lesson", lessonId: String(doc.id), title: "Segunda", type: "documento", durationMin: "", status: "published", body: "" });
    expect(noFile.data.fieldErrors.status).toBe("Sube el archivo de la lección antes de publicarla.");

    const delLesson = await post({ intent: "delete-lesson", lessonId: String(doc.id) });
    expect(delLesson.status).toBe(302);
    expect(await db().select().from(lesson).where(eq(lesson.id, doc.id))).toHaveLength(0);
    await post({ intent: "delete-module", moduleId: String(mods[0]!.id) });
    expect(await db().select().from(lesson).where(eq(lesson.id, firstId))).toHaveLength(0);
    expect(await db().select().from(courseModule).where(eq(courseModule.courseId, c.id))).toHaveLength(1);
  });

  it("sube archivos comprobando el contenido, no el nombre", async () => {
    const admin = await createUser({ role: "admin" });
    const c = await createCourse({ modules: 1, lessonsPerModule: 0 });
    const [mod] = await db().select().from(courseModule).where(eq(courseModule.courseId, c.id));
    const [doc] = await db().insert(lesson).values({ moduleId: mod!.id, position: 1, title: "Doc", type: "documento" }).returning();
    const [vid] = await db().insert(lesson).values({ moduleId: mod!.id, position: 2, title: "Vid", type: "video" }).returning();
    const up = (lessonId: number, bytes: Buffer, name: string) => call(editorAction, uploadRequest(c.id, lessonId, bytes, name, admin.cookie), { id: String(c.id) });

    const fake = await up(doc!.id, Buffer.from("<html><script>alert(1)</script></html>"), "apuntes.pdf");
    expect(fake.status).toBe(400);
    expect(fake.data.fieldErrors.file).toBe("El archivo no es un PDF válido: su contenido no corresponde a un PDF.");
    expect((await db().select().from(lesson).where(eq(lesson.id, doc!.id)))[0]!.assetId).toBeNull();

    const good = await up(doc!.id, PDF, "Apuntes RCP.pdf");
    expect(good.data).toMatchObject({ ok: true, message: "Archivo «Apuntes RCP.pdf» subido." });
    const [withFile] = await db().select({ mime: asset.mime, filename: asset.filename }).from(lesson).innerJoin(asset, eq(asset.id, lesson.assetId)).where(eq(lesson.id, doc!.id));
    expect(withFile).toEqual({ mime: "application/pdf", filename: "Apuntes RCP.pdf" });

    expect((await up(vid!.id, PDF, "video.mp4")).data.fieldErrors.file).toBe("El archivo no es un video MP4 válido: su contenido no corresponde a un MP4.");
    expect((await up(vid!.id, PDF, "clase.pdf")).data.fieldErrors.file).toBe("Las lecciones de video necesitan un archivo MP4.");
    expect((await up(vid!.id, MP4, "clase.mp4")).data.ok).toBe(true);

    // Any other file is stored as a download, never rendered by the browser.
    const other = await up(doc!.id, Buffer.from("<html>hola</html>"), "pagina.html");
    expect(other.data).toMatchObject({
      ok: true,
      message: "Archivo «pagina.html» subido. No es PDF ni MP4, así que no se muestra dentro de la lección: el alumno lo descarga para abrirlo en su equipo.",
    });
    const [dl] = await db().select({ mime: asset.mime, downloadable: lesson.downloadable }).from(lesson).innerJoin(asset, eq(asset.id, lesson.assetId)).where(eq(lesson.id, doc!.id));
    expect(dl).toEqual({ mime: "application/octet-stream", downloadable: true });

    const empty = await up(doc!.id, Buffer.alloc(0), "vacio.pdf");
    expect(empty.data.fieldErrors.file).toBe("Elige un archivo para subir.");

    const saved = env();
    setEnv({ ...saved, MAX_UPLOAD_MB: 1 });
    try {
      const big = await up(doc!.id, Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]), "grande.pdf");
      expect(big.status).toBe(413);
      expect(big.data.fieldErrors.file).toBe("El archivo supera el tamaño máximo de 1 MB.");
    } finally {
      setEnv(saved);
    }
  });

  it("banco de preguntas: valida, edita, elimina; un examen se publica con 10 o más y no baja de 10 publicado", async () => {
    const admin = await createUser({ role: "admin" });
    const c = await createCourse({ modules: 1, lessonsPerModule: 0 });
    const [mod] = await db().select().from(courseModule).where(eq(courseModule.courseId, c.id));
    const [exam] = await db().insert(lesson).values({ moduleId: mod!.id, position: 1, title: "Examen", type: "examen" }).returning();
    const post = (fields: Record<string, string>) => call(editorAction, editorPost(c.id, fields, admin.cookie), { id: String(c.id) });
    const q = (i: number) => ({ intent: "add-question", lessonId: String(exam!.id), prompt: `¿Pregunta ${i}?`, option0: "a", option1: "b", option2: "c", option3: "d", correctIndex: "2", explanation: "" });

    const invalid = await post({ ...q(0), option3: "", correctIndex: "7" });
    expect(invalid.status).toBe(400);
    expect(invalid.data.fieldErrors).toEqual({ option3: "Escribe la opción D.", correctIndex: "Elige la opción correcta." });
    expect(invalid.data.values.prompt).toBe("¿Pregunta 0?");

    for (let i = 1; i <= 9; i++) expect((await post(q(i))).data.ok).toBe(true);
    const publish = { intent: "update-lesson", lessonId: String(exam!.id), title: "Examen", type: "examen", durationMin: "20", status: "published", body: "" };
    const tooFew = await post(publish);
    expect(tooFew.data.fieldErrors.status).toBe("Un examen necesita al menos 10 preguntas para publicarse (tiene 9).");
    await post(q(10));
    expect((await post(publish)).data.ok).toBe(true);

    const qs = await db().select().from(question).where(eq(question.lessonId, exam!.id)).orderBy(question.id);
    const edited = await post({ ...q(11), intent: "update-question", questionId: String(qs[0]!.id), correctIndex: "0" });
    expect(edited.data.ok).toBe(true);
    expect((await db().select().from(question).where(eq(question.id, qs[0]!.id)))[0]).toMatchObject({ prompt: "¿Pregunta 11?", correctIndex: 0, options: ["a", "b", "c", "d"] });

    const refused = await post({ intent: "delete-question", questionId: String(qs[0]!.id) });
    expect(refused.data.message).toBe("Un examen publicado necesita al menos 10 preguntas. Déjalo pendiente antes de eliminar preguntas.");
    await post(q(12));
    expect((await post({ intent: "delete-question", questionId: String(qs[0]!.id) })).data.ok).toBe(true);
    expect(await db().select().from(question).where(eq(question.lessonId, exam!.id))).toHaveLength(10);
  });

  it("un id de otro curso no sirve para modificarlo", async () => {
    const admin = await createUser({ role: "admin" });
    const a = await createCourse({ modules: 1 });
    const b = await createCourse({ modules: 1 });
    const before = await snapshot(b.id);
    const [modB] = await db().select().from(courseModule).where(eq(courseModule.courseId, b.id));
    const [lessonB] = await db().select().from(lesson).where(eq(lesson.moduleId, modB!.id));
    const attempts: Record<string, string>[] = [
      { intent: "update-module", moduleId: String(modB!.id), title: "Hackeado", description: "" },
      { intent: "delete-module", moduleId: String(modB!.id) },
      { intent: "add-lesson", moduleId: String(modB!.id), title: "Intrusa", type: "lectura" },
      { intent: "update-lesson", lessonId: String(lessonB!.id), title: "Hackeada", type: "lectura", durationMin: "1", status: "pending", body: "" },
      { intent: "delete-lesson", lessonId: String(lessonB!.id) },
      { intent: "move-lesson", lessonId: String(lessonB!.id), direction: "up" },
    ];
    for (const fields of attempts) {
      const r = await call(editorAction, editorPost(a.id, fields, admin.cookie), { id: String(a.id) });
      expect(r.status).toBe(404);
    }
    const cross = await call(editorAction, uploadRequest(a.id, lessonB!.id, PDF, "x.pdf", admin.cookie), { id: String(a.id) });
    expect(cross.status).toBe(404);
    expect(await snapshot(b.id)).toBe(before);
  });
});

describe("curso predefinido", () => {
  it("restaura los datos del catálogo y lo publica sin tocar inscripciones ni avance", async () => {
    const admin = await createUser({ role: "admin" });
    const learner = await createUser();
    const e = await enrol(learner.id, 1, { progress: 20 });
    const [firstLesson] = await db().select({ id: lesson.id }).from(lesson).innerJoin(courseModule, eq(courseModule.id, lesson.moduleId)).where(eq(courseModule.courseId, 1)).limit(1);
    await db().insert(lessonCompletion).values({ enrolmentId: e.id, lessonId: firstLesson!.id });
    // An admin's edit moves updated_at past the catalogue's mark.
    await db().update(course).set({ title: "Título roto", status: "draft", updatedAt: new Date() }).where(eq(course.id, 1));
    const lessonsBefore = await db().select({ n: sql<number>`count(*)::int` }).from(lesson);

    const page = await call(coursesLoader, getRequest("/admin/cursos", admin.cookie));
    expect(page.data.preset).toMatchObject({ id: 1, title: "Reanimación Cardiopulmonar solo Compresiones", category: "Salud", level: "Básico", priceClp: 20000 });
    // The page says the course was edited by hand, and what publishing overwrites; without the box ticked, nothing.
    expect(page.data.presetState).toMatchObject({ exists: true, editedAt: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/) });
    const unconfirmed = await call(coursesAction, formRequest("/admin/cursos", { intent: "publish-preset" }, { cookie: admin.cookie }));
    expect(unconfirmed).toMatchObject({ status: 400, data: { ok: false, field: "confirm", message: "Marca la casilla para confirmar que quieres restaurar el curso predefinido." } });
    expect((await db().select().from(course).where(eq(course.id, 1)))[0]).toMatchObject({ title: "Título roto", status: "draft" });
    expect(page.data.courses.find((x: { id: number }) => x.id === 1)).toMatchObject({ modules: 5, status: "draft", students: 1 });

    const r = await call(coursesAction, formRequest("/admin/cursos", { intent: "publish-preset", confirm: "on" }, { cookie: admin.cookie }));
    expect(r.data).toEqual({ ok: true, message: "Curso publicado exitosamente. Ahora podrás verlo en el Dashboard." });
    const [c1] = await db().select().from(course).where(eq(course.id, 1));
    expect(c1).toMatchObject({ title: "Reanimación Cardiopulmonar solo Compresiones", status: "published" });
    expect(await db().select({ n: sql<number>`count(*)::int` }).from(lesson)).toEqual(lessonsBefore);
    expect(await db().select().from(enrolment).where(eq(enrolment.id, e.id))).toHaveLength(1);
    expect(await db().select().from(lessonCompletion).where(eq(lessonCompletion.enrolmentId, e.id))).toHaveLength(1);
  });

  it("vuelve a crear el curso 1 si no existe", async () => {
    const admin = await createUser({ role: "admin" });
    await db().delete(course).where(eq(course.id, 1));
    const r = await call(coursesAction, formRequest("/admin/cursos", { intent: "publish-preset", confirm: "on" }, { cookie: admin.cookie }));
    expect(r.data.ok).toBe(true);
    const mods = await db().select().from(courseModule).where(eq(courseModule.courseId, 1));
    expect(mods).toHaveLength(5);
    expect((await db().select().from(course).where(eq(course.id, 1)))[0]!.status).toBe("published");
    // Courses created afterwards still get fresh ids.
    const next = await createCourse();
    expect(next.id).toBeGreaterThan(1);
  });
});

describe("nadie más que un administrador puede cambiar cursos", () => {
  it("cada acción de cursos con cookie de usuario o sin cookie es rechazada y no cambia nada", async () => {
    const learner = await createUser();
    const c = await createCourse({ modules: 1, status: "draft" });
    const [mod] = await db().select().from(courseModule).where(eq(courseModule.courseId, c.id));
    const [l] = await db().select().from(lesson).where(eq(lesson.moduleId, mod!.id));
    const [exam] = await db().insert(lesson).values({ moduleId: mod!.id, position: 9, title: "Examen", type: "examen" }).returning();
    const [qq] = await db().insert(question).values({ lessonId: exam!.id, prompt: "p", options: ["a", "b", "c", "d"], correctIndex: 0 }).returning();
    await db().update(course).set({ title: "Preset intacto" }).where(eq(course.id, 1));
    const before = await snapshot(c.id);
    const presetBefore = await snapshot(1);
    const coursesBefore = await db().select({ n: sql<number>`count(*)::int` }).from(course);
    const qfields = { prompt: "x", option0: "a", option1: "b", option2: "c", option3: "d", correctIndex: "1", explanation: "" };
    const attempts: Record<string, string>[] = [
      { intent: "save-course", ...validCourse },
      { intent: "publish" },
      { intent: "add-module", title: "M", description: "" },
      { intent: "update-module", moduleId: String(mod!.id), title: "M", description: "" },
      { intent: "move-module", moduleId: String(mod!.id), direction: "down" },
      { intent: "delete-module", moduleId: String(mod!.id) },
      { intent: "add-lesson", moduleId: String(mod!.id), title: "L", type: "lectura" },
      { intent: "update-lesson", lessonId: String(l!.id), title: "L", type: "lectura", durationMin: "1", status: "pending", body: "" },
      { intent: "move-lesson", lessonId: String(l!.id), direction: "down" },
      { intent: "delete-lesson", lessonId: String(l!.id) },
      { intent: "add-question", lessonId: String(exam!.id), ...qfields },
      { intent: "update-question", questionId: String(qq!.id), ...qfields },
      { intent: "delete-question", questionId: String(qq!.id) },
    ];
    for (const cookie of [learner.cookie, undefined]) {
      for (const fields of attempts) {
        const r = await call(editorAction, editorPost(c.id, fields, cookie), { id: String(c.id) });
        expect(isRefused(r), `${fields.intent} ${cookie ? "usuario" : "anónimo"}`).toBe(true);
      }
      expect(isRefused(await call(editorAction, uploadRequest(c.id, l!.id, PDF, "x.pdf", cookie), { id: String(c.id) }))).toBe(true);
      expect(isRefused(await call(newAction, formRequest("/admin/cursos/nuevo", validCourse, { cookie })))).toBe(true);
      expect(isRefused(await call(coursesAction, formRequest("/admin/cursos", { intent: "publish-preset" }, { cookie })))).toBe(true);
      expect(isRefused(await call(editorLoader, getRequest(`/admin/cursos/${c.id}`, cookie), { id: String(c.id) }))).toBe(true);
      expect(isRefused(await call(newLoader, getRequest("/admin/cursos/nuevo", cookie)))).toBe(true);
      expect(isRefused(await call(coursesLoader, getRequest("/admin/cursos", cookie)))).toBe(true);
    }
    expect(await snapshot(c.id)).toBe(before);
    expect(await snapshot(1)).toBe(presetBefore);
    expect(await db().select({ n: sql<number>`count(*)::int` }).from(course)).toEqual(coursesBefore);
    expect(await db().select().from(asset).where(and(eq(asset.filename, "x.pdf")))).toHaveLength(0);
  });
});
