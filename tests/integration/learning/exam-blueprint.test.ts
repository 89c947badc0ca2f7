// The exam draw honours each built-in course's blueprint (content/courses/<slug>/blueprint.json): the catalogue loader
// stores the blueprint on the exam lesson and each question's topic, and every attempt the server starts meets it.
// Runs on the real catalogue, which the setup loads into this file's fresh database.
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { courseModule, examAttempt, lesson, question } from "~/server/platform/db/schema";
import { readCatalogue } from "~/server/catalogue/catalogue.server";
import { startExamAttempt } from "~/server/exams/exams.server";
import type { SessionUser } from "~/server/accounts/session.server";
import { meetsBlueprint } from "~/domain/exam-blueprint";
import { EXAM_QUESTION_COUNT } from "~/domain/grading";
import { createUser } from "../support/users";
import { enrol } from "./helpers";

const asSessionUser = (u: { id: string; name: string; email: string }): SessionUser => ({
  ...u,
  role: "user",
  phone: null,
  address: null,
  rut: null,
  managesCompanies: false,
});

async function examLessonOf(courseId: number) {
  const [row] = await db()
    .select({ id: lesson.id, blueprint: lesson.examBlueprint })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .where(and(eq(courseModule.courseId, courseId), eq(lesson.type, "examen")));
  return row!;
}

describe("evaluación por pauta", () => {
  for (const c of readCatalogue().filter((c) => c.blueprint)) {
    it(`curso ${c.id}: la pauta y el tema de cada pregunta quedan guardados como en el catálogo`, async () => {
      const exam = await examLessonOf(c.id);
      expect(exam.blueprint).toEqual(c.blueprint);
      const rows = await db().select({ externalId: question.externalId, topic: question.topic }).from(question).where(eq(question.lessonId, exam.id));
      expect(new Map(rows.map((r) => [r.externalId, r.topic]))).toEqual(new Map(c.questions.map((q) => [q.id, q.topic ?? null])));
    });

    it(`curso ${c.id}: cada intento que el servidor sortea cumple la pauta`, async () => {
      const exam = await examLessonOf(c.id);
      const learner = await createUser();
      await enrol(learner.id, c.id);
      const topicOf = new Map(
        (await db().select({ id: question.id, topic: question.topic }).from(question).where(eq(question.lessonId, exam.id))).map((q) => [q.id, q.topic]),
      );
      for (let i = 0; i < 40; i++) {
        const started = await startExamAttempt({ user: asSessionUser(learner), courseId: c.id, lessonId: exam.id });
        if (!started.ok) throw new Error(started.message);
        const [attempt] = await db().select({ ids: examAttempt.questionIds }).from(examAttempt).where(eq(examAttempt.id, started.attemptId));
        const drawn = attempt!.ids.map((id) => ({ id, topic: topicOf.get(id) ?? null }));
        expect(new Set(attempt!.ids).size).toBe(EXAM_QUESTION_COUNT);
        expect(meetsBlueprint(drawn, c.blueprint!), JSON.stringify(drawn)).toBe(true);
      }
    });
  }
});
