// Multiple-answer questions ("selección múltiple: marca todas las correctas"): the form's and the spreadsheet's
// check, the exam form's parsing, and the all-or-nothing grading through the attempt's shuffled order.
import { describe, expect, it } from "vitest";
import { checkQuestion, checkQuestionImport, correctOptionsOf, parseCorrectSet, questionImportMessages as M, questionValues } from "~/domain/question-input";
import { answerSet, gradeAttempt } from "~/domain/grading";
import { parseExamAnswers, parseOptionSet } from "~/domain/exam-forms";
import { learningMessages } from "~/domain/learning-messages";

const multiple = (o: Record<string, string>) => checkQuestion({ kind: "multiple", prompt: "¿Cuáles?", ...o });

describe("selección múltiple: la pregunta", () => {
  it("de dos a seis opciones desde la A, al menos una correcta entre las escritas", () => {
    expect(multiple({ option0: "Uno", option1: "Dos", option2: "Tres", correctIndex: "0,2" })).toMatchObject({
      ok: true,
      data: { kind: "multiple", options: ["Uno", "Dos", "Tres"], correctIndex: -1, correctSet: [0, 2] },
    });
    const six = multiple({ option0: "a", option1: "b", option2: "c", option3: "d", option4: "e", option5: "f", correctIndex: "5,0,3" });
    expect(six).toMatchObject({ ok: true, data: { correctSet: [0, 3, 5] } });
    expect(multiple({ option0: "Uno", correctIndex: "0" })).toMatchObject({ ok: false, fieldErrors: { option1: "Escribe al menos 2 opciones." } });
    expect(multiple({ option0: "Uno", option2: "Tres", correctIndex: "0" })).toMatchObject({ ok: false, fieldErrors: { option1: expect.stringContaining("Escribe la opción B") } });
    expect(multiple({ option0: "Uno", option1: "Dos", correctIndex: "" })).toMatchObject({ ok: false, fieldErrors: { correctIndex: expect.stringContaining("al menos una") } });
    // A correct option past the ones written, or the same one twice, is no answer.
    expect(multiple({ option0: "Uno", option1: "Dos", correctIndex: "0,2" })).toMatchObject({ ok: false, fieldErrors: { correctIndex: expect.any(String) } });
    expect(multiple({ option0: "Uno", option1: "Dos", correctIndex: "1,1" })).toMatchObject({ ok: false, fieldErrors: { correctIndex: expect.any(String) } });
    expect(multiple({ option0: "Uno", option1: "uno", correctIndex: "0" })).toMatchObject({ ok: false, fieldErrors: { option1: expect.stringContaining("iguales") } });
  });

  it("las letras se leen como la planilla las escribe", () => {
    expect(parseCorrectSet("A,C", 4)).toEqual([0, 2]);
    expect(parseCorrectSet(" c; a ", 4)).toEqual([0, 2]);
    expect(parseCorrectSet("AC", 4)).toEqual([0, 2]);
    expect(parseCorrectSet("A y D", 4)).toEqual([0, 3]);
    expect(parseCorrectSet("A,E", 4)).toBeNull();
    expect(parseCorrectSet("A,A", 4)).toBeNull();
    expect(parseCorrectSet("", 4)).toBeNull();
    expect(parseCorrectSet("Z", 6)).toBeNull();
  });

  it("el formulario muestra lo guardado y las dos columnas se leen en un solo lugar", () => {
    const stored = { kind: "multiple", prompt: "¿?", options: ["a", "b", "c"], correctIndex: -1, correctSet: [0, 2], explanation: "" };
    expect(questionValues(stored)).toMatchObject({ kind: "multiple", option2: "c", option3: "", correctIndex: "0,2" });
    expect(correctOptionsOf(stored)).toEqual([0, 2]);
    expect(correctOptionsOf({ kind: "choice", correctIndex: 3, correctSet: null })).toEqual([3]);
  });

  it("la planilla: tipo explícito o correcta con varias letras; cada error se nombra", () => {
    const row = (line: number, o: Partial<Record<string, string>>) => ({ line, kind: "", prompt: `P${line}`, a: "a", b: "b", c: "c", d: "", e: "", f: "", correct: "A", explanation: "", ...o });
    const rows = checkQuestionImport(
      [
        row(2, { correct: "A,C" }),
        row(3, { kind: "Selección múltiple", correct: "B;C" }),
        row(4, { kind: "varias correctas", correct: "B" }),
        row(5, { kind: "varias correctas", correct: "A,F" }),
        row(6, { kind: "varias correctas", d: "d", e: "e", f: "f", correct: "A,F" }),
        row(7, { kind: "varias correctas", correct: "" }),
      ],
      new Set(),
    );
    expect(rows.map((r) => r.problems)).toEqual([[], [], [], [expect.any(String)], [], [M.correctMultiple]]);
    expect(rows[0]!.data).toMatchObject({ kind: "multiple", options: ["a", "b", "c"], correctSet: [0, 2] });
    expect(rows[1]!.data).toMatchObject({ kind: "multiple", correctSet: [1, 2] });
    expect(rows[2]!.data).toMatchObject({ kind: "multiple", correctSet: [1] });
    expect(rows[4]!.data).toMatchObject({ kind: "multiple", options: ["a", "b", "c", "d", "e", "f"], correctSet: [0, 5] });
  });
});

describe("selección múltiple: respuestas y corrección", () => {
  it("todo o nada: exactamente las correctas, a través del orden barajado", () => {
    // Stored correct: options 1 and 3. Shown order [3, 0, 1, 2]: shown 0 is stored 3, shown 2 is stored 1.
    const grade = (answer: number[] | number) =>
      gradeAttempt({ questionIds: [7], optionOrder: [[3, 0, 1, 2]], correctIndexes: [[1, 3]], answers: [answer] }).questions[0]!;
    expect(grade([0, 2])).toMatchObject({ correct: true, correctShown: [0, 2], chosenShown: [0, 2] });
    expect(grade([2, 0])).toMatchObject({ correct: true });
    expect(grade([0])).toMatchObject({ correct: false }); // one short
    expect(grade([0, 1, 2])).toMatchObject({ correct: false }); // one too many
    expect(grade([0, 1, 2, 3])).toMatchObject({ correct: false }); // marking everything is not a way through
    expect(grade([])).toMatchObject({ correct: false, chosenShown: [] });
    expect(grade([0, 0, 2])).toMatchObject({ correct: false }); // a repeated option never passes for a set
    expect(grade([0, 9])).toMatchObject({ correct: false });
    expect(grade(0)).toMatchObject({ correct: false }); // a one-answer draft left from before an edit
  });

  it("una pregunta de una respuesta se corrige igual que antes", () => {
    const r = gradeAttempt({ questionIds: [1, 2], optionOrder: [[1, 0], [0, 1, 2, 3]], correctIndexes: [0, [2]], answers: [1, 2] });
    expect(r).toMatchObject({ correctCount: 2, score: 100 });
    expect(answerSet(-1)).toEqual([]);
    expect(answerSet([3, 1])).toEqual([1, 3]);
  });

  it("el formulario del examen: varias casillas por pregunta, nunca repetidas ni fuera de rango", () => {
    const form = (pairs: [string, string][]) => {
      const f = new FormData();
      for (const [k, v] of pairs) f.append(k, v);
      return f;
    };
    const attempt = { questionIds: [5, 6], optionCounts: [4, 3], multiple: [false, true] };
    expect(parseExamAnswers(form([["respuesta-5", "1"], ["respuesta-6", "2"], ["respuesta-6", "0"]]), attempt)).toEqual({ ok: true, answers: [1, [0, 2]] });
    expect(parseExamAnswers(form([["respuesta-5", "1"], ["respuesta-6", "0"], ["respuesta-6", "0"]]), attempt)).toMatchObject({
      ok: false,
      reason: "tampered",
      message: learningMessages.answerRepeatedOption,
    });
    expect(parseExamAnswers(form([["respuesta-5", "1"], ["respuesta-6", "3"]]), attempt)).toMatchObject({ ok: false, message: learningMessages.answerOutOfRange });
    // Two answers to a one-answer question stay refused.
    expect(parseExamAnswers(form([["respuesta-5", "1"], ["respuesta-5", "2"], ["respuesta-6", "0"]]), attempt)).toMatchObject({
      ok: false,
      message: learningMessages.answerDuplicated,
    });
    expect(parseExamAnswers(form([["respuesta-5", "1"]]), attempt)).toMatchObject({ ok: false, reason: "incomplete", values: { "respuesta-5": "1" } });
    expect(parseOptionSet("2,0", 3)).toEqual([0, 2]);
    expect(parseOptionSet("", 3)).toEqual([]);
    expect(parseOptionSet("0,0", 3)).toBeNull();
    expect(parseOptionSet("3", 3)).toBeNull();
    expect(parseOptionSet("-1", 3)).toBeNull();
    expect(parseOptionSet("0,,1", 3)).toBeNull();
  });
});
