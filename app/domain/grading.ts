// The final exam's rules (docs/product-spec.md §5 and §9, docs/decisions.md B11): ten questions drawn from the
// bank with shuffled options, 70 % to pass, score = correct / total × 100. Pure functions; the random
// source is passed in so the server can use a cryptographic one and tests a fixed one.
import { drawByBlueprint, type Blueprint } from "./exam-blueprint";
import { shuffled, type RandomInt } from "./shuffle";
import { percent } from "./format";

export const EXAM_QUESTION_COUNT = 10;
export const EXAM_ESTIMATED_MINUTES = 20;
export const PASS_MARK = 70;
export const OPTION_LETTERS = ["A", "B", "C", "D", "E", "F"] as const;

/** An option's letter by its index in the bank ('A'…'F'; a number past them, which the bank never holds). */
export function optionLetter(index: number): string {
  return OPTION_LETTERS[index] ?? String(index + 1);
}

export { shuffled, type RandomInt } from "./shuffle";

export interface BankQuestion {
  id: number;
  optionCount: number;
  /** The question's topic, which the exam's blueprint counts (exam-blueprint.ts). */
  topic?: string | null;
  /** Options shown in their stored order (true/false: 'Verdadero' always first). */
  fixedOrder?: boolean;
}

export interface DrawnExam {
  questionIds: number[];
  /** optionOrder[i][shownIndex] = stored option index of question i. */
  optionOrder: number[][];
}

/**
 * Draws `count` questions from the bank, as the exam's blueprint asks when it has one (exam-blueprint.ts), and
 * shuffles each one's options. Null when the bank is too small.
 */
export function drawExam(
  bank: readonly BankQuestion[],
  randomInt: RandomInt,
  count = EXAM_QUESTION_COUNT,
  blueprint: Blueprint | null = null,
): DrawnExam | null {
  const picked = drawByBlueprint(bank, blueprint, count, randomInt);
  if (!picked) return null;
  return {
    questionIds: picked.map((q) => q.id),
    optionOrder: picked.map((q) => (q.fixedOrder ? [...Array(q.optionCount).keys()] : shuffled([...Array(q.optionCount).keys()], randomInt))),
  };
}

export function scorePercent(correct: number, total: number): number {
  return percent(correct, total) ?? 0;
}

/** `passMark`: the exam's own (exam-settings.ts), the spec's 70 % by default. */
export function isPassing(score: number, passMark = PASS_MARK): boolean {
  return score >= passMark;
}

/**
 * One answer as an attempt stores it, in the options' shown order (0 = A): one option for the one-answer kinds
 * (-1: none), or, for a multiple-answer question, the set of options marked (ascending, no repeats; []: none).
 */
export type ExamAnswer = number | number[];

/** An answer as the set of shown options it marks (a one-answer kind's option alone; blank: none). */
export function answerSet(answer: ExamAnswer | null | undefined): number[] {
  if (Array.isArray(answer)) return [...answer].sort((a, b) => a - b);
  return typeof answer === "number" && answer >= 0 ? [answer] : [];
}

export interface GradedQuestion {
  questionId: number;
  /** The options the learner marked, as shown to them (0 = A), ascending; empty when left blank. */
  chosenShown: number[];
  correct: boolean;
  /** The correct options as shown to the learner in this attempt, ascending. */
  correctShown: number[];
}

export interface GradeResult {
  questions: GradedQuestion[];
  correctCount: number;
  score: number;
  passed: boolean;
}

/**
 * Grades answers given as shown option indexes. `correctIndexes[i]` is the stored correct option of question i of
 * the attempt, or the set of them for a multiple-answer question; `optionOrder` maps shown to stored indexes. A
 * question counts as right only when the options marked are exactly the correct ones (all or nothing,
 * docs/decisions.md): for the one-answer kinds that is the old rule, the one right option chosen.
 */
export function gradeAttempt(input: {
  questionIds: readonly number[];
  optionOrder: readonly (readonly number[])[];
  correctIndexes: readonly (number | readonly number[])[];
  answers: readonly ExamAnswer[];
  passMark?: number;
}): GradeResult {
  const questions = input.questionIds.map((questionId, i) => {
    const order = input.optionOrder[i] ?? [];
    const chosenShown = answerSet(input.answers[i]);
    const correctStored = input.correctIndexes[i] ?? [];
    const correctSet = new Set(typeof correctStored === "number" ? [correctStored] : correctStored);
    const correctShown = order.flatMap((stored, shown) => (correctSet.has(stored) ? [shown] : []));
    const chosenStored = new Set(chosenShown.map((shown) => order[shown]));
    const correct =
      chosenShown.length > 0 && chosenStored.size === chosenShown.length && chosenStored.size === correctSet.size && [...chosenStored].every((s) => s !== undefined && correctSet.has(s));
    return { questionId, chosenShown, correctShown, correct };
  });
  const correctCount = questions.filter((q) => q.correct).length;
  const score = scorePercent(correctCount, questions.length);
  return { questions, correctCount, score, passed: isPassing(score, input.passMark) };
}
