// The exam's form fields, shared by the exam page (field names) and the server (parsing and refusals).
// No zod here: this module is in the content page's browser bundle, and the ids it needs are parsed by the
// server's schemas (learning.server).
import { learningMessages } from "./learning-messages";
import type { ExamAnswer } from "./grading";

/**
 * One radio group per question: name = `respuesta-<questionId>`, value = the option as shown (0 = A). A
 * multiple-answer question is one group of checkboxes under the same name, one value per option marked.
 */
export const ANSWER_FIELD_PREFIX = "respuesta-";

export function answerFieldName(questionId: number): string {
  return `${ANSWER_FIELD_PREFIX}${questionId}`;
}

export type ExamSubmission =
  | { ok: true; answers: ExamAnswer[] }
  | { ok: false; reason: "incomplete" | "tampered"; message: string; values: Record<string, string> };

/**
 * A multiple-answer question's options as one field value ("0,2": shown indexes, ascending) — the autosave's and
 * the kept values' form. "" is no option marked. Null: not a list of distinct options the question shows.
 */
export function parseOptionSet(value: string, optionCount: number): number[] | null {
  if (value === "") return [];
  if (value.length > 40 || !/^\d{1,2}(,\d{1,2})*$/.test(value)) return null;
  const set = value.split(",").map(Number);
  if (set.some((o) => o >= optionCount) || new Set(set).size !== set.length) return null;
  return set.sort((a, b) => a - b);
}

/**
 * Reads the answers of one attempt from the form, in the attempt's question order.
 * Refuses anything the exam page could not have sent: an answer to a question outside the attempt,
 * two answers for one question, or an option that does not exist. Missing answers make it incomplete.
 */
export function parseExamAnswers(
  form: FormData,
  attempt: { questionIds: readonly number[]; optionCounts: readonly number[]; multiple?: readonly boolean[] },
): ExamSubmission {
  const position = new Map(attempt.questionIds.map((id, i) => [id, i]));
  const answers: (ExamAnswer | undefined)[] = attempt.questionIds.map(() => undefined);
  const values: Record<string, string> = {};
  const refuse = (message: string): ExamSubmission => ({ ok: false, reason: "tampered", message, values: {} });

  for (const [key, raw] of form.entries()) {
    if (!key.startsWith(ANSWER_FIELD_PREFIX)) continue;
    const idText = key.slice(ANSWER_FIELD_PREFIX.length);
    const i = /^\d{1,10}$/.test(idText) ? position.get(Number(idText)) : undefined;
    if (i === undefined) return refuse(learningMessages.answerUnknownQuestion);
    const value = typeof raw === "string" ? raw : "";
    if (!/^\d{1,2}$/.test(value) || Number(value) >= (attempt.optionCounts[i] ?? 0)) {
      return refuse(learningMessages.answerOutOfRange);
    }
    const option = Number(value);
    const current = answers[i];
    if (attempt.multiple?.[i]) {
      // Several values under one name are the options marked; the same option twice is no form's doing.
      const set = Array.isArray(current) ? current : [];
      if (set.includes(option)) return refuse(learningMessages.answerRepeatedOption);
      answers[i] = [...set, option].sort((a, b) => a - b);
      values[key] = (answers[i] as number[]).join(",");
    } else {
      if (current !== undefined) return refuse(learningMessages.answerDuplicated);
      answers[i] = option;
      values[key] = value;
    }
  }
  if (answers.some((a) => a === undefined)) {
    return { ok: false, reason: "incomplete", message: learningMessages.examIncomplete, values };
  }
  return { ok: true, answers: answers as ExamAnswer[] };
}
