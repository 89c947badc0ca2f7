// An exam's own rules set in the course editor (pass mark, questions per attempt, attempts allowed, time limit,
// all lessons first), as the exam server applies them; true/false questions; and questions imported from a
// spreadsheet with a preview that names every bad row. Through the route modules, as a browser calls them.
import { afterEach, describe, expect, it } from "vitest";
import { and, count, eq, isNull, like } from "drizzle-orm";
import * as editor from "~/routes/admin/curso-editor";
import * as importer from "~/routes/admin/importar-preguntas";
import { db } from "~/server/platform/db/client.server";
import { auditEvent, examAttempt, lesson, question } from "~/server/platform/db/schema";
import { advanceClock, freezeClock, resetClock } from "~/server/platform/clock.server";
import { catalogueChanged } from "~/server/catalogue/events.server";
import { writeXlsx } from "~/server/platform/spreadsheets/xlsx-writer.server";
import { answerFieldName } from "~/domain/exam-forms";
import { DEFAULT_EXAM_SETTINGS, type ExamSettings } from "~/domain/exam-settings";
import { learningMessages } from "~/domain/learning-messages";
import { questionImportMessages } from "~/domain/question-input";
import { createUser } from "../support/users";
import { call, isRefused } from "../support/call";
import { BASE, formRequest } from "../support/requests";
import { COURSE1, useFixtureCatalogue } from "./fixture-catalogue";
import { attemptsOf, enrol, lessonId, openContent, postContent, startAttempt, submitAttempt } from "./helpers";

useFixtureCatalogue();
afterEach(async () => {
  resetClock();
  await db().update(lesson).set({ examSettings: null }).where(eq(lesson.title, COURSE1.examen));
  catalogueChanged();
});

const examLesson = () => lessonId(COURSE1.examen);

function editorPost(cookie: string | undefined, fields: Record<string, string>, courseId = 1) {
  return call(editor.action, formRequest(`/admin/cursos/${courseId}`, fields, { cookie }), { id: String(courseId) });
}

const settingsForm = (lessonIdValue: number, s: Partial<Record<keyof ExamSettings, string>>) => ({
  intent: "save-exam-settings",
  lessonId: String(lessonIdValue),
  passMark: "70",
  questionCount: "10",
  maxAttempts: "",
  timeLimitMin: "",
  ...s,
});

async function setSettings(s: Partial<ExamSettings>) {
  await db()
    .update(lesson)
    .set({ examSettings: { ...DEFAULT_EXAM_SETTINGS, ...s } })
    .where(eq(lesson.id, await examLesson()));
  catalogueChanged();
}

async function storedSettings() {
  const [row] = await db().select({ s: lesson.examSettings }).from(lesson).where(eq(lesson.id, await examLesson()));
  return row!.s;
}

/** Answers an attempt with exactly `right` questions right (the rest wrong), as shown indexes. */
async function answersWithRight(attemptId: number, right: number) {
  const [attempt] = await db().select().from(examAttempt).where(eq(examAttempt.id, attemptId));
  const fields: Record<string, string> = {};
  for (const [i, qid] of attempt!.questionIds.entries()) {
    const [q] = await db().select().from(question).where(eq(question.id, qid));
    const order = attempt!.optionOrder[i]!;
    const correct = order.indexOf(q!.correctIndex);
    fields[answerFieldName(qid)] = String(i < right ? correct : (correct + 1) % order.length);
  }
  return fields;
}

async function learner() {
  const u = await createUser();
  await enrol(u.id);
  return u;
}

describe("reglas del examen en el editor", () => {
  it("el administrador las guarda (auditado); los valores inválidos se explican junto al campo y se conservan", async () => {
    const admin = await createUser({ role: "admin" });
    const id = await examLesson();
    const bad = await editorPost(admin.cookie, settingsForm(id, { passMark: "150", questionCount: "0", maxAttempts: "x", timeLimitMin: "999" }));
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toMatchObject({
      passMark: expect.stringContaining("entre 1 y 100"),
      questionCount: expect.stringContaining("cada intento"),
      maxAttempts: expect.stringContaining("intentos"),
      timeLimitMin: expect.stringContaining("minutos"),
    });
    expect(bad.data.values).toMatchObject({ passMark: "150", maxAttempts: "x" });
    expect(await storedSettings()).toBeNull();

    const ok = await editorPost(admin.cookie, settingsForm(id, { passMark: "80", maxAttempts: "3", timeLimitMin: "30", requireLessons: "on" }));
    expect(ok.status).toBe(200);
    expect(await storedSettings()).toEqual({ passMark: 80, questionCount: 10, maxAttempts: 3, timeLimitMin: 30, requireLessons: true, retryPauseMin: 10 });
    const [audit] = await db().select().from(auditEvent).where(eq(auditEvent.action, "exam.settings"));
    expect(audit).toMatchObject({ actorId: admin.id, subjectId: String(id), after: { passMark: 80, maxAttempts: 3 } });

    // Empty = unlimited again.
    await editorPost(admin.cookie, settingsForm(id, { passMark: "80" }));
    expect(await storedSettings()).toMatchObject({ maxAttempts: null, timeLimitMin: null, requireLessons: false });
  });

  it("un estudiante o un visitante no puede cambiarlas, ni un id de otro curso", async () => {
    const u = await createUser();
    const id = await examLesson();
    expect(isRefused(await editorPost(u.cookie, settingsForm(id, { passMark: "1" })))).toBe(true);
    expect(isRefused(await editorPost(undefined, settingsForm(id, { passMark: "1" })))).toBe(true);
    const admin = await createUser({ role: "admin" });
    expect((await editorPost(admin.cookie, settingsForm(id, { passMark: "1" }), 2)).status).toBe(404);
    expect(await storedSettings()).toBeNull();
  });

  it("un examen publicado no puede pedir más preguntas por intento que las de su banco", async () => {
    const admin = await createUser({ role: "admin" });
    const id = await examLesson();
    const refused = await editorPost(admin.cookie, settingsForm(id, { questionCount: "13" }));
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors.questionCount).toContain("12 preguntas");
    expect(await storedSettings()).toBeNull();
    expect((await editorPost(admin.cookie, settingsForm(id, { questionCount: "12" }))).status).toBe(200);
  });
});

describe("el examen sigue sus reglas", () => {
  it("por defecto: 10 preguntas, 70 %, intentos ilimitados, sin tiempo", async () => {
    const u = await learner();
    const id = await examLesson();
    const intro = (await openContent(u.cookie, 1, `?leccion=${id}`)).data.exam.intro;
    expect(intro).toMatchObject({ questionCount: 10, passMark: 70, attemptsLeft: null, timeLimitMin: null, lessonsLeft: 0 });
    const attemptId = await startAttempt(u.cookie, id);
    expect((await attemptsOf(u.id))[0]!.questionIds).toHaveLength(10);
    expect((await submitAttempt(u.cookie, id, attemptId, await answersWithRight(attemptId, 7))).status).toBe(302);
    expect((await attemptsOf(u.id))[0]).toMatchObject({ score: 70, passed: true });
  });

  it("preguntas por intento y porcentaje de aprobación: 12 preguntas, 80 % (75 % reprueba)", async () => {
    await setSettings({ questionCount: 12, passMark: 80 });
    const u = await learner();
    const id = await examLesson();
    const attemptId = await startAttempt(u.cookie, id);
    expect((await attemptsOf(u.id))[0]!.questionIds).toHaveLength(12);
    await submitAttempt(u.cookie, id, attemptId, await answersWithRight(attemptId, 9));
    expect((await attemptsOf(u.id))[0]).toMatchObject({ score: 75, passed: false });
    const view = (await openContent(u.cookie, 1, `?leccion=${id}&intento=${attemptId}`)).data.exam.attempt;
    expect(view).toMatchObject({ status: "submitted", passMark: 80, canRetry: true });
  });

  it("intentos permitidos: al agotarlos no se puede comenzar otro; dos envíos a la vez no pasan del límite", async () => {
    const u = await learner();
    const id = await examLesson();
    // Two attempts opened while the exam was unlimited and without a pause, then the limit set to one: both are
    // submitted at once.
    await setSettings({ retryPauseMin: 0 });
    const a = await startAttempt(u.cookie, id);
    const b = await startAttempt(u.cookie, id);
    await setSettings({ maxAttempts: 1 });
    const [ra, rb] = await Promise.all([
      submitAttempt(u.cookie, id, a, await answersWithRight(a, 2)),
      submitAttempt(u.cookie, id, b, await answersWithRight(b, 2)),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([302, 409]);
    const refused = ra.status === 409 ? ra : rb;
    expect(refused.data.exam.message).toBe(learningMessages.examNoAttemptsLeft);
    expect((await attemptsOf(u.id)).filter((r) => r.submittedAt)).toHaveLength(1);

    const start = await postContent(u.cookie, 1, { intent: "exam-start", leccion: String(id) });
    expect(start).toMatchObject({ status: 409, data: { exam: { message: learningMessages.examNoAttemptsLeft } } });
    const intro = (await openContent(u.cookie, 1, `?leccion=${id}`)).data.exam.intro;
    expect(intro.attemptsLeft).toBe(0);
  });

  it("con límite de intentos, 'Comenzar' retoma el intento abierto en vez de sortear otro", async () => {
    await setSettings({ maxAttempts: 3 });
    const u = await learner();
    const id = await examLesson();
    const first = await startAttempt(u.cookie, id);
    expect(await startAttempt(u.cookie, id)).toBe(first);
    expect(await attemptsOf(u.id)).toHaveLength(1);
  });

  it("tiempo límite: al vencer se corrige lo respondido; pasada la gracia, solo lo guardado antes del límite", async () => {
    await setSettings({ timeLimitMin: 10 });
    freezeClock(new Date("2026-11-28T15:00:00Z"));
    const u = await learner();
    const id = await examLesson();

    // Within the time an incomplete submit is refused, as always.
    const a = await startAttempt(u.cookie, id);
    const answersA = await answersWithRight(a, 10);
    const firstFive = Object.fromEntries(Object.entries(answersA).slice(0, 5));
    expect((await submitAttempt(u.cookie, id, a, firstFive)).status).toBe(400);
    const open = (await openContent(u.cookie, 1, `?leccion=${id}&intento=${a}`)).data.exam.attempt;
    expect(open).toMatchObject({ status: "open", deadline: "2026-11-28T15:10:00.000Z", timeUp: false });
    // Just past the limit (the page sends itself): graded as it is, blanks wrong.
    advanceClock(10 * 60_000 + 5_000);
    expect((await submitAttempt(u.cookie, id, a, firstFive)).status).toBe(302);
    const [graded] = (await attemptsOf(u.id)).filter((r) => r.id === a);
    expect(graded).toMatchObject({ score: 50, passed: false });
    expect(graded!.answers!.filter((x) => x === -1)).toHaveLength(5);

    // A second attempt: three answers saved in time, then the learner comes back an hour later with all ten.
    const b = await startAttempt(u.cookie, id);
    const answersB = await answersWithRight(b, 10);
    for (const [field, value] of Object.entries(answersB).slice(0, 3)) {
      const save = await postContent(u.cookie, 1, { intent: "exam-answer", leccion: String(id), intento: String(b), pregunta: field.replace("respuesta-", ""), respuesta: value });
      expect(save.status).toBe(200);
    }
    advanceClock(60 * 60_000);
    const [field4, value4] = Object.entries(answersB)[3]!;
    const lateSave = await postContent(u.cookie, 1, { intent: "exam-answer", leccion: String(id), intento: String(b), pregunta: field4.replace("respuesta-", ""), respuesta: value4 });
    expect(lateSave).toMatchObject({ status: 409, data: { error: learningMessages.examTimeOver } });
    expect((await openContent(u.cookie, 1, `?leccion=${id}&intento=${b}`)).data.exam.attempt.timeUp).toBe(true);
    expect((await submitAttempt(u.cookie, id, b, answersB)).status).toBe(302);
    expect((await attemptsOf(u.id)).find((r) => r.id === b)).toMatchObject({ score: 30, passed: false });
  });

  it("todas las lecciones primero: sin completarlas no se comienza; el administrador que revisa sí", async () => {
    await setSettings({ requireLessons: true });
    const u = await learner();
    const id = await examLesson();
    const intro = (await openContent(u.cookie, 1, `?leccion=${id}`)).data.exam.intro;
    expect(intro.lessonsLeft).toBeGreaterThan(0);
    const start = await postContent(u.cookie, 1, { intent: "exam-start", leccion: String(id) });
    expect(start).toMatchObject({ status: 403, data: { exam: { message: learningMessages.examLessonsFirst } } });
    expect(await attemptsOf(u.id)).toEqual([]);
    const admin = await createUser({ role: "admin" });
    expect(await startAttempt(admin.cookie, id)).toBeGreaterThan(0);
  });
});

describe("importar preguntas desde una planilla", () => {
  const path = (id: number) => `/admin/cursos/1/lecciones/${id}/importar-preguntas`;
  function upload(cookie: string | undefined, id: number, file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> | string }) {
    const form = new FormData();
    form.append("intent", "preview");
    form.append("file", new File([file.bytes], file.name, { type: file.type }));
    const request = new Request(BASE + path(id), { method: "POST", body: form, headers: { origin: BASE, ...(cookie ? { cookie } : {}) } });
    return call(importer.action, request, { id: "1", lessonId: String(id) });
  }
  const postRows = (cookie: string, id: number, rows: Record<string, string | number>[]) =>
    call(
      importer.action,
      formRequest(
        path(id),
        Object.fromEntries([["intent", "import"], ...["line", "kind", "prompt", "a", "b", "c", "d", "correct", "explanation"].map((k) => [k, rows.map((r) => String(r[k]))])]),
        { cookie },
      ),
      { id: "1", lessonId: String(id) },
    );

  const HEADER = "tipo;pregunta;a;b;c;d;correcta;explicación";
  const good = (i: number) => `alternativas;¿Pregunta importada ${i}?;Uno ${i};Dos ${i};Tres ${i};Cuatro ${i};${"ABCD"[i % 4]};Porque sí ${i}`;

  it("la vista previa nombra cada fila con problemas y no guarda nada; importar agrega solo las válidas", async () => {
    const admin = await createUser({ role: "admin" });
    const id = await examLesson();
    const csv = [
      HEADER,
      good(1),
      good(2),
      "alternativas;¿Sin opción D?;a;b;c;;B;",
      "alternativas;¿Letra mala?;a;b;c;d;E;",
      "verdadero o falso;La RCP se inicia con compresiones.;;;;;Verdadero;",
      "vf;Afirmación sin respuesta;;;;;quizás;",
      "ensayo;¿Tipo desconocido?;a;b;c;d;A;",
      good(1).replace("¿Pregunta importada 1?", "¿Pregunta importada 1?"),
      `alternativas;Pregunta de prueba número 1;w;x;y;z;A;`,
    ].join("\n");
    const before = (await db().select({ n: count() }).from(question).where(eq(question.lessonId, id)))[0]!.n;
    const preview = await upload(admin.cookie, id, { name: "preguntas.csv", type: "text/csv", bytes: csv });
    expect(preview.status).toBe(200);
    expect(preview.data.kind).toBe("preview");
    expect(preview.data.valid).toBe(3);
    const problems = Object.fromEntries(preview.data.rows.map((r: { line: number; problems: string[] }) => [r.line, r.problems]));
    expect(problems[2]).toEqual([]);
    expect(problems[4]).toContain("Escribe la opción D.");
    expect(problems[5]).toContain(questionImportMessages.correctChoice);
    expect(problems[6]).toEqual([]);
    expect(problems[7]).toContain(questionImportMessages.correctTrueFalse);
    expect(problems[8]).toContain(questionImportMessages.kindUnknown);
    expect(problems[9]).toContain(questionImportMessages.duplicateInFile(2));
    expect(problems[10]).toContain(questionImportMessages.alreadyInBank);
    expect((await db().select({ n: count() }).from(question).where(eq(question.lessonId, id)))[0]!.n).toBe(before);

    const done = await postRows(admin.cookie, id, preview.data.rows);
    expect(done.status).toBe(200);
    expect(done.data).toMatchObject({ kind: "done", message: questionImportMessages.imported(3) });
    expect(done.data.left).toHaveLength(6);
    const imported = await db().select().from(question).where(and(eq(question.lessonId, id), isNull(question.retiredAt)));
    expect(imported).toHaveLength(before + 3);
    expect(imported.find((q) => q.prompt === "¿Pregunta importada 2?")).toMatchObject({ kind: "choice", correctIndex: 2, options: ["Uno 2", "Dos 2", "Tres 2", "Cuatro 2"] });
    expect(imported.find((q) => q.prompt.startsWith("La RCP"))).toMatchObject({ kind: "truefalse", correctIndex: 0, options: ["Verdadero", "Falso"] });

    // The same rows again (a replay, or a second click): nothing valid is left, nothing is added twice.
    const replay = await postRows(admin.cookie, id, preview.data.rows);
    expect(replay.status).toBe(409);
    expect(replay.data).toMatchObject({ kind: "preview", valid: 0, message: questionImportMessages.nothingValid });
    expect(await db().select().from(question).where(and(eq(question.lessonId, id), isNull(question.retiredAt)))).toHaveLength(before + 3);
  });

  it("dos importaciones del mismo archivo a la vez agregan cada pregunta una vez", async () => {
    const admin = await createUser({ role: "admin" });
    const id = await examLesson();
    const rows = Array.from({ length: 20 }, (_, i) => ({ line: i + 2, kind: "alternativas", prompt: `¿Carrera ${i}?`, a: "a", b: "b", c: "c", d: "d", correct: "A", explanation: "" }));
    const [x, y] = await Promise.all([postRows(admin.cookie, id, rows), postRows(admin.cookie, id, rows)]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const [{ n }] = (await db().select({ n: count() }).from(question).where(and(eq(question.lessonId, id), like(question.prompt, "¿Carrera %")))) as [{ n: number }];
    expect(n).toBe(20);
  });

  it("lee XLSX con el lector de la casa, y rechaza archivos que no son planillas", async () => {
    const admin = await createUser({ role: "admin" });
    const id = await examLesson();
    const xlsx = writeXlsx({
      name: "Preguntas",
      columns: ["Tipo", "Pregunta", "A", "B", "C", "D", "Correcta", "Explicación"].map((header) => ({ header, width: 20 })),
      rows: Array.from({ length: 20 }, (_, i) => ["alternativas", `¿Excel ${i}?`, "w", "x", "y", "z", "D", ""]),
    });
    const preview = await upload(admin.cookie, id, { name: "preguntas.xlsx", type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", bytes: new Uint8Array(xlsx) });
    expect(preview.status).toBe(200);
    expect(preview.data.valid).toBe(20);
    const png = await upload(admin.cookie, id, { name: "foto.png", type: "image/png", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) });
    expect(png).toMatchObject({ status: 400, data: { kind: "error", message: questionImportMessages.fileType } });
    const noHeader = await upload(admin.cookie, id, { name: "p.csv", type: "text/csv", bytes: "uno;dos\n1;2\n" });
    expect(noHeader).toMatchObject({ status: 400, data: { message: questionImportMessages.noHeader } });
  });

  it("solo un administrador, y solo en un examen del curso", async () => {
    const u = await createUser();
    const id = await examLesson();
    const rows = [{ line: 2, kind: "", prompt: "¿Intrusa?", a: "a", b: "b", c: "c", d: "d", correct: "A", explanation: "" }];
    expect(isRefused(await upload(u.cookie, id, { name: "p.csv", type: "text/csv", bytes: `${HEADER}\n${good(1)}` }))).toBe(true);
    expect(isRefused(await upload(undefined, id, { name: "p.csv", type: "text/csv", bytes: `${HEADER}\n${good(1)}` }))).toBe(true);
    expect(isRefused(await postRows(u.cookie, id, rows))).toBe(true);
    const admin = await createUser({ role: "admin" });
    const pdf = await lessonId(COURSE1.pdf);
    expect((await postRows(admin.cookie, pdf, rows)).status).toBe(404);
    expect((await db().select({ n: count() }).from(question).where(eq(question.prompt, "¿Intrusa?")))[0]!.n).toBe(0);
  });
});

describe("preguntas verdadero o falso", () => {
  it("se agregan desde el editor, se muestran siempre Verdadero–Falso y se corrigen", async () => {
    const admin = await createUser({ role: "admin" });
    const id = await examLesson();
    const bad = await editorPost(admin.cookie, { intent: "add-question", lessonId: String(id), kind: "truefalse", prompt: "El DEA se usa solo en adultos.", correctIndex: "3", explanation: "" });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.correctIndex).toBe("Elige si la afirmación es verdadera o falsa.");
    const added = await editorPost(admin.cookie, { intent: "add-question", lessonId: String(id), kind: "truefalse", prompt: "El DEA se usa solo en adultos.", correctIndex: "1", explanation: "También en niños, con parches pediátricos si hay." });
    expect(added.status).toBe(200);
    const [tf] = await db().select().from(question).where(and(eq(question.lessonId, id), eq(question.prompt, "El DEA se usa solo en adultos.")));
    expect(tf).toMatchObject({ options: ["Verdadero", "Falso"], correctIndex: 1 });

    // Only true/false questions left to draw from: every attempt shows them in their order.
    await db().update(question).set({ retiredAt: new Date() }).where(and(eq(question.lessonId, id), eq(question.kind, "choice")));
    for (let i = 0; i < 9; i++) await db().insert(question).values({ lessonId: id, kind: "truefalse", prompt: `Afirmación ${i}`, options: ["Verdadero", "Falso"], correctIndex: i % 2 });
    catalogueChanged();
    const u = await learner();
    const attemptId = await startAttempt(u.cookie, id);
    const [row] = await db().select().from(examAttempt).where(eq(examAttempt.id, attemptId));
    expect(row!.optionOrder.every((o) => o.join() === "0,1")).toBe(true);
    await submitAttempt(u.cookie, id, attemptId, await answersWithRight(attemptId, 10));
    expect((await attemptsOf(u.id))[0]).toMatchObject({ score: 100, passed: true });
  });
});
