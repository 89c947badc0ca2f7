// /admin/cursos and the course editor (decisions.md B4): the course list, the preset-course action, and
// every change to a course, its modules, lessons, files and exam questions. Every function that takes
// a course id only touches rows of that course, so an id from another course is "not found".
import path from "node:path";
import { and, asc, desc, eq, inArray, like, ne, sql } from "drizzle-orm";
import { db, type DbOrTx, type Tx } from "./db/client.server";
import { asset, course, courseModule, lesson, question } from "./db/schema";
import { catalogueCourse, catalogueDetails, insertContent, type CatalogueCourse } from "./catalogue.server";
import { contentCounts, getCourseCounts } from "./dashboard.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { storeAsset } from "./storage.server";
import { z } from "zod";
import { invalidatePublicPages } from "../../server/page-cache";
import {
  COURSE_FIELDS,
  LESSON_FIELDS,
  MIN_EXAM_QUESTIONS,
  MODULE_FIELDS,
  QUESTION_FIELDS,
  courseFormSchema,
  idSchema,
  lessonFormSchema,
  moduleFormSchema,
  newLessonSchema,
  parseForm,
  questionFormSchema,
  slugify,
  type CourseFormData,
  type FieldErrors,
  type FormValues,
  type LessonFormData,
  type LessonType,
  uploadTooLargeMessage,
} from "~/domain/admin-forms";

export const PRESET_COURSE_ID = 1;

export const courseEditorMessages = {
  presetPublished: "Curso publicado exitosamente. Ahora podrás verlo en el Dashboard.",
  presetFailed: "No se pudo publicar el curso.",
  courseCreated: "Curso creado como borrador. Agrega módulos y lecciones, y publícalo cuando esté listo.",
  courseSaved: "Datos del curso guardados.",
  coursePublished: "Curso publicado: ya aparece en el catálogo.",
  courseUnpublished: "Curso despublicado: volvió a borrador y ya no aparece en el catálogo.",
  moduleAdded: "Módulo agregado.",
  moduleSaved: "Módulo guardado.",
  moduleDeleted: "Módulo eliminado.",
  lessonAdded: "Lección agregada.",
  lessonSaved: "Lección guardada.",
  lessonDeleted: "Lección eliminada.",
  moved: "Orden actualizado.",
  questionAdded: "Pregunta agregada.",
  questionSaved: "Pregunta guardada.",
  questionDeleted: "Pregunta eliminada.",
  notFound: "No se encontró lo que intentas modificar. Recarga la página.",
  examNeedsQuestions: (n: number) =>
    `Un examen necesita al menos ${MIN_EXAM_QUESTIONS} preguntas para publicarse (tiene ${n}).`,
  publishedExamKeepsQuestions: `Un examen publicado necesita al menos ${MIN_EXAM_QUESTIONS} preguntas. Déjalo pendiente antes de eliminar preguntas.`,
  lessonNeedsFile: "Sube el archivo de la lección antes de publicarla.",
  lessonNeedsBody: "Escribe el texto de la lectura antes de publicarla.",
  videoNeedsMp4: "Las lecciones de video necesitan un archivo MP4.",
  noFile: "Elige un archivo para subir.",
  tooLarge: uploadTooLargeMessage,
  notPdf: "El archivo no es un PDF válido: su contenido no corresponde a un PDF.",
  notMp4: "El archivo no es un video MP4 válido: su contenido no corresponde a un MP4.",
  examNoFile: "Las lecciones de examen no llevan archivo: sus preguntas se editan abajo.",
  uploaded: (name: string) => `Archivo «${name}» subido.`,
} as const;

export type Outcome = { ok: true; message: string; id?: number } | { ok: false; message: string; field?: string; status?: number };

// ── Course list and preset ──────────────────────────────────────────────────

export async function listAdminCourses() {
  const [rows, counts, perCourse] = await Promise.all([
    db()
      .select({ id: course.id, title: course.title, category: course.category, status: course.status, updatedAt: course.updatedAt })
      .from(course)
      .orderBy(asc(course.id)),
    contentCounts(null),
    getCourseCounts(),
  ]);
  return rows.map((r) => ({
    ...r,
    modules: counts.get(r.id)?.modules ?? 0,
    lessons: counts.get(r.id)?.lessons ?? 0,
    students: perCourse.students(r.id),
  }));
}

/** The preset course's record as the catalogue holds it (shown on /admin/cursos, product-spec.md §2). */
export function presetCourseSummary() {
  let c: CatalogueCourse | undefined;
  try {
    c = catalogueCourse(PRESET_COURSE_ID);
  } catch (error) {
    logger.error({ err: error }, "preset course could not be read from the catalogue");
  }
  if (!c) return null;
  return {
    id: c.id,
    title: c.title,
    category: c.category,
    level: c.level,
    durationHours: c.durationHours,
    priceClp: c.priceClp,
    modality: c.modality,
    description: c.description,
    topics: c.topics,
    certification: c.certification,
    modules: c.modules.map((m) => ({ title: m.title, lessons: m.lessons.length })),
    lessonCount: c.modules.reduce((n, m) => n + m.lessons.length, 0),
    questionCount: c.questions.length,
  };
}

/**
 * 'Publicar curso predefinido': (re)creates course 1 from the catalogue when it is missing, or restores
 * its catalogue details and publishes it when present. Content is only added when the course has none,
 * so learners' enrolments, completions and certificates are never touched.
 */
export async function publishPresetCourse(): Promise<Outcome> {
  try {
    const c = catalogueCourse(PRESET_COURSE_ID);
    if (!c) throw new Error("catalogue course 1 not found");
    await db().transaction(async (tx) => {
      await tx.execute(sql`lock table course in share row exclusive mode`);
      const [existing] = await tx.select({ id: course.id, slug: course.slug }).from(course).where(eq(course.id, c.id)).limit(1);
      const slug = await uniqueSlug(tx, c.slug, c.id);
      if (existing) {
        await tx
          .update(course)
          .set({ ...catalogueDetails(c), slug, status: "published", sourceHash: c.hash, updatedAt: new Date() })
          .where(eq(course.id, c.id));
        const [mods] = await tx.select({ n: sql<number>`count(*)::int` }).from(courseModule).where(eq(courseModule.courseId, c.id));
        if (Number(mods?.n ?? 0) === 0) await insertContent(tx, c);
      } else {
        await tx.insert(course).values({ id: c.id, slug, ...catalogueDetails(c), status: "published", sourceHash: c.hash });
        await insertContent(tx, c);
        await tx.execute(sql`select setval(pg_get_serial_sequence('course', 'id'), greatest((select max(id) from course), 1))`);
      }
    });
    invalidatePublicPages();
    logger.info({ courseId: c.id }, "preset course published");
    return { ok: true, message: courseEditorMessages.presetPublished };
  } catch (error) {
    logger.error({ err: error }, "preset course publish failed");
    return { ok: false, message: courseEditorMessages.presetFailed };
  }
}

// ── Course details ──────────────────────────────────────────────────────────

/** A slug no other course uses: 'rcp', then 'rcp-2', 'rcp-3'… */
async function uniqueSlug(tx: DbOrTx, base: string, excludeId: number | null) {
  const root = slugify(base);
  const taken = await tx
    .select({ slug: course.slug })
    .from(course)
    .where(and(like(course.slug, `${root}%`), excludeId === null ? undefined : ne(course.id, excludeId)));
  const used = new Set(taken.map((t) => t.slug));
  if (!used.has(root)) return root;
  for (let i = 2; ; i++) if (!used.has(`${root}-${i}`)) return `${root}-${i}`;
}

function detailsOf(data: CourseFormData) {
  return { ...data };
}

export async function createCourse(data: CourseFormData): Promise<number> {
  return db().transaction(async (tx) => {
    const slug = await uniqueSlug(tx, data.title, null);
    const [row] = await tx
      .insert(course)
      .values({ ...detailsOf(data), slug, status: "draft" })
      .returning({ id: course.id });
    return row!.id;
  });
}

export async function updateCourse(id: number, data: CourseFormData): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const [current] = await tx.select({ title: course.title, slug: course.slug }).from(course).where(eq(course.id, id)).for("update");
    if (!current) return { ok: false, message: courseEditorMessages.notFound };
    const slug = current.title === data.title ? current.slug : await uniqueSlug(tx, data.title, id);
    await tx
      .update(course)
      .set({ ...detailsOf(data), slug, updatedAt: new Date() })
      .where(eq(course.id, id));
    return { ok: true, message: courseEditorMessages.courseSaved };
  });
}

export async function setCourseStatus(id: number, status: "published" | "draft"): Promise<Outcome> {
  const updated = await db().update(course).set({ status, updatedAt: new Date() }).where(eq(course.id, id)).returning({ id: course.id });
  if (updated.length === 0) return { ok: false, message: courseEditorMessages.notFound };
  return { ok: true, message: status === "published" ? courseEditorMessages.coursePublished : courseEditorMessages.courseUnpublished };
}

/** The course form's values as the inputs show them. */
export function courseFormValues(c: typeof course.$inferSelect): FormValues {
  return {
    title: c.title,
    category: c.category,
    level: c.level,
    durationHours: String(c.durationHours),
    priceClp: c.priceClp === null ? "" : String(c.priceClp),
    modality: c.modality,
    description: c.description,
    longDescription: c.longDescription,
    audience: c.audience,
    topics: c.topics.join("\n"),
    materials: c.materials,
    certification: c.certification,
    imageUrl: c.imageUrl ?? "",
    nextDate: c.nextDate ?? "",
    location: c.location,
    requirements: c.requirements.join("\n"),
    instructorName: c.instructorName,
    instructorTitle: c.instructorTitle,
  };
}

// ── Reading a course for the editor ─────────────────────────────────────────

export async function getCourseForEditor(id: number) {
  const [c] = await db().select().from(course).where(eq(course.id, id)).limit(1);
  if (!c) return null;
  const modules = await db()
    .select({ id: courseModule.id, title: courseModule.title, description: courseModule.description, position: courseModule.position })
    .from(courseModule)
    .where(eq(courseModule.courseId, id))
    .orderBy(asc(courseModule.position), asc(courseModule.id));
  const lessons = modules.length
    ? await db()
        .select({
          id: lesson.id,
          moduleId: lesson.moduleId,
          title: lesson.title,
          type: lesson.type,
          status: lesson.status,
          durationMin: lesson.durationMin,
          filename: asset.filename,
          questions: sql<number>`(select count(*)::int from ${question} where ${question.lessonId} = ${lesson.id})`,
        })
        .from(lesson)
        .leftJoin(asset, eq(asset.id, lesson.assetId))
        .where(inArray(lesson.moduleId, modules.map((m) => m.id)))
        .orderBy(asc(lesson.position), asc(lesson.id))
    : [];
  return {
    course: c,
    modules: modules.map((m) => ({ ...m, lessons: lessons.filter((l) => l.moduleId === m.id).map((l) => ({ ...l, questions: Number(l.questions) })) })),
  };
}

/** A lesson of this course, with its file and (for exams) its whole question bank, answers included. */
export async function getLessonForEditor(courseId: number, lessonId: number) {
  const [row] = await db()
    .select({
      lesson,
      moduleTitle: courseModule.title,
      file: { id: asset.id, filename: asset.filename, mime: asset.mime, size: asset.size },
    })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .leftJoin(asset, eq(asset.id, lesson.assetId))
    .where(and(eq(lesson.id, lessonId), eq(courseModule.courseId, courseId)))
    .limit(1);
  if (!row) return null;
  const questions = await db().select().from(question).where(eq(question.lessonId, lessonId)).orderBy(asc(question.id));
  return { lesson: row.lesson, moduleTitle: row.moduleTitle, file: row.file?.id ? row.file : null, questions };
}

// ── Modules ─────────────────────────────────────────────────────────────────

async function lockModules(tx: Tx, courseId: number) {
  return tx
    .select({ id: courseModule.id, position: courseModule.position })
    .from(courseModule)
    .where(eq(courseModule.courseId, courseId))
    .orderBy(asc(courseModule.position), asc(courseModule.id))
    .for("update");
}

async function touchCourse(tx: DbOrTx, courseId: number) {
  await tx.update(course).set({ updatedAt: new Date() }).where(eq(course.id, courseId));
}

export async function addModule(courseId: number, data: { title: string; description: string }): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const [c] = await tx.select({ id: course.id }).from(course).where(eq(course.id, courseId)).for("update");
    if (!c) return { ok: false, message: courseEditorMessages.notFound };
    const mods = await lockModules(tx, courseId);
    const position = (mods.at(-1)?.position ?? 0) + 1;
    const [row] = await tx.insert(courseModule).values({ courseId, position, ...data }).returning({ id: courseModule.id });
    await touchCourse(tx, courseId);
    return { ok: true, message: courseEditorMessages.moduleAdded, id: row!.id };
  });
}

export async function updateModule(courseId: number, moduleId: number, data: { title: string; description: string }): Promise<Outcome> {
  const updated = await db()
    .update(courseModule)
    .set(data)
    .where(and(eq(courseModule.id, moduleId), eq(courseModule.courseId, courseId)))
    .returning({ id: courseModule.id });
  if (updated.length === 0) return { ok: false, message: courseEditorMessages.notFound };
  await touchCourse(db(), courseId);
  return { ok: true, message: courseEditorMessages.moduleSaved };
}

/** Swaps positions with the neighbour above or below (positions are renumbered 1..n on the way). */
export async function moveModule(courseId: number, moduleId: number, direction: "up" | "down"): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const mods = await lockModules(tx, courseId);
    const order = mods.map((m) => m.id);
    const i = order.indexOf(moduleId);
    if (i < 0) return { ok: false, message: courseEditorMessages.notFound };
    const j = direction === "up" ? i - 1 : i + 1;
    if (j < 0 || j >= order.length) return { ok: true, message: courseEditorMessages.moved };
    [order[i], order[j]] = [order[j]!, order[i]!];
    for (const [k, id] of order.entries()) {
      if (mods.find((m) => m.id === id)!.position !== k + 1) {
        await tx.update(courseModule).set({ position: k + 1 }).where(eq(courseModule.id, id));
      }
    }
    await touchCourse(tx, courseId);
    return { ok: true, message: courseEditorMessages.moved };
  });
}

/** Deletes a module with its lessons (and their questions, completions and attempts, by cascade). */
export async function deleteModule(courseId: number, moduleId: number): Promise<Outcome> {
  const deleted = await db()
    .delete(courseModule)
    .where(and(eq(courseModule.id, moduleId), eq(courseModule.courseId, courseId)))
    .returning({ id: courseModule.id });
  if (deleted.length === 0) return { ok: false, message: courseEditorMessages.notFound };
  await touchCourse(db(), courseId);
  logger.info({ courseId, moduleId }, "module deleted");
  return { ok: true, message: courseEditorMessages.moduleDeleted };
}

// ── Lessons ─────────────────────────────────────────────────────────────────

async function moduleOfCourse(tx: DbOrTx, courseId: number, moduleId: number) {
  const [m] = await tx
    .select({ id: courseModule.id })
    .from(courseModule)
    .where(and(eq(courseModule.id, moduleId), eq(courseModule.courseId, courseId)))
    .limit(1);
  return m ?? null;
}

async function lessonOfCourse(tx: DbOrTx, courseId: number, lessonId: number, lock = false) {
  const q = tx
    .select({ lesson })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .where(and(eq(lesson.id, lessonId), eq(courseModule.courseId, courseId)))
    .limit(1);
  const [row] = lock ? await q.for("update", { of: lesson }) : await q;
  return row?.lesson ?? null;
}

export async function addLesson(courseId: number, moduleId: number, data: { title: string; type: LessonType }): Promise<Outcome> {
  return db().transaction(async (tx) => {
    if (!(await moduleOfCourse(tx, courseId, moduleId))) return { ok: false, message: courseEditorMessages.notFound };
    const [last] = await tx
      .select({ position: lesson.position })
      .from(lesson)
      .where(eq(lesson.moduleId, moduleId))
      .orderBy(desc(lesson.position))
      .limit(1);
    const [row] = await tx
      .insert(lesson)
      .values({ moduleId, position: (last?.position ?? 0) + 1, title: data.title, type: data.type, status: "pending" })
      .returning({ id: lesson.id });
    await touchCourse(tx, courseId);
    return { ok: true, message: courseEditorMessages.lessonAdded, id: row!.id };
  });
}

async function countQuestions(tx: DbOrTx, lessonId: number) {
  const [r] = await tx.select({ n: sql<number>`count(*)::int` }).from(question).where(eq(question.lessonId, lessonId));
  return Number(r?.n ?? 0);
}

/** Why this lesson cannot be published as it stands, or null. */
async function publishBlocker(tx: DbOrTx, lessonId: number, data: { type: string; body: string | null }, assetId: number | null) {
  if (data.type === "examen") {
    const n = await countQuestions(tx, lessonId);
    return n < MIN_EXAM_QUESTIONS ? courseEditorMessages.examNeedsQuestions(n) : null;
  }
  if (data.type === "lectura") return data.body?.trim() || assetId !== null ? null : courseEditorMessages.lessonNeedsBody;
  if (assetId === null) return courseEditorMessages.lessonNeedsFile;
  if (data.type === "video") {
    const [file] = await tx.select({ mime: asset.mime }).from(asset).where(eq(asset.id, assetId)).limit(1);
    if (!file?.mime.startsWith("video/")) return courseEditorMessages.videoNeedsMp4;
  }
  return null;
}

export async function updateLesson(courseId: number, lessonId: number, data: LessonFormData): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const current = await lessonOfCourse(tx, courseId, lessonId, true);
    if (!current) return { ok: false, message: courseEditorMessages.notFound };
    const body = data.body === "" ? null : data.body;
    if (data.status === "published") {
      const blocker = await publishBlocker(tx, lessonId, { type: data.type, body }, current.assetId);
      if (blocker) return { ok: false, message: blocker, field: "status" };
    }
    await tx
      .update(lesson)
      .set({ title: data.title, type: data.type, durationMin: data.durationMin, status: data.status, downloadable: data.downloadable, body })
      .where(eq(lesson.id, lessonId));
    await touchCourse(tx, courseId);
    return { ok: true, message: courseEditorMessages.lessonSaved };
  });
}

export async function moveLesson(courseId: number, lessonId: number, direction: "up" | "down"): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const current = await lessonOfCourse(tx, courseId, lessonId);
    if (!current) return { ok: false, message: courseEditorMessages.notFound };
    const siblings = await tx
      .select({ id: lesson.id, position: lesson.position })
      .from(lesson)
      .where(eq(lesson.moduleId, current.moduleId))
      .orderBy(asc(lesson.position), asc(lesson.id))
      .for("update");
    const order = siblings.map((s) => s.id);
    const i = order.indexOf(lessonId);
    const j = direction === "up" ? i - 1 : i + 1;
    if (j < 0 || j >= order.length) return { ok: true, message: courseEditorMessages.moved };
    [order[i], order[j]] = [order[j]!, order[i]!];
    for (const [k, id] of order.entries()) {
      if (siblings.find((s) => s.id === id)!.position !== k + 1) await tx.update(lesson).set({ position: k + 1 }).where(eq(lesson.id, id));
    }
    await touchCourse(tx, courseId);
    return { ok: true, message: courseEditorMessages.moved };
  });
}

export async function deleteLesson(courseId: number, lessonId: number): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const current = await lessonOfCourse(tx, courseId, lessonId, true);
    if (!current) return { ok: false, message: courseEditorMessages.notFound };
    await tx.delete(lesson).where(eq(lesson.id, lessonId));
    await touchCourse(tx, courseId);
    logger.info({ courseId, lessonId }, "lesson deleted");
    return { ok: true, message: courseEditorMessages.lessonDeleted };
  });
}

// ── Lesson files ────────────────────────────────────────────────────────────

export type FileKind = "pdf" | "mp4" | "other";

/** What the bytes are, whatever the name says: a PDF starts with '%PDF-'; an MP4 has an 'ftyp' box first. */
export function detectFileKind(bytes: Uint8Array): FileKind {
  if (Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-") return "pdf";
  if (bytes.length >= 12 && Buffer.from(bytes.subarray(4, 8)).toString("latin1") === "ftyp") return "mp4";
  return "other";
}

const MP4_EXTENSIONS = new Set([".mp4", ".m4v"]);

/** A file name safe to store and to send back in Content-Disposition. */
export function cleanFilename(name: string) {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const base = path.basename(name.replace(/\\/g, "/")).replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (base || "archivo").slice(-200);
}

/**
 * Checks an upload by its content: a name ending in .pdf must hold a PDF, .mp4 an MP4; a video lesson
 * needs an MP4. Other files are stored as download-only (application/octet-stream, never rendered).
 */
export function classifyUpload(bytes: Uint8Array, filename: string, lessonType: string): { ok: true; mime: string; downloadOnly: boolean } | { ok: false; message: string } {
  if (lessonType === "examen") return { ok: false, message: courseEditorMessages.examNoFile };
  const kind = detectFileKind(bytes);
  const ext = path.extname(filename).toLowerCase();
  if (ext === ".pdf" && kind !== "pdf") return { ok: false, message: courseEditorMessages.notPdf };
  if (MP4_EXTENSIONS.has(ext) && kind !== "mp4") return { ok: false, message: courseEditorMessages.notMp4 };
  if (lessonType === "video" && kind !== "mp4") return { ok: false, message: courseEditorMessages.videoNeedsMp4 };
  if (kind === "pdf") return { ok: true, mime: "application/pdf", downloadOnly: false };
  if (kind === "mp4") return { ok: true, mime: "video/mp4", downloadOnly: false };
  return { ok: true, mime: "application/octet-stream", downloadOnly: true };
}

export function maxUploadBytes() {
  return env().MAX_UPLOAD_MB * 1024 * 1024;
}

// Room for the multipart envelope and the other fields around the file.
const FORM_OVERHEAD = 256 * 1024;

/**
 * The posted form, read with a ceiling: a declared Content-Length over the limit is refused before
 * reading, and a body that grows past it (chunked uploads) is cut off, so nobody can fill the memory.
 */
export async function readFormWithLimit(request: Request): Promise<{ form: FormData } | { tooLarge: true }> {
  const limit = maxUploadBytes() + FORM_OVERHEAD;
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) return { tooLarge: true };
  if (!request.body) return { form: await request.formData() };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return { tooLarge: true };
    }
    chunks.push(value);
  }
  const body = Buffer.concat(chunks);
  const headers = { "content-type": request.headers.get("content-type") ?? "application/x-www-form-urlencoded" };
  return { form: await new Response(body, { headers }).formData() };
}

export async function uploadLessonFile(courseId: number, lessonId: number, file: { bytes: Buffer; filename: string }): Promise<Outcome> {
  const current = await lessonOfCourse(db(), courseId, lessonId);
  if (!current) return { ok: false, message: courseEditorMessages.notFound };
  if (file.bytes.length === 0) return { ok: false, message: courseEditorMessages.noFile, field: "file" };
  if (file.bytes.length > maxUploadBytes()) return { ok: false, message: courseEditorMessages.tooLarge(env().MAX_UPLOAD_MB), field: "file", status: 413 };
  const filename = cleanFilename(file.filename);
  const verdict = classifyUpload(file.bytes, filename, current.type);
  if (!verdict.ok) return { ok: false, message: verdict.message, field: "file" };
  return db().transaction(async (tx) => {
    const stored = await storeAsset(file.bytes, { filename, mime: verdict.mime }, tx);
    const updated = await tx
      .update(lesson)
      .set({ assetId: stored.id, ...(verdict.downloadOnly ? { downloadable: true } : {}) })
      .where(eq(lesson.id, lessonId))
      .returning({ id: lesson.id });
    if (updated.length === 0) return { ok: false, message: courseEditorMessages.notFound };
    await touchCourse(tx, courseId);
    logger.info({ courseId, lessonId, assetId: stored.id, size: file.bytes.length, mime: verdict.mime }, "lesson file uploaded");
    return { ok: true, message: courseEditorMessages.uploaded(filename) };
  });
}

// ── Exam questions ──────────────────────────────────────────────────────────

export interface QuestionData {
  prompt: string;
  option0: string;
  option1: string;
  option2: string;
  option3: string;
  correctIndex: number;
  explanation: string;
}

function questionRow(d: QuestionData) {
  return { prompt: d.prompt, options: [d.option0, d.option1, d.option2, d.option3], correctIndex: d.correctIndex, explanation: d.explanation };
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
    .where(and(eq(question.id, questionId), eq(courseModule.courseId, courseId)))
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
    const [l] = await tx.select({ status: lesson.status }).from(lesson).where(eq(lesson.id, q.lessonId)).for("update");
    if (l?.status === "published" && (await countQuestions(tx, q.lessonId)) <= MIN_EXAM_QUESTIONS) {
      return { ok: false, message: courseEditorMessages.publishedExamKeepsQuestions };
    }
    await tx.delete(question).where(eq(question.id, questionId));
    return { ok: true, message: courseEditorMessages.questionDeleted };
  });
}

// ── The editor's actions ────────────────────────────────────────────────────

export interface EditorActionResult {
  /** Which form the result belongs to, so only that form shows the message and keeps the typed values. */
  form: string;
  ok: boolean;
  message: string | null;
  fieldErrors: FieldErrors;
  values: FormValues;
  /** Changes on every success, to reset "add" forms. */
  nonce: number;
}

export type EditorActionResponse = { status: number; result: EditorActionResult } | { redirect: string };

function reply(form: string, outcome: Outcome, values: FormValues = {}): EditorActionResponse {
  if (outcome.ok) return { status: 200, result: { form, ok: true, message: outcome.message, fieldErrors: {}, values: {}, nonce: Date.now() } };
  const fieldErrors = outcome.field ? { [outcome.field]: outcome.message } : {};
  const status = outcome.status ?? (outcome.message === courseEditorMessages.notFound ? 404 : 400);
  return { status, result: { form, ok: false, message: outcome.field ? null : outcome.message, fieldErrors, values, nonce: 0 } };
}

function invalid(form: string, fieldErrors: FieldErrors, values: FormValues): EditorActionResponse {
  return { status: 400, result: { form, ok: false, message: null, fieldErrors, values, nonce: 0 } };
}

const badRequest = (): EditorActionResponse => ({
  status: 400,
  result: { form: "", ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {}, nonce: 0 },
});

const directionSchema = z.enum(["up", "down"]);

/**
 * Every change the course editor posts, by `intent`. The caller has already checked the admin.
 * Afterwards the anonymous page cache is emptied, so the catalogue and the course page show the
 * change to the very next visitor (a failed or refused change costs one extra render, nothing more).
 */
export async function handleCourseEditorAction(request: Request, courseId: number): Promise<EditorActionResponse> {
  try {
    return await runCourseEditorAction(request, courseId);
  } finally {
    invalidatePublicPages();
  }
}

async function runCourseEditorAction(request: Request, courseId: number): Promise<EditorActionResponse> {
  const read = await readFormWithLimit(request);
  if ("tooLarge" in read) {
    const lessonId = idSchema.safeParse(new URL(request.url).searchParams.get("leccion"));
    return reply(lessonId.success ? `upload-${lessonId.data}` : "upload", {
      ok: false,
      message: courseEditorMessages.tooLarge(env().MAX_UPLOAD_MB),
      field: "file",
      status: 413,
    });
  }
  const form = read.form;
  const id = (name: string) => idSchema.safeParse(form.get(name));
  const intent = String(form.get("intent") ?? "");

  switch (intent) {
    case "save-course": {
      const parsed = parseForm(courseFormSchema, form, COURSE_FIELDS);
      if (!parsed.ok) return invalid("course", parsed.fieldErrors, parsed.values);
      return reply("course", await updateCourse(courseId, parsed.data), parsed.values);
    }
    case "publish":
    case "unpublish":
      return reply("status", await setCourseStatus(courseId, intent === "publish" ? "published" : "draft"));
    case "add-module": {
      const parsed = parseForm(moduleFormSchema, form, MODULE_FIELDS);
      if (!parsed.ok) return invalid("module-new", parsed.fieldErrors, parsed.values);
      return reply("module-new", await addModule(courseId, parsed.data), parsed.values);
    }
    case "update-module": {
      const moduleId = id("moduleId");
      if (!moduleId.success) return badRequest();
      const key = `module-${moduleId.data}`;
      const parsed = parseForm(moduleFormSchema, form, MODULE_FIELDS);
      if (!parsed.ok) return invalid(key, parsed.fieldErrors, parsed.values);
      return reply(key, await updateModule(courseId, moduleId.data, parsed.data), parsed.values);
    }
    case "move-module":
    case "move-lesson": {
      const target = id(intent === "move-module" ? "moduleId" : "lessonId");
      const direction = directionSchema.safeParse(form.get("direction"));
      if (!target.success || !direction.success) return badRequest();
      const move = intent === "move-module" ? moveModule : moveLesson;
      return reply("move", await move(courseId, target.data, direction.data));
    }
    case "delete-module": {
      const moduleId = id("moduleId");
      if (!moduleId.success) return badRequest();
      return reply("delete", await deleteModule(courseId, moduleId.data));
    }
    case "add-lesson": {
      const moduleId = id("moduleId");
      if (!moduleId.success) return badRequest();
      const key = `lesson-new-${moduleId.data}`;
      const parsed = parseForm(newLessonSchema, form, ["title", "type"]);
      if (!parsed.ok) return invalid(key, parsed.fieldErrors, parsed.values);
      const outcome = await addLesson(courseId, moduleId.data, parsed.data);
      if (outcome.ok && outcome.id) return { redirect: `/admin/cursos/${courseId}?leccion=${outcome.id}` };
      return reply(key, outcome, parsed.values);
    }
    case "update-lesson": {
      const lessonId = id("lessonId");
      if (!lessonId.success) return badRequest();
      const key = `lesson-${lessonId.data}`;
      const parsed = parseForm(lessonFormSchema, form, LESSON_FIELDS);
      if (!parsed.ok) return invalid(key, parsed.fieldErrors, parsed.values);
      return reply(key, await updateLesson(courseId, lessonId.data, parsed.data), parsed.values);
    }
    case "delete-lesson": {
      const lessonId = id("lessonId");
      if (!lessonId.success) return badRequest();
      const outcome = await deleteLesson(courseId, lessonId.data);
      if (outcome.ok) return { redirect: `/admin/cursos/${courseId}?vista=contenido` };
      return reply("delete", outcome);
    }
    case "upload-file": {
      const lessonId = id("lessonId");
      if (!lessonId.success) return badRequest();
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) {
        return reply(`upload-${lessonId.data}`, { ok: false, message: courseEditorMessages.noFile, field: "file" });
      }
      const bytes = Buffer.from(await file.arrayBuffer());
      return reply(`upload-${lessonId.data}`, await uploadLessonFile(courseId, lessonId.data, { bytes, filename: file.name }));
    }
    case "add-question": {
      const lessonId = id("lessonId");
      if (!lessonId.success) return badRequest();
      const parsed = parseForm(questionFormSchema, form, QUESTION_FIELDS);
      if (!parsed.ok) return invalid("question-new", parsed.fieldErrors, parsed.values);
      return reply("question-new", await addQuestion(courseId, lessonId.data, parsed.data), parsed.values);
    }
    case "update-question": {
      const questionId = id("questionId");
      if (!questionId.success) return badRequest();
      const key = `question-${questionId.data}`;
      const parsed = parseForm(questionFormSchema, form, QUESTION_FIELDS);
      if (!parsed.ok) return invalid(key, parsed.fieldErrors, parsed.values);
      return reply(key, await updateQuestion(courseId, questionId.data, parsed.data), parsed.values);
    }
    case "delete-question": {
      const questionId = id("questionId");
      if (!questionId.success) return badRequest();
      return reply("delete", await deleteQuestion(courseId, questionId.data));
    }
    default:
      return badRequest();
  }
}
