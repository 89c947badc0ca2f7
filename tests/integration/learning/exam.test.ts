import { describe, expect, it } from "vitest";
import { count, eq, inArray } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { certificate, examAttempt, lesson, question } from "~/server/platform/db/schema";
import { catalogueChanged } from "~/server/catalogue/events.server";
import { DEFAULT_EXAM_SETTINGS } from "~/domain/exam-settings";
import { answerFieldName } from "~/domain/exam-forms";
import { learningMessages } from "~/domain/learning-messages";
import { scoreBandLabel } from "~/domain/insight";
import { getCourseResults } from "~/server/reports/course-results.server";
import { createUser } from "../support/users";
import type { Loose } from "../support/call";
import { COURSE1, FIXTURE_QUESTIONS, useFixtureCatalogue } from "./fixture-catalogue";
import { changedInTheDatabase } from "../support/catalogue-copies";
import {
  answersFor,
  attemptsOf,
  completedLessonIds,
  enrol,
  enrolmentOf,
  lessonId,
  studyLesson,
  openContent,
  postContent,
  startAttempt,
  submitAttempt,
} from "./helpers";

useFixtureCatalogue();

const examLesson = () => lessonId(COURSE1.examen);

async function attemptRow(id: number) {
  const [row] = await db().select().from(examAttempt).where(eq(examAttempt.id, id));
  return row!;
}

/** Everything a learner's browser would receive for a page: the loader data, serialised. */
async function pageJson(cookie: string, query: string) {
  const res = await openContent(cookie, 1, query);
  expect(res.status).toBe(200);
  return { res, json: JSON.stringify(res.data) };
}

function expectNoAnswerLeak(json: string) {
  expect(json).not.toMatch(/correctIndex|correct_index|correctSet|correct_set|correctOption|explanation/i);
  for (const q of FIXTURE_QUESTIONS) expect(json).not.toContain(q.explanation);
}

describe("evaluación: acceso", () => {
  it("sin sesión: comenzar y enviar redirigen al detalle y no guardan nada", async () => {
    const id = await examLesson();
    expect(await postContent(undefined, 1, { intent: "exam-start", leccion: String(id) })).toMatchObject({ status: 302, location: "/cursos/1" });
    expect(await postContent(undefined, 1, { intent: "exam-submit", leccion: String(id), intento: "1" })).toMatchObject({
      status: 302,
      location: "/cursos/1",
    });
    expect((await db().select({ n: count() }).from(examAttempt))[0]!.n).toBe(0);
  });

  it("un usuario no inscrito no puede comenzar, ni ver, ni enviar un intento", async () => {
    const learner = await createUser();
    await enrol(learner.id);
    const stranger = await createUser();
    const id = await examLesson();
    const attemptId = await startAttempt(learner.cookie, id);

    const start = await postContent(stranger.cookie, 1, { intent: "exam-start", leccion: String(id) });
    expect(start).toMatchObject({ status: 403, data: { exam: { message: learningMessages.notEnrolled } } });
    const view = await openContent(stranger.cookie, 1, `?leccion=${id}&intento=${attemptId}`);
    expect(view.status).toBe(403);
    expect(JSON.stringify(view.data)).not.toContain("Pregunta de prueba");
    const submit = await submitAttempt(stranger.cookie, id, attemptId, await answersFor(attemptId, "right"));
    expect(submit.status).toBe(403);
    expect(await attemptsOf(stranger.id)).toEqual([]);
    expect((await attemptRow(attemptId)).submittedAt).toBeNull();
  });

  it("la lección debe ser el examen publicado de este curso", async () => {
    const u = await createUser();
    await enrol(u.id);
    const pdf = await lessonId(COURSE1.pdf);
    expect((await postContent(u.cookie, 1, { intent: "exam-start", leccion: String(pdf) })).status).toBe(404);
    expect((await postContent(u.cookie, 2, { intent: "exam-start", leccion: String(await examLesson()) })).status).toBe(403);
    expect(await attemptsOf(u.id)).toEqual([]);
  });
});

describe("evaluación: las respuestas correctas nunca salen antes de corregir (B11)", () => {
  it("comenzar sortea 10 preguntas del banco, baraja sus alternativas y no envía respuestas", async () => {
    const u = await createUser();
    await enrol(u.id);
    const id = await examLesson();

    const intro = await pageJson(u.cookie, `?leccion=${id}`);
    expect(intro.res.data.exam.intro).toMatchObject({ questionCount: 10, available: true, history: [] });
    expectNoAnswerLeak(intro.json);

    const orders: number[][] = [];
    for (let n = 0; n < 3; n++) {
      const attemptId = await startAttempt(u.cookie, id);
      const row = await attemptRow(attemptId);
      expect(row).toMatchObject({ attemptNumber: null, submittedAt: null, answers: null });
      expect(new Set(row.questionIds).size).toBe(10);
      orders.push(...row.optionOrder);

      const { res, json } = await pageJson(u.cookie, `?leccion=${id}&intento=${attemptId}`);
      expectNoAnswerLeak(json);
      const attempt = res.data.exam.attempt;
      expect(attempt.status).toBe("open");
      expect(attempt.questions).toHaveLength(10);
      const stored = await db().select().from(question).where(inArray(question.id, row.questionIds));
      for (const [i, q] of attempt.questions.entries()) {
        expect(Object.keys(q).sort()).toEqual(["id", "multiple", "options", "prompt"]);
        const original = stored.find((s) => s.id === q.id)!;
        expect(q.options).toEqual(row.optionOrder[i]!.map((o: number) => original.options[o]));
      }
    }
    // Shuffled: across 30 questions, some are not in their stored order.
    expect(orders.some((o) => o.join() !== "0,1,2,3")).toBe(true);
  });

  it("un envío incompleto se rechaza (400) conservando lo respondido, y no guarda nada", async () => {
    const u = await createUser();
    await enrol(u.id);
    const id = await examLesson();
    const attemptId = await startAttempt(u.cookie, id);
    const all = await answersFor(attemptId, "right");
    const nine = Object.fromEntries(Object.entries(all).slice(0, 9));
    const res = await submitAttempt(u.cookie, id, attemptId, nine);
    expect(res.status).toBe(400);
    expect(res.data.exam.message).toBe(learningMessages.examIncomplete);
    expect(res.data.exam.values).toEqual(nine);
    expectNoAnswerLeak(JSON.stringify(res.data));
    expect(await attemptRow(attemptId)).toMatchObject({ submittedAt: null, answers: null, attemptNumber: null });
  });

  it("un envío manipulado se rechaza con un mensaje claro y no cambia nada", async () => {
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const other = await createUser();
    await enrol(other.id);
    const id = await examLesson();
    const attemptId = await startAttempt(u.cookie, id);
    const othersAttempt = await startAttempt(other.cookie, id);
    const right = await answersFor(attemptId, "right");
    const [firstField, firstValue] = Object.entries(right)[0]!;
    const notInAttempt = (await db().select({ id: question.id }).from(question)).find(
      (q) => !(answerFieldName(q.id) in right),
    )!.id;

    const cases: [string, Promise<{ status: number; data: Loose }>, string][] = [
      ["pregunta ajena", submitAttempt(u.cookie, id, attemptId, { ...right, [answerFieldName(notInAttempt)]: "0" }), learningMessages.answerUnknownQuestion],
      ["dos respuestas", submitAttempt(u.cookie, id, attemptId, { ...right, [firstField]: [firstValue, "1"] }), learningMessages.answerDuplicated],
      ["alternativa 7", submitAttempt(u.cookie, id, attemptId, { ...right, [firstField]: "7" }), learningMessages.answerOutOfRange],
      ["alternativa -1", submitAttempt(u.cookie, id, attemptId, { ...right, [firstField]: "-1" }), learningMessages.answerOutOfRange],
      ["intento de otro alumno", submitAttempt(u.cookie, id, othersAttempt, await answersFor(othersAttempt, "right")), learningMessages.attemptNotFound],
      ["intento inexistente", submitAttempt(u.cookie, id, 999999, right), learningMessages.attemptNotFound],
      ["intento no numérico", postContent(u.cookie, 1, { intent: "exam-submit", leccion: String(id), intento: "x", ...right }), learningMessages.attemptNotFound],
    ];
    for (const [name, pending, message] of cases) {
      const res = await pending;
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      expect(res.data.exam.message, name).toBe(message);
    }
    expect(await attemptRow(attemptId)).toMatchObject({ submittedAt: null, answers: null, attemptNumber: null, score: null });
    expect(await attemptRow(othersAttempt)).toMatchObject({ submittedAt: null, answers: null });
    expect(await completedLessonIds(enrolmentId)).toEqual([]);

    // Submitted once; a second submission of the same attempt is refused and changes nothing.
    expect((await submitAttempt(u.cookie, id, attemptId, await answersFor(attemptId, "wrong"))).status).toBe(302);
    const before = await attemptRow(attemptId);
    const again = await submitAttempt(u.cookie, id, attemptId, right);
    expect(again).toMatchObject({ status: 409, data: { exam: { message: learningMessages.attemptAlreadySubmitted } } });
    expect(await attemptRow(attemptId)).toEqual(before);
    expect(await completedLessonIds(enrolmentId)).toEqual([]);
  });
});

describe("evaluación: corrección, historial y avance", () => {
  it("reprobar muestra el puntaje y qué preguntas fallaron, sin las respuestas correctas; aprobar muestra la revisión completa", async () => {
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    const id = await examLesson();

    const failedId = await startAttempt(u.cookie, id);
    const failed = await submitAttempt(u.cookie, id, failedId, await answersFor(failedId, "wrong"));
    expect(failed).toMatchObject({ status: 302, location: `/cursos/1/contenido?leccion=${id}&intento=${failedId}` });
    expect(await attemptRow(failedId)).toMatchObject({ attemptNumber: 1, score: 0, passed: false });
    const failedPage = await pageJson(u.cookie, `?leccion=${id}&intento=${failedId}`);
    const failedView = failedPage.res.data.exam.attempt;
    expect(failedView).toMatchObject({ status: "submitted", score: 0, passed: false, attemptNumber: 1, correctCount: 0 });
    for (const q of failedView.questions) expect(q).toMatchObject({ correct: false, correctOptions: null, explanation: null });
    for (const q of FIXTURE_QUESTIONS) expect(failedPage.json).not.toContain(q.explanation);
    expect(await completedLessonIds(enrolmentId)).not.toContain(id);

    const intro = (await openContent(u.cookie, 1, `?leccion=${id}`)).data.exam.intro;
    expect(intro.history).toEqual([{ attemptNumber: 1, submittedAt: expect.any(String), score: 0, passed: false }]);

    const passedId = await startAttempt(u.cookie, id);
    expect(await submitAttempt(u.cookie, id, passedId, await answersFor(passedId, "right"))).toMatchObject({ status: 302 });
    expect(await attemptRow(passedId)).toMatchObject({ attemptNumber: 2, score: 100, passed: true });
    const passedPage = (await openContent(u.cookie, 1, `?leccion=${id}&intento=${passedId}`)).data.exam;
    const passedView = passedPage.attempt;
    expect(passedView).toMatchObject({ passed: true, score: 100, correctCount: 10 });
    // An attempt's page does not carry the intro's list of every past attempt (it is not shown there, and it
    // grows with each retry); an attempt that is not the learner's falls back to the intro, with its notice.
    expect(passedPage.intro).toBeNull();
    const notMine = (await openContent(u.cookie, 1, `?leccion=${id}&intento=999999`)).data.exam;
    expect(notMine).toMatchObject({ attempt: null, notice: learningMessages.attemptNotFound });
    expect(notMine.intro.history).toHaveLength(2);
    for (const q of passedView.questions) {
      expect(q.correct).toBe(true);
      expect(q.correctOptions).toEqual(q.chosen);
      expect(q.explanation).toMatch(/^Explicación reservada/);
    }
    expect(await completedLessonIds(enrolmentId)).toContain(id);
  });

  it("7 de 10 aprueba con 70 %", async () => {
    const u = await createUser();
    await enrol(u.id);
    const id = await examLesson();
    const attemptId = await startAttempt(u.cookie, id);
    const right = await answersFor(attemptId, "right");
    const wrong = await answersFor(attemptId, "wrong");
    const mixed = Object.fromEntries(Object.keys(right).map((k, i) => [k, i < 7 ? right[k]! : wrong[k]!]));
    await submitAttempt(u.cookie, id, attemptId, mixed);
    expect(await attemptRow(attemptId)).toMatchObject({ score: 70, passed: true });
  });

  it("20 envíos simultáneos de un alumno quedan numerados del 1 al 20", async () => {
    const u = await createUser();
    await enrol(u.id);
    const id = await examLesson();
    // Twenty attempts open at once exist only where the owner turned the pause off (with it, 'Comenzar' takes up
    // the open attempt again: exam-pause.test.ts).
    await db().update(lesson).set({ examSettings: { ...DEFAULT_EXAM_SETTINGS, retryPauseMin: 0 } }).where(eq(lesson.id, id));
    catalogueChanged();
    try {
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) ids.push(await startAttempt(u.cookie, id));
      const answers = await Promise.all(ids.map((a) => answersFor(a, "wrong")));
      const results = await Promise.all(ids.map((a, i) => submitAttempt(u.cookie, id, a, answers[i]!)));
      for (const r of results) expect(r.status).toBe(302);
      const rows = await attemptsOf(u.id);
      expect(rows.map((r) => r.attemptNumber).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    } finally {
      await db().update(lesson).set({ examSettings: null }).where(eq(lesson.id, id));
      catalogueChanged();
    }
  });

  it("12 alumnos envían a la vez: el informe del curso cuenta cada intento y cada respuesta una vez", async () => {
    // The exam's summaries (attempts by score band, answers per question and option) are kept by statement
    // triggers in a handful of rows per day: concurrent submissions must neither lose nor double an update.
    const id = await examLesson();
    const before = (await getCourseResults(1, "30d"))!;
    const learners = await Promise.all(Array.from({ length: 12 }, () => createUser()));
    for (const l of learners) await enrol(l.id);
    const attempts = await Promise.all(learners.map((l) => startAttempt(l.cookie, id)));
    const answers = await Promise.all(attempts.map((a, i) => answersFor(a, i % 2 === 0 ? "right" : "wrong")));
    const results = await Promise.all(learners.map((l, i) => submitAttempt(l.cookie, id, attempts[i]!, answers[i]!)));
    for (const r of results) expect(r.status).toBe(302);

    const after = (await getCourseResults(1, "30d"))!;
    expect(after.submittedAttempts - before.submittedAttempts).toBe(12);
    const band = (r: typeof after, label: string) => r.scores.find((s) => s.label === label)!.count;
    expect(band(after, scoreBandLabel(100)) - band(before, scoreBandLabel(100))).toBe(6);
    expect(band(after, scoreBandLabel(0)) - band(before, scoreBandLabel(0))).toBe(6);
    const drawn = (r: typeof after) => r.questions.reduce((a, q) => a + q.drawn, 0);
    const correct = (r: typeof after) => r.questions.reduce((a, q) => a + q.correct, 0);
    expect(drawn(after) - drawn(before)).toBe(12 * 10);
    expect(correct(after) - correct(before)).toBe(6 * 10);
    expect(after.passers - before.passers).toBe(6);
  });

  it("el informe del curso dice la nota para aprobar que el examen tiene, no un 70 % fijo", async () => {
    const id = await examLesson();
    expect((await getCourseResults(1, "30d"))!.passMarkNote).toBe("Se aprueba con 70 %.");
    await db().update(lesson).set({ examSettings: { ...DEFAULT_EXAM_SETTINGS, passMark: 85 } }).where(eq(lesson.id, id));
    catalogueChanged();
    try {
      expect((await getCourseResults(1, "30d"))!.passMarkNote).toBe("Se aprueba con 85 %.");
    } finally {
      await db().update(lesson).set({ examSettings: null }).where(eq(lesson.id, id));
      catalogueChanged();
    }
  });

  it("un administrador sin inscripción puede rendirla; se guarda el intento pero no hay avance", async () => {
    const admin = await createUser({ role: "admin" });
    const id = await examLesson();
    const attemptId = await startAttempt(admin.cookie, id);
    await submitAttempt(admin.cookie, id, attemptId, await answersFor(attemptId, "right"));
    expect(await attemptRow(attemptId)).toMatchObject({ attemptNumber: 1, passed: true });
    expect(await enrolmentOf(admin.id)).toBeUndefined();
  });

  it("completar todo lleva al 100 %, completa el curso y emite el certificado en la misma transacción", async () => {
    const u = await createUser();
    const enrolmentId = await enrol(u.id);
    for (const title of [COURSE1.pdf, COURSE1.documento, COURSE1.lectura]) await studyLesson(u.cookie, await lessonId(title));
    await studyLesson(u.cookie, await lessonId(COURSE1.video));
    await openContent(u.cookie, 1, `?leccion=${await lessonId(COURSE1.descarga)}`);
    expect((await enrolmentOf(u.id))!.progress).toBe(50);
    const { loader } = await import("~/routes/archivo-leccion");
    const { call } = await import("../support/call");
    const { getRequest } = await import("../support/requests");
    const zip = await lessonId(COURSE1.descarga);
    await call(loader, getRequest(`/archivos/lecciones/${zip}?descargar=1`, u.cookie), { lessonId: String(zip) });
    expect((await enrolmentOf(u.id))!).toMatchObject({ progress: 75, completedAt: null });

    const id = await examLesson();
    const attemptId = await startAttempt(u.cookie, id);
    await submitAttempt(u.cookie, id, attemptId, await answersFor(attemptId, "right"));
    const done = (await enrolmentOf(u.id))!;
    expect(done.progress).toBe(100);
    expect(done.completedAt).toBeInstanceOf(Date);
    const page = await openContent(u.cookie, 1);
    expect(page.data).toMatchObject({ progress: 100, completed: true });
    expect(page.data.modules.filter((m: { state: string }) => m.state === "completed")).toHaveLength(4);
    const certs = await db().select().from(certificate).where(eq(certificate.enrolmentId, enrolmentId));
    expect(certs).toHaveLength(1);

    // Passing again later changes nothing: one certificate, the same completion date.
    const again = await startAttempt(u.cookie, id);
    await submitAttempt(u.cookie, id, again, await answersFor(again, "right"));
    expect((await enrolmentOf(u.id))!.completedAt).toEqual(done.completedAt);
    expect(await db().select().from(certificate).where(eq(certificate.enrolmentId, enrolmentId))).toHaveLength(1);
  });

  it("sin al menos 10 preguntas en el banco no se puede comenzar", async () => {
    const u = await createUser();
    await enrol(u.id);
    const id = await examLesson();
    const bank = await db().select({ id: question.id }).from(question).where(eq(question.lessonId, id));
    await db().delete(question).where(inArray(question.id, bank.slice(9).map((q) => q.id)));
    changedInTheDatabase();
    const res = await postContent(u.cookie, 1, { intent: "exam-start", leccion: String(id) });
    expect(res).toMatchObject({ status: 409, data: { exam: { message: learningMessages.examNotReady } } });
    expect((await openContent(u.cookie, 1, `?leccion=${id}`)).data.exam.intro.available).toBe(false);
  });
});
