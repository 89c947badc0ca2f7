// The final exam (docs/product-spec.md §4 Exam view, §5, §9; docs/decisions.md B11). The server draws the
// questions, keeps the correct answers to itself until grading, grades, numbers and stores every attempt.
import { senceMessages } from "~/domain/sence-messages";
import crypto from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "../platform/db/client.server";
import { examAttempt, lesson, user as userTable } from "../platform/db/schema";
import { attemptQuestions, drawableQuestions, examBlueprint, examSettings } from "./bank.server";
import { now } from "../platform/clock.server";
import { attemptDeadline, attemptsLeft, EXAM_GRACE_MS, lessonsLeftBeforeExam, nextAttemptOpensAt, type ExamSettings, type SubmittedAttempt } from "~/domain/exam-settings";
import { completeLessonInTx, findLesson, resolveCourseAccess } from "../learning/learning.server";
import { logger } from "../platform/logger.server";
import type { SessionUser } from "../accounts/session.server";
import { answerSet, drawExam, gradeAttempt, type ExamAnswer } from "~/domain/grading";
import { answerFieldName, parseExamAnswers, parseOptionSet } from "~/domain/exam-forms";
import { correctOptionsOf } from "~/domain/question-input";
import { examPausedMessage } from "~/domain/exam-pause";
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
  passMark: number;
  timeLimitMin: number | null;
  /** Null: unlimited. */
  attemptsLeft: number | null;
  /** The exam's pause after failed attempts in a row, in minutes (0: none). */
  retryPauseMin: number;
  /** With 'all lessons first': the lessons still to complete before the exam opens. */
  lessonsLeft: number;
  available: boolean;
  passed: boolean;
  history: ExamHistoryRow[];
  /** An attempt started and not submitted (a closed tab, a lost connection): the intro offers to resume it. */
  openAttempt: { id: number; answered: number } | null;
  /** After failed attempts in a row, when the next one opens (docs/decisions.md B13); null: it may start now. */
  pause: ExamPause | null;
}

export interface ExamPause {
  opensAt: string;
  /** 'Podrás hacer tu próximo intento hoy desde las 14:05 (hora de Chile).', worded on the server's clock. */
  message: string;
}

function pauseOf(settings: ExamSettings, submitted: readonly SubmittedAttempt[]): ExamPause | null {
  const at = now();
  const opensAt = nextAttemptOpensAt(settings, submitted, at);
  return opensAt ? { opensAt: opensAt.toISOString(), message: examPausedMessage(opensAt, at) } : null;
}

/** The user's submitted attempts at this exam, as the pause counts them. */
async function submittedAttempts(database: Pick<ReturnType<typeof db>, "select">, userId: string, lessonId: number): Promise<SubmittedAttempt[]> {
  const rows = await database
    .select({ passed: examAttempt.passed, submittedAt: examAttempt.submittedAt })
    .from(examAttempt)
    .where(and(eq(examAttempt.userId, userId), eq(examAttempt.lessonId, lessonId), isNull(examAttempt.endedCycle), isNotNull(examAttempt.submittedAt)));
  return rows.map((r) => ({ passed: Boolean(r.passed), submittedAt: r.submittedAt! }));
}

export async function getExamIntro(userId: string, lessonId: number, lessonsLeft = 0): Promise<ExamIntroView> {
  const [bank, settings, rows, [open]] = await Promise.all([
    drawableQuestions(lessonId),
    examSettings(lessonId),
    db()
      .select({
        attemptNumber: examAttempt.attemptNumber,
        submittedAt: examAttempt.submittedAt,
        score: examAttempt.score,
        passed: examAttempt.passed,
      })
      .from(examAttempt)
      .where(and(eq(examAttempt.userId, userId), eq(examAttempt.lessonId, lessonId), isNull(examAttempt.endedCycle), isNotNull(examAttempt.submittedAt)))
      .orderBy(asc(examAttempt.attemptNumber)),
    db()
      .select({ id: examAttempt.id, draft: examAttempt.draftAnswers })
      .from(examAttempt)
      .where(and(eq(examAttempt.userId, userId), eq(examAttempt.lessonId, lessonId), isNull(examAttempt.endedCycle), isNull(examAttempt.submittedAt)))
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
    questionCount: settings.questionCount,
    passMark: settings.passMark,
    timeLimitMin: settings.timeLimitMin,
    attemptsLeft: attemptsLeft(settings, history.length),
    retryPauseMin: settings.retryPauseMin,
    lessonsLeft: settings.requireLessons ? lessonsLeft : 0,
    available: bank.length >= settings.questionCount,
    passed: history.some((h) => h.passed),
    history,
    openAttempt: open ? { id: open.id, answered: Object.keys(open.draft ?? {}).length } : null,
    pause: pauseOf(settings, rows.map((r) => ({ passed: Boolean(r.passed), submittedAt: r.submittedAt! }))),
  };
}

export type ExamFailure = Refusal<{ status: 400 | 403 | 404 | 409 | 500; values?: Record<string, string> }>;

/**
 * The course must be open to this user and the lesson must be its published exam. With the exam's
 * 'all lessons first', an enrolled learner's lessons still to do are counted (an admin previewing has none).
 */
async function examAccess(user: SessionUser, courseId: number, lessonId: number, settings: ExamSettings) {
  const access = await resolveCourseAccess(user, courseId);
  if (access.kind === "not-found") return { ok: false, status: 404, message: learningMessages.courseNotFound } as const;
  if (access.kind === "not-enrolled") return { ok: false, status: 403, message: learningMessages.notEnrolled } as const;
  if (access.kind === "sence-locked") return { ok: false, status: 403, message: senceMessages.studyLocked } as const;
  const target = findLesson(access.outline, lessonId);
  if (!target || target.status !== "published" || target.mode !== "examen") {
    return { ok: false, status: 404, message: learningMessages.lessonNotInCourse } as const;
  }
  const lessonsLeft = access.enrolment
    ? lessonsLeftBeforeExam(
        settings,
        access.outline.modules.flatMap((m) =>
          m.lessons.map((l) => ({ id: l.id, type: l.type, published: l.status === "published", completed: access.completedIds.has(l.id) })),
        ),
      )
    : 0;
  return { ok: true, enrolmentId: access.enrolment?.id ?? null, lessonsLeft } as const;
}

/** The user's submitted attempts at this exam. */
async function submittedCount(database: Pick<ReturnType<typeof db>, "select">, userId: string, lessonId: number): Promise<number> {
  const [row] = await database
    .select({ n: sql<number>`count(*)::int` })
    .from(examAttempt)
    .where(and(eq(examAttempt.userId, userId), eq(examAttempt.lessonId, lessonId), isNull(examAttempt.endedCycle), isNotNull(examAttempt.submittedAt)));
  return Number(row?.n ?? 0);
}

/** Whether an attempt started at `startedAt` is past its time limit (and by more than the grace). */
function timeState(startedAt: Date, settings: ExamSettings): { deadline: Date | null; over: boolean; late: boolean } {
  const deadline = attemptDeadline(startedAt, settings);
  const t = now().getTime();
  return { deadline, over: deadline !== null && t >= deadline.getTime(), late: deadline !== null && t > deadline.getTime() + EXAM_GRACE_MS };
}

/**
 * 'Comenzar Evaluación': draws the exam's number of questions as its blueprint asks and shuffles their options
 * (true/false keeps its order); the attempt gets its number when submitted. Refused while lessons required first
 * are pending, when every allowed attempt is used, or while the pause after failed attempts runs (B13). Wherever
 * a rule counts attempts or time (a limit of attempts or of time, the pause), an attempt already open is taken up
 * again instead of drawing a new one: a learner cannot hold many draws at once, restart the clock, or open
 * attempts ahead to submit them one after another past the pause. All of it is decided under the user's row lock
 * (as the submit takes it), so two starts at once, or a start racing a submit, are decided one after the other.
 */
export async function startExamAttempt(options: {
  user: SessionUser;
  courseId: number;
  lessonId: number;
}): Promise<{ ok: true; attemptId: number } | ExamFailure> {
  // The bank comes from this process's copy (exams/bank.server.ts); it is used only if access is granted.
  const settings = await examSettings(options.lessonId);
  const [access, bank, blueprint] = await Promise.all([
    examAccess(options.user, options.courseId, options.lessonId, settings),
    drawableQuestions(options.lessonId),
    examBlueprint(options.lessonId),
  ]);
  if (!access.ok) return access;
  if (access.lessonsLeft > 0) return { ok: false, status: 403, message: learningMessages.examLessonsFirst };
  // Drawn before the lock (no database work); stored only if a new attempt is due.
  const drawn = drawExam(
    bank.map((q) => ({ id: q.id, optionCount: q.options.length, topic: q.topic, fixedOrder: q.kind === "truefalse" })),
    (n) => crypto.randomInt(n),
    settings.questionCount,
    blueprint,
  );
  return db().transaction(async (tx): Promise<{ ok: true; attemptId: number } | ExamFailure> => {
    await tx.select({ id: userTable.id }).from(userTable).where(eq(userTable.id, options.user.id)).for("no key update");
    const submitted = await submittedAttempts(tx, options.user.id, options.lessonId);
    if (settings.maxAttempts !== null && submitted.length >= settings.maxAttempts) {
      return { ok: false, status: 409, message: learningMessages.examNoAttemptsLeft };
    }
    if (settings.maxAttempts !== null || settings.timeLimitMin !== null || settings.retryPauseMin > 0) {
      const [open] = await tx
        .select({ id: examAttempt.id })
        .from(examAttempt)
        .where(and(eq(examAttempt.userId, options.user.id), eq(examAttempt.lessonId, options.lessonId), isNull(examAttempt.endedCycle), isNull(examAttempt.submittedAt)))
        .orderBy(desc(examAttempt.id))
        .limit(1);
      if (open) return { ok: true, attemptId: open.id };
    }
    const pause = pauseOf(settings, submitted);
    if (pause) return { ok: false, status: 409, message: pause.message };
    if (!drawn) return { ok: false, status: 409, message: learningMessages.examNotReady };
    const [row] = await tx
      .insert(examAttempt)
      .values({ userId: options.user.id, lessonId: options.lessonId, questionIds: drawn.questionIds, optionOrder: drawn.optionOrder, startedAt: now() })
      .returning({ id: examAttempt.id });
    return { ok: true, attemptId: row!.id };
  });
}

export interface OpenQuestion {
  id: number;
  prompt: string;
  /** In the order shown to this learner (A, B, C, D). */
  options: string[];
  /** A multiple-answer question: the learner marks every correct option (checkboxes), not one. */
  multiple: boolean;
}

export interface ReviewedQuestion extends OpenQuestion {
  /** The options the learner marked, as shown (one for the one-answer kinds; none when left blank). */
  chosen: number[];
  correct: boolean;
  /** Only after passing: the right options as shown, and why. */
  correctOptions: number[] | null;
  explanation: string | null;
  /** For a missed question: the lesson that teaches it (docs/decisions.md E6), never its answer. */
  lesson: { id: number; title: string } | null;
}

export type AttemptView =
  /**
   * `saved`: the answers autosaved so far, as the form's field values (answerFieldName → shown option, or the
   * shown options marked as "0,2" for a multiple-answer question).
   * `deadline`: when a timed attempt stops taking answers (ISO), `timeUp` once it has.
   */
  | { status: "open"; attemptId: number; questions: OpenQuestion[]; saved: Record<string, string>; deadline: string | null; timeUp: boolean }
  | {
      status: "submitted";
      attemptId: number;
      attemptNumber: number;
      score: number;
      passed: boolean;
      passMark: number;
      /** Another attempt is allowed (false once the exam's attempts are used). */
      canRetry: boolean;
      /** After a failure that starts or extends the pause: when the next attempt opens. */
      pause: ExamPause | null;
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
      and(eq(examAttempt.id, options.attemptId), eq(examAttempt.userId, options.userId), eq(examAttempt.lessonId, options.lessonId), isNull(examAttempt.endedCycle)),
    )
    .limit(1);
  if (!attempt) return null;
  const [questions, settings] = await Promise.all([attemptQuestions(attempt.lessonId, attempt.questionIds), examSettings(attempt.lessonId)]);
  if (questions.some((q) => !q)) return null; // the bank was edited under this attempt
  const shown = questions.map((q, i) => ({
    id: q!.id,
    prompt: q!.prompt,
    options: (attempt.optionOrder[i] ?? []).map((stored) => q!.options[stored] ?? ""),
    multiple: q!.kind === "multiple",
  }));
  if (!attempt.submittedAt || !attempt.answers) {
    const saved: Record<string, string> = {};
    for (const q of shown) {
      const chosen = attempt.draftAnswers?.[String(q.id)];
      const marked = answerSet(chosen).filter((o) => o < q.options.length);
      if (q.multiple ? marked.length > 0 : typeof chosen === "number" && marked.length === 1) saved[answerFieldName(q.id)] = marked.join(",");
    }
    const time = timeState(attempt.startedAt, settings);
    return { status: "open", attemptId: attempt.id, questions: shown, saved, deadline: time.deadline?.toISOString() ?? null, timeUp: time.over };
  }

  const graded = gradeAttempt({
    questionIds: attempt.questionIds,
    optionOrder: attempt.optionOrder,
    correctIndexes: questions.map((q) => correctOptionsOf(q!)),
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
  const submitted = await submittedAttempts(db(), options.userId, attempt.lessonId);
  return {
    status: "submitted",
    attemptId: attempt.id,
    attemptNumber: attempt.attemptNumber ?? 0,
    score: attempt.score ?? 0,
    passed,
    passMark: settings.passMark,
    canRetry: settings.maxAttempts === null || submitted.length < settings.maxAttempts,
    pause: passed ? null : pauseOf(settings, submitted),
    correctCount: graded.correctCount,
    questions: shown.map((q, i) => ({
      ...q,
      chosen: graded.questions[i]!.chosenShown,
      correct: graded.questions[i]!.correct,
      correctOptions: passed ? graded.questions[i]!.correctShown : null,
      explanation: passed ? questions[i]!.explanation || null : null,
      lesson: graded.questions[i]!.correct ? null : (sourceById.get(questions[i]!.sourceLessonId ?? -1) ?? null),
    })),
  };
}

/**
 * Saves one answer of an open attempt as the learner chooses it (intent 'exam-answer'). Only the
 * attempt's owner, only while it is open, only a question of the attempt and an option it shows (for a
 * multiple-answer question, the whole set marked so far, "0,2", distinct options it shows, "" for none); the
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
  const settings = await examSettings(options.lessonId);
  const access = await examAccess(options.user, options.courseId, options.lessonId, settings);
  if (!access.ok) return access;
  const attemptId = idSchema.safeParse(options.attemptId);
  const questionId = idSchema.safeParse(options.questionId);
  const optionText = typeof options.option === "string" && options.option.length <= 40 ? options.option : null;
  if (!attemptId.success || !questionId.success || optionText === null) return { ok: false, status: 400, message: learningMessages.invalidRequest };
  const [attempt] = await db().select().from(examAttempt).where(eq(examAttempt.id, attemptId.data)).limit(1);
  // An attempt of a renewed cycle is kept, not answered again.
  if (!attempt || attempt.userId !== options.user.id || attempt.lessonId !== options.lessonId || attempt.endedCycle !== null) {
    return { ok: false, status: 403, message: learningMessages.attemptNotFound };
  }
  if (attempt.submittedAt) return { ok: false, status: 409, message: learningMessages.attemptAlreadySubmitted };
  // A timed attempt takes answers until its limit (and the grace for a save on its way): later ones do not count.
  if (timeState(attempt.startedAt, settings).late) return { ok: false, status: 409, message: learningMessages.examTimeOver };
  const index = attempt.questionIds.indexOf(questionId.data);
  if (index < 0) return { ok: false, status: 400, message: learningMessages.answerUnknownQuestion };
  const optionCount = attempt.optionOrder[index]?.length ?? 0;
  const [q] = await attemptQuestions(attempt.lessonId, [questionId.data]);
  let answer: ExamAnswer;
  if (q?.kind === "multiple") {
    const set = parseOptionSet(optionText, optionCount);
    if (!set) return { ok: false, status: 400, message: learningMessages.answerOutOfRange };
    answer = set;
  } else {
    if (!/^\d{1,2}$/.test(optionText)) return { ok: false, status: 400, message: learningMessages.invalidRequest };
    answer = Number(optionText);
    if (answer >= optionCount) return { ok: false, status: 400, message: learningMessages.answerOutOfRange };
  }
  const saved = await db()
    .update(examAttempt)
    .set({ draftAnswers: sql`coalesce(${examAttempt.draftAnswers}, '{}'::jsonb) || jsonb_build_object(${String(questionId.data)}::text, ${JSON.stringify(answer)}::jsonb)` })
    .where(and(eq(examAttempt.id, attempt.id), eq(examAttempt.userId, options.user.id), isNull(examAttempt.submittedAt), isNull(examAttempt.endedCycle)))
    .returning({ id: examAttempt.id });
  if (saved.length === 0) return { ok: false, status: 409, message: learningMessages.attemptAlreadySubmitted };
  return { ok: true };
}

class AlreadySubmitted extends Error {}
class NoAttemptsLeft extends Error {}

type AnswersRead = { ok: true; answers: ExamAnswer[] } | { ok: false; message: string; values: Record<string, string> };

/**
 * What a submit grades. Within the time (or without a limit): the form, every question answered. Past the limit,
 * within the grace: the form as it is, a question left blank counting as wrong (the page sends itself when the
 * time is up). Later than that: only what was saved before the limit, whatever the form says.
 */
function answersToGrade(
  attempt: { questionIds: number[]; optionOrder: number[][]; draftAnswers: Record<string, number | number[]> | null },
  multiple: readonly boolean[],
  form: FormData,
  time: { over: boolean; late: boolean },
): AnswersRead {
  const blank = (i: number): ExamAnswer => (multiple[i] ? [] : -1);
  if (time.late) return { ok: true, answers: attempt.questionIds.map((id, i) => attempt.draftAnswers?.[String(id)] ?? blank(i)) };
  const parsed = parseExamAnswers(form, { questionIds: attempt.questionIds, optionCounts: attempt.optionOrder.map((o) => o.length), multiple });
  if (parsed.ok) return parsed;
  if (parsed.reason === "incomplete" && time.over) {
    return {
      ok: true,
      answers: attempt.questionIds.map((id, i) => {
        const value = parsed.values[answerFieldName(id)];
        if (value === undefined) return blank(i);
        return multiple[i] ? (parseOptionSet(value, attempt.optionOrder[i]?.length ?? 0) ?? []) : Number(value);
      }),
    };
  }
  return { ok: false, message: parsed.message, values: parsed.values };
}

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
  const settings = await examSettings(options.lessonId);
  // The access check and the attempt are read together: one round trip; the attempt counts only if access is granted.
  const [access, [attempt]] = await Promise.all([
    examAccess(options.user, options.courseId, options.lessonId, settings),
    attemptId.success ? db().select().from(examAttempt).where(eq(examAttempt.id, attemptId.data)).limit(1) : [],
  ]);
  if (!access.ok) return access;
  if (!attemptId.success) return { ok: false, status: 400, message: learningMessages.attemptNotFound };
  // An attempt of a renewed cycle is kept, not answered again.
  if (!attempt || attempt.userId !== options.user.id || attempt.lessonId !== options.lessonId || attempt.endedCycle !== null) {
    return { ok: false, status: 403, message: learningMessages.attemptNotFound };
  }
  if (attempt.submittedAt) return { ok: false, status: 409, message: learningMessages.attemptAlreadySubmitted };

  const questions = await attemptQuestions(attempt.lessonId, attempt.questionIds);
  if (questions.some((q) => !q)) return { ok: false, status: 409, message: learningMessages.attemptNotFound };
  const multiple = questions.map((q) => q!.kind === "multiple");
  const parsed = answersToGrade(attempt, multiple, options.form, timeState(attempt.startedAt, settings));
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message, values: parsed.values };

  const graded = gradeAttempt({
    questionIds: attempt.questionIds,
    optionOrder: attempt.optionOrder,
    correctIndexes: questions.map((q) => correctOptionsOf(q!)),
    answers: parsed.answers,
    passMark: settings.passMark,
  });

  try {
    await db().transaction(async (tx) => {
      await tx.select({ id: userTable.id }).from(userTable).where(eq(userTable.id, options.user.id)).for("no key update");
      // Under the same lock: two attempts submitted at once cannot both take the last one allowed.
      if (settings.maxAttempts !== null && (await submittedCount(tx, options.user.id, options.lessonId)) >= settings.maxAttempts) {
        throw new NoAttemptsLeft();
      }
      // Numbered under the user's lock, in the UPDATE itself: the next number after this user's submitted attempts.
      const numbered = alias(examAttempt, "numbered");
      const nextNumber = tx
        .select({ n: sql<number>`coalesce(max(${numbered.attemptNumber}), 0) + 1` })
        .from(numbered)
        .where(and(eq(numbered.userId, options.user.id), eq(numbered.lessonId, options.lessonId), isNull(numbered.endedCycle)));
      const updated = await tx
        .update(examAttempt)
        .set({
          attemptNumber: sql`(${nextNumber})`,
          answers: parsed.answers,
          score: graded.score,
          passed: graded.passed,
          // The academy's clock: the pause after failed attempts is counted from here.
          submittedAt: now(),
        })
        .where(and(eq(examAttempt.id, attempt.id), isNull(examAttempt.submittedAt), isNull(examAttempt.endedCycle)))
        .returning({ id: examAttempt.id });
      if (updated.length === 0) throw new AlreadySubmitted();
      if (graded.passed && access.enrolmentId !== null) return completeLessonInTx(tx, access.enrolmentId, options.lessonId);
      return null;
    });
  } catch (error) {
    if (error instanceof AlreadySubmitted) return { ok: false, status: 409, message: learningMessages.attemptAlreadySubmitted };
    if (error instanceof NoAttemptsLeft) return { ok: false, status: 409, message: learningMessages.examNoAttemptsLeft };
    logger.error({ err: error, attemptId: attempt.id }, "saving an exam attempt failed");
    // Keep what was answered, so "inténtalo de nuevo" is one click.
    const values = Object.fromEntries(attempt.questionIds.map((id, i) => [answerFieldName(id), answerSet(parsed.answers[i]).join(",")]));
    return { ok: false, status: 500, message: learningMessages.examSaveFailed, values };
  }
  return { ok: true, attemptId: attempt.id, passed: graded.passed, score: graded.score };
}

/** The intro (with every past attempt) is read only when it is shown: not under an attempt's questions or result. */
export type ExamPanelView =
  | { intro: ExamIntroView; attempt: null; notice: string | null }
  | { intro: null; attempt: AttemptView; notice: null };

/** What the exam lesson shows: the intro, or the attempt named in the URL (its questions, or its result). */
export async function getExamPanel(userId: string, lessonId: number, attemptParam: string | null, lessonsLeft = 0): Promise<ExamPanelView> {
  if (attemptParam) {
    const attemptId = idSchema.safeParse(attemptParam);
    const attempt = attemptId.success ? await getAttemptView({ userId, lessonId, attemptId: attemptId.data }) : null;
    if (attempt) return { intro: null, attempt, notice: null };
  }
  // No attempt asked for, or one that is not this learner's: the intro, saying so in the second case.
  const notice = attemptParam ? learningMessages.attemptNotFound : null;
  return { intro: await getExamIntro(userId, lessonId, lessonsLeft), attempt: null, notice };
}
