// The built-in catalogue: reviewable files under content/courses, loaded into the database.
// The database is the single source of truth at run time; loading never overwrites a course that exists
// (a course whose bundled material changed is brought up to date by catalogue/refresh.server.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { site } from "~/config/site";
import { lessonKey } from "~/domain/lesson-key";
import { blueprintSchema, type Blueprint } from "~/domain/exam-blueprint";
import { LESSON_TYPES } from "~/domain/lesson-types";
import type { DbOrTx } from "../platform/db/client.server";
import { db } from "../platform/db/client.server";
import { asset, course, courseModule, lesson, question } from "../platform/db/schema";
import { logger } from "../platform/logger.server";
import { catalogueChanged } from "./events.server";
import { env } from "../platform/env.server";
import { FIGURE_NAME } from "../../../scripts/content/markdown";
import { figuresFrom, READING_FORMAT, renderReading, type FigureSource } from "./reading.server";
import { storeAsset, storageKeyOf } from "../platform/storage/storage.server";
import { objectStore } from "../platform/storage/object-store.server";

const lessonSchema = z.object({
  title: z.string().min(1),
  type: z.enum(LESSON_TYPES),
  durationMin: z.number().int().nonnegative().default(0),
  file: z.string().optional(),
  captions: z.string().optional(),
  body: z.string().optional(),
  downloadable: z.boolean().default(false),
  status: z.enum(["published", "pending"]).default("pending"),
  /** Keys this lesson had in earlier editions (a renamed file), so a refresh keeps its learners' records. */
  formerly: z.array(z.string().min(1)).optional(),
});

const courseFileSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string().min(1),
  title: z.string().min(1),
  category: z.string().min(1),
  level: z.string().min(1),
  priceClp: z.number().int().nonnegative().nullable().default(null),
  modality: z.string().default(""),
  description: z.string().min(1),
  longDescription: z.string().default(""),
  audience: z.string().default(""),
  topics: z.array(z.string()).default([]),
  materials: z.string().default(""),
  certification: z.string().default(""),
  image: z.string().nullable().optional(),
  nextDate: z.string().nullable().optional(),
  location: z.string().default(""),
  requirements: z.array(z.string()).default([]),
  status: z.enum(["draft", "published"]).default("published"),
  /** Its certificates' validity in months (docs/certificate-validity.md); absent: they never expire. */
  validityMonths: z.number().int().min(1).max(120).nullable().default(null),
  modules: z.array(
    z.object({ title: z.string().min(1), description: z.string().default(""), lessons: z.array(lessonSchema) }),
  ),
});

const questionFileSchema = z.array(
  z.object({
    id: z.string(),
    module: z.number().int().optional(),
    /** Key of the lesson that teaches the answer: the file stem of its `file` or `body`. */
    lesson: z.string().min(1).optional(),
    /** What the question tests, as the exam's blueprint (blueprint.json) counts it. */
    topic: z.string().min(1).optional(),
    prompt: z.string().min(1),
    options: z.array(z.string().min(1)).length(4),
    correctIndex: z.number().int().min(0).max(3),
    explanation: z.string().default(""),
  }),
);

/** blueprint.json: the exam's rules (app/domain/exam-blueprint.ts) and the names of the topics they count. */
const blueprintFileSchema = blueprintSchema.extend({ topics: z.record(z.string(), z.string()).default({}) });

export type CatalogueCourse = z.infer<typeof courseFileSchema> & {
  dir: string;
  questions: z.infer<typeof questionFileSchema>;
  /** The exam's blueprint, or null: questions drawn from the whole bank. */
  blueprint: Blueprint | null;
  hash: string;
};

const MIME: Record<string, string> = {
  ".pdf": "application/pdf",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".vtt": "text/vtt",
  ".md": "text/markdown",
  ".zip": "application/zip",
};

export function catalogueDir() {
  return path.resolve(env().CONTENT_DIR, "courses");
}

export function readCatalogue(dir = catalogueDir()): CatalogueCourse[] {
  if (!fs.existsSync(dir)) return [];
  const courses: CatalogueCourse[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    const courseDir = path.join(dir, name);
    const file = path.join(courseDir, "course.json");
    if (!fs.existsSync(file)) continue;
    const raw = fs.readFileSync(file, "utf8");
    const parsed = courseFileSchema.parse(JSON.parse(raw));
    const qFile = path.join(courseDir, "questions.json");
    const qRaw = fs.existsSync(qFile) ? fs.readFileSync(qFile, "utf8") : "[]";
    const questions = questionFileSchema.parse(JSON.parse(qRaw));
    const bFile = path.join(courseDir, "blueprint.json");
    const bRaw = fs.existsSync(bFile) ? fs.readFileSync(bFile, "utf8") : "";
    const blueprint = bRaw ? blueprintFileSchema.parse(JSON.parse(bRaw)) : null;
    const hash = crypto.createHash("sha256").update(raw).update(qRaw).update(bRaw).digest("hex");
    courses.push({ ...parsed, dir: courseDir, questions, blueprint: blueprint && { rules: blueprint.rules }, hash });
  }
  return courses.sort((a, b) => a.id - b.id);
}

/** The built-in courses' instructors, by slug: a claim the academy backs, so it lives in the brand config. */
type Instructors = typeof site.claims.courseInstructors;

/** The course row's details as the catalogue file states them (used on first load and by the preset action). */
export function catalogueDetails(c: CatalogueCourse, instructors: Instructors = site.claims.courseInstructors) {
  return {
    title: c.title,
    category: c.category,
    level: c.level,
    priceClp: c.priceClp,
    modality: c.modality,
    description: c.description,
    longDescription: c.longDescription,
    audience: c.audience,
    topics: c.topics,
    materials: c.materials,
    certification: c.certification,
    imageUrl: c.image ?? null,
    nextDate: c.nextDate ?? null,
    location: c.location,
    requirements: c.requirements,
    validityMonths: c.validityMonths,
    instructorName: instructors[c.slug]?.name ?? "",
    instructorTitle: instructors[c.slug]?.title ?? "",
  };
}

/**
 * The edition of a course's bundled material: a SHA-256 over its course.json, questions.json, every file
 * its lessons name, the Markdown sources of its PDFs and the figures their reading view embeds, and the
 * format that view is built in (READING_FORMAT). Stored in
 * course.source_hash when the catalogue writes the course; a different value at start means new material.
 */
export function catalogueVersion(c: CatalogueCourse, instructors: Instructors = site.claims.courseInstructors): string {
  const h = crypto.createHash("sha256").update(c.hash).update(`\0reading-format:${READING_FORMAT}`);
  // An instructor entered in the brand config reaches a course already loaded on the next start.
  h.update(`\0instructor:${JSON.stringify(instructors[c.slug] ?? null)}`);
  const add = (file: string) => {
    h.update(`\0${path.relative(c.dir, file)}\0`);
    if (fs.existsSync(file)) h.update(fs.readFileSync(file));
  };
  for (const l of c.modules.flatMap((m) => m.lessons)) {
    for (const rel of [l.file, l.captions, l.body]) if (rel) add(path.join(c.dir, rel));
    if (l.file?.endsWith(".pdf")) add(path.join(c.dir, "sources", `${path.basename(l.file, ".pdf")}.md`));
  }
  const figures = path.resolve(catalogueDir(), "..", "figures");
  if (fs.existsSync(figures)) for (const f of fs.readdirSync(figures).sort()) if (f.endsWith(".svg")) add(path.join(figures, f));
  return h.digest("hex");
}

/** A catalogue lesson's identity: its lessonKey, or "<type>#<n>" (the n-th such lesson without a file). */
export function catalogueKeys(lessons: readonly CatalogueLesson[]): string[] {
  const seen = new Map<string, number>();
  return lessons.map((l) => {
    const key = lessonKey(l);
    if (key) return key;
    const n = (seen.get(l.type) ?? 0) + 1;
    seen.set(l.type, n);
    return `${l.type}#${n}`;
  });
}

async function insertCourse(tx: DbOrTx, c: CatalogueCourse) {
  const now = new Date();
  await tx.insert(course).values({
    id: c.id,
    slug: c.slug,
    ...catalogueDetails(c),
    status: c.status,
    sourceHash: catalogueVersion(c),
    createdAt: now,
    updatedAt: now,
    catalogueSyncedAt: now,
  });
  // Its category joins the owner's list (admin/categorias), unless the list has it already.
  await tx.execute(sql`insert into category (name) select ${c.category.trim()} where not exists (select 1 from category where lower(name) = lower(${c.category.trim()})) on conflict do nothing`);
  await insertContent(tx, c);
  // Explicit ids were inserted: move the sequence past them so admin-created courses get fresh ids.
  await tx.execute(sql`select setval(pg_get_serial_sequence('course', 'id'), (select max(id) from course))`);
}

export type CatalogueLesson = z.infer<typeof lessonSchema>;

let figureCache: { dir: string; source: FigureSource } | undefined;
function catalogueFigures(): FigureSource {
  const dir = path.resolve(catalogueDir(), "..", "figures");
  if (figureCache?.dir !== dir) figureCache = { dir, source: figuresFrom(dir) };
  return figureCache.source;
}

/** A catalogue figure's SVG by name (routes/figura.ts), or null: only a well-formed name is looked up. */
export function catalogueFigure(name: string): string | null {
  return FIGURE_NAME.test(name) ? catalogueFigures()(name) : null;
}

/**
 * The 'lectura' HTML of a presentation or document lesson, from the Markdown source its PDF is built
 * from (sources/<name>.md beside files/<name>.pdf; content/README.md). Null when there is none.
 */
export function catalogueReading(courseDir: string, l: CatalogueLesson): string | null {
  if ((l.type !== "presentacion" && l.type !== "documento") || !l.file?.endsWith(".pdf")) return null;
  const source = path.join(courseDir, "sources", `${path.basename(l.file, ".pdf")}.md`);
  if (!fs.existsSync(source)) return null;
  return renderReading(fs.readFileSync(source, "utf8"), l.type, catalogueFigures(), source);
}

/** A lesson row's columns as the catalogue states them (files stored in the file store on the way). */
export async function catalogueLessonValues(tx: DbOrTx, c: CatalogueCourse, l: CatalogueLesson, key: string) {
  const fileAsset = l.file ? await storeCatalogueFile(tx, c.dir, l.file) : undefined;
  const captions = l.captions ? await storeCatalogueFile(tx, c.dir, l.captions) : undefined;
  return {
    title: l.title,
    type: l.type,
    durationMin: l.durationMin,
    assetId: fileAsset?.id ?? null,
    captionsAssetId: captions?.id ?? null,
    body: l.body ? fs.readFileSync(path.join(c.dir, l.body), "utf8") : null,
    readingHtml: catalogueReading(c.dir, l),
    downloadable: l.downloadable,
    status: l.status,
    catalogueKey: key,
    examBlueprint: l.type === "examen" ? c.blueprint : null,
  };
}

/** Modules, lessons, files and the question bank of a catalogue course. */
export async function insertContent(tx: DbOrTx, c: CatalogueCourse) {
  const lessonIds = new Map<string, number>();
  const examIds: number[] = [];
  const keys = catalogueKeys(c.modules.flatMap((m) => m.lessons));
  let k = 0;
  for (const [mi, m] of c.modules.entries()) {
    const [mod] = await tx
      .insert(courseModule)
      .values({ courseId: c.id, position: mi + 1, title: m.title, description: m.description })
      .returning({ id: courseModule.id });
    for (const [li, l] of m.lessons.entries()) {
      const [row] = await tx
        .insert(lesson)
        .values({ moduleId: mod!.id, position: li + 1, ...(await catalogueLessonValues(tx, c, l, keys[k++]!)) })
        .returning({ id: lesson.id });
      const key = lessonKey(l);
      if (key) lessonIds.set(key, row!.id);
      if (l.type === "examen") examIds.push(row!.id);
    }
  }
  // After every lesson exists, so a question can name a lesson of any module.
  for (const examId of examIds) {
    if (c.questions.length === 0) continue;
    await tx.insert(question).values(
      c.questions.map((q) => ({
        lessonId: examId,
        externalId: q.id,
        prompt: q.prompt,
        options: q.options,
        correctIndex: q.correctIndex,
        explanation: q.explanation,
        sourceLessonId: sourceLessonId(c, q.id, q.lesson, lessonIds),
        topic: q.topic ?? null,
      })),
    );
  }
}

export function sourceLessonId(c: CatalogueCourse, questionId: string, key: string | undefined, lessonIds: Map<string, number>) {
  if (key === undefined) return null;
  const id = lessonIds.get(key);
  // A typo in reviewed catalogue data must not load silently as "no lesson".
  if (id === undefined) throw new Error(`${c.slug}/questions.json ${questionId}: unknown lesson "${key}"`);
  return id;
}

async function storeCatalogueFile(tx: DbOrTx, courseDir: string, rel: string) {
  const full = path.join(courseDir, rel);
  const bytes = await fs.promises.readFile(full);
  const mime = MIME[path.extname(full).toLowerCase()] ?? "application/octet-stream";
  return storeAsset(bytes, { filename: path.basename(full), mime }, tx);
}

/**
 * Puts every file of the built-in catalogue into the file store when the store lacks it. Courses are loaded once
 * into a shared database, so an instance starting with its own empty DATA_DIR/files (or a new bucket) would
 * otherwise answer 404 for the built-in lesson files. Content-addressed: a file present is the same bytes.
 */
export async function ensureCatalogueFiles(courses = readCatalogue()): Promise<number> {
  const store = objectStore();
  let added = 0;
  for (const c of courses) {
    for (const rel of c.modules.flatMap((m) => m.lessons).flatMap((l) => [l.file, l.captions])) {
      if (!rel) continue;
      const full = path.join(c.dir, rel);
      const bytes = await fs.promises.readFile(full);
      const key = storageKeyOf(crypto.createHash("sha256").update(bytes).digest("hex"), path.basename(full));
      if (await store.has(key)) continue;
      await store.putBytes(key, bytes, MIME[path.extname(full).toLowerCase()] ?? "application/octet-stream");
      added++;
    }
  }
  if (added > 0) logger.info({ added, store: store.describe() }, "built-in lesson files added to the file store");
  return added;
}

/** Loads every catalogue course that is not in the database yet. Idempotent; safe on every start. */
export async function loadCatalogue(database = db(), courses = readCatalogue()) {
  let loaded = 0;
  let readings = 0;
  for (const c of courses) {
    const inserted = await database.transaction(async (tx) => {
      // Lock the table so two instances starting at once cannot both insert the same course.
      await tx.execute(sql`lock table course in share row exclusive mode`);
      const exists = await tx.select({ id: course.id }).from(course).where(eq(course.id, c.id)).limit(1);
      if (exists.length > 0) return false;
      await insertCourse(tx, c);
      return true;
    });
    if (inserted) loaded++;
    else readings += await addMissingReadings(database, c);
  }
  if (loaded > 0) logger.info({ loaded }, "catalogue loaded");
  // A process already serving (a second instance started beside it, or the operator's command) drops its copies.
  if (loaded > 0 || readings > 0) catalogueChanged();
  return loaded;
}

/**
 * A database loaded before lessons had a 'lectura' view gets it for the catalogue lessons it still holds
 * as shipped: same course, title and the very PDF (by its SHA-256). A lesson whose file an admin replaced
 * keeps its PDF viewer, even if the new file has the old name.
 */
async function addMissingReadings(database: DbOrTx, c: CatalogueCourse): Promise<number> {
  const rows = await database
    .select({ id: lesson.id, title: lesson.title, sha256: asset.sha256 })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .innerJoin(asset, eq(asset.id, lesson.assetId))
    .where(and(eq(courseModule.courseId, c.id), isNull(lesson.readingHtml), sql`${lesson.type} in ('presentacion', 'documento')`));
  if (rows.length === 0) return 0;
  let added = 0;
  const byTitle = new Map(c.modules.flatMap((m) => m.lessons).map((l) => [l.title, l]));
  for (const row of rows) {
    const candidate = byTitle.get(row.title);
    const file = candidate?.file ? path.join(c.dir, candidate.file) : null;
    const same = file !== null && fs.existsSync(file) && crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex") === row.sha256;
    const l = same ? candidate : undefined;
    const html = l ? catalogueReading(c.dir, l) : null;
    if (html) {
      await database.update(lesson).set({ readingHtml: html }).where(and(eq(lesson.id, row.id), isNull(lesson.readingHtml)));
      added++;
    }
  }
  return added;
}

export function catalogueCourse(id: number) {
  return readCatalogue().find((c) => c.id === id);
}
