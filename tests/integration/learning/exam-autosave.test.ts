// Exam answers are saved on the server as they are chosen (intent 'exam-answer'): an open attempt
// resumes with them after a reload or a closed tab; only the submit grades. A save for someone else's
// attempt, a closed attempt or a question outside the attempt is refused and changes nothing.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { examAttempt, question } from "~/server/platform/db/schema";
import { answerFieldName } from "~/domain/exam-forms";
import { createUser } from "../support/users";
import { changedInTheDatabase } from "../support/catalogue-copies";
import { COURSE1, useFixtureCatalogue } from "./fixture-catalogue";
import { answersFor, enrol, lessonId, openContent, postContent, startAttempt, submitAttempt } from "./helpers";

useFixtureCatalogue();

const examLesson = () => lessonId(COURSE1.examen);

function saveAnswer(cookie: string | undefined, exam: number, attempt: number, questionId: number | string, option: string) {
  return postContent(cookie, 1, { intent: "exam-answer", leccion: String(exam), intento: String(attempt), pregunta: String(questionId), respuesta: option });
}

async function attemptRow(id: number) {
  const [row] = await db().select().from(examAttempt).where(eq(examAttempt.id, id));
  return row!;
}

describe("autoguardado de la evaluación", () => {
  it("cada respuesta elegida se guarda; al recargar el intento abierto vuelve con ellas; nada se califica", async () => {
    const u = await createUser();
    await enrol(u.id);
    const exam = await examLesson();
    const attempt = await startAttempt(u.cookie, exam);
    const { questionIds } = await attemptRow(attempt);
    expect(await saveAnswer(u.cookie, exam, attempt, questionIds[0]!, "2")).toMatchObject({ status: 200, data: { saved: true } });
    expect((await saveAnswer(u.cookie, exam, attempt, questionIds[3]!, "0")).status).toBe(200);
    // Changing one's mind overwrites the saved answer.
    expect((await saveAnswer(u.cookie, exam, attempt, questionIds[0]!, "1")).status).toBe(200);

    const row = await attemptRow(attempt);
    expect(row).toMatchObject({ submittedAt: null, score: null, passed: null, answers: null, attemptNumber: null });
    expect(row.draftAnswers).toEqual({ [String(questionIds[0])]: 1, [String(questionIds[3])]: 0 });

    const reloaded = (await openContent(u.cookie, 1, `?leccion=${exam}&intento=${attempt}`)).data.exam.attempt;
    expect(reloaded.status).toBe("open");
    expect(reloaded.saved).toEqual({ [answerFieldName(questionIds[0]!)]: "1", [answerFieldName(questionIds[3]!)]: "0" });
    // The intro (a closed tab: back to the course) offers to resume it.
    const intro = (await openContent(u.cookie, 1, `?leccion=${exam}`)).data.exam.intro;
    expect(intro.openAttempt).toEqual({ id: attempt, answered: 2 });

    // Submitting grades what is submitted; afterwards the attempt no longer takes answers.
    await submitAttempt(u.cookie, exam, attempt, await answersFor(attempt, "right"));
    expect((await attemptRow(attempt)).score).toBe(100);
    expect(await saveAnswer(u.cookie, exam, attempt, questionIds[0]!, "3")).toMatchObject({ status: 409 });
    expect((await attemptRow(attempt)).draftAnswers).toEqual({ [String(questionIds[0])]: 1, [String(questionIds[3])]: 0 });
    expect((await openContent(u.cookie, 1, `?leccion=${exam}`)).data.exam.intro.openAttempt).toBeNull();
  });

  it("un autoguardado falsificado para el intento de otro, sin sesión, o fuera del intento se rechaza sin cambiar nada", async () => {
    const owner = await createUser();
    const other = await createUser();
    const stranger = await createUser();
    await enrol(owner.id);
    await enrol(other.id);
    const exam = await examLesson();
    const attempt = await startAttempt(owner.cookie, exam);
    const { questionIds, optionOrder } = await attemptRow(attempt);
    const q = questionIds[0]!;

    expect((await saveAnswer(other.cookie, exam, attempt, q, "1")).status).toBe(403);
    expect((await saveAnswer(stranger.cookie, exam, attempt, q, "1")).status).toBe(403);
    expect(await saveAnswer(undefined, exam, attempt, q, "1")).toMatchObject({ status: 302, location: "/cursos/1" });
    // Another lesson as the exam, a question outside the attempt, an option that does not exist, junk.
    expect((await saveAnswer(owner.cookie, await lessonId(COURSE1.pdf), attempt, q, "1")).status).toBe(404);
    const outside = (await db().select({ id: examAttempt.id }).from(examAttempt)).length + 999_999;
    expect((await saveAnswer(owner.cookie, exam, attempt, outside, "1")).status).toBe(400);
    expect((await saveAnswer(owner.cookie, exam, attempt, q, String(optionOrder[0]!.length))).status).toBe(400);
    expect((await saveAnswer(owner.cookie, exam, attempt, q, "-1")).status).toBe(400);
    expect((await saveAnswer(owner.cookie, exam, attempt, "abc", "1")).status).toBe(400);
    expect((await saveAnswer(owner.cookie, exam, "x" as unknown as number, q, "1")).status).toBe(400);
    expect((await attemptRow(attempt)).draftAnswers).toBeNull();
  });

  it("un autoguardado que llega junto con el envío no cambia el intento ya calificado", async () => {
    const u = await createUser();
    await enrol(u.id);
    const exam = await examLesson();
    const attempt = await startAttempt(u.cookie, exam);
    const { questionIds } = await attemptRow(attempt);
    const right = await answersFor(attempt, "right");
    await Promise.all([
      submitAttempt(u.cookie, exam, attempt, right),
      ...questionIds.map((q) => saveAnswer(u.cookie, exam, attempt, q, "0")),
    ]);
    const row = await attemptRow(attempt);
    expect(row.score).toBe(100);
    expect(row.answers).toHaveLength(10);
  });
});

describe("después de reprobar (E6)", () => {
  it("cada pregunta fallada enlaza a su lección, sin revelar la alternativa correcta", async () => {
    const u = await createUser();
    await enrol(u.id);
    const exam = await examLesson();
    const pdf = await lessonId(COURSE1.pdf);
    await db().update(question).set({ sourceLessonId: pdf }).where(eq(question.lessonId, exam));
    changedInTheDatabase();
    const attempt = await startAttempt(u.cookie, exam);
    await submitAttempt(u.cookie, exam, attempt, await answersFor(attempt, "wrong"));
    const result = (await openContent(u.cookie, 1, `?leccion=${exam}&intento=${attempt}`)).data.exam.attempt;
    expect(result).toMatchObject({ status: "submitted", passed: false });
    for (const q of result.questions) {
      expect(q).toMatchObject({ correct: false, correctOptions: null, explanation: null, lesson: { id: pdf, title: COURSE1.pdf } });
    }
    expect(JSON.stringify(result)).not.toMatch(/Explicación reservada/);
  });
});
