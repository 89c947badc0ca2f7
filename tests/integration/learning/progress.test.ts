// One rule for progress (docs/decisions.md B8, E4): the content page's header, the dashboard card and the stat
// cards read the same figures; a completed course stays completed (with its certificate) when lessons are
// added, and the added lessons show as new; 'N de M lecciones' counts each step.
import { afterEach, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { certificate, courseModule, enrolment, lesson } from "~/server/platform/db/schema";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { addLesson, deleteLesson, updateLesson } from "~/server/authoring/lessons.server";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { call } from "../support/call";
import { COURSE1, useFixtureCatalogue } from "./fixture-catalogue";
import { changedInTheDatabase } from "../support/catalogue-copies";
import { answersFor, enrol, enrolmentOf, lessonId, openContent, studyLesson, startAttempt, submitAttempt } from "./helpers";

useFixtureCatalogue();

// Lessons a test adds to course 1 are removed after it: the file shares one database.
const added: number[] = [];
afterEach(async () => {
  for (const id of added.splice(0)) await db().delete(lesson).where(eq(lesson.id, id));
  changedInTheDatabase();
});

async function dashboardCard(cookie: string, courseId = 1) {
  const r = await call(dashboardLoader, getRequest("/dashboard", cookie));
  return { card: r.data.courses.find((c: { courseId: number }) => c.courseId === courseId), stats: r.data.stats };
}

async function open(cookie: string, title: string) {
  await studyLesson(cookie, await lessonId(title));
}

async function completeCourse(cookie: string) {
  await open(cookie, COURSE1.pdf);
  await open(cookie, COURSE1.documento);
  await open(cookie, COURSE1.lectura);
  await studyLesson(cookie, await lessonId(COURSE1.video));
  // The download-only lesson completes when its file is downloaded: record it the way the file route does.
  const { recordLessonEvent } = await import("~/server/learning/learning.server");
  const { getUser } = await import("~/server/accounts/session.server");
  const user = (await getUser(getRequest("/", cookie)))!;
  await recordLessonEvent({ user, courseId: 1, lessonId: await lessonId(COURSE1.descarga), event: "download" });
  const exam = await lessonId(COURSE1.examen);
  const attempt = await startAttempt(cookie, exam);
  await submitAttempt(cookie, exam, attempt, await answersFor(attempt, "right"));
}

describe("una sola regla de avance (E4)", () => {
  it("la cabecera del contenido, la tarjeta del dashboard y las estadísticas dicen lo mismo", async () => {
    const u = await createUser();
    await enrol(u.id);
    await open(u.cookie, COURSE1.pdf);
    await open(u.cookie, COURSE1.documento);
    await open(u.cookie, COURSE1.lectura);
    const page = (await openContent(u.cookie, 1)).data;
    const { card, stats } = await dashboardCard(u.cookie);
    // Presentación done (1 of 4 counted modules); 3 of 6 published lessons.
    expect(page).toMatchObject({ progress: 25, modulesDone: 1, modulesTotal: 4, lessonsDone: 3, lessonsTotal: 6, completed: false });
    expect(card).toMatchObject({ progress: 25, modulesDone: 1, modulesTotal: 4, lessonsDone: 3, lessonsTotal: 6, completed: false });
    // Resume: the card's 'Continuar' and the content page without ?leccion open the same lesson.
    expect(card.next).toEqual({ id: await lessonId(COURSE1.video), title: COURSE1.video });
    expect(page.lesson.id).toBe(card.next.id);
    expect(stats).toMatchObject({ inProgressCourses: 1, inProgressPercent: 100, inProgressAverage: 25, completedCourses: 0 });
  });

  it("un curso completado sigue completado con su certificado cuando se agregan lecciones; las nuevas se ven como nuevas", async () => {
    const u = await createUser();
    await enrol(u.id);
    await completeCourse(u.cookie);
    const before = (await enrolmentOf(u.id))!;
    expect(before.completedAt).not.toBeNull();
    expect(before.progress).toBe(100);

    // An admin adds a published lesson to the first module.
    const [first] = await db().select().from(courseModule).where(eq(courseModule.courseId, 1)).orderBy(courseModule.position).limit(1);
    const [extra] = await db()
      .insert(lesson)
      .values({ moduleId: first!.id, position: 99, title: "Lección agregada", type: "lectura", body: "Nueva", status: "published" })
      .returning();
    added.push(extra!.id);
    changedInTheDatabase();

    const page = (await openContent(u.cookie, 1)).data;
    expect(page).toMatchObject({ progress: 100, completed: true, lessonsDone: 6, lessonsTotal: 7 });
    // Without ?leccion the learner lands on the new lesson, flagged as new in the panel and the viewer.
    expect(page.lesson).toMatchObject({ id: extra!.id, isNew: true, completed: false });
    const panelLesson = page.modules[0].lessons.find((l: { id: number }) => l.id === extra!.id);
    expect(panelLesson).toMatchObject({ isNew: true, completed: false });
    expect(page.modules[0].lessons.filter((l: { isNew: boolean }) => l.isNew)).toHaveLength(1);

    const { card, stats } = await dashboardCard(u.cookie);
    expect(card).toMatchObject({ progress: 100, completed: true, lessonsDone: 6, lessonsTotal: 7, next: { id: extra!.id } });
    expect(card.certificate).not.toBeNull();
    expect(stats).toMatchObject({ completedCourses: 1, inProgressCourses: 0, certificates: 1 });

    // Studying the new lesson keeps the completion date and issues no second certificate.
    await studyLesson(u.cookie, extra!.id);
    const after = (await enrolmentOf(u.id))!;
    expect(after).toMatchObject({ progress: 100 });
    expect(after.completedAt!.getTime()).toBe(before.completedAt!.getTime());
    const [certs] = await db().select({ n: count() }).from(certificate).where(eq(certificate.enrolmentId, before.id));
    expect(certs!.n).toBe(1);
    expect((await openContent(u.cookie, 1, `?leccion=${extra!.id}`)).data.lesson).toMatchObject({ isNew: false, completed: true });
  });

  it("un curso no completado que gana una lección baja su porcentaje en todas partes por igual", async () => {
    const u = await createUser();
    await enrol(u.id);
    await open(u.cookie, COURSE1.pdf);
    await open(u.cookie, COURSE1.documento);
    expect((await enrolmentOf(u.id))!.progress).toBe(25);
    const [first] = await db().select().from(courseModule).where(eq(courseModule.courseId, 1)).orderBy(courseModule.position).limit(1);
    const [extra] = await db()
      .insert(lesson)
      .values({ moduleId: first!.id, position: 98, title: "Otra lección", type: "lectura", body: "x", status: "published" })
      .returning();
    added.push(extra!.id);
    changedInTheDatabase();
    const page = (await openContent(u.cookie, 1)).data;
    const { card } = await dashboardCard(u.cookie);
    expect(page).toMatchObject({ progress: 0, lessonsDone: 2, lessonsTotal: 7, completed: false });
    expect(card).toMatchObject({ progress: 0, lessonsDone: 2, lessonsTotal: 7, completed: false });
    expect(page.modules[0].lessons.some((l: { isNew: boolean }) => l.isNew)).toBe(false);
  });

  it("publicar, retirar o borrar una lección desde el editor lleva el avance guardado a la misma regla", async () => {
    const u = await createUser();
    await enrol(u.id);
    await open(u.cookie, COURSE1.pdf);
    await open(u.cookie, COURSE1.documento);
    expect((await enrolmentOf(u.id))!.progress).toBe(25);
    const [first] = await db().select().from(courseModule).where(eq(courseModule.courseId, 1)).orderBy(courseModule.position).limit(1);
    // The editor's functions called directly: the editor's action (handleCourseEditorAction) announces each
    // change once it is committed, which this test does in its place.
    const created = await addLesson(1, first!.id, { title: "Lección del editor", type: "lectura" });
    expect(created.ok).toBe(true);
    const id = created.ok ? created.id! : 0;
    added.push(id);
    // Still pending: nothing changes.
    expect((await enrolmentOf(u.id))!.progress).toBe(25);
    const form = { title: "Lección del editor", type: "lectura" as const, durationMin: 5, downloadable: false, body: "Texto" };
    expect((await updateLesson(1, id, { ...form, status: "published" })).ok).toBe(true);
    changedInTheDatabase();
    const page = (await openContent(u.cookie, 1)).data;
    expect(page.progress).toBe(0);
    expect((await enrolmentOf(u.id))!.progress).toBe(page.progress);
    expect((await updateLesson(1, id, { ...form, status: "pending" })).ok).toBe(true);
    changedInTheDatabase();
    expect((await enrolmentOf(u.id))!.progress).toBe(25);
    expect((await updateLesson(1, id, { ...form, status: "published" })).ok).toBe(true);
    changedInTheDatabase();
    expect((await deleteLesson(1, id)).ok).toBe(true);
    changedInTheDatabase();
    expect((await enrolmentOf(u.id))!.progress).toBe(25);
    expect((await openContent(u.cookie, 1)).data.progress).toBe(25);
  });

  it("el GET de la página de contenido no escribe nada (ni completa, ni emite certificados ni correo)", async () => {
    const u = await createUser();
    await enrol(u.id);
    const before = await enrolmentOf(u.id);
    for (const title of Object.values(COURSE1)) {
      await openContent(u.cookie, 1, `?leccion=${await lessonId(title)}`);
    }
    expect(await enrolmentOf(u.id)).toEqual(before);
    const [row] = await db().select({ n: count() }).from(enrolment).where(eq(enrolment.userId, u.id));
    expect(row!.n).toBe(1);
  });
});
