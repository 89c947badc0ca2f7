// The question bank of an exam lesson.
import { and, eq, isNull } from "drizzle-orm";
import { db, type DbOrTx } from "../db/client.server";
import { courseModule, lesson, question } from "../db/schema";
import { courseEditorMessages } from "~/domain/course-editor-messages";
import { MIN_EXAM_QUESTIONS } from "~/domain/admin-forms";
import { type Outcome, lessonOfCourse, countQuestions } from "./shared.server";

// ── Exam questions ──────────────────────────────────────────────────────────

export interface QuestionData {
  prompt: string;
  option0: string;
  option1: string;
  option2: string;
  option3: string;
  correctIndex: number;
  explanation: string;
}

function questionRow(d: QuestionData) {
  return { prompt: d.prompt, options: [d.option0, d.option1, d.option2, d.option3], correctIndex: d.correctIndex, explanation: d.explanation };
}

export async function addQuestion(courseId: number, lessonId: number, data: QuestionData): Promise<Outcome> {
  const current = await lessonOfCourse(db(), courseId, lessonId);
  if (!current || current.type !== "examen") return { ok: false, message: courseEditorMessages.notFound };
  const [row] = await db().insert(question).values({ lessonId, ...questionRow(data) }).returning({ id: question.id });
  return { ok: true, message: courseEditorMessages.questionAdded, id: row!.id };
}

async function questionOfCourse(tx: DbOrTx, courseId: number, questionId: number) {
  const [row] = await tx
    .select({ id: question.id, lessonId: question.lessonId, lessonStatus: lesson.status })
    .from(question)
    .innerJoin(lesson, eq(lesson.id, question.lessonId))
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .where(and(eq(question.id, questionId), eq(courseModule.courseId, courseId), isNull(question.retiredAt)))
    .limit(1);
  return row ?? null;
}

export async function updateQuestion(courseId: number, questionId: number, data: QuestionData): Promise<Outcome> {
  const q = await questionOfCourse(db(), courseId, questionId);
  if (!q) return { ok: false, message: courseEditorMessages.notFound };
  await db().update(question).set(questionRow(data)).where(eq(question.id, questionId));
  return { ok: true, message: courseEditorMessages.questionSaved };
}

/** A published exam keeps at least the minimum bank: the lesson row is locked so two deletions cannot both pass. */
export async function deleteQuestion(courseId: number, questionId: number): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const q = await questionOfCourse(tx, courseId, questionId);
    if (!q) return { ok: false, message: courseEditorMessages.notFound };
    const [l] = await tx.select({ status: lesson.status }).from(lesson).where(eq(lesson.id, q.lessonId)).for("update");
    if (l?.status === "published" && (await countQuestions(tx, q.lessonId)) <= MIN_EXAM_QUESTIONS) {
      return { ok: false, message: courseEditorMessages.publishedExamKeepsQuestions };
    }
    await tx.delete(question).where(eq(question.id, questionId));
    return { ok: true, message: courseEditorMessages.questionDeleted };
  });
}
