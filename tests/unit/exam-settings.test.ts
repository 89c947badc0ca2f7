import { describe, expect, it } from "vitest";
import {
  attemptDeadline,
  attemptsLeft,
  DEFAULT_EXAM_SETTINGS,
  examSettingsFormSchema,
  examSettingsFormValues,
  lessonsLeftBeforeExam,
  nextAttemptOpensAt,
  readExamSettings,
} from "~/domain/exam-settings";
import { examPausedMessage } from "~/domain/exam-pause";
import { drawExam, gradeAttempt } from "~/domain/grading";
import { checkQuestion, checkQuestionImport, questionImportMessages as M, questionsFromTable } from "~/domain/question-input";

describe("reglas del examen", () => {
  it("sin reglas guardadas, o ilegibles, rigen las del spec (10 preguntas, 70 %, ilimitado, sin tiempo)", () => {
    expect(DEFAULT_EXAM_SETTINGS).toEqual({ passMark: 70, questionCount: 10, maxAttempts: null, timeLimitMin: null, requireLessons: false, retryPauseMin: 10 });
    expect(readExamSettings(null)).toEqual(DEFAULT_EXAM_SETTINGS);
    expect(readExamSettings({ passMark: 500 })).toEqual(DEFAULT_EXAM_SETTINGS);
  });

  it("el formulario: vacío = sin límite; fuera de rango, un mensaje por campo", () => {
    const ok = examSettingsFormSchema.safeParse({ passMark: "80", questionCount: "12", maxAttempts: "", timeLimitMin: " 30 ", requireLessons: "on", retryPauseMin: " 30 " });
    expect(ok.data).toEqual({ passMark: 80, questionCount: 12, maxAttempts: null, timeLimitMin: 30, requireLessons: true, retryPauseMin: 30 });
    const bad = examSettingsFormSchema.safeParse({ passMark: "0", questionCount: "51", maxAttempts: "-1", timeLimitMin: "1.5", requireLessons: "", retryPauseMin: "1441" });
    expect(bad.success).toBe(false);
    expect(new Set(bad.error!.issues.map((i) => i.path[0]))).toEqual(new Set(["passMark", "questionCount", "maxAttempts", "timeLimitMin", "retryPauseMin"]));
    expect(examSettingsFormValues(DEFAULT_EXAM_SETTINGS)).toEqual({ passMark: "70", questionCount: "10", maxAttempts: "", timeLimitMin: "", requireLessons: "", retryPauseMin: "10" });
    // The pause is never turned off by leaving the field out: empty is the default one, 0 is none.
    const base = { passMark: "70", questionCount: "10", maxAttempts: "", timeLimitMin: "", requireLessons: "" };
    expect(examSettingsFormSchema.safeParse({ ...base, retryPauseMin: "" }).data?.retryPauseMin).toBe(10);
    expect(examSettingsFormSchema.safeParse({ ...base, retryPauseMin: "0" }).data?.retryPauseMin).toBe(0);
    expect(examSettingsFormSchema.safeParse({ ...base, retryPauseMin: "-5" }).error?.issues[0]?.message).toBe("Ingresa los minutos de pausa: entre 0 (sin pausa) y 1440 (24 horas).");
  });

  it("reglas guardadas antes de la pausa la reciben por defecto; una pausa ilegible deja las del spec", () => {
    expect(readExamSettings({ passMark: 80, questionCount: 12, maxAttempts: 3, timeLimitMin: null, requireLessons: false })).toEqual({
      passMark: 80,
      questionCount: 12,
      maxAttempts: 3,
      timeLimitMin: null,
      requireLessons: false,
      retryPauseMin: 10,
    });
    expect(readExamSettings({ ...DEFAULT_EXAM_SETTINGS, retryPauseMin: 0 }).retryPauseMin).toBe(0);
    expect(readExamSettings({ ...DEFAULT_EXAM_SETTINGS, retryPauseMin: -1 })).toEqual(DEFAULT_EXAM_SETTINGS);
  });

  it("la pausa: desde el tercer intento fallido seguido, 10, 20, 40… minutos tras el último envío, hasta un día; aprobar la reinicia", () => {
    const t0 = new Date("2026-03-15T17:00:00Z");
    const at = (min: number) => new Date(t0.getTime() + min * 60_000);
    const fail = (min: number) => ({ passed: false, submittedAt: at(min) });
    const pass = (min: number) => ({ passed: true, submittedAt: at(min) });
    const s = { retryPauseMin: 10 };
    expect(nextAttemptOpensAt(s, [], t0)).toBeNull();
    expect(nextAttemptOpensAt(s, [fail(0), fail(1)], at(1))).toBeNull();
    expect(nextAttemptOpensAt(s, [fail(0), fail(1), fail(2)], at(2))).toEqual(at(12));
    expect(nextAttemptOpensAt(s, [fail(0), fail(1), fail(2)], at(11.9))).toEqual(at(12));
    expect(nextAttemptOpensAt(s, [fail(0), fail(1), fail(2)], at(12))).toBeNull();
    // Order of the rows does not matter: the last submission counts.
    expect(nextAttemptOpensAt(s, [fail(12), fail(0), fail(1), fail(2)], at(13))).toEqual(at(32));
    expect(nextAttemptOpensAt(s, [fail(0), fail(1), fail(2), fail(12), fail(32)], at(33))).toEqual(at(72));
    // A pass in between starts the count again.
    expect(nextAttemptOpensAt(s, [fail(0), fail(1), fail(2), pass(12), fail(13), fail(14)], at(14))).toBeNull();
    // Never more than a day; 0 = no pause.
    const many = Array.from({ length: 20 }, (_, i) => fail(i));
    expect(nextAttemptOpensAt(s, many, at(19))).toEqual(at(19 + 24 * 60));
    expect(nextAttemptOpensAt({ retryPauseMin: 0 }, many, at(19))).toBeNull();
    expect(nextAttemptOpensAt({ retryPauseMin: 1440 }, [fail(0), fail(1), fail(2), fail(3)], at(3))).toEqual(at(3 + 24 * 60));
  });

  it("el aviso de la pausa dice la hora de Chile: 'hoy' el mismo día de Chile, la fecha si no", () => {
    // 17:05 UTC = 14:05 in Santiago (summer time, UTC-3).
    expect(examPausedMessage(new Date("2026-03-15T17:05:00Z"), new Date("2026-03-15T16:55:00Z"))).toBe(
      "Podrás hacer tu próximo intento hoy desde las 14:05 (hora de Chile).",
    );
    // 02:30 UTC on the 16th is still the 15th in Chile (23:30).
    expect(examPausedMessage(new Date("2026-03-16T02:30:00Z"), new Date("2026-03-15T20:00:00Z"))).toBe(
      "Podrás hacer tu próximo intento hoy desde las 23:30 (hora de Chile).",
    );
    expect(examPausedMessage(new Date("2026-03-16T12:00:00Z"), new Date("2026-03-15T20:00:00Z"))).toBe(
      "Podrás hacer tu próximo intento el 16/03/2026 desde las 09:00 (hora de Chile).",
    );
  });

  it("plazo, intentos restantes y lecciones pendientes (los exámenes no se esperan entre sí)", () => {
    expect(attemptDeadline(new Date("2026-01-01T10:00:00Z"), { timeLimitMin: 15 })!.toISOString()).toBe("2026-01-01T10:15:00.000Z");
    expect(attemptDeadline(new Date(), { timeLimitMin: null })).toBeNull();
    expect(attemptsLeft({ maxAttempts: 3 }, 1)).toBe(2);
    expect(attemptsLeft({ maxAttempts: 3 }, 5)).toBe(0);
    expect(attemptsLeft({ maxAttempts: null }, 5)).toBeNull();
    const lessons = [
      { id: 1, type: "pdf", published: true, completed: true },
      { id: 2, type: "video", published: true, completed: false },
      { id: 3, type: "lectura", published: false, completed: false },
      { id: 4, type: "examen", published: true, completed: false },
    ];
    expect(lessonsLeftBeforeExam({ requireLessons: true }, lessons)).toBe(1);
    expect(lessonsLeftBeforeExam({ requireLessons: false }, lessons)).toBe(0);
  });

  it("la nota de aprobación es la del examen; verdadero o falso no se baraja", () => {
    const graded = gradeAttempt({ questionIds: [1, 2, 3, 4], optionOrder: [[0, 1], [0, 1], [0, 1], [0, 1]], correctIndexes: [0, 0, 0, 1], answers: [0, 0, 0, 0], passMark: 80 });
    expect(graded).toMatchObject({ score: 75, passed: false });
    expect(gradeAttempt({ questionIds: [1], optionOrder: [[0, 1]], correctIndexes: [0], answers: [-1] })).toMatchObject({ score: 0, passed: false });
    let n = 0;
    const drawn = drawExam(
      Array.from({ length: 6 }, (_, i) => ({ id: i + 1, optionCount: i < 3 ? 2 : 4, fixedOrder: i < 3 })),
      (max) => n++ % max,
      6,
    )!;
    drawn.questionIds.forEach((id, i) => {
      if (id <= 3) expect(drawn.optionOrder[i]).toEqual([0, 1]);
    });
  });
});

describe("preguntas: formulario e importación", () => {
  it("alternativas exigen cuatro opciones distintas y la correcta; verdadero o falso solo la respuesta", () => {
    expect(checkQuestion({ kind: "choice", prompt: "¿?", option0: "a", option1: "b", option2: "c", option3: "d", correctIndex: "2" })).toMatchObject({ ok: true, data: { options: ["a", "b", "c", "d"], correctIndex: 2 } });
    const dup = checkQuestion({ kind: "choice", prompt: "¿?", option0: "a", option1: "A", option2: "c", option3: "d", correctIndex: "2" });
    expect(dup).toMatchObject({ ok: false, fieldErrors: { option1: expect.stringContaining("iguales") } });
    expect(checkQuestion({ kind: "truefalse", prompt: "Afirmación", correctIndex: "1" })).toMatchObject({ ok: true, data: { options: ["Verdadero", "Falso"], correctIndex: 1 } });
    expect(checkQuestion({ kind: "essay", prompt: "x", correctIndex: "0" })).toMatchObject({ ok: false, fieldErrors: { kind: "Elige el tipo de pregunta." } });
    expect(checkQuestion({ kind: "choice", prompt: "x\u0000".repeat(1001), option0: "a", option1: "b", option2: "c", option3: "d", correctIndex: "0" })).toMatchObject({ ok: false });
  });

  it("encabezados en cualquier orden, con tildes; sin pregunta o correcta no se lee", () => {
    const read = questionsFromTable([
      { line: 1, cells: ["Correcta", "Pregunta", "Opción A", "Opción B", "Opción C", "Opción D", "Explicación"] },
      { line: 2, cells: ["b", "¿Uno?", "1", "2", "3", "4", ""] },
      { line: 3, cells: ["", "", "", "", "", "", ""] },
    ]);
    expect(read).toEqual({ ok: true, rows: [{ line: 2, kind: "", prompt: "¿Uno?", a: "1", b: "2", c: "3", d: "4", e: "", f: "", correct: "b", explanation: "" }] });
    expect(questionsFromTable([{ line: 1, cells: ["nombre", "correo"] }])).toEqual({ ok: false, message: M.noHeader });
  });

  it("cada fila mala se nombra: tipo, correcta, opciones, repetida en el archivo o ya en el banco", () => {
    const row = (line: number, o: Partial<Record<string, string>>) => ({ line, kind: "", prompt: `P${line}`, a: "a", b: "b", c: "c", d: "d", e: "", f: "", correct: "A", explanation: "", ...o });
    const rows = checkQuestionImport(
      [row(2, {}), row(3, { kind: "vf", a: "", b: "", c: "", d: "", correct: "F" }), row(4, { correct: "E" }), row(5, { kind: "ensayo" }), row(6, { prompt: "P2" }), row(7, { prompt: "En el banco" }), row(8, { d: "" }), row(9, { a: "", b: "", c: "", d: "", correct: "V" })],
      new Set(["en el banco"]),
    );
    expect(rows.map((r) => r.problems)).toEqual([
      [],
      [],
      [M.correctChoice],
      [M.kindUnknown],
      [M.duplicateInFile(2)],
      [M.alreadyInBank],
      ["Escribe la opción D."],
      [],
    ]);
    expect(rows[1]!.data).toMatchObject({ kind: "truefalse", correctIndex: 1 });
    expect(rows[7]!.data).toMatchObject({ kind: "truefalse", correctIndex: 0 });
  });
});
