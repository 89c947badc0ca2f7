// The course outline as production keeps it (app/server/catalogue/cache.server.ts, on here; the other tests
// read it afresh): a learner takes the whole course through the shared copy — which is frozen, so code that
// changed it for everyone would fail here —, a change nobody announced stays unseen until the catalogue
// changes, and the course editor's changes are seen by the very next page. The same for a reading's text and an
// exam's question bank (app/server/exams/bank.server.ts), against which attempts are graded.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { courseModule, examAttempt, lesson, question } from "~/server/platform/db/schema";
import { catalogueChanged } from "~/server/catalogue/events.server";
import { action as editorAction } from "~/routes/admin/curso-editor";
import { createUser } from "../support/users";
import { useCatalogueCopies } from "../support/catalogue-copies";
import { formRequest } from "../support/requests";
import { call } from "../support/call";
import { COURSE1, useFixtureCatalogue } from "./fixture-catalogue";
import { answersFor, enrol, enrolmentOf, lessonId, studyLesson, openContent, startAttempt, submitAttempt } from "./helpers";

useFixtureCatalogue();

useCatalogueCopies();

const moduleTitles = async (cookie: string) => ((await openContent(cookie, 1)).data.modules as { title: string }[]).map((m) => m.title);

describe("el esquema del curso guardado en memoria", () => {
  it("un alumno completa el curso entero con él: lecciones, video, examen, certificado", async () => {
    const u = await createUser();
    await enrol(u.id);
    for (const title of [COURSE1.pdf, COURSE1.documento, COURSE1.lectura]) {
      expect((await openContent(u.cookie, 1, `?leccion=${await lessonId(title)}`)).status).toBe(200);
      await studyLesson(u.cookie, await lessonId(title));
    }
    expect((await studyLesson(u.cookie, await lessonId(COURSE1.video))).status).toBe(200);
    const { loader } = await import("~/routes/archivo-leccion");
    const { getRequest } = await import("../support/requests");
    const zip = await lessonId(COURSE1.descarga);
    await call(loader, getRequest(`/archivos/lecciones/${zip}?descargar=1`, u.cookie), { lessonId: String(zip) });
    const exam = await lessonId(COURSE1.examen);
    const attemptId = await startAttempt(u.cookie, exam);
    expect((await openContent(u.cookie, 1, `?leccion=${exam}&intento=${attemptId}`)).status).toBe(200);
    expect((await submitAttempt(u.cookie, exam, attemptId, await answersFor(attemptId, "right"))).status).toBe(302);
    expect(await enrolmentOf(u.id)).toMatchObject({ progress: 100, completedAt: expect.any(Date) });
    expect((await openContent(u.cookie, 1)).data).toMatchObject({ progress: 100, completed: true });
  });

  it("un cambio escrito directo en la base no se ve hasta que el catálogo avisa que cambió", async () => {
    const u = await createUser();
    await enrol(u.id);
    const before = await moduleTitles(u.cookie);
    const [first] = await db().select().from(courseModule).where(eq(courseModule.courseId, 1)).orderBy(courseModule.position).limit(1);
    await db().update(courseModule).set({ title: "Título cambiado sin aviso" }).where(eq(courseModule.id, first!.id));
    try {
      expect(await moduleTitles(u.cookie)).toEqual(before);
      catalogueChanged();
      expect((await moduleTitles(u.cookie))[0]).toBe("Título cambiado sin aviso");
    } finally {
      await db().update(courseModule).set({ title: first!.title }).where(eq(courseModule.id, first!.id));
      catalogueChanged();
    }
  });

  it("lo que cambia el editor de cursos se ve en la página siguiente del alumno", async () => {
    const u = await createUser();
    await enrol(u.id);
    const admin = await createUser({ role: "admin" });
    const [first] = await db().select().from(courseModule).where(eq(courseModule.courseId, 1)).orderBy(courseModule.position).limit(1);
    const lectura = await lessonId(COURSE1.lectura);
    expect((await openContent(u.cookie, 1, `?leccion=${lectura}`)).status).toBe(200);
    await moduleTitles(u.cookie);
    const edited = await call(editorAction, formRequest("/admin/cursos/1", { intent: "update-module", moduleId: String(first!.id), title: "Módulo editado", description: "" }, { cookie: admin.cookie }), { id: "1" });
    expect(edited.status).toBe(200);
    expect((await moduleTitles(u.cookie))[0]).toBe("Módulo editado");
    await call(editorAction, formRequest("/admin/cursos/1", { intent: "update-module", moduleId: String(first!.id), title: first!.title, description: first!.description }, { cookie: admin.cookie }), { id: "1" });
    expect((await moduleTitles(u.cookie))[0]).toBe(first!.title);
  });
  it("el texto de una lectura también: compartido, y renovado cuando el catálogo avisa un cambio", async () => {
    const u = await createUser();
    await enrol(u.id);
    const lectura = await lessonId(COURSE1.lectura);
    const readingOf = async () => ((await openContent(u.cookie, 1, `?leccion=${lectura}`)).data.lesson as { html: string | null }).html;
    const [before] = await db().select({ html: lesson.readingHtml, body: lesson.body }).from(lesson).where(eq(lesson.id, lectura));
    const shown = await readingOf();
    expect(shown).toBeTruthy();
    await db().update(lesson).set({ readingHtml: "<p>Lectura cambiada sin aviso</p>" }).where(eq(lesson.id, lectura));
    try {
      expect(await readingOf()).toBe(shown);
      catalogueChanged();
      expect(await readingOf()).toBe("<p>Lectura cambiada sin aviso</p>");
    } finally {
      await db().update(lesson).set({ readingHtml: before!.html }).where(eq(lesson.id, lectura));
      catalogueChanged();
    }
  });

  it("el banco del examen también: un cambio sin aviso no cuenta, la alternativa correcta que cambia el editor cuenta en el envío siguiente", async () => {
    const u = await createUser();
    await enrol(u.id);
    const admin = await createUser({ role: "admin" });
    const exam = await lessonId(COURSE1.examen);
    const firstQuestionOf = async (attemptId: number) => {
      const [attempt] = await db().select().from(examAttempt).where(eq(examAttempt.id, attemptId));
      const [q] = await db().select().from(question).where(eq(question.id, attempt!.questionIds[0]!));
      return q!;
    };
    const setCorrect = (q: typeof question.$inferSelect, correctIndex: number) =>
      call(
        editorAction,
        formRequest(
          "/admin/cursos/1",
          { intent: "update-question", questionId: String(q.id), prompt: q.prompt, option0: q.options[0]!, option1: q.options[1]!, option2: q.options[2]!, option3: q.options[3]!, correctIndex: String(correctIndex), explanation: q.explanation },
          { cookie: admin.cookie },
        ),
        { id: "1" },
      );
    const scoreOf = async (attemptId: number) => (await db().select({ score: examAttempt.score }).from(examAttempt).where(eq(examAttempt.id, attemptId)))[0]!.score;

    // Written straight into the database, unannounced: the copy still grades with the old answer.
    const first = await startAttempt(u.cookie, exam);
    const unannounced = await firstQuestionOf(first);
    await db().update(question).set({ correctIndex: (unannounced.correctIndex + 1) % 4 }).where(eq(question.id, unannounced.id));
    try {
      expect((await submitAttempt(u.cookie, exam, first, await answersFor(first, "right"))).status).toBe(302);
      expect(await scoreOf(first)).toBe(90);
    } finally {
      await db().update(question).set({ correctIndex: unannounced.correctIndex }).where(eq(question.id, unannounced.id));
      catalogueChanged();
    }

    // Through the course editor: the very next submit is graded with the new answer.
    const second = await startAttempt(u.cookie, exam);
    const edited = await firstQuestionOf(second);
    expect((await setCorrect(edited, (edited.correctIndex + 1) % 4)).status).toBe(200);
    try {
      expect((await submitAttempt(u.cookie, exam, second, await answersFor(second, "right"))).status).toBe(302);
      expect(await scoreOf(second)).toBe(100);
    } finally {
      await setCorrect(edited, edited.correctIndex);
    }
  });

  it("el dashboard cuenta el avance con el mismo esquema: módulos, lecciones publicadas hechas y la siguiente", async () => {
    const u = await createUser();
    await enrol(u.id);
    const { loader } = await import("~/routes/dashboard");
    const { getRequest } = await import("../support/requests");
    const card = async () => ((await call(loader, getRequest("/dashboard", u.cookie))).data.courses as { courseId: number }[]).find((c) => c.courseId === 1);
    // Course 1: five modules, eight lessons; six published (the two pending ones count for nobody).
    expect(await card()).toMatchObject({ modules: 5, lessons: 8, lessonsDone: 0, lessonsTotal: 6, progress: 0, next: { title: COURSE1.pdf } });
    await studyLesson(u.cookie, await lessonId(COURSE1.pdf));
    await studyLesson(u.cookie, await lessonId(COURSE1.documento));
    expect(await card()).toMatchObject({ lessonsDone: 2, lessonsTotal: 6, next: { title: COURSE1.video } });
    // What the content page shows for the same learner.
    expect((await card()) as unknown).toMatchObject({ progress: (await openContent(u.cookie, 1)).data.progress });
  });
});
