// Public course queries: what a visitor may see of the catalogue. Drafts never leave this module.
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { formatClp, formatDate, formatHours, formatMinutes, plural, truncate } from "~/domain/format";
import { catalogueCache } from "./cache.server";
import { db } from "../platform/db/client.server";
import { course, courseModule, lesson } from "../platform/db/schema";
import { lessonTypeLabel } from "~/domain/lesson-types";
import { courseHours, type TimedLesson } from "~/domain/course-hours";
import type { DbOrTx } from "../platform/db/client.server";
import { coverView, type CourseCover, type CoverView } from "~/domain/course-cover";

/** Categories the course list always offers (docs/decisions.md B1), in this order; others in use follow. */
export const BASE_CATEGORIES = ["Salud", "Emergencias", "Primeros Auxilios"] as const;
export const RELATED_LIMIT = 3;

const PUBLISHED = "published";

const cardColumns = {
  id: course.id,
  title: course.title,
  category: course.category,
  level: course.level,
  priceClp: course.priceClp,
  description: course.description,
  imageUrl: course.imageUrl,
  cover: course.cover,
};

type CourseRow = {
  id: number;
  title: string;
  category: string;
  level: string;
  priceClp: number | null;
  description: string;
  imageUrl: string | null;
  cover: CourseCover | null;
};

/**
 * A course as a card shows it. Labels are formatted here, so the browser needs no formatting code. `soon`: no
 * lesson is published yet, so it cannot be had ('Próximamente', docs/decisions.md D), whoever looks.
 */
export type CourseCard = Omit<CourseRow, "cover"> & { cover: CoverView | null; hours: number; priceLabel: string; hoursLabel: string; excerpt: string; soon: boolean };

/** Related-course cards cut the description at 100 characters (docs/product-spec.md §9). */
export const EXCERPT_LENGTH = 100;

/** A course without any published lesson time yet ('Próximamente', an admin's new draft) has no hours to show. */
export function hoursLabel(hours: number): string {
  return formatHours(hours) || "Por confirmar";
}

/** A card shows the duration without a visible 'Duración:' before it, so the unknown case says so itself. */
export function cardHoursLabel(hours: number): string {
  return formatHours(hours) || "Duración por confirmar";
}

/**
 * Each course's lesson time per lesson status, in one grouped query for any number of courses: its hours
 * (docs/decisions.md D1, the rule itself in ~/domain/course-hours) and whether anything is published yet.
 */
async function lessonTimesByCourse(courseIds: readonly number[], tx: DbOrTx = db()): Promise<Map<number, TimedLesson[]>> {
  const byCourse = new Map<number, TimedLesson[]>();
  if (courseIds.length > 0) {
    const rows = await tx
      .select({ courseId: courseModule.courseId, status: lesson.status, minutes: sql<number>`coalesce(sum(${lesson.durationMin}), 0)::int` })
      .from(lesson)
      .innerJoin(courseModule, eq(lesson.moduleId, courseModule.id))
      .where(inArray(courseModule.courseId, [...courseIds]))
      .groupBy(courseModule.courseId, lesson.status);
    for (const r of rows) byCourse.set(r.courseId, [...(byCourse.get(r.courseId) ?? []), { status: r.status, durationMin: Number(r.minutes) }]);
  }
  return byCourse;
}

async function toCards(rows: CourseRow[]): Promise<CourseCard[]> {
  const times = await lessonTimesByCourse(rows.map((r) => r.id));
  return rows.map((row) => {
    const lessons = times.get(row.id) ?? [];
    const h = courseHours(lessons);
    return {
      ...row,
      // An uploaded cover wins over the image URL (the built-in courses' images); its addresses, not its assets.
      cover: coverView(row.id, row.cover),
      hours: h,
      priceLabel: formatClp(row.priceClp),
      hoursLabel: cardHoursLabel(h),
      excerpt: truncate(row.description, EXCERPT_LENGTH),
      // The same test as the sale mode's (sale-mode.server.ts): no published lesson, nothing to sell.
      soon: !lessons.some((l) => l.status === PUBLISHED),
    };
  });
}

function sameCategory(a: string, b: string) {
  return a.trim().toLocaleLowerCase("es") === b.trim().toLocaleLowerCase("es");
}

/**
 * Every published course and the category buttons: Todos is implied, then the base categories,
 * then any other category in use (alphabetically). One query; the catalogue is small.
 */
export async function listPublishedCourses(options: { category?: string | null } = {}) {
  const rows = await toCards(await db().select(cardColumns).from(course).where(eq(course.status, PUBLISHED)).orderBy(asc(course.id)));
  const extra = [...new Set(rows.map((r) => r.category.trim()))]
    .filter((c) => c && !BASE_CATEGORIES.some((b) => sameCategory(b, c)))
    .sort((a, b) => a.localeCompare(b, "es"));
  const categories = [...BASE_CATEGORIES, ...extra];
  const wanted = options.category?.trim() || null;
  const activeCategory = wanted ? (categories.find((c) => sameCategory(c, wanted)) ?? wanted) : null;
  const courses = activeCategory ? rows.filter((r) => sameCategory(r.category, activeCategory)) : rows;
  return { courses, categories, activeCategory, total: rows.length };
}

/** The home page's featured course: course 1 (the preset RCP course) if published, else the first published one. */
export async function getFeaturedCourse(): Promise<CourseCard | null> {
  const rows = await db()
    .select(cardColumns)
    .from(course)
    .where(eq(course.status, PUBLISHED))
    .orderBy(sql`case when ${course.id} = 1 then 0 else 1 end`, asc(course.id))
    .limit(1);
  return rows[0] ? ((await toCards(rows))[0] ?? null) : null;
}

/** A route parameter as a course id (the one id rule, domain/ids.ts); anything else is not a course. */

/** Each lesson type's icon in the public page's sprite. */
const LESSON_ICONS: Record<string, string> = {
  presentacion: "presentation",
  documento: "document",
  video: "video",
  lectura: "reading",
  practica: "heart-pulse",
  examen: "exam",
};

export type LessonSummary = {
  id: number;
  title: string;
  type: string;
  /** 'Presentación · 20 min' */
  caption: string;
  icon: string;
  durationMin: number;
  /** '45 min', or '' when unknown or not yet available. */
  durationLabel: string;
  pending: boolean;
};

export type ModuleSummary = {
  id: number;
  position: number;
  title: string;
  description: string;
  lessons: LessonSummary[];
  /** True when the module has no lesson available yet (all pending, or none): 'Contenido en preparación'. */
  inPreparation: boolean;
  /** '2 lecciones · 1 h 5 min' (its available lessons' total time, when known). */
  summary: string;
};

/**
 * A published course with its modules, lessons and related courses, or null (unknown or draft), as every
 * signed-in page about one course shows it (its detail, the checkout, a company's course pages): kept per
 * process like the outlines (catalogue/cache.server.ts), dropped on every catalogue change, as anonymous
 * visitors' cached pages are. Deep-frozen: shared by every request.
 */
export const getPublishedCourse = catalogueCache(readPublishedCourse);

/** Four queries whatever the size of the course; the last three run together. */
async function readPublishedCourse(id: number) {
  const [row] = await db()
    .select()
    .from(course)
    .where(and(eq(course.id, id), eq(course.status, PUBLISHED)))
    .limit(1);
  if (!row) return null;

  const [modules, lessons, related] = await Promise.all([
    db()
      .select({
        id: courseModule.id,
        position: courseModule.position,
        title: courseModule.title,
        description: courseModule.description,
      })
      .from(courseModule)
      .where(eq(courseModule.courseId, id))
      .orderBy(asc(courseModule.position), asc(courseModule.id)),
    db()
      .select({
        id: lesson.id,
        moduleId: lesson.moduleId,
        title: lesson.title,
        type: lesson.type,
        durationMin: lesson.durationMin,
        status: lesson.status,
      })
      .from(lesson)
      .innerJoin(courseModule, eq(lesson.moduleId, courseModule.id))
      .where(eq(courseModule.courseId, id))
      .orderBy(asc(lesson.position), asc(lesson.id)),
    listRelatedCourses({ id: row.id, category: row.category }),
  ]);

  const byModule = new Map<number, LessonSummary[]>();
  for (const l of lessons) {
    const list = byModule.get(l.moduleId) ?? [];
    const pending = l.status !== PUBLISHED;
    const kind = { label: lessonTypeLabel(l.type), icon: LESSON_ICONS[l.type] ?? "document" };
    const duration = pending ? "" : formatMinutes(l.durationMin);
    list.push({
      id: l.id,
      title: l.title,
      type: l.type,
      caption: duration ? `${kind.label} · ${duration}` : kind.label,
      icon: kind.icon,
      durationMin: l.durationMin,
      durationLabel: duration,
      pending,
    });
    byModule.set(l.moduleId, list);
  }
  const hours = courseHours(lessons);
  const moduleSummaries: ModuleSummary[] = modules.map((m) => {
    const ls = byModule.get(m.id) ?? [];
    const minutes = formatMinutes(ls.reduce((sum, l) => sum + (l.pending ? 0 : l.durationMin), 0));
    const count = plural(ls.length, "lección", "lecciones");
    return { ...m, lessons: ls, inPreparation: ls.every((l) => l.pending), summary: minutes ? `${count} · ${minutes}` : count };
  });

  return {
    course: {
      id: row.id,
      title: row.title,
      category: row.category,
      level: row.level,
      // Decisions.md D1: from the stored lessons, never typed.
      hours,
      hoursLabel: hoursLabel(hours),
      priceClp: row.priceClp,
      priceLabel: formatClp(row.priceClp),
      renewalPriceClp: row.renewalPriceClp,
      modality: row.modality,
      description: row.description,
      longDescription: row.longDescription,
      audience: row.audience,
      topics: row.topics,
      materials: row.materials,
      certification: row.certification,
      imageUrl: row.imageUrl,
      cover: coverView(row.id, row.cover),
      nextDate: row.nextDate,
      // A course with nothing published cannot be bought: it announces no date (docs/decisions.md D, 'Próximamente').
      nextDateLabel: lessons.some((l) => l.status === PUBLISHED) ? formatDate(row.nextDate) : null,
      soon: !lessons.some((l) => l.status === PUBLISHED),
      location: row.location,
      requirements: row.requirements,
      instructorName: row.instructorName,
      instructorTitle: row.instructorTitle,
    },
    modules: moduleSummaries,
    // Course numbers come from the stored content (docs/decisions.md A5).
    moduleCount: moduleSummaries.length,
    lessonCount: lessons.length,
    countsLabel: `${plural(moduleSummaries.length, "módulo", "módulos")} · ${plural(lessons.length, "lección", "lecciones")}`,
    related,
  };
}

export type PublicCourse = NonNullable<Awaited<ReturnType<typeof getPublishedCourse>>>;

/** Published courses of the same category, excluding the course itself, at most three. */
export async function listRelatedCourses(of: { id: number; category: string }): Promise<CourseCard[]> {
  const rows = await db()
    .select(cardColumns)
    .from(course)
    .where(
      and(
        eq(course.status, PUBLISHED),
        ne(course.id, of.id),
        sql`lower(trim(${course.category})) = lower(trim(${of.category}))`,
      ),
    )
    .orderBy(asc(course.id))
    .limit(RELATED_LIMIT);
  return toCards(rows);
}

/** Ids and last changes of the published courses, for the sitemap. */
export async function listPublishedCourseEntries(): Promise<{ id: number; updatedAt: Date }[]> {
  return db()
    .select({ id: course.id, updatedAt: course.updatedAt })
    .from(course)
    .where(eq(course.status, PUBLISHED))
    .orderBy(asc(course.id));
}
