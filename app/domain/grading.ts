// The final exam's rules (docs/product-spec.md §5 and §9, docs/decisions.md B11): ten questions drawn from the
// bank with shuffled options, 70 % to pass, score = correct / total × 100. Pure functions; the random
// source is passed in so the server can use a cryptographic one and tests a fixed one.
import { drawByBlueprint, type Blueprint } from "./exam-blueprint";
import { shuffled, type RandomInt } from "./shuffle";
import { percent } from "./format";

export const EXAM_QUESTION_COUNT = 10;
export const EXAM_ESTIMATED_MINUTES = 20;
export const PASS_MARK = 70;
export const OPTION_LETTERS = ["A", "B", "C", "D"] as const;

/** An option's letter by its index in the bank ('A'…'D'; a number past them, which the bank never holds). */
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

export interface GradedQuestion {
  questionId: number;
  /** The option the learner chose, as shown to them (0 = A). */
  chosenShown: number;
  correct: boolean;
  /** The correct option as shown to the learner in this attempt. */
  correctShown: number;
}

export interface GradeResult {
  questions: GradedQuestion[];
  correctCount: number;
  score: number;
  passed: boolean;
}

/**
 * Grades answers given as shown option indexes. `correctIndexes[i]` is the stored correct option of
 * question i of the attempt; `optionOrder` maps shown to stored indexes.
 */
export function gradeAttempt(input: {
  questionIds: readonly number[];
  optionOrder: readonly (readonly number[])[];
  correctIndexes: readonly number[];
  answers: readonly number[];
  passMark?: number;
}): GradeResult {
  const questions = input.questionIds.map((questionId, i) => {
    const order = input.optionOrder[i] ?? [];
    const chosenShown = input.answers[i] ?? -1;
    const correctStored = input.correctIndexes[i];
    const correctShown = order.indexOf(correctStored ?? -1);
    return { questionId, chosenShown, correctShown, correct: chosenShown >= 0 && order[chosenShown] === correctStored };
  });
  const correctCount = questions.filter((q) => q.correct).length;
  const score = scorePercent(correctCount, questions.length);
  return { questions, correctCount, score, passed: isPassing(score, input.passMark) };
}
