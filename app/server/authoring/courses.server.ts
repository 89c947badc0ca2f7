// A course's own details: create, edit, publish, and read it whole for the editor.
import { renderMarkdown } from "../learning/learning.server";
import { lessonDocHtml } from "../catalogue/reading.server";
import { resolveCategory } from "../catalogue/categories.server";
import { categoryMessages } from "~/domain/categories";
import { readExamSettings } from "~/domain/exam-settings";
import { and, asc, eq, inArray, isNull, like, ne, sql } from "drizzle-orm";
import { db, type DbOrTx } from "../platform/db/client.server";
import { catalogueChanged } from "../catalogue/events.server";
import { asset, course, courseModule, lesson, question } from "../platform/db/schema";
import { courseEditorMessages } from "~/domain/course-editor-messages";
import { slugify, type CourseFormData } from "~/domain/admin-forms";
import { type FormValues } from "~/domain/form-parse";
import { type Outcome } from "./shared.server";

// ── Course details ──────────────────────────────────────────────────────────

/** A slug no other course uses: 'rcp', then 'rcp-2', 'rcp-3'… */
export async function uniqueSlug(tx: DbOrTx, base: string, excludeId: number | null) {
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

/** A new draft course; refused (on the category field) when its category is not one of the owner's list. */
export async function createCourse(data: CourseFormData): Promise<{ ok: true; id: number } | { ok: false; message: string; field: string }> {
  const outcome = await db().transaction(async (tx) => {
    const categoryName = await resolveCategory(tx, data.category, null);
    if (!categoryName) return { ok: false as const, message: categoryMessages.notInList, field: "category" };
    const slug = await uniqueSlug(tx, data.title, null);
    const [row] = await tx
      .insert(course)
      .values({ ...detailsOf(data), category: categoryName, slug, status: "draft" })
      .returning({ id: course.id });
    return { ok: true as const, id: row!.id };
  });
  // A draft shows on no public page, but the admin's course pickers keep a copy (admin-enrolments.server.ts).
  if (outcome.ok) catalogueChanged();
  return outcome;
}

export async function updateCourse(id: number, data: CourseFormData): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const [current] = await tx.select({ title: course.title, slug: course.slug, category: course.category }).from(course).where(eq(course.id, id)).for("update");
    if (!current) return { ok: false, message: courseEditorMessages.notFound };
    const categoryName = await resolveCategory(tx, data.category, current.category);
    if (!categoryName) return { ok: false, message: categoryMessages.notInList, field: "category" };
    const slug = current.title === data.title ? current.slug : await uniqueSlug(tx, data.title, id);
    await tx
      .update(course)
      .set({ ...detailsOf(data), category: categoryName, slug, updatedAt: new Date() })
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
    taxTreatment: c.taxTreatment,
    validityMonths: c.validityMonths === null ? "" : String(c.validityMonths),
    renewalPriceClp: c.renewalPriceClp === null ? "" : String(c.renewalPriceClp),
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
          questions: sql<number>`(select count(*)::int from ${question} where ${question.lessonId} = ${lesson.id} and ${question.retiredAt} is null)`,
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
  const questions = await db().select().from(question).where(and(eq(question.lessonId, lessonId), isNull(question.retiredAt))).orderBy(asc(question.id));
  const l = row.lesson;
  // A reading: the editor opens its document, or the Markdown as HTML to convert (saved as a document);
  // without JavaScript, a document shows as the learner reads it.
  const reading =
    l.type === "lectura" || l.doc
      ? { doc: l.doc ?? null, legacyHtml: !l.doc && l.body ? renderMarkdown(l.body) : null, html: l.doc ? lessonDocHtml(l.id, l.doc) : null }
      : null;
  return { lesson: { ...l, doc: null }, reading, moduleTitle: row.moduleTitle, file: row.file?.id ? row.file : null, questions, examSettings: readExamSettings(l.examSettings) };
}
