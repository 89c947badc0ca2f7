// An exam question as the owner writes it: in the course editor's form, or as a row of a spreadsheet
// (columns tipo, pregunta, a, b, c, d, correcta, explicación). One check for both, so a question the form
// refuses is refused on import too, with the same words. Kinds: four options (the spec's A–D, shuffled in every
// attempt) or true/false (Verdadero, Falso, always in that order).
import { withoutControlChars } from "./plain-text";
import { formatCount } from "./format";

export const QUESTION_KINDS = ["choice", "truefalse"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  choice: "Alternativas (A a D)",
  truefalse: "Verdadero o falso",
};
export const TRUE_FALSE_OPTIONS = ["Verdadero", "Falso"] as const;
const LETTERS = ["A", "B", "C", "D"] as const;

export const QUESTION_LIMITS = { prompt: 1000, option: 500, explanation: 2000 } as const;
/** Rows of one import (the whole file is written in one transaction). */
export const MAX_IMPORT_QUESTIONS = 500;

export const QUESTION_FIELDS = ["kind", "prompt", "option0", "option1", "option2", "option3", "correctIndex", "explanation"] as const;
export type QuestionField = (typeof QUESTION_FIELDS)[number];
export type QuestionValues = Record<QuestionField, string>;

export interface QuestionData {
  kind: QuestionKind;
  prompt: string;
  options: string[];
  correctIndex: number;
  explanation: string;
}

export type QuestionCheck = { ok: true; data: QuestionData } | { ok: false; fieldErrors: Partial<Record<QuestionField, string>> };

const clean = (v: string | undefined, multiline = false) => withoutControlChars(v ?? "", { multiline }).trim();

/** Checks a question's fields (as the form or a spreadsheet row gives them, every value a string). */
export function checkQuestion(raw: Partial<Record<QuestionField, string>>): QuestionCheck {
  const errors: Partial<Record<QuestionField, string>> = {};
  // A form without the field (the four-option editor as it was, a script) asks for the four-option kind.
  const kind = (raw.kind || "choice") as QuestionKind;
  if (!QUESTION_KINDS.includes(kind)) errors.kind = "Elige el tipo de pregunta.";
  const prompt = clean(raw.prompt);
  if (!prompt) errors.prompt = "Escribe la pregunta.";
  else if (prompt.length > QUESTION_LIMITS.prompt) errors.prompt = `La pregunta tiene más de ${formatCount(QUESTION_LIMITS.prompt)} caracteres.`;
  const explanation = clean(raw.explanation, true);
  if (explanation.length > QUESTION_LIMITS.explanation) errors.explanation = `La explicación tiene más de ${formatCount(QUESTION_LIMITS.explanation)} caracteres.`;
  const correct = (raw.correctIndex ?? "").trim();
  let options: string[] = [];
  let correctIndex = -1;
  if (kind === "truefalse") {
    options = [...TRUE_FALSE_OPTIONS];
    if (correct === "0" || correct === "1") correctIndex = Number(correct);
    else errors.correctIndex = "Elige si la afirmación es verdadera o falsa.";
  } else if (kind === "choice") {
    options = [0, 1, 2, 3].map((i) => clean(raw[`option${i}` as QuestionField]));
    options.forEach((o, i) => {
      const field = `option${i}` as QuestionField;
      if (!o) errors[field] = `Escribe la opción ${LETTERS[i]}.`;
      else if (o.length > QUESTION_LIMITS.option) errors[field] = `La opción ${LETTERS[i]} tiene más de ${QUESTION_LIMITS.option} caracteres.`;
    });
    const filled = options.filter(Boolean).map((o) => o.toLowerCase());
    if (!Object.keys(errors).some((k) => k.startsWith("option")) && new Set(filled).size < filled.length) {
      errors.option1 = "Hay dos opciones iguales: cada opción debe ser distinta.";
    }
    if (/^[0-3]$/.test(correct)) correctIndex = Number(correct);
    else errors.correctIndex = "Elige la opción correcta.";
  }
  if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };
  return { ok: true, data: { kind, prompt, options, correctIndex, explanation } };
}

/** A stored question as the form shows it. */
export function questionValues(q: { kind: string; prompt: string; options: string[]; correctIndex: number; explanation: string }): QuestionValues {
  const truefalse = q.kind === "truefalse";
  return {
    kind: truefalse ? "truefalse" : "choice",
    prompt: q.prompt,
    option0: truefalse ? "" : (q.options[0] ?? ""),
    option1: truefalse ? "" : (q.options[1] ?? ""),
    option2: truefalse ? "" : (q.options[2] ?? ""),
    option3: truefalse ? "" : (q.options[3] ?? ""),
    correctIndex: String(q.correctIndex),
    explanation: q.explanation,
  };
}

// ── From a spreadsheet ───────────────────────────────────────────────────────

export const questionImportMessages = {
  fileRequired: "Elige un archivo CSV o Excel (.xlsx) con las columnas tipo, pregunta, a, b, c, d, correcta y explicación.",
  fileType: "El archivo debe ser CSV (.csv) o Excel (.xlsx).",
  fileUnreadable: "No pudimos leer el archivo. Guárdalo como CSV (separado por ; o ,) o como Excel (.xlsx) e inténtalo de nuevo.",
  fileTooLarge: "El archivo es demasiado grande para un banco de preguntas. Divídelo en partes más pequeñas.",
  busy: "Estamos revisando muchos archivos en este momento. Inténtalo de nuevo en un momento.",
  noHeader: "No encontramos los encabezados pregunta y correcta en la primera fila del archivo.",
  empty: "El archivo no tiene filas de preguntas.",
  tooMany: `El archivo tiene más de ${formatCount(MAX_IMPORT_QUESTIONS)} preguntas. Divídelo en partes más pequeñas.`,
  kindUnknown: "El tipo debe ser «alternativas» o «verdadero o falso».",
  correctChoice: "La columna correcta debe decir A, B, C o D.",
  correctTrueFalse: "La columna correcta debe decir Verdadero o Falso (o V o F).",
  duplicateInFile: (line: number) => `Pregunta repetida en el archivo (también en la fila ${line}).`,
  alreadyInBank: "Esta pregunta ya está en el banco del examen.",
  nothingValid: "No hay filas válidas para importar.",
  imported: (n: number) => `Listo: ${formatCount(n)} ${n === 1 ? "pregunta importada" : "preguntas importadas"} al banco.`,
} as const;

const fold = (v: string) =>
  v
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");

const HEADERS: Record<"kind" | "prompt" | "a" | "b" | "c" | "d" | "correct" | "explanation", string[]> = {
  kind: ["tipo", "tipodepregunta"],
  prompt: ["pregunta", "enunciado"],
  a: ["a", "opciona", "alternativaa"],
  b: ["b", "opcionb", "alternativab"],
  c: ["c", "opcionc", "alternativac"],
  d: ["d", "opciond", "alternativad"],
  correct: ["correcta", "respuesta", "respuestacorrecta", "opcioncorrecta"],
  explanation: ["explicacion", "retroalimentacion"],
};

/** A row as read from the file: the spreadsheet's own words, kept so the preview shows what was typed. */
export interface QuestionImportInput {
  line: number;
  kind: string;
  prompt: string;
  a: string;
  b: string;
  c: string;
  d: string;
  correct: string;
  explanation: string;
}

export interface QuestionImportRow extends QuestionImportInput {
  problems: string[];
  /** Set when the row has no problem. */
  data: QuestionData | null;
}

/** The rows of a table whose first row names at least pregunta and correcta (any order, case or accents). */
export function questionsFromTable(
  table: readonly { line: number; cells: readonly string[] }[],
): { ok: true; rows: QuestionImportInput[] } | { ok: false; message: string } {
  const header = (table[0]?.cells ?? []).map((h) => fold(String(h)));
  const col = (k: keyof typeof HEADERS) => header.findIndex((h) => HEADERS[k].includes(h));
  const idx = Object.fromEntries(Object.keys(HEADERS).map((k) => [k, col(k as keyof typeof HEADERS)])) as Record<keyof typeof HEADERS, number>;
  if (idx.prompt < 0 || idx.correct < 0) return { ok: false, message: questionImportMessages.noHeader };
  const rows: QuestionImportInput[] = [];
  for (let i = 1; i < table.length; i++) {
    const { line, cells } = table[i]!;
    const get = (j: number) => (j < 0 ? "" : withoutControlChars(String(cells[j] ?? ""), { multiline: true }).trim());
    const row = {
      line,
      kind: get(idx.kind),
      prompt: get(idx.prompt),
      a: get(idx.a),
      b: get(idx.b),
      c: get(idx.c),
      d: get(idx.d),
      correct: get(idx.correct),
      explanation: get(idx.explanation),
    };
    if (Object.entries(row).every(([k, v]) => k === "line" || v === "")) continue;
    rows.push(row);
  }
  if (rows.length === 0) return { ok: false, message: questionImportMessages.empty };
  if (rows.length > MAX_IMPORT_QUESTIONS) return { ok: false, message: questionImportMessages.tooMany };
  return { ok: true, rows };
}

function kindOf(value: string, row: QuestionImportInput): QuestionKind | null {
  const v = fold(value);
  if (v === "") return fold(row.correct) in TRUE_FALSE_WORDS && !row.a && !row.b ? "truefalse" : "choice";
  if (["alternativas", "alternativa", "opciones", "seleccionmultiple", "multiple", "abcd"].includes(v)) return "choice";
  if (["verdaderoofalso", "verdaderofalso", "vf", "vof"].includes(v)) return "truefalse";
  return null;
}

const TRUE_FALSE_WORDS: Record<string, string> = { v: "0", verdadero: "0", f: "1", falso: "1" };

/** Checks each row on its own, then against the rest of the file and the prompts already in the bank (lower-case). */
export function checkQuestionImport(rows: readonly QuestionImportInput[], bankPrompts: ReadonlySet<string>): QuestionImportRow[] {
  const firstLine = new Map<string, number>();
  return rows.map((r) => {
    const problems: string[] = [];
    const kind = kindOf(r.kind, r);
    let correctIndex = "";
    if (kind === null) problems.push(questionImportMessages.kindUnknown);
    else if (kind === "truefalse") {
      correctIndex = TRUE_FALSE_WORDS[fold(r.correct)] ?? "";
      if (!correctIndex) problems.push(questionImportMessages.correctTrueFalse);
    } else {
      const letter = r.correct.trim().toUpperCase();
      correctIndex = (LETTERS as readonly string[]).includes(letter) ? String(LETTERS.indexOf(letter as (typeof LETTERS)[number])) : "";
      if (!correctIndex) problems.push(questionImportMessages.correctChoice);
    }
    let data: QuestionData | null = null;
    if (kind !== null) {
      const checked = checkQuestion({ kind, prompt: r.prompt, option0: r.a, option1: r.b, option2: r.c, option3: r.d, correctIndex, explanation: r.explanation });
      if (checked.ok) data = checked.data;
      else for (const [field, message] of Object.entries(checked.fieldErrors)) if (field !== "correctIndex" || correctIndex) problems.push(message);
    }
    const key = r.prompt.trim().toLowerCase();
    if (key) {
      const seen = firstLine.get(key);
      if (seen !== undefined) problems.push(questionImportMessages.duplicateInFile(seen));
      else firstLine.set(key, r.line);
      if (bankPrompts.has(key)) problems.push(questionImportMessages.alreadyInBank);
    }
    return { ...r, problems, data: problems.length ? null : data };
  });
}
