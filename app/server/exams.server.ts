// The final exam (product-spec.md §4 Exam view, §5, §9; decisions.md B11). The server draws the
// questions, keeps the correct answers to itself until grading, grades, numbers and stores every attempt.
import crypto from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "./db/client.server";
import { examAttempt, lesson, user as userTable } from "./db/schema";
import { attemptQuestions, drawableQuestions } from "./exam-bank.server";
import { completeLessonInTx, findLesson, resolveCourseAccess } from "./learning.server";
import { logger } from "./logger.server";
import type { SessionUser } from "./session.server";
import { drawExam, EXAM_QUESTION_COUNT, gradeAttempt } from "~/domain/grading";
import { answerFieldName, parseExamAnswers } from "~/domain/exam-forms";
import { learningMessages } from "~/domain/learning-messages";
import { idSchema } from "~/domain/ids";
import type { Refusal } from "~/domain/action-result";

export interface ExamHistoryRow {
  attemptNumber: number;
  submittedAt: string;
  score: number;
  passed: boolean;
}

export interface ExamIntroView {
  questionCount: number;
  available: boolean;
  passed: boolean;
  history: ExamHistoryRow[];
  /** An attempt started and not submitted (a closed tab, a lost connection): the intro offers to resume it. */
  openAttempt: { id: number; answered: number } | null;
}

export async function getExamIntro(userId: string, lessonId: number): Promise<ExamIntroView> {
  const [bank, rows, [open]] = await Promise.all([
    drawableQuestions(lessonId),
    db()
      .select({
        attemptNumber: examAttempt.attemptNumber,
        submittedAt: examAttempt.submittedAt,
        score: examAttempt.score,
        passed: examAttempt.passed,
      })
      .from(examAttempt)
      .where(and(eq(examAttempt.userId, userId), eq(examAttempt.lessonId, lessonId), isNotNull(examAttempt.submittedAt)))
      .orderBy(asc(examAttempt.attemptNumber)),
    db()
      .select({ id: examAttempt.id, draft: examAttempt.draftAnswers })
      .from(examAttempt)
      .where(and(eq(examAttempt.userId, userId), eq(examAttempt.lessonId, lessonId), isNull(examAttempt.submittedAt)))
      .orderBy(desc(examAttempt.id))
      .limit(1),
  ]);
  const history = rows.map((r) => ({
    attemptNumber: r.attemptNumber ?? 0,
    submittedAt: r.submittedAt!.toISOString(),
    score: r.score ?? 0,
    passed: Boolean(r.passed),
  }));
  return {
    questionCount: EXAM_QUESTION_COUNT,
    available: bank.length >= EXAM_QUESTION_COUNT,
    passed: history.some((h) => h.passed),
    history,
    openAttempt: open ? { id: open.id, answered: Object.keys(open.draft ?? {}).length } : null,
  };
}

export type ExamFailure = Refusal<{ status: 400 | 403 | 404 | 409 | 500; values?: Record<string, string> }>;

/** The course must be open to this user and the lesson must be its published exam. */
async function examAccess(user: SessionUser, courseId: number, lessonId: number) {
  const access = await resolveCourseAccess(user, courseId);
  if (access.kind === "not-found") return { ok: false, status: 404, message: learningMessages.courseNotFound } as const;
  if (access.kind === "not-enrolled") return { ok: false, status: 403, message: learningMessages.notEnrolled } as const;
  const target = findLesson(access.outline, lessonId);
  if (!target || target.status !== "published" || target.mode !== "examen") {
    return { ok: false, status: 404, message: learningMessages.lessonNotInCourse } as const;
  }
  return { ok: true, enrolmentId: access.enrolment?.id ?? null } as const;
}

/** 'Comenzar Evaluación': draws 10 questions and shuffles their options; the attempt gets its number when submitted. */
export async function startExamAttempt(options: {
  user: SessionUser;
  courseId: number;
  lessonId: number;
}): Promise<{ ok: true; attemptId: number } | ExamFailure> {
  // The bank comes from this process's copy (exam-bank.server.ts); it is used only if access is granted.
  const [access, bank] = await Promise.all([examAccess(options.user, options.courseId, options.lessonId), drawableQuestions(options.lessonId)]);
  if (!access.ok) return access;
  const drawn = drawExam(
    bank.map((q) => ({ id: q.id, optionCount: q.options.length })),
    (n) => crypto.randomInt(n),
  );
  if (!drawn) return { ok: false, status: 409, message: learningMessages.examNotReady };
  const [row] = await db()
    .insert(examAttempt)
    .values({ userId: options.user.id, lessonId: options.lessonId, questionIds: drawn.questionIds, optionOrder: drawn.optionOrder })
    .returning({ id: examAttempt.id });
  return { ok: true, attemptId: row!.id };
}

export interface OpenQuestion {
  id: number;
  prompt: string;
  /** In the order shown to this learner (A, B, C, D). */
  options: string[];
}

export interface ReviewedQuestion extends OpenQuestion {
  chosen: number;
  correct: boolean;
  /** Only after passing: the right option as shown, and why. */
  correctOption: number | null;
  explanation: string | null;
  /** For a missed question: the lesson that teaches it (decisions.md E6), never its answer. */
  lesson: { id: number; title: string } | null;
}

export type AttemptView =
  /** `saved`: the answers autosaved so far, as the form's field values (answerFieldName → shown option). */
  | { status: "open"; attemptId: number; questions: OpenQuestion[]; saved: Record<string, string> }
  | {
      status: "submitted";
      attemptId: number;
      attemptNumber: number;
      score: number;
      passed: boolean;
      correctCount: number;
      questions: ReviewedQuestion[];
    };

/**
 * One of the user's own attempts at this exam, as the learner may see it: an open attempt carries no
 * correct answer and no explanation; a failed one says which questions were wrong; a passed one is reviewed in full.
 */
export async function getAttemptView(options: { userId: string; lessonId: number; attemptId: number }): Promise<AttemptView | null> {
  const [attempt] = await db()
    .select()
    .from(examAttempt)
    .where(
      and(eq(examAttempt.id, options.attemptId), eq(examAttempt.userId, options.userId), eq(examAttempt.lessonId, options.lessonId)),
    )
    .limit(1);
  if (!attempt) return null;
  const questions = await attemptQuestions(attempt.lessonId, attempt.questionIds);
  if (questions.some((q) => !q)) return null; // the bank was edited under this attempt
  const shown = questions.map((q, i) => ({
    id: q!.id,
    prompt: q!.prompt,
    options: (attempt.optionOrder[i] ?? []).map((stored) => q!.options[stored] ?? ""),
  }));
  if (!attempt.submittedAt || !attempt.answers) {
    const saved: Record<string, string> = {};
    for (const q of shown) {
      const chosen = attempt.draftAnswers?.[String(q.id)];
      if (typeof chosen === "number" && chosen >= 0 && chosen < q.options.length) saved[answerFieldName(q.id)] = String(chosen);
    }
    return { status: "open", attemptId: attempt.id, questions: shown, saved };
  }

  const graded = gradeAttempt({
    questionIds: attempt.questionIds,
    optionOrder: attempt.optionOrder,
    correctIndexes: questions.map((q) => q!.correctIndex),
    answers: attempt.answers,
  });
  const passed = Boolean(attempt.passed);
  const sourceIds = [
    ...new Set(questions.flatMap((q, i) => (!graded.questions[i]!.correct && q!.sourceLessonId !== null ? [q!.sourceLessonId] : []))),
  ];
  const sources = sourceIds.length
    ? await db()
        .select({ id: lesson.id, title: lesson.title })
        .from(lesson)
        .where(and(inArray(lesson.id, sourceIds), eq(lesson.status, "published")))
    : [];
  const sourceById = new Map(sources.map((l) => [l.id, l]));
  return {
    status: "submitted",
    attemptId: attempt.id,
    attemptNumber: attempt.attemptNumber ?? 0,
    score: attempt.score ?? 0,
    passed,
    correctCount: graded.correctCount,
    questions: shown.map((q, i) => ({
      ...q,
      chosen: graded.questions[i]!.chosenShown,
      correct: graded.questions[i]!.correct,
      correctOption: passed ? graded.questions[i]!.correctShown : null,
      explanation: passed ? questions[i]!.explanation || null : null,
      lesson: graded.questions[i]!.correct ? null : (sourceById.get(questions[i]!.sourceLessonId ?? -1) ?? null),
    })),
  };
}

/**
 * Saves one answer of an open attempt as the learner chooses it (intent 'exam-answer'). Only the
 * attempt's owner, only while it is open, only a question of the attempt and an option it shows; the
 * single UPDATE carries those conditions, so a save racing the submit cannot change a graded attempt.
 * Nothing is graded here.
 */
export async function saveExamAnswer(options: {
  user: SessionUser;
  courseId: number;
  lessonId: number;
  attemptId: unknown;
  questionId: unknown;
  option: unknown;
}): Promise<{ ok: true } | ExamFailure> {
  const access = await examAccess(options.user, options.courseId, options.lessonId);
  if (!access.ok) return access;
  const attemptId = idSchema.safeParse(options.attemptId);
  const questionId = idSchema.safeParse(options.questionId);
  const option = typeof options.option === "string" && /^\d{1,2}$/.test(options.option) ? Number(options.option) : null;
  if (!attemptId.success || !questionId.success || option === null) return { ok: false, status: 400, message: learningMessages.invalidRequest };
  const [attempt] = await db().select().from(examAttempt).where(eq(examAttempt.id, attemptId.data)).limit(1);
  if (!attempt || attempt.userId !== options.user.id || attempt.lessonId !== options.lessonId) {
    return { ok: false, status: 403, message: learningMessages.attemptNotFound };
  }
  if (attempt.submittedAt) return { ok: false, status: 409, message: learningMessages.attemptAlreadySubmitted };
  const index = attempt.questionIds.indexOf(questionId.data);
  if (index < 0) return { ok: false, status: 400, message: learningMessages.answerUnknownQuestion };
  if (option >= (attempt.optionOrder[index]?.length ?? 0)) return { ok: false, status: 400, message: learningMessages.answerOutOfRange };
  const saved = await db()
    .update(examAttempt)
    .set({ draftAnswers: sql`coalesce(${examAttempt.draftAnswers}, '{}'::jsonb) || jsonb_build_object(${String(questionId.data)}::text, ${option}::int)` })
    .where(and(eq(examAttempt.id, attempt.id), eq(examAttempt.userId, options.user.id), isNull(examAttempt.submittedAt)))
    .returning({ id: examAttempt.id });
  if (saved.length === 0) return { ok: false, status: 409, message: learningMessages.attemptAlreadySubmitted };
  return { ok: true };
}

class AlreadySubmitted extends Error {}

/**
 * Grades a submitted attempt and stores it with its answers, its number and its score; passing
 * completes the exam lesson (and maybe the module and the course) in the same transaction.
 * Numbers are unique per user and exam even when submits race: the user's row is locked while the
 * next number is read and written, so concurrent submits are numbered one after the other.
 */
export async function submitExamAttempt(options: {
  user: SessionUser;
  courseId: number;
  lessonId: number;
  attemptId: unknown;
  form: FormData;
}): Promise<{ ok: true; attemptId: number; passed: boolean; score: number } | ExamFailure> {
  const attemptId = idSchema.safeParse(options.attemptId);
  // The access check and the attempt are read together: one round trip (#19); the attempt counts only if access is granted.
  const [access, [attempt]] = await Promise.all([
    examAccess(options.user, options.courseId, options.lessonId),
    attemptId.success ? db().select().from(examAttempt).where(eq(examAttempt.id, attemptId.data)).limit(1) : [],
  ]);
  if (!access.ok) return access;
  if (!attemptId.success) return { ok: false, status: 400, message: learningMessages.attemptNotFound };
  if (!attempt || attempt.userId !== options.user.id || attempt.lessonId !== options.lessonId) {
    return { ok: false, status: 403, message: learningMessages.attemptNotFound };
  }
  if (attempt.submittedAt) return { ok: false, status: 409, message: learningMessages.attemptAlreadySubmitted };

  const parsed = parseExamAnswers(options.form, {
    questionIds: attempt.questionIds,
    optionCounts: attempt.optionOrder.map((o) => o.length),
  });
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message, values: parsed.values };

  const questions = await attemptQuestions(attempt.lessonId, attempt.questionIds);
  if (questions.some((q) => !q)) return { ok: false, status: 409, message: learningMessages.attemptNotFound };
  const graded = gradeAttempt({
    questionIds: attempt.questionIds,
    optionOrder: attempt.optionOrder,
    correctIndexes: questions.map((q) => q!.correctIndex),
    answers: parsed.answers,
  });

  try {
    await db().transaction(async (tx) => {
      await tx.select({ id: userTable.id }).from(userTable).where(eq(userTable.id, options.user.id)).for("no key update");
      // Numbered under the user's lock, in the UPDATE itself: the next number after this user's submitted attempts.
      const numbered = alias(examAttempt, "numbered");
      const nextNumber = tx
        .select({ n: sql<number>`coalesce(max(${numbered.attemptNumber}), 0) + 1` })
        .from(numbered)
        .where(and(eq(numbered.userId, options.user.id), eq(numbered.lessonId, options.lessonId)));
      const updated = await tx
        .update(examAttempt)
        .set({
          attemptNumber: sql`(${nextNumber})`,
          answers: parsed.answers,
          score: graded.score,
          passed: graded.passed,
          submittedAt: new Date(),
        })
        .where(and(eq(examAttempt.id, attempt.id), isNull(examAttempt.submittedAt)))
        .returning({ id: examAttempt.id });
      if (updated.length === 0) throw new AlreadySubmitted();
      if (graded.passed && access.enrolmentId !== null) return completeLessonInTx(tx, access.enrolmentId, options.lessonId);
      return null;
    });
  } catch (error) {
    if (error instanceof AlreadySubmitted) return { ok: false, status: 409, message: learningMessages.attemptAlreadySubmitted };
    logger.error({ err: error, attemptId: attempt.id }, "saving an exam attempt failed");
    // Keep what was answered, so "inténtalo de nuevo" is one click.
    const values = Object.fromEntries(attempt.questionIds.map((id, i) => [answerFieldName(id), String(parsed.answers[i])]));
    return { ok: false, status: 500, message: learningMessages.examSaveFailed, values };
  }
  return { ok: true, attemptId: attempt.id, passed: graded.passed, score: graded.score };
}

/** The intro (with every past attempt) is read only when it is shown: not under an attempt's questions or result. */
export type ExamPanelView =
  | { intro: ExamIntroView; attempt: null; notice: string | null }
  | { intro: null; attempt: AttemptView; notice: null };

/** What the exam lesson shows: the intro, or the attempt named in the URL (its questions, or its result). */
export async function getExamPanel(userId: string, lessonId: number, attemptParam: string | null): Promise<ExamPanelView> {
  if (attemptParam) {
    const attemptId = idSchema.safeParse(attemptParam);
    const attempt = attemptId.success ? await getAttemptView({ userId, lessonId, attemptId: attemptId.data }) : null;
    if (attempt) return { intro: null, attempt, notice: null };
  }
  // No attempt asked for, or one that is not this learner's: the intro, saying so in the second case.
  const notice = attemptParam ? learningMessages.attemptNotFound : null;
  return { intro: await getExamIntro(userId, lessonId), attempt: null, notice };
}
