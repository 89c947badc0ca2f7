// The exam's form fields, shared by the exam page (field names) and the server (parsing and refusals).
// No zod here: this module is in the content page's browser bundle, and the ids it needs are parsed by the
// server's schemas (learning.server).
import { learningMessages } from "./learning-messages";

/** One radio group per question: name = `respuesta-<questionId>`, value = the option as shown (0 = A). */
export const ANSWER_FIELD_PREFIX = "respuesta-";

export function answerFieldName(questionId: number): string {
  return `${ANSWER_FIELD_PREFIX}${questionId}`;
}

export type ExamSubmission =
  | { ok: true; answers: number[] }
  | { ok: false; reason: "incomplete" | "tampered"; message: string; values: Record<string, string> };

/**
 * Reads the answers of one attempt from the form, in the attempt's question order.
 * Refuses anything the exam page could not have sent: an answer to a question outside the attempt,
 * two answers for one question, or an option that does not exist. Missing answers make it incomplete.
 */
export function parseExamAnswers(
  form: FormData,
  attempt: { questionIds: readonly number[]; optionCounts: readonly number[] },
): ExamSubmission {
  const position = new Map(attempt.questionIds.map((id, i) => [id, i]));
  const answers: (number | undefined)[] = attempt.questionIds.map(() => undefined);
  const values: Record<string, string> = {};
  const refuse = (message: string): ExamSubmission => ({ ok: false, reason: "tampered", message, values: {} });

  for (const [key, raw] of form.entries()) {
    if (!key.startsWith(ANSWER_FIELD_PREFIX)) continue;
    const idText = key.slice(ANSWER_FIELD_PREFIX.length);
    const i = /^\d{1,10}$/.test(idText) ? position.get(Number(idText)) : undefined;
    if (i === undefined) return refuse(learningMessages.answerUnknownQuestion);
    if (answers[i] !== undefined) return refuse(learningMessages.answerDuplicated);
    const value = typeof raw === "string" ? raw : "";
    if (!/^\d{1,2}$/.test(value) || Number(value) >= (attempt.optionCounts[i] ?? 0)) {
      return refuse(learningMessages.answerOutOfRange);
    }
    answers[i] = Number(value);
    values[key] = value;
  }
  if (answers.some((a) => a === undefined)) {
    return { ok: false, reason: "incomplete", message: learningMessages.examIncomplete, values };
  }
  return { ok: true, answers: answers as number[] };
}
