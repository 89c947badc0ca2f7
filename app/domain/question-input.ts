// An exam question as the owner writes it: in the course editor's form, or as a row of a spreadsheet
// (columns tipo, pregunta, a, b, c, d, correcta, explicación). One check for both, so a question the form
// refuses is refused on import too, with the same words. Kinds: four options (the spec's A–D, shuffled in every
// attempt), true/false (Verdadero, Falso, always in that order), or multiple answers (two to six options, shuffled,
// one or more of them correct: "marca todas las correctas", graded all or nothing, docs/decisions.md).
import { withoutControlChars } from "./plain-text";
import { formatCount } from "./format";

export const QUESTION_KINDS = ["choice", "truefalse", "multiple"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  choice: "Alternativas (A a D)",
  truefalse: "Verdadero o falso",
  multiple: "Selección múltiple (marca todas las correctas)",
};
export const TRUE_FALSE_OPTIONS = ["Verdadero", "Falso"] as const;
const LETTERS = ["A", "B", "C", "D", "E", "F"] as const;
/** A multiple-answer question's options: at least two, at most six (A–F). */
export const MULTIPLE_OPTIONS = { min: 2, max: 6 } as const;

export const QUESTION_LIMITS = { prompt: 1000, option: 500, explanation: 2000 } as const;
/** Rows of one import (the whole file is written in one transaction). */
export const MAX_IMPORT_QUESTIONS = 500;

export const QUESTION_FIELDS = ["kind", "prompt", "option0", "option1", "option2", "option3", "option4", "option5", "correctIndex", "explanation"] as const;
export type QuestionField = (typeof QUESTION_FIELDS)[number];
export type QuestionValues = Record<QuestionField, string>;

export interface QuestionData {
  kind: QuestionKind;
  prompt: string;
  options: string[];
  /** The correct option of a one-answer kind; -1 for a multiple-answer question, whose answer is `correctSet`. */
  correctIndex: number;
  /** A multiple-answer question's correct options (bank indexes, ascending, at least one); null for the other kinds. */
  correctSet: number[] | null;
  explanation: string;
}

/**
 * The correct options of a stored question as a set: the one of a one-answer kind, every one of a multiple-answer
 * question. The one reading of the two columns, for grading, reviews and reports alike.
 */
export function correctOptionsOf(q: { kind: string; correctIndex: number; correctSet?: readonly number[] | null }): number[] {
  return q.kind === "multiple" ? [...(q.correctSet ?? [])] : [q.correctIndex];
}

/** "A, C": a multiple-answer question's correct letters as the form and the spreadsheet write them. */
export function lettersOf(indexes: readonly number[]): string {
  return indexes.map((i) => LETTERS[i] ?? String(i + 1)).join(", ");
}

/** Reads "A,C", "a; c", "AC" or "0,2" (the form's values) into ascending option indexes; null when a letter is unknown or repeated. */
export function parseCorrectSet(value: string, optionCount: number): number[] | null {
  const v = value.trim().toUpperCase();
  if (!v) return null;
  const parts = /^[A-F]+$/.test(v) ? [...v] : v.split(/[\s,;y]+/i).filter(Boolean);
  const indexes = parts.map((p) => ((LETTERS as readonly string[]).includes(p) ? LETTERS.indexOf(p as (typeof LETTERS)[number]) : /^\d$/.test(p) ? Number(p) : -1));
  if (indexes.some((i) => i < 0 || i >= optionCount) || new Set(indexes).size !== indexes.length) return null;
  return indexes.sort((a, b) => a - b);
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
  let correctSet: number[] | null = null;
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
  } else if (kind === "multiple") {
    // Options are written from A on; a gap (A, B, D) would shift the letters the owner chose as correct.
    const written = [0, 1, 2, 3, 4, 5].map((i) => clean(raw[`option${i}` as QuestionField]));
    const last = written.reduce((n, o, i) => (o ? i + 1 : n), 0);
    options = written.slice(0, last);
    options.forEach((o, i) => {
      const field = `option${i}` as QuestionField;
      if (!o) errors[field] = `Escribe la opción ${LETTERS[i]} o deja vacías las que siguen.`;
      else if (o.length > QUESTION_LIMITS.option) errors[field] = `La opción ${LETTERS[i]} tiene más de ${QUESTION_LIMITS.option} caracteres.`;
    });
    if (options.length < MULTIPLE_OPTIONS.min) errors.option1 = `Escribe al menos ${MULTIPLE_OPTIONS.min} opciones.`;
    const filled = options.filter(Boolean).map((o) => o.toLowerCase());
    if (!Object.keys(errors).some((k) => k.startsWith("option")) && new Set(filled).size < filled.length) {
      errors.option1 = "Hay dos opciones iguales: cada opción debe ser distinta.";
    }
    correctSet = parseCorrectSet(correct, Math.max(options.length, MULTIPLE_OPTIONS.min));
    if (!correctSet) errors.correctIndex = "Marca al menos una opción correcta, entre las opciones escritas.";
  }
  if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };
  return { ok: true, data: { kind, prompt, options, correctIndex, correctSet, explanation } };
}

/** A stored question as the form shows it (a multiple-answer question's correct options as "0,2"). */
export function questionValues(q: {
  kind: string;
  prompt: string;
  options: string[];
  correctIndex: number;
  correctSet?: readonly number[] | null;
  explanation: string;
}): QuestionValues {
  const kind: QuestionKind = q.kind === "truefalse" || q.kind === "multiple" ? q.kind : "choice";
  const option = (i: number) => (kind === "truefalse" ? "" : (q.options[i] ?? ""));
  return {
    kind,
    prompt: q.prompt,
    option0: option(0),
    option1: option(1),
    option2: option(2),
    option3: option(3),
    option4: option(4),
    option5: option(5),
    correctIndex: kind === "multiple" ? correctOptionsOf(q).join(",") : String(q.correctIndex),
    explanation: q.explanation,
  };
}

// ── From a spreadsheet ───────────────────────────────────────────────────────

export const questionImportMessages = {
  fileRequired: "Elige un archivo CSV o Excel (.xlsx) con las columnas tipo, pregunta, a, b, c, d (e y f si hacen falta), correcta y explicación.",
  fileType: "El archivo debe ser CSV (.csv) o Excel (.xlsx).",
  fileUnreadable: "No pudimos leer el archivo. Guárdalo como CSV (separado por ; o ,) o como Excel (.xlsx) e inténtalo de nuevo.",
  fileTooLarge: "El archivo es demasiado grande para un banco de preguntas. Divídelo en partes más pequeñas.",
  busy: "Estamos revisando muchos archivos en este momento. Inténtalo de nuevo en un momento.",
  noHeader: "No encontramos los encabezados pregunta y correcta en la primera fila del archivo.",
  empty: "El archivo no tiene filas de preguntas.",
  tooMany: `El archivo tiene más de ${formatCount(MAX_IMPORT_QUESTIONS)} preguntas. Divídelo en partes más pequeñas.`,
  kindUnknown: "El tipo debe ser «alternativas», «verdadero o falso» o «selección múltiple».",
  correctChoice: "La columna correcta debe decir A, B, C o D.",
  correctMultiple: "La columna correcta debe decir las letras de todas las opciones correctas, separadas por coma (por ejemplo A,C).",
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

const HEADERS: Record<"kind" | "prompt" | "a" | "b" | "c" | "d" | "e" | "f" | "correct" | "explanation", string[]> = {
  kind: ["tipo", "tipodepregunta"],
  prompt: ["pregunta", "enunciado"],
  a: ["a", "opciona", "alternativaa"],
  b: ["b", "opcionb", "alternativab"],
  c: ["c", "opcionc", "alternativac"],
  d: ["d", "opciond", "alternativad"],
  e: ["e", "opcione", "alternativae"],
  f: ["f", "opcionf", "alternativaf"],
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
  e: string;
  f: string;
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
      e: get(idx.e),
      f: get(idx.f),
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
  if (v === "") return fold(row.correct) in TRUE_FALSE_WORDS && !row.a && !row.b ? "truefalse" : /[,;]/.test(row.correct) ? "multiple" : "choice";
  if (["alternativas", "alternativa", "opciones", "abcd"].includes(v)) return "choice";
  // "Selección múltiple" is how Chilean tests name the four options with one answer too: a correct column that
  // lists several letters is what asks for the multiple-answer kind.
  if (["seleccionmultiple", "multiple"].includes(v)) return /[,;]/.test(row.correct) ? "multiple" : "choice";
  if (["verdaderoofalso", "verdaderofalso", "vf", "vof"].includes(v)) return "truefalse";
  if (["variasrespuestas", "respuestamultiple", "seleccionmultiplemarcatodas", "marcatodas", "marcatodaslascorrectas", "variascorrectas", "multiplesrespuestas"].includes(v)) return "multiple";
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
    } else if (kind === "multiple") {
      const set = parseCorrectSet(r.correct, 6);
      correctIndex = set ? set.join(",") : "";
      if (!set) problems.push(questionImportMessages.correctMultiple);
    } else {
      const letter = r.correct.trim().toUpperCase();
      const index = LETTERS.indexOf(letter as (typeof LETTERS)[number]);
      correctIndex = index >= 0 && index < 4 ? String(index) : "";
      if (!correctIndex) problems.push(questionImportMessages.correctChoice);
    }
    let data: QuestionData | null = null;
    if (kind !== null) {
      const checked = checkQuestion({ kind, prompt: r.prompt, option0: r.a, option1: r.b, option2: r.c, option3: r.d, option4: r.e, option5: r.f, correctIndex, explanation: r.explanation });
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
