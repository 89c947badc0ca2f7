// An exam's own rules, set by the owner in the course editor: pass mark, questions per attempt, attempts allowed,
// time limit, whether every other lesson must be done first, and the pause after failed attempts. Without settings
// an exam follows the spec (docs/product-spec.md §9, docs/decisions.md B11): 10 questions, 70 %, unlimited
// retries, no time limit, open whenever the learner chooses — but for the pause after the third failure in a row
// (B13). Pure: shared by the editor's form, the exam server and the exam page.
import { z } from "zod";
import { EXAM_QUESTION_COUNT, PASS_MARK } from "./grading";

export interface ExamSettings {
  /** Percentage needed to pass, 1–100. */
  passMark: number;
  /** Questions drawn for every attempt (the bank needs at least as many). */
  questionCount: number;
  /** Submitted attempts allowed; null = unlimited. */
  maxAttempts: number | null;
  /** Minutes from 'Comenzar Evaluación' to the last accepted answer; null = no limit. */
  timeLimitMin: number | null;
  /** The exam opens only once every other published lesson of the course is completed. */
  requireLessons: boolean;
  /**
   * Minutes the next attempt waits after the third failed attempt in a row, doubled by each further failure
   * (nextAttemptOpensAt); 0 = no pause.
   */
  retryPauseMin: number;
}

export const DEFAULT_EXAM_SETTINGS: ExamSettings = {
  passMark: PASS_MARK,
  questionCount: EXAM_QUESTION_COUNT,
  maxAttempts: null,
  timeLimitMin: null,
  requireLessons: false,
  retryPauseMin: 10,
};

export const EXAM_LIMITS = {
  questionCount: { min: 1, max: 50 },
  maxAttempts: { min: 1, max: 20 },
  timeLimitMin: { min: 1, max: 300 },
  retryPauseMin: { min: 0, max: 24 * 60 },
} as const;

/**
 * Why a pause (docs/decisions.md B13): a failed attempt says which questions were wrong, so attempt after attempt
 * in a row an exam could be passed by elimination rather than by knowing. Three tries in a row stay free (a slip,
 * a second look at the lessons); from the third failure on, each new attempt waits, longer each time, never more
 * than a day.
 */
export const EXAM_PAUSE_AFTER_FAILURES = 3;
export const EXAM_PAUSE_MAX_MIN = 24 * 60;

/**
 * A submit this long after the time limit is still graded from the form (a slow phone, a submit sent at the last
 * second); later, only the answers saved before the limit count.
 */
export const EXAM_GRACE_MS = 60_000;

/** As the database holds it (lesson.exam_settings); anything unreadable falls back to the defaults. */
export const storedExamSettingsSchema = z.object({
  passMark: z.number().int().min(1).max(100),
  questionCount: z.number().int().min(EXAM_LIMITS.questionCount.min).max(EXAM_LIMITS.questionCount.max),
  maxAttempts: z.number().int().min(EXAM_LIMITS.maxAttempts.min).max(EXAM_LIMITS.maxAttempts.max).nullable(),
  timeLimitMin: z.number().int().min(EXAM_LIMITS.timeLimitMin.min).max(EXAM_LIMITS.timeLimitMin.max).nullable(),
  requireLessons: z.boolean(),
  // Rules saved before the pause existed get the default one.
  retryPauseMin: z.number().int().min(EXAM_LIMITS.retryPauseMin.min).max(EXAM_LIMITS.retryPauseMin.max).default(DEFAULT_EXAM_SETTINGS.retryPauseMin),
});

export function readExamSettings(stored: unknown): ExamSettings {
  return storedExamSettingsSchema.safeParse(stored).data ?? DEFAULT_EXAM_SETTINGS;
}

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

/** Empty = no limit. */
const optionalWholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "") return null;
      if (!/^\d{1,4}$/.test(v) || Number(v) < min || Number(v) > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(v);
    });

/** The editor's form (every value a string; an unchecked box is absent, so it arrives as ""). */
export const examSettingsFormSchema = z.object({
  passMark: wholeNumber(1, 100, "Ingresa el porcentaje para aprobar: un número entero entre 1 y 100."),
  questionCount: wholeNumber(
    EXAM_LIMITS.questionCount.min,
    EXAM_LIMITS.questionCount.max,
    `Ingresa cuántas preguntas tiene cada intento: entre ${EXAM_LIMITS.questionCount.min} y ${EXAM_LIMITS.questionCount.max}.`,
  ),
  maxAttempts: optionalWholeNumber(
    EXAM_LIMITS.maxAttempts.min,
    EXAM_LIMITS.maxAttempts.max,
    `Ingresa los intentos permitidos (entre ${EXAM_LIMITS.maxAttempts.min} y ${EXAM_LIMITS.maxAttempts.max}), o déjalo vacío para intentos ilimitados.`,
  ),
  timeLimitMin: optionalWholeNumber(
    EXAM_LIMITS.timeLimitMin.min,
    EXAM_LIMITS.timeLimitMin.max,
    `Ingresa el tiempo límite en minutos (entre ${EXAM_LIMITS.timeLimitMin.min} y ${EXAM_LIMITS.timeLimitMin.max}), o déjalo vacío para no limitarlo.`,
  ),
  requireLessons: z.string().transform((v) => v === "on" || v === "true" || v === "1"),
  // Empty (or a form without the field) = the default pause, never none by omission: 0 turns it off.
  retryPauseMin: z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "") return DEFAULT_EXAM_SETTINGS.retryPauseMin;
      if (!/^\d{1,4}$/.test(v) || Number(v) > EXAM_LIMITS.retryPauseMin.max) {
        ctx.addIssue({
          code: "custom",
          message: `Ingresa los minutos de pausa: entre 0 (sin pausa) y ${EXAM_LIMITS.retryPauseMin.max} (24 horas).`,
        });
        return z.NEVER;
      }
      return Number(v);
    }),
});
export const EXAM_SETTINGS_FIELDS = ["passMark", "questionCount", "maxAttempts", "timeLimitMin", "requireLessons", "retryPauseMin"] as const;

export function examSettingsFormValues(s: ExamSettings): Record<(typeof EXAM_SETTINGS_FIELDS)[number], string> {
  return {
    passMark: String(s.passMark),
    questionCount: String(s.questionCount),
    maxAttempts: s.maxAttempts === null ? "" : String(s.maxAttempts),
    timeLimitMin: s.timeLimitMin === null ? "" : String(s.timeLimitMin),
    requireLessons: s.requireLessons ? "on" : "",
    retryPauseMin: String(s.retryPauseMin),
  };
}

/** When an attempt started at `startedAt` stops taking answers; null without a time limit. */
export function attemptDeadline(startedAt: Date, settings: Pick<ExamSettings, "timeLimitMin">): Date | null {
  return settings.timeLimitMin === null ? null : new Date(startedAt.getTime() + settings.timeLimitMin * 60_000);
}

/** Attempts left after `submitted` of them; null = unlimited. */
export function attemptsLeft(settings: Pick<ExamSettings, "maxAttempts">, submitted: number): number | null {
  return settings.maxAttempts === null ? null : Math.max(0, settings.maxAttempts - submitted);
}

export interface SubmittedAttempt {
  passed: boolean;
  submittedAt: Date;
}

/**
 * When the learner's next attempt opens, or null when it may start at `at`. Counts the failed attempts since the
 * last passed one: from the third, the next waits `retryPauseMin` minutes after the last submission, doubled for
 * each failure beyond the third (10, 20, 40… with the default), at most EXAM_PAUSE_MAX_MIN.
 */
export function nextAttemptOpensAt(settings: Pick<ExamSettings, "retryPauseMin">, submitted: readonly SubmittedAttempt[], at: Date): Date | null {
  if (settings.retryPauseMin <= 0) return null;
  let failures = 0;
  let last: Date | null = null;
  for (const attempt of [...submitted].sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime())) {
    failures = attempt.passed ? 0 : failures + 1;
    last = attempt.submittedAt;
  }
  if (!last || failures < EXAM_PAUSE_AFTER_FAILURES) return null;
  const minutes = Math.min(settings.retryPauseMin * 2 ** (failures - EXAM_PAUSE_AFTER_FAILURES), EXAM_PAUSE_MAX_MIN);
  const opens = new Date(last.getTime() + minutes * 60_000);
  return opens.getTime() > at.getTime() ? opens : null;
}

export interface LessonBeforeExam {
  id: number;
  type: string;
  published: boolean;
  completed: boolean;
}

/**
 * With 'all lessons first': how many published lessons, other than exams, the learner still has to complete
 * before this exam opens (0 when the setting is off). Exams are left out so that two exams of one course
 * cannot each wait for the other.
 */
export function lessonsLeftBeforeExam(settings: Pick<ExamSettings, "requireLessons">, lessons: readonly LessonBeforeExam[]): number {
  if (!settings.requireLessons) return 0;
  return lessons.filter((l) => l.published && l.type !== "examen" && !l.completed).length;
}
