import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { drawExam, gradeAttempt, isPassing, PASS_MARK, scorePercent, shuffled } from "~/domain/grading";
import { parseExamAnswers, answerFieldName } from "~/domain/exam-forms";
import { learningMessages } from "~/domain/learning-messages";

const bank = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, optionCount: 4 }));
const mathRandom = (n: number) => Math.floor(Math.random() * n);

describe("sorteo de la evaluación (B11)", () => {
  it("toma 10 preguntas distintas del banco y baraja las alternativas de cada una", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 400, maxLength: 400 }), (seq) => {
        let k = 0;
        const rnd = (n: number) => seq[k++ % seq.length]! % n;
        const exam = drawExam(bank, rnd)!;
        expect(exam.questionIds).toHaveLength(10);
        expect(new Set(exam.questionIds).size).toBe(10);
        for (const id of exam.questionIds) expect(id).toBeGreaterThanOrEqual(1);
        for (const order of exam.optionOrder) expect([...order].sort()).toEqual([0, 1, 2, 3]);
      }),
    );
  });

  it("no hay evaluación con menos de 10 preguntas en el banco", () => {
    expect(drawExam(bank.slice(0, 9), mathRandom)).toBeNull();
    expect(drawExam(bank.slice(0, 10), mathRandom)?.questionIds).toHaveLength(10);
  });

  it("shuffled es una permutación", () => {
    expect(shuffled([1, 2, 3, 4, 5], mathRandom).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("corrección", () => {
  it("puntaje = correctas / total × 100; aprueba con 70 %", () => {
    expect(scorePercent(7, 10)).toBe(70);
    expect(scorePercent(0, 10)).toBe(0);
    expect(scorePercent(10, 10)).toBe(100);
    expect(PASS_MARK).toBe(70);
    expect(isPassing(70)).toBe(true);
    expect(isPassing(69)).toBe(false);
  });

  it("compara la alternativa mostrada con la correcta a través del orden barajado", () => {
    const result = gradeAttempt({
      questionIds: [10, 20],
      optionOrder: [
        [2, 0, 3, 1],
        [0, 1, 2, 3],
      ],
      correctIndexes: [3, 1],
      answers: [2, 0],
    });
    expect(result.questions[0]).toMatchObject({ questionId: 10, correct: true, correctShown: [2], chosenShown: [2] });
    expect(result.questions[1]).toMatchObject({ questionId: 20, correct: false, correctShown: [1], chosenShown: [0] });
    expect(result).toMatchObject({ correctCount: 1, score: 50, passed: false });
  });

  it("7 de 10 aprueba, 6 de 10 reprueba", () => {
    const ids = [...Array(10).keys()];
    const order = ids.map(() => [0, 1, 2, 3]);
    const correct = ids.map(() => 0);
    const seven = gradeAttempt({ questionIds: ids, optionOrder: order, correctIndexes: correct, answers: ids.map((i) => (i < 7 ? 0 : 1)) });
    const six = gradeAttempt({ questionIds: ids, optionOrder: order, correctIndexes: correct, answers: ids.map((i) => (i < 6 ? 0 : 1)) });
    expect(seven).toMatchObject({ score: 70, passed: true });
    expect(six).toMatchObject({ score: 60, passed: false });
  });
});

describe("respuestas enviadas", () => {
  const attempt = { questionIds: [5, 6], optionCounts: [4, 4] };
  const form = (entries: [string, string][]) => {
    const f = new FormData();
    for (const [k, v] of entries) f.append(k, v);
    return f;
  };

  it("lee una respuesta por pregunta en el orden del intento", () => {
    expect(parseExamAnswers(form([[answerFieldName(6), "3"], [answerFieldName(5), "0"], ["intent", "x"]]), attempt)).toEqual({
      ok: true,
      answers: [0, 3],
    });
  });

  it("faltan respuestas: incompleta, conservando lo respondido", () => {
    const r = parseExamAnswers(form([[answerFieldName(5), "1"]]), attempt);
    expect(r).toMatchObject({ ok: false, reason: "incomplete", message: learningMessages.examIncomplete, values: { "respuesta-5": "1" } });
  });

  it.each([
    ["pregunta ajena", [["respuesta-7", "0"]], learningMessages.answerUnknownQuestion],
    ["id no numérico", [["respuesta-abc", "0"]], learningMessages.answerUnknownQuestion],
    ["dos respuestas", [["respuesta-5", "0"], ["respuesta-5", "1"]], learningMessages.answerDuplicated],
    ["alternativa 4", [["respuesta-5", "4"]], learningMessages.answerOutOfRange],
    ["alternativa negativa", [["respuesta-5", "-1"]], learningMessages.answerOutOfRange],
    ["alternativa vacía", [["respuesta-5", ""]], learningMessages.answerOutOfRange],
    ["alternativa decimal", [["respuesta-5", "1.5"]], learningMessages.answerOutOfRange],
  ] as const)("rechaza un envío manipulado: %s", (_name, entries, message) => {
    const r = parseExamAnswers(form(entries.map(([k, v]) => [k, v])), attempt);
    expect(r).toMatchObject({ ok: false, reason: "tampered", message });
  });
});
