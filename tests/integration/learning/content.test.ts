import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { enrolment, lessonCompletion } from "~/server/platform/db/schema";
import { learningMessages } from "~/domain/learning-messages";
import { createUser } from "../support/users";
import { COURSE1, useFixtureCatalogue } from "./fixture-catalogue";
import * as content from "~/routes/curso-contenido";
import { call } from "../support/call";
import { getRequest } from "../support/requests";
import { completedLessonIds, enrol, enrolmentOf, lessonId, openContent, postContent, studyLesson } from "./helpers";

useFixtureCatalogue();

describe("acceso a /cursos/{id}/contenido", () => {
  it("un visitante anónimo va al detalle del curso", async () => {
    expect(await openContent(undefined, 1)).toMatchObject({ status: 302, location: "/cursos/1" });
    expect(await openContent(undefined, "abc")).toMatchObject({ status: 302, location: "/cursos/abc" });
  });

  it("un usuario no inscrito ve 'No estás inscrito en este curso...' (403) y nada del contenido", async () => {
    const u = await createUser();
    const res = await openContent(u.cookie, 1);
    expect(res.status).toBe(403);
    expect(res.data).toEqual({ kind: "not-enrolled", course: { id: 1, title: "Curso de prueba 1" } });
    expect(learningMessages.notEnrolled).toBe("No estás inscrito en este curso. Por favor, inscríbete primero.");
  });

  it("curso inexistente, id no numérico o borrador: 'No se encontró información del curso.' (404)", async () => {
    const u = await createUser();
    await db().insert(enrolment).values({ userId: u.id, courseId: 3 });
    for (const id of ["999", "abc", "1.5", "3"]) {
      const res = await openContent(u.cookie, id);
      expect(res.status, id).toBe(404);
      expect(res.data).toEqual({ kind: "not-found" });
    }
  });

  it("un administrador abre cualquier curso sin inscribirse y no se registra avance", async () => {
    const admin = await createUser({ role: "admin" });
    const res = await openContent(admin.cookie, 1);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ kind: "content", admin: true, enrolled: false, progress: 0 });
    expect(res.data.lesson.title).toBe(COURSE1.pdf);
    expect(await enrolmentOf(admin.id)).toBeUndefined();
    // A draft is open to admins (preview), flagged as such.
    expect((await openContent(admin.cookie, 3)).data).toMatchObject({ kind: "content", course: { draft: true } });
  });

  it("curso 2: módulos sin lecciones publicadas ('Contenido en preparación') y lecciones 'Próximamente'", async () => {
    const admin = await createUser({ role: "admin" });
    const res = await openContent(admin.cookie, 2);
    expect(res.data.lesson).toBeNull();
    expect(res.data.modules).toEqual([
      expect.objectContaining({ state: "empty", lessons: [expect.objectContaining({ title: "Pronto", pending: true })] }),
    ]);
  });
});

describe("ver lecciones y avance (B8)", () => {
  it("abrir un PDF no escribe en el GET ni lo completa: se completa al estudiarlo (F8); el avance sigue a las lecciones", async () => {
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const pdfId = await lessonId(COURSE1.pdf);
    const first = await openContent(u.cookie, 1);
    expect(first.data.lesson).toMatchObject({ id: pdfId, mode: "pdf", completed: false, completesOnOpen: false, fileUrl: `/archivos/lecciones/${pdfId}` });
    expect(first.data.lesson.study).toMatchObject({ kind: "reading", requiredSeconds: 30, seconds: 0 });
    expect(first.data).toMatchObject({ progress: 0, lessonsDone: 0, lessonsTotal: 6 });
    // The GET wrote nothing, even when repeated (a prefetch, a reload).
    await openContent(u.cookie, 1, `?leccion=${pdfId}`);
    expect(await completedLessonIds(enrolmentId)).toEqual([]);
    expect((await enrolmentOf(u.id))!.lastLessonId).toBeNull();

    expect(await studyLesson(u.cookie, pdfId)).toMatchObject({ status: 200, data: { study: { completed: true, message: null } } });
    expect(await completedLessonIds(enrolmentId)).toEqual([pdfId]);
    const docId = await lessonId(COURSE1.documento);
    await studyLesson(u.cookie, docId);
    const second = await openContent(u.cookie, 1, `?leccion=${docId}`);
    expect(second.data.lesson).toMatchObject({ id: docId, mode: "pdf", completed: true, completesOnOpen: false, downloadUrl: `/archivos/lecciones/${docId}?descargar=1` });
    expect(second.data.lesson.study).toMatchObject({ message: null });
    expect(second.data.modules[0]).toMatchObject({ state: "completed" });
    // 1 of 4 counted modules (the empty one does not count); 2 of 6 published lessons.
    expect(second.data).toMatchObject({ progress: 25, lessonsDone: 2, lessonsTotal: 6, completed: false });
    expect((await enrolmentOf(u.id))!).toMatchObject({ progress: 25, lastLessonId: docId });
  });

  it("sin ?leccion se retoma en la siguiente lección sin terminar, no en la última visitada ni en el examen", async () => {
    const u = await createUser();
    await enrol(u.id);
    const [pdfId, docId, videoId, lecturaId, descargaId, examId] = await Promise.all(
      [COURSE1.pdf, COURSE1.documento, COURSE1.video, COURSE1.lectura, COURSE1.descarga, COURSE1.examen].map(lessonId),
    );
    await studyLesson(u.cookie, docId!);
    // The chosen lesson is named in the URL first (a redirect), so completing it never moves the page on.
    const named = await call(content.loader, getRequest("/cursos/1/contenido?modulos=abierto", u.cookie), { courseId: "1" });
    expect(named).toMatchObject({ status: 302, location: `/cursos/1/contenido?modulos=abierto&leccion=${pdfId}` });
    expect((await openContent(u.cookie, 1)).data.lesson.id).toBe(pdfId);
    await studyLesson(u.cookie, pdfId!);
    expect((await openContent(u.cookie, 1)).data.lesson.id).toBe(videoId);
    await studyLesson(u.cookie, videoId!);
    await studyLesson(u.cookie, lecturaId!);
    // The pending lesson is skipped; the download-only lesson is next, and only then the exam.
    expect((await openContent(u.cookie, 1)).data.lesson.id).toBe(descargaId);
    await db().insert(lessonCompletion).values({ enrolmentId: (await enrolmentOf(u.id))!.id, lessonId: descargaId! });
    expect((await openContent(u.cookie, 1)).data.lesson.id).toBe(examId);
  });

  it("lesson-opened ya no completa una lectura, un PDF ni un video; solo lo que no tiene nada que estudiar", async () => {
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const stranger = await createUser();
    const pdfId = await lessonId(COURSE1.pdf);
    for (const title of [COURSE1.pdf, COURSE1.lectura, COURSE1.video, COURSE1.examen]) {
      expect((await postContent(u.cookie, 1, { intent: "lesson-opened", leccion: String(await lessonId(title)) })).status, title).toBe(400);
    }
    expect((await postContent(u.cookie, 1, { intent: "lesson-opened", leccion: String(await lessonId(COURSE1.pendiente)) })).status).toBe(404);
    expect((await postContent(u.cookie, 1, { intent: "lesson-opened", leccion: String(await lessonId("Lección en borrador")) })).status).toBe(404);
    expect((await postContent(stranger.cookie, 1, { intent: "lesson-opened", leccion: String(pdfId) })).status).toBe(403);
    expect(await postContent(undefined, 1, { intent: "lesson-opened", leccion: String(pdfId) })).toMatchObject({ status: 302, location: "/cursos/1" });
    expect(await completedLessonIds(enrolmentId)).toEqual([]);
  });

  it("estudiar la misma lección en cinco pestañas a la vez la completa una sola vez", async () => {
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const pdfId = await lessonId(COURSE1.pdf);
    await Promise.all(Array.from({ length: 5 }, () => studyLesson(u.cookie, pdfId)));
    expect(await completedLessonIds(enrolmentId)).toEqual([pdfId]);
  });

  it("una lección pendiente muestra 'Próximamente' y no se completa; una lección de otro curso no se abre", async () => {
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const pendingId = await lessonId(COURSE1.pendiente);
    const res = await openContent(u.cookie, 1, `?leccion=${pendingId}`);
    expect(res.data.lesson).toMatchObject({ id: pendingId, pending: true, mode: null, fileUrl: null });
    expect(await completedLessonIds(enrolmentId)).toEqual([]);
    const foreign = await lessonId("Lección en borrador");
    const other = await openContent(u.cookie, 1, `?leccion=${foreign}`);
    expect(other.data.lesson.title).toBe(COURSE1.pdf);
  });

  it("la lectura se muestra como HTML saneado (sin scripts ni enlaces javascript:)", async () => {
    const u = await createUser();
    await enrol(u.id);
    const res = await openContent(u.cookie, 1, `?leccion=${await lessonId(COURSE1.lectura)}`);
    expect(res.data.lesson.mode).toBe("lectura");
    expect(res.data.lesson.html).toContain("<strong>importante</strong>");
    expect(res.data.lesson.html).not.toMatch(/<script|javascript:/i);
    expect(res.data.lesson).toMatchObject({ completed: false, completesOnOpen: false, study: { kind: "reading" } });
  });

  it("un video no se completa al abrirlo, sino al verlo (F8)", async () => {
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const videoId = await lessonId(COURSE1.video);
    const res = await openContent(u.cookie, 1, `?leccion=${videoId}`);
    expect(res.data.lesson).toMatchObject({ mode: "video", completed: false, captionsUrl: `/archivos/lecciones/${videoId}?pista=subtitulos` });
    expect(await completedLessonIds(enrolmentId)).toEqual([]);
    expect(res.data.lesson.study).toMatchObject({ kind: "video" });
    expect(await studyLesson(u.cookie, videoId)).toMatchObject({ status: 200 });
    expect(await completedLessonIds(enrolmentId)).toEqual([videoId]);
    // Idempotent.
    await studyLesson(u.cookie, videoId);
    expect(await completedLessonIds(enrolmentId)).toEqual([videoId]);
  });

  it("lesson-study no sirve para otra cosa, ni para quien no está inscrito, ni sin sesión", async () => {
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const stranger = await createUser();
    const pdfId = await lessonId(COURSE1.pdf);
    const videoId = await lessonId(COURSE1.video);
    const examId = await lessonId(COURSE1.examen);
    const form = (leccion: string) => ({ intent: "lesson-study", leccion, visita: "x" });
    expect((await postContent(u.cookie, 1, form(String(examId)))).status).toBe(400);
    expect((await postContent(u.cookie, 1, form(String(await lessonId(COURSE1.pendiente))))).status).toBe(404);
    expect((await postContent(u.cookie, 2, form(String(videoId)))).status).toBe(403);
    expect((await postContent(u.cookie, 1, form("abc"))).status).toBe(400);
    expect((await postContent(u.cookie, 1, { ...form(String(videoId)), segmentos: "[[5,1]]" })).status).toBe(400);
    expect((await postContent(u.cookie, 1, { intent: "otra-cosa", leccion: String(pdfId) })).status).toBe(400);
    expect((await postContent(stranger.cookie, 1, form(String(videoId)))).status).toBe(403);
    expect(await postContent(undefined, 1, form(String(videoId)))).toMatchObject({ status: 302, location: "/cursos/1" });
    expect(await completedLessonIds(enrolmentId)).toEqual([]);
  });

  it("un administrador inscrito sí registra su avance", async () => {
    const admin = await createUser({ role: "admin" });
    const enrolmentId = await enrol(admin.id);
    const res = await openContent(admin.cookie, 1);
    expect(res.data).toMatchObject({ admin: true, enrolled: true });
    expect(res.data.lesson.study).toMatchObject({ kind: "reading" });
    await studyLesson(admin.cookie, res.data.lesson.id);
    expect(await completedLessonIds(enrolmentId)).toHaveLength(1);
  });

  it("el avance guardado en la inscripción sigue a las lecciones completadas", async () => {
    const u = await createUser();
    await enrol(u.id);
    for (const title of [COURSE1.pdf, COURSE1.documento, COURSE1.lectura]) {
      await studyLesson(u.cookie, await lessonId(title));
    }
    await studyLesson(u.cookie, await lessonId(COURSE1.video));
    const [row] = await db().select().from(enrolment).where(eq(enrolment.userId, u.id));
    // Presentación and Práctica completed (the pending lesson does not count): 2 of 4.
    expect(row).toMatchObject({ progress: 50, completedAt: null });
  });
});
