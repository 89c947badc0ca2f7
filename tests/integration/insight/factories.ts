// Data for the report tests: exam attempts with their answers, lesson completions, paid and refunded orders,
// and moving rows back in time (the reports cut by period).
import { eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { courseModule, enrolment, examAttempt, lesson, lessonCompletion, order, question, refund, user } from "~/server/platform/db/schema";
import { refreshStoredProgress } from "~/server/learning/learning.server";
import { changedInTheDatabase } from "../support/catalogue-copies";

export const DAY_MS = 24 * 60 * 60 * 1000;
export const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);

export async function backdateUser(id: string, at: Date) {
  await db().update(user).set({ createdAt: at }).where(eq(user.id, id));
}

/** The lessons of a course in order (module position, lesson position). */
export async function lessonsOf(courseId: number) {
  const rows = await db()
    .select({ id: lesson.id, moduleId: lesson.moduleId, mpos: courseModule.position, lpos: lesson.position })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .where(eq(courseModule.courseId, courseId));
  return rows.sort((a, b) => a.mpos - b.mpos || a.lpos - b.lpos);
}

/**
 * Lesson completions at a given time; then the enrolment's stored progress, modules done and exam passed are
 * read again with the application's rule (refreshStoredProgress), as a completion through the app would.
 */
export async function complete(enrolmentId: number, lessonIds: number[], at: Date = new Date()) {
  for (const lessonId of lessonIds) await db().insert(lessonCompletion).values({ enrolmentId, lessonId, completedAt: at });
  const [row] = await db().select({ courseId: enrolment.courseId }).from(enrolment).where(eq(enrolment.id, enrolmentId));
  await refreshStoredProgress(db(), row!.courseId);
}

/** Adds an exam lesson with `n` questions (correct option: A, stored index 0) to a module. */
export async function addExam(moduleId: number, n: number) {
  const [exam] = await db().insert(lesson).values({ moduleId, position: 99, title: "Examen final", type: "examen", status: "published" }).returning();
  changedInTheDatabase();
  const questions = [];
  for (let i = 1; i <= n; i++) {
    const [q] = await db()
      .insert(question)
      .values({ lessonId: exam!.id, prompt: `Pregunta ${i}`, options: ["Correcta", "Mala 1", "Mala 2", "Mala 3"], correctIndex: 0 })
      .returning();
    questions.push(q!);
  }
  return { exam: exam!, questions };
}

/**
 * A submitted attempt. `chosen[i]` is the stored option index chosen for questionIds[i]; the options are
 * shown reversed (shown index k = stored index 3 - k), so the test also checks the shown→stored mapping.
 */
export async function attempt(input: {
  userId: string;
  lessonId: number;
  number: number;
  questionIds: number[];
  chosen: number[];
  correct: number[];
  at?: Date;
}) {
  const optionOrder = input.questionIds.map(() => [3, 2, 1, 0]);
  const answers = input.chosen.map((stored) => 3 - stored);
  const right = input.chosen.filter((c, i) => c === input.correct[i]).length;
  const score = Math.round((right * 100) / input.questionIds.length);
  const at = input.at ?? new Date();
  const [row] = await db()
    .insert(examAttempt)
    .values({
      userId: input.userId,
      lessonId: input.lessonId,
      attemptNumber: input.number,
      questionIds: input.questionIds,
      optionOrder,
      answers,
      score,
      passed: score >= 70,
      startedAt: new Date(at.getTime() - 60_000),
      submittedAt: at,
    })
    .returning();
  return row!;
}

let orders = 0;
export async function paidOrder(input: { userId: string; courseId: number; amountClp: number; paidAt?: Date; refundClp?: number; refundedAt?: Date }) {
  const paidAt = input.paidAt ?? new Date();
  const [row] = await db()
    .insert(order)
    .values({
      number: `INS-${++orders}-${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
      userId: input.userId,
      courseId: input.courseId,
      unitPriceClp: input.amountClp,
      subtotalClp: input.amountClp,
      amountClp: input.amountClp,
      method: "transfer",
      status: input.refundClp ? "refunded" : "paid",
      createdAt: paidAt,
      paidAt,
      refundedAt: input.refundClp ? (input.refundedAt ?? new Date()) : null,
    })
    .returning();
  if (input.refundClp) {
    await db()
      .insert(refund)
      .values({ orderId: row!.id, amountClp: input.refundClp, kind: "manual", createdAt: input.refundedAt ?? new Date() });
  }
  return row!;
}
