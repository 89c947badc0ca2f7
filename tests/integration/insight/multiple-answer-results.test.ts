// A multiple-answer question in what the owner reads afterwards: the daily answer summary (the set marked, as a
// bitmask of bank options, written by the trigger), the course results' question table (right only for exactly
// the correct set; each wrong option counts the answers that marked it) and a learner's attempt in the admin.
// The database refuses a question whose two answer columns disagree about its kind.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { examAnswerStat, examAttempt, question } from "~/server/platform/db/schema";
import { getCourseResults } from "~/server/reports/course-results.server";
import { getLearnerDetail } from "~/server/learning/admin-learner.server";
import { createUser } from "../support/users";
import { createCourse } from "../admin/factories";
import { addExam, lessonsOf } from "./factories";

let examId = 0;
let courseId = 0;
let mq = 0;
const users: { id: string }[] = [];
// Shown order reversed: shown k is stored 3 - k.
const ORDER = [3, 2, 1, 0];

async function submitted(userId: string, answer: number[]) {
  const at = new Date();
  await db()
    .insert(examAttempt)
    .values({ userId, lessonId: examId, attemptNumber: 1, questionIds: [mq], optionOrder: [ORDER], answers: [answer], score: 0, passed: false, startedAt: at, submittedAt: at });
}

beforeAll(async () => {
  const c = await createCourse({ title: "Curso Selección Múltiple", modules: 1, lessonsPerModule: 1 });
  courseId = c.id;
  const lessons = await lessonsOf(c.id);
  const { exam } = await addExam(lessons[0]!.moduleId, 0);
  examId = exam.id;
  const [q] = await db()
    .insert(question)
    .values({ lessonId: examId, kind: "multiple", prompt: "¿Qué se usa?", options: ["Guantes", "Reloj", "Mascarilla", "Pulsera"], correctIndex: -1, correctSet: [0, 2] })
    .returning();
  mq = q!.id;
  for (let i = 0; i < 4; i++) users.push(await createUser({ name: `Alumno Múltiple ${i}` }));
  await submitted(users[0]!.id, [1, 3]); // stored 2 and 0: exactly right
  await submitted(users[1]!.id, [3]); // stored 0 only
  await submitted(users[2]!.id, [0, 1, 2, 3]); // everything
  await submitted(users[3]!.id, []); // blank
});

describe("selección múltiple en los resúmenes e informes", () => {
  it("el resumen diario guarda el conjunto marcado como máscara de opciones del banco", async () => {
    const rows = await db().select({ chosen: examAnswerStat.chosen, n: examAnswerStat.n }).from(examAnswerStat).where(eq(examAnswerStat.questionId, mq));
    expect(new Map(rows.map((r) => [r.chosen, r.n]))).toEqual(new Map([[0b0101, 1], [0b0001, 1], [0b1111, 1], [-1, 1]]));
    // Deleting an attempt takes it out again (the trigger reads the same answers it added).
    await db().delete(examAttempt).where(and(eq(examAttempt.userId, users[2]!.id), eq(examAttempt.lessonId, examId)));
    const [all] = await db().select({ n: examAnswerStat.n }).from(examAnswerStat).where(and(eq(examAnswerStat.questionId, mq), eq(examAnswerStat.chosen, 0b1111)));
    expect(all?.n ?? 0).toBe(0);
    await submitted(users[2]!.id, [0, 1, 2, 3]);
  });

  it("resultados del curso: correcta solo con el conjunto exacto; cada opción incorrecta cuenta quienes la marcaron", async () => {
    const results = await getCourseResults(courseId, "30d", "all");
    const stat = results!.questions.find((q) => q.questionId === mq)!;
    expect(stat).toMatchObject({ drawn: 4, correct: 1, correctPercent: 25, blank: 1, correctOption: "A. Guantes · C. Mascarilla" });
    expect(stat.wrong).toEqual([
      { option: "B", text: "Reloj", count: 1 },
      { option: "D", text: "Pulsera", count: 1 },
    ]);
  });

  it("la ficha del alumno en el admin muestra las opciones marcadas y si acertó", async () => {
    const right = await getLearnerDetail(users[0]!.id);
    expect(right!.attempts[0]!.answers[0]).toMatchObject({ chosen: "A. Guantes · C. Mascarilla", correctOption: "A. Guantes · C. Mascarilla", correct: true });
    const partial = await getLearnerDetail(users[1]!.id);
    expect(partial!.attempts[0]!.answers[0]).toMatchObject({ chosen: "A. Guantes", correct: false });
    const blank = await getLearnerDetail(users[3]!.id);
    expect(blank!.attempts[0]!.answers[0]).toMatchObject({ chosen: "Sin respuesta", correct: false });
  });

  it("la base de datos rechaza una pregunta cuyas columnas de respuesta no calzan con su tipo", async () => {
    const base = { lessonId: examId, prompt: "Mal formada", options: ["a", "b"] };
    await expect(db().insert(question).values({ ...base, kind: "multiple", correctIndex: 0, correctSet: [0] })).rejects.toThrow();
    await expect(db().insert(question).values({ ...base, kind: "multiple", correctIndex: -1, correctSet: [] })).rejects.toThrow();
    await expect(db().insert(question).values({ ...base, kind: "choice", correctIndex: 0, correctSet: [0] })).rejects.toThrow();
    await expect(db().insert(question).values({ ...base, kind: "choice", correctIndex: -1 })).rejects.toThrow();
  });
});
