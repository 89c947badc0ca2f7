// The preset course (docs/decisions.md B4, D): the course list of /admin/cursos and "Publicar curso predefinido".
import { asc, eq, sql } from "drizzle-orm";
import { db } from "../platform/db/client.server";
import { course, courseModule } from "../platform/db/schema";
import { catalogueCourse, catalogueDetails, catalogueVersion, insertContent, type CatalogueCourse } from "../catalogue/catalogue.server";
import { refreshCourseInTx } from "./refresh.server";
import { contentCounts, getCourseCounts } from "../learning/dashboard.server";
import { logger } from "../platform/logger.server";
import { catalogueChanged } from "../catalogue/events.server";
import { courseEditorMessages } from "~/domain/course-editor-messages";
import { courseHours } from "~/domain/course-hours";
import { type Outcome } from "./shared.server";
import { uniqueSlug } from "./courses.server";

export const PRESET_COURSE_ID = 1;

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

/** The preset course's record as the catalogue holds it (shown on /admin/cursos, docs/product-spec.md §2). */
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
    hours: courseHours(c.modules.flatMap((m) => m.lessons)),
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
 * What publishing the preset course would overwrite: nothing when course 1 is missing (it is created), its details
 * when it exists, and an admin's own edits when it was changed by hand since the catalogue last wrote it.
 */
export async function presetCourseState(): Promise<{ exists: boolean; editedAt: Date | null }> {
  const [row] = await db()
    .select({ updatedAt: course.updatedAt, syncedAt: course.catalogueSyncedAt })
    .from(course)
    .where(eq(course.id, PRESET_COURSE_ID))
    .limit(1);
  if (!row) return { exists: false, editedAt: null };
  const edited = row.syncedAt === null || row.updatedAt.getTime() > row.syncedAt.getTime();
  return { exists: true, editedAt: edited ? row.updatedAt : null };
}

/**
 * 'Publicar curso predefinido': (re)creates course 1 from the catalogue when it is missing, or restores
 * its catalogue details and publishes it when present. Content is added when the course has none, and
 * brought to this edition when nobody edited it by hand (catalogue/refresh.server.ts): learners'
 * enrolments, completions, attempts and certificates are never touched.
 */
export async function publishPresetCourse(): Promise<Outcome> {
  try {
    const c = catalogueCourse(PRESET_COURSE_ID);
    if (!c) throw new Error("catalogue course 1 not found");
    await db().transaction(async (tx) => {
      await tx.execute(sql`lock table course in share row exclusive mode`);
      const [existing] = await tx.select({ id: course.id, slug: course.slug }).from(course).where(eq(course.id, c.id)).limit(1);
      const slug = await uniqueSlug(tx, c.slug, c.id);
      const version = catalogueVersion(c);
      const now = new Date();
      if (existing) {
        // A course still as the catalogue wrote it first gets this edition's material (learners' records kept).
        const refresh = await refreshCourseInTx(tx, c, version);
        const asShipped = refresh.status === "unchanged" || refresh.status === "refreshed";
        const [mods] = await tx.select({ n: sql<number>`count(*)::int` }).from(courseModule).where(eq(courseModule.courseId, c.id));
        const empty = Number(mods?.n ?? 0) === 0;
        if (empty) await insertContent(tx, c);
        // The edition and the sync mark move only when the content is the catalogue's; hand edits stay detectable.
        const synced = asShipped || empty ? { sourceHash: version, catalogueSyncedAt: now } : {};
        await tx
          .update(course)
          .set({ ...catalogueDetails(c), slug, status: "published", updatedAt: now, ...synced })
          .where(eq(course.id, c.id));
      } else {
        await tx.insert(course).values({
          id: c.id,
          slug,
          ...catalogueDetails(c),
          status: "published",
          sourceHash: version,
          createdAt: now,
          updatedAt: now,
          catalogueSyncedAt: now,
        });
        await insertContent(tx, c);
        await tx.execute(sql`select setval(pg_get_serial_sequence('course', 'id'), greatest((select max(id) from course), 1))`);
      }
    });
    catalogueChanged();
    logger.info({ courseId: c.id }, "preset course published");
    return { ok: true, message: courseEditorMessages.presetPublished };
  } catch (error) {
    logger.error({ err: error }, "preset course publish failed");
    return { ok: false, message: courseEditorMessages.presetFailed };
  }
}
