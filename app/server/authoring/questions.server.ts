// The question bank of an exam lesson: one question at a time from the editor, or many from a spreadsheet.
import { and, eq, isNull, sql } from "drizzle-orm";
import { db, type DbOrTx } from "../platform/db/client.server";
import { courseModule, lesson, question } from "../platform/db/schema";
import { courseEditorMessages } from "~/domain/course-editor-messages";
import { readExamSettings } from "~/domain/exam-settings";
import {
  checkQuestionImport,
  questionImportMessages as M,
  questionsFromTable,
  type QuestionData,
  type QuestionImportInput,
  type QuestionImportRow,
} from "~/domain/question-input";
import type { UploadedFile } from "../platform/http/uploaded-files.server";
import { readSpreadsheet, type TableLimits } from "../platform/spreadsheets/spreadsheets.server";
import { MAX_IMPORT_QUESTIONS } from "~/domain/question-input";
import { type Outcome, lessonOfCourse, countQuestions } from "./shared.server";

// ── Exam questions ──────────────────────────────────────────────────────────

function questionRow(d: QuestionData) {
  return { kind: d.kind, prompt: d.prompt, options: d.options, correctIndex: d.correctIndex, correctSet: d.correctSet, explanation: d.explanation };
}

export async function addQuestion(courseId: number, lessonId: number, data: QuestionData): Promise<Outcome> {
  const current = await lessonOfCourse(db(), courseId, lessonId);
  if (!current || current.type !== "examen") return { ok: false, message: courseEditorMessages.notFound };
  const [row] = await db().insert(question).values({ lessonId, ...questionRow(data) }).returning({ id: question.id });
  return { ok: true, message: courseEditorMessages.questionAdded, id: row!.id };
}

async function questionOfCourse(tx: DbOrTx, courseId: number, questionId: number) {
  const [row] = await tx
    .select({ id: question.id, lessonId: question.lessonId, lessonStatus: lesson.status })
    .from(question)
    .innerJoin(lesson, eq(lesson.id, question.lessonId))
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .where(and(eq(question.id, questionId), eq(courseModule.courseId, courseId), isNull(question.retiredAt)))
    .limit(1);
  return row ?? null;
}

export async function updateQuestion(courseId: number, questionId: number, data: QuestionData): Promise<Outcome> {
  const q = await questionOfCourse(db(), courseId, questionId);
  if (!q) return { ok: false, message: courseEditorMessages.notFound };
  await db().update(question).set(questionRow(data)).where(eq(question.id, questionId));
  return { ok: true, message: courseEditorMessages.questionSaved };
}

/** A published exam keeps at least the minimum bank: the lesson row is locked so two deletions cannot both pass. */
export async function deleteQuestion(courseId: number, questionId: number): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const q = await questionOfCourse(tx, courseId, questionId);
    if (!q) return { ok: false, message: courseEditorMessages.notFound };
    const [l] = await tx.select({ status: lesson.status, settings: lesson.examSettings }).from(lesson).where(eq(lesson.id, q.lessonId)).for("update");
    const min = readExamSettings(l?.settings).questionCount;
    if (l?.status === "published" && (await countQuestions(tx, q.lessonId)) <= min) {
      return { ok: false, message: courseEditorMessages.publishedExamKeepsQuestions(min) };
    }
    await tx.delete(question).where(eq(question.id, questionId));
    return { ok: true, message: courseEditorMessages.questionDeleted };
  });
}

// ── Import from a spreadsheet ─────────────────────────────────────────────────

/** A question list: the header and MAX_IMPORT_QUESTIONS rows, eight columns (others read past), long cells cut. */
const IMPORT_LIMITS: TableLimits = { maxRows: MAX_IMPORT_QUESTIONS + 1, maxColumns: 30, maxCellChars: 2100, maxUnpackedBytes: 16 * 1024 * 1024 };

const READ_FAILURES = { type: M.fileType, unreadable: M.fileUnreadable, tooManyRows: M.tooMany, tooLarge: M.fileTooLarge, busy: M.busy } as const;

/** The rows of an uploaded CSV or XLSX file (read in the spreadsheet worker, within limits), or why not. */
export async function readQuestionFile(file: UploadedFile | undefined): Promise<{ ok: true; rows: QuestionImportInput[] } | { ok: false; message: string }> {
  if (!file || file.size === 0) return { ok: false, message: M.fileRequired };
  const read = await readSpreadsheet(file, IMPORT_LIMITS);
  if (!read.ok) return { ok: false, message: READ_FAILURES[read.reason] };
  return questionsFromTable(read.rows);
}

async function examLesson(tx: DbOrTx, courseId: number, lessonId: number) {
  const current = await lessonOfCourse(tx, courseId, lessonId);
  return current?.type === "examen" ? current : null;
}

async function bankPrompts(tx: DbOrTx, lessonId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ p: sql<string>`lower(${question.prompt})` })
    .from(question)
    .where(and(eq(question.lessonId, lessonId), isNull(question.retiredAt)));
  return new Set(rows.map((r) => r.p.trim()));
}

/** Checks the rows against the file and the exam's bank, writing nothing: the preview. Null: not this course's exam. */
export async function previewQuestionImport(courseId: number, lessonId: number, rows: QuestionImportInput[]): Promise<QuestionImportRow[] | null> {
  if (!(await examLesson(db(), courseId, lessonId))) return null;
  return checkQuestionImport(rows, await bankPrompts(db(), lessonId));
}

export type QuestionImportResult = { ok: true; imported: number; rows: QuestionImportRow[] } | { ok: false; message: string; rows: QuestionImportRow[] };

/**
 * Adds every valid row to the bank in one transaction (the rows with problems are left out and returned). The
 * exam's row is locked first, so two imports of one file at once cannot both add it: the second sees the first's
 * questions as already in the bank.
 */
export async function importQuestions(courseId: number, lessonId: number, input: QuestionImportInput[]): Promise<QuestionImportResult> {
  return db().transaction(async (tx): Promise<QuestionImportResult> => {
    const current = await lessonOfCourse(tx, courseId, lessonId, true);
    if (!current || current.type !== "examen") return { ok: false, message: courseEditorMessages.notFound, rows: [] };
    const rows = checkQuestionImport(input, await bankPrompts(tx, lessonId));
    const valid = rows.flatMap((r) => (r.data ? [r.data] : []));
    if (valid.length === 0) return { ok: false, message: M.nothingValid, rows };
    await tx.insert(question).values(valid.map((d) => ({ lessonId, ...questionRow(d) })));
    return { ok: true, imported: valid.length, rows: rows.filter((r) => r.problems.length > 0) };
  });
}

/** The rows a preview posts back: parallel lists, one entry per row, as the file had them. */
export function importRowsFromForm(form: FormData): QuestionImportInput[] | null {
  const list = (k: string) => form.getAll(k).map((v) => (typeof v === "string" ? v.slice(0, 2100) : ""));
  const [lines, kinds, prompts, a, b, c, d, e, f, correct, explanation] = ["line", "kind", "prompt", "a", "b", "c", "d", "e", "f", "correct", "explanation"].map(list);
  const n = lines!.length;
  if (n === 0 || n > MAX_IMPORT_QUESTIONS || [kinds, prompts, a, b, c, d, correct, explanation].some((l) => l!.length !== n)) return null;
  // Options e and f came with the multiple-answer kind: a preview posted without them (a page loaded before) has none.
  if ([e, f].some((l) => l!.length !== n && l!.length !== 0)) return null;
  return lines!.map((l, i) => ({
    line: /^\d{1,6}$/.test(l) ? Number(l) : i + 2,
    kind: kinds![i]!,
    prompt: prompts![i]!,
    a: a![i]!,
    b: b![i]!,
    c: c![i]!,
    d: d![i]!,
    e: e![i] ?? "",
    f: f![i] ?? "",
    correct: correct![i]!,
    explanation: explanation![i]!,
  }));
}

export type QuestionImportReply =
  | { kind: "error"; message: string }
  | { kind: "preview"; rows: QuestionImportRow[]; valid: number; message: string | null }
  | { kind: "done"; message: string; left: QuestionImportRow[] };

/**
 * The import page's three steps: 'preview' reads the uploaded file and checks every row (nothing written),
 * 'import' checks the posted rows again and writes the valid ones. The caller has checked the admin.
 */
export async function runQuestionImport(
  courseId: number,
  lessonId: number,
  body: { form: FormData; files: ReadonlyMap<string, UploadedFile> },
): Promise<{ status: number; reply: QuestionImportReply }> {
  const intent = body.form.get("intent");
  const preview = (rows: QuestionImportRow[], message: string | null = null): QuestionImportReply => ({
    kind: "preview",
    rows,
    valid: rows.filter((r) => r.problems.length === 0).length,
    message,
  });
  if (intent === "preview") {
    const read = await readQuestionFile(body.files.get("file"));
    if (!read.ok) return { status: 400, reply: { kind: "error", message: read.message } };
    const rows = await previewQuestionImport(courseId, lessonId, read.rows);
    if (!rows) return { status: 404, reply: { kind: "error", message: courseEditorMessages.notFound } };
    return { status: 200, reply: preview(rows) };
  }
  if (intent === "import") {
    const input = importRowsFromForm(body.form);
    if (!input) return { status: 400, reply: { kind: "error", message: M.empty } };
    const result = await importQuestions(courseId, lessonId, input);
    if (!result.ok) {
      if (result.message === courseEditorMessages.notFound) return { status: 404, reply: { kind: "error", message: result.message } };
      return { status: 409, reply: preview(result.rows, result.message) };
    }
    return { status: 200, reply: { kind: "done", message: M.imported(result.imported), left: result.rows } };
  }
  return { status: 400, reply: { kind: "error", message: "La solicitud no es válida." } };
}
