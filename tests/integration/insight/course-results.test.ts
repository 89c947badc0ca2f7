// /admin/cursos/{id}/resultados: funnel, median time, attempts until passing, scores and the
// per-question table, with numbers from data made here; guards, hostile parameters, CSV.
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { question } from "~/server/platform/db/schema";
import { loader as resultsLoader } from "~/routes/admin/curso-resultados";
import { loader as csvLoader } from "~/routes/admin/curso-resultados-csv";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { call } from "../support/call";
import { createCourse, enrol } from "../admin/factories";
import { changedInTheDatabase } from "../support/catalogue-copies";
import { addExam, attempt, complete, DAY_MS, daysAgo, lessonsOf } from "./factories";

let adminCookie: string;
let learnerCookie: string;
let courseId: number;
let noExamCourseId: number;
let qids: number[];
let examLessonId: number;

beforeAll(async () => {
  adminCookie = (await createUser({ role: "admin" })).cookie;
  const x = await createCourse({ title: "Curso Embudo", modules: 2, lessonsPerModule: 2 });
  courseId = x.id;
  noExamCourseId = (await createCourse({ title: "Sin examen", modules: 1, lessonsPerModule: 2 })).id;
  const lessons = await lessonsOf(x.id);
  const m1 = lessons.filter((l) => l.mpos === 1).map((l) => l.id);
  const { exam, questions } = await addExam(lessons.find((l) => l.mpos === 2)!.moduleId, 10);
  examLessonId = exam.id;
  qids = questions.map((q) => q.id);
  const m2 = [...lessons.filter((l) => l.mpos === 2).map((l) => l.id), exam.id];
  const right = qids.map(() => 0);

  const [l1, l2, l3, l4, l5] = await Promise.all([1, 2, 3, 4, 5].map((i) => createUser({ name: `Alumno ${i}` })));
  learnerCookie = l1!.cookie;
  // L1: enrolled, nothing done. L2: module 1 only.
  await enrol(l1!.id, courseId);
  const e2 = await enrol(l2!.id, courseId, { progress: 40 });
  await complete(e2.id, m1);
  // L3: 10 days ago, finished after 4 days, passed at the second attempt.
  const t3 = daysAgo(10);
  const e3 = await enrol(l3!.id, courseId, { enrolledAt: t3, progress: 100, completedAt: new Date(t3.getTime() + 4 * DAY_MS) });
  await complete(e3.id, [...m1, ...m2], new Date(t3.getTime() + DAY_MS));
  await attempt({ userId: l3!.id, lessonId: exam.id, number: 1, questionIds: qids, chosen: [0, 0, 0, 0, 1, 1, 1, 2, 2, 3], correct: right, at: daysAgo(7) });
  await attempt({ userId: l3!.id, lessonId: exam.id, number: 2, questionIds: qids, chosen: [0, 0, 0, 0, 0, 0, 0, 0, 1, 0], correct: right, at: daysAgo(6) });
  // L4: 20 days ago, finished after 2 days, passed at once.
  const t4 = daysAgo(20);
  const e4 = await enrol(l4!.id, courseId, { enrolledAt: t4, progress: 100, completedAt: new Date(t4.getTime() + 2 * DAY_MS) });
  await complete(e4.id, [...m1, ...m2], new Date(t4.getTime() + DAY_MS));
  await attempt({ userId: l4!.id, lessonId: exam.id, number: 1, questionIds: qids, chosen: [0, 0, 0, 0, 0, 0, 0, 1, 1, 1], correct: right, at: daysAgo(18) });
  // L5: 50 days ago (outside 30 days): failed everything, then passed, 45 and 44 days ago.
  const t5 = daysAgo(50);
  const e5 = await enrol(l5!.id, courseId, { enrolledAt: t5, progress: 100, completedAt: daysAgo(44) });
  await complete(e5.id, [...m1, ...m2], daysAgo(44));
  await attempt({ userId: l5!.id, lessonId: exam.id, number: 1, questionIds: qids, chosen: qids.map(() => 1), correct: right, at: daysAgo(45) });
  await attempt({ userId: l5!.id, lessonId: exam.id, number: 2, questionIds: qids, chosen: right, correct: right, at: daysAgo(44) });
});

describe("resultados de un curso", () => {
  it("30 días: embudo, mediana, intentos hasta aprobar y puntajes exactos", async () => {
    const r = await call(resultsLoader, getRequest(`/admin/cursos/${courseId}/resultados`, adminCookie), { id: String(courseId) });
    expect(r.status).toBe(200);
    const d = r.data;
    expect(d.course).toEqual({ id: courseId, title: "Curso Embudo" });
    expect(d.period).toBe("30d");
    expect(d.funnel.map((f: { label: string; count: number; percent: number | null }) => [f.label, f.count, f.percent])).toEqual([
      ["Inscritos", 4, 100],
      ["Comenzaron", 3, 75],
      ["Completaron el módulo 1: Módulo 1", 3, 75],
      ["Completaron el módulo 2: Módulo 2", 2, 50],
      ["Aprobaron el examen", 2, 50],
    ]);
    expect(d.completed).toBe(2);
    expect(d.medianDaysToComplete).toBeCloseTo(3, 5);
    expect(d.attemptsToPass.map((a: { count: number }) => a.count)).toEqual([1, 1, 0, 0]);
    expect(d.passers).toBe(2);
    expect(d.averageAttemptsToPass).toBe(1.5);
    expect(d.submittedAttempts).toBe(3);
    const bands = Object.fromEntries(d.scores.filter((s: { count: number }) => s.count > 0).map((s: { label: string; count: number }) => [s.label, s.count]));
    expect(bands).toEqual({ "40–49": 1, "70–79": 1, "90–99": 1 });
  });

  it("preguntas: veces sorteada, % correctas y opciones incorrectas elegidas, peores primero, con enlace a editarlas", async () => {
    const r = await call(resultsLoader, getRequest(`/admin/cursos/${courseId}/resultados?periodo=30d`, adminCookie), { id: String(courseId) });
    const qs = r.data.questions as { questionId: number; drawn: number; correct: number; correctPercent: number; wrong: { option: string; count: number }[]; editPath: string }[];
    expect(qs).toHaveLength(10);
    expect(qs.map((q) => qids.indexOf(q.questionId) + 1)).toEqual([9, 8, 10, 5, 6, 7, 1, 2, 3, 4]);
    expect(qs.every((q) => q.drawn === 3)).toBe(true);
    const q9 = qs[0]!;
    expect(q9).toMatchObject({ correct: 0, correctPercent: 0 });
    expect(q9.wrong.map((w) => [w.option, w.count])).toEqual([
      ["B", 2],
      ["C", 1],
      ["D", 0],
    ]);
    expect(qs[1]!.correctPercent).toBe(33);
    expect(qs[1]!.wrong.map((w) => w.count)).toEqual([1, 1, 0]);
    expect(qs[3]!.correctPercent).toBe(67);
    expect(qs[6]!.correctPercent).toBe(100);
    expect(q9.editPath).toBe(`/admin/cursos/${courseId}?leccion=${examLessonId}#pregunta-${q9.questionId}`);
  });

  it("90 días incluye a quien se inscribió hace 50 días", async () => {
    const r = await call(resultsLoader, getRequest(`/admin/cursos/${courseId}/resultados?periodo=90d`, adminCookie), { id: String(courseId) });
    expect(r.data.funnel[0].count).toBe(5);
    expect(r.data.funnel[4]).toMatchObject({ label: "Aprobaron el examen", count: 3, percent: 60 });
    expect(r.data.attemptsToPass.map((a: { count: number }) => a.count)).toEqual([1, 2, 0, 0]);
    expect(r.data.submittedAttempts).toBe(5);
    expect(r.data.questions[0].drawn).toBe(5);
  });

  it("una pregunta retirada del banco: se lista mientras el periodo tenga intentos que la sortearon, sin enlace para editarla", async () => {
    const [unused] = await db().insert(question).values({ lessonId: examLessonId, prompt: "Retirada sin uso", options: ["a", "b", "c", "d"], correctIndex: 0, retiredAt: new Date() }).returning();
    await db().update(question).set({ retiredAt: new Date() }).where(eq(question.id, qids[8]!));
    changedInTheDatabase();
    try {
      const r = await call(resultsLoader, getRequest(`/admin/cursos/${courseId}/resultados`, adminCookie), { id: String(courseId) });
      const qs = r.data.questions as { questionId: number; drawn: number; editPath: string | null }[];
      expect(qs.map((q) => q.questionId)).not.toContain(unused!.id);
      expect(qs.find((q) => q.questionId === qids[8])).toMatchObject({ drawn: 3, editPath: null });
      expect(qs.filter((q) => q.editPath !== null)).toHaveLength(9);
    } finally {
      await db().update(question).set({ retiredAt: null }).where(eq(question.id, qids[8]!));
      await db().delete(question).where(eq(question.id, unused!.id));
      changedInTheDatabase();
    }
  });

  it("un curso sin examen: embudo sin la etapa del examen", async () => {
    const r = await call(resultsLoader, getRequest(`/admin/cursos/${noExamCourseId}/resultados`, adminCookie), { id: String(noExamCourseId) });
    expect(r.data.hasExam).toBe(false);
    expect(r.data.funnel.map((f: { label: string }) => f.label)).toEqual(["Inscritos", "Comenzaron", "Completaron el módulo 1: Módulo 1"]);
    expect(r.data.funnel[0]).toMatchObject({ count: 0, percent: null });
    expect(r.data.questions).toEqual([]);
  });

  it("un banco grande: la página muestra las preguntas de a 25 (las peores primero) y el CSV las trae todas", async () => {
    const extra = await db()
      .insert(question)
      .values(Array.from({ length: 20 }, (_, i) => ({ lessonId: examLessonId, prompt: `Nunca sorteada ${i + 1}`, options: ["a", "b", "c", "d"], correctIndex: 0 })))
      .returning({ id: question.id });
    changedInTheDatabase();
    try {
      const path = `/admin/cursos/${courseId}/resultados?periodo=30d`;
      const first = (await call(resultsLoader, getRequest(path, adminCookie), { id: String(courseId) })).data;
      expect(first).toMatchObject({ questionTotal: 30, questionPage: 1, questionsHasNext: true });
      expect(first.questions).toHaveLength(25);
      // Worst first across the whole bank: the drawn ones lead, in the order of the single-page test above.
      expect(first.questions.slice(0, 10).map((q: { questionId: number }) => qids.indexOf(q.questionId) + 1)).toEqual([9, 8, 10, 5, 6, 7, 1, 2, 3, 4]);
      const second = (await call(resultsLoader, getRequest(`${path}&pagina=2`, adminCookie), { id: String(courseId) })).data;
      expect(second).toMatchObject({ questionTotal: 30, questionPage: 2, questionsHasNext: false });
      expect(second.questions).toHaveLength(5);
      const shown = [...first.questions, ...second.questions].map((q: { questionId: number }) => q.questionId);
      expect(new Set(shown).size).toBe(30);

      const csv = await call(csvLoader, getRequest(`/admin/cursos/${courseId}/resultados.csv?periodo=30d`, adminCookie), { id: String(courseId) });
      const text = await csv.response!.text();
      for (let i = 1; i <= 20; i++) expect(text).toContain(`Nunca sorteada ${i};0;0;`);
    } finally {
      await db().delete(question).where(inArray(question.id, extra.map((q) => q.id)));
      changedInTheDatabase();
    }
  });

  it("CSV: embudo y preguntas con ';' y BOM", async () => {
    const r = await call(csvLoader, getRequest(`/admin/cursos/${courseId}/resultados.csv?periodo=30d`, adminCookie), { id: String(courseId) });
    expect(r.status).toBe(200);
    expect(r.response!.headers.get("content-disposition")).toContain(`resultados-curso-${courseId}-30d.csv`);
    const bytes = new Uint8Array(await r.response!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const lines = text.slice(1).split("\r\n");
    expect(lines).toContain("Inscritos;4;100");
    expect(lines).toContain("Aprobaron el examen;2;50");
    expect(lines).toContain("Mediana de días hasta completar;3");
    expect(lines).toContain("Pregunta 9;3;0;0;A. Correcta;B. Mala 1: 2;C. Mala 2: 1;D. Mala 3: 0;0");
  });

  it("guardias y parámetros hostiles: nunca un 500", async () => {
    const path = `/admin/cursos/${courseId}/resultados`;
    expect((await call(resultsLoader, getRequest(path), { id: String(courseId) })).location).toMatch(/^\/login/);
    expect((await call(resultsLoader, getRequest(path, learnerCookie), { id: String(courseId) })).location).toBe("/dashboard");
    expect((await call(csvLoader, getRequest(`${path}.csv`), { id: String(courseId) })).location).toMatch(/^\/login/);
    expect((await call(csvLoader, getRequest(`${path}.csv`, learnerCookie), { id: String(courseId) })).location).toBe("/dashboard");
    for (const id of ["abc", "0", "-1", "1e3", "99999999999", "999999", "%00"]) {
      const r = await call(resultsLoader, getRequest(`/admin/cursos/${id}/resultados`, adminCookie), { id });
      expect(r.status, id).toBe(404);
      const c = await call(csvLoader, getRequest(`/admin/cursos/${id}/resultados.csv`, adminCookie), { id });
      expect(c.status, id).toBe(404);
    }
    for (const qs of ["periodo=1y", "periodo=%00", "periodo=", "periodo=7d&periodo=x", "pagina=-1", "pagina=abc", "pagina=1e9", "pagina=99999"]) {
      const r = await call(resultsLoader, getRequest(`${path}?${qs}`, adminCookie), { id: String(courseId) });
      expect(r.status, qs).toBe(200);
    }
  });
});
