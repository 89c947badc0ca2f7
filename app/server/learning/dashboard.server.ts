// The dashboard (docs/product-spec.md §2 Dashboard, docs/decisions.md B3/B9): the learner's courses and stats, and
// for admins every course with real student/certificate counts and the administration badges.
// A handful of queries whatever the number of courses; large counts come from trigger-kept counters.
import { formatDate, percent } from "~/domain/format";
import { and, asc, desc, eq, inArray, like, lt, or, sql } from "drizzle-orm";
import { liveCycleCertificate } from "../certificates/certificates.server";
import { catalogueCopy } from "../catalogue/cache.server";
import { db, type DbOrTx } from "../platform/db/client.server";
import { preparedStatement } from "../platform/db/prepared.server";
import { certificate, companyEnrolment, course, courseModule, enrolment, lesson, statCounter } from "../platform/db/schema";
import { env } from "../platform/env.server";
import { logger } from "../platform/logger.server";
import { completedLessonIds } from "./enrolments.server";
import { readStudied, studiedLessons } from "./study.server";
import { timeOnTask, timeOnTaskLabel } from "~/domain/study";
import { loadCourseOutline, type CourseOutline } from "./learning.server";
import type { SessionUser } from "../accounts/session.server";
import { certificatePath, certificatePdfPath, formatCertificateCode } from "~/domain/certificate-code";
import { certificateState, certificateStateLabel, EXPIRING_SOON_DAYS } from "~/domain/certificate-validity";
import { chileDay, isoDay, type Day } from "~/domain/chile-time";
import { dueLine } from "~/domain/company-follow-up";
import { renewalEligibility } from "~/domain/renewal";
import { now } from "../platform/clock.server";
import type { AdminCountsView, DashboardCourseView, DashboardStatsView } from "~/domain/dashboard-view";
import { isAdmin } from "~/domain/permissions";
import { learnerProgress, nextLesson, type LearnerProgress } from "~/domain/progress";

export type DashboardCourse = DashboardCourseView;
export type DashboardStats = DashboardStatsView;
export type AdminCounts = AdminCountsView;

export interface DashboardData {
  isAdminView: boolean;
  stats: DashboardStats;
  courses: DashboardCourse[];
  adminCounts: AdminCounts | null;
  loadError: boolean;
}

/** Relative image paths are served by this site: make them absolute against PUBLIC_URL. */
export function resolveImageUrl(url: string | null | undefined, publicUrl = env().PUBLIC_URL): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  try {
    return new URL(value, `${publicUrl.replace(/\/+$/, "")}/`).toString();
  } catch {
    return null;
  }
}

export function emptyStats(): DashboardStats {
  return { enrolledCourses: 0, completedCourses: 0, inProgressCourses: 0, certificates: 0, completedPercent: 0, inProgressPercent: 0, inProgressAverage: 0 };
}

/** Modules and lessons per course, derived from the stored content (docs/decisions.md A5). */
export async function contentCounts(courseIds: number[] | null, tx: DbOrTx = db()) {
  const counts = new Map<number, { modules: number; lessons: number }>();
  if (courseIds !== null && courseIds.length === 0) return counts;
  const rows = await tx
    .select({
      courseId: courseModule.courseId,
      modules: sql<number>`count(distinct ${courseModule.id})::int`,
      lessons: sql<number>`count(${lesson.id})::int`,
    })
    .from(courseModule)
    .leftJoin(lesson, eq(lesson.moduleId, courseModule.id))
    .where(courseIds === null ? undefined : inArray(courseModule.courseId, courseIds))
    .groupBy(courseModule.courseId);
  for (const r of rows) counts.set(r.courseId, { modules: Number(r.modules), lessons: Number(r.lessons) });
  return counts;
}

/** Sums of the trigger-kept counters (see migration 0002_stat_counter_triggers). */
export async function readCounters(keys: { exact?: string[]; prefixes?: string[] }, tx: DbOrTx = db()) {
  const conditions = [
    ...(keys.exact?.length ? [inArray(statCounter.key, keys.exact)] : []),
    ...(keys.prefixes ?? []).map((p) => like(statCounter.key, `${p}%`)),
  ];
  const result = new Map<string, number>();
  if (conditions.length === 0) return result;
  const rows = await tx
    .select({ key: statCounter.key, n: sql<string>`sum(${statCounter.n})` })
    .from(statCounter)
    .where(or(...conditions))
    .groupBy(statCounter.key);
  for (const r of rows) result.set(r.key, Number(r.n));
  return result;
}

/** The badges of 'Panel de Administración': users, published courses, enrolments (docs/decisions.md B3). */
function adminCountsFrom(counters: Map<string, number>, courses: { status: string }[]): AdminCounts {
  const publishedCourses = courses.filter((c) => c.status === "published").length;
  return { users: counters.get("user") ?? 0, publishedCourses, enrolments: counters.get("enrolment") ?? 0 };
}

const COURSE_COUNTER_PREFIXES = ["enrolment:course:", "certificate:course:"];

function courseCountsFrom(counters: Map<string, number>) {
  return {
    students: (courseId: number) => counters.get(`enrolment:course:${courseId}`) ?? 0,
    certificates: (courseId: number) => counters.get(`certificate:course:${courseId}`) ?? 0,
  };
}

/** Students and issued certificates per course, from the counters. */
export async function getCourseCounts(tx: DbOrTx = db()) {
  return courseCountsFrom(await readCounters({ prefixes: COURSE_COUNTER_PREFIXES }, tx));
}

/** What a dashboard card shows of a course, for a learner's enrolments and for the admin's list alike. */
const courseCardColumns = {
  courseId: course.id,
  title: course.title,
  category: course.category,
  description: course.description,
  imageUrl: course.imageUrl,
  status: course.status,
};

const learnerRowsQuery = preparedStatement((database) =>
  database
    .select({
      ...courseCardColumns,
      enrolmentId: enrolment.id,
      completedAt: enrolment.completedAt,
      cycle: enrolment.cycle,
      certificateCode: certificate.code,
      validUntil: certificate.validUntil,
      revokedAt: certificate.revokedAt,
      completedIds: completedLessonIds,
      // The due date the company that assigned the course set (companies/follow-up.server.ts), if any.
      dueOn: companyEnrolment.dueOn,
      studied: studiedLessons,
    })
    .from(enrolment)
    .innerJoin(course, eq(course.id, enrolment.courseId))
    .leftJoin(certificate, liveCycleCertificate)
    .leftJoin(companyEnrolment, eq(companyEnrolment.enrolmentId, enrolment.id))
    .where(eq(enrolment.userId, sql.placeholder("userId")))
    .orderBy(desc(enrolment.enrolledAt), desc(enrolment.id))
    .prepare("dashboard_enrolments"),
);

/** The learner's enrolments, newest first, each with its course's card and the lessons it has completed. */
function learnerRows(userId: string) {
  return learnerRowsQuery().execute({ userId });
}

type LearnerRow = Awaited<ReturnType<typeof learnerRows>>[number];

/**
 * Each course's modules and lessons in order come from its outline (kept per process, learning.server.ts) and the
 * completions came with the enrolments: the one progress rule (~/domain/progress) is read for every card without
 * another query (the dashboard took three).
 */
async function progressOf(rows: LearnerRow[]) {
  const outlines = new Map<number, CourseOutline>();
  for (const outline of await Promise.all(rows.map((r) => loadCourseOutline(r.courseId)))) if (outline) outlines.set(outline.id, outline);
  return (row: LearnerRow) => {
    const modules = outlines.get(row.courseId)?.modules ?? [];
    const completed = new Set(row.completedIds);
    const progress = learnerProgress(modules, completed, row.completedAt);
    const all = modules.flatMap((m) => m.lessons);
    const next = nextLesson(all, completed);
    const studied = timeOnTask(all, completed, readStudied(row.studied));
    return { progress, next, studied, modules: modules.length, lessons: modules.reduce((n, m) => n + m.lessons.length, 0) };
  };
}

function statsOf(courses: LearnerProgress[], certificates: number): DashboardStats {
  const enrolledCourses = courses.length;
  const completedCourses = courses.filter((c) => c.completed).length;
  const inProgress = courses.filter((c) => !c.completed);
  const inProgressCourses = inProgress.length;
  return {
    enrolledCourses,
    completedCourses,
    inProgressCourses,
    certificates,
    completedPercent: percent(completedCourses, enrolledCourses) ?? 0,
    inProgressPercent: percent(inProgressCourses, enrolledCourses) ?? 0,
    inProgressAverage: inProgressCourses === 0 ? 0 : Math.round(inProgress.reduce((sum, c) => sum + c.percent, 0) / inProgressCourses),
  };
}

async function learnerCourses(userId: string) {
  const rows = await learnerRows(userId);
  // Learners never see a draft; a certificate already issued still counts.
  const visible = rows.filter((r) => r.status === "published");
  const read = await progressOf(visible);
  const courses = visible.map((r) => ({ row: r, ...read(r) }));
  const stats = statsOf(
    courses.map((c) => c.progress),
    rows.filter((r) => r.certificateCode !== null).length,
  );
  return { courses, stats };
}

/** The certificates of the learner's renewed cycles by course, newest first; no query when nothing was renewed. */
async function earlierCertificatesOf(userId: string, rows: { cycle: number }[]) {
  const byCourse = new Map<number, NonNullable<DashboardCourseView["earlierCertificates"]>>();
  if (!rows.some((r) => r.cycle > 1)) return byCourse;
  const earlier = await db()
    .select({ courseId: enrolment.courseId, code: certificate.code, issuedAt: certificate.issuedAt, validUntil: certificate.validUntil, revokedAt: certificate.revokedAt })
    .from(certificate)
    .innerJoin(enrolment, eq(enrolment.id, certificate.enrolmentId))
    .where(and(eq(enrolment.userId, userId), lt(certificate.cycle, enrolment.cycle)))
    .orderBy(desc(certificate.cycle));
  const today = chileDay(now());
  for (const c of earlier) {
    const list = byCourse.get(c.courseId) ?? [];
    list.push({
      code: formatCertificateCode(c.code),
      pdfPath: certificatePdfPath(c.code),
      verifyPath: certificatePath(c.code),
      issuedOn: formatDate(c.issuedAt),
      stateLabel: certificateStateLabel(certificateState(c, today)),
      renewed: true,
    });
    byCourse.set(c.courseId, list);
  }
  return byCourse;
}

/** The live certificate as a card shows it: today's state and, inside its renewal window, the way to renew. */
function liveCertificateView(r: LearnerRow, today: Day): DashboardCourseView["certificate"] {
  if (!r.certificateCode) return null;
  const cert = { validUntil: r.validUntil, revokedAt: r.revokedAt };
  const state = certificateState(cert, today);
  return {
    code: formatCertificateCode(r.certificateCode),
    pdfPath: certificatePdfPath(r.certificateCode),
    verifyPath: certificatePath(r.certificateCode),
    stateLabel: certificateStateLabel(state),
    expiring: state.kind === "vencido" || state.kind === "revocado" || (state.kind === "vigente" && state.daysLeft <= EXPIRING_SOON_DAYS),
    renewPath: renewalEligibility(cert, today).ok ? `/cursos/${r.courseId}/comprar` : null,
  };
}

async function loadLearnerDashboard(user: SessionUser, publicUrl: string): Promise<DashboardData> {
  const { courses, stats } = await learnerCourses(user.id);
  const earlier = await earlierCertificatesOf(user.id, courses.map((c) => c.row));
  const today = chileDay(now());
  return {
    isAdminView: false,
    stats,
    adminCounts: null,
    loadError: false,
    courses: courses.map(({ row: r, progress, next, studied, modules, lessons }) => ({
      courseId: r.courseId,
      title: r.title,
      category: r.category,
      description: r.description,
      imageUrl: resolveImageUrl(r.imageUrl, publicUrl),
      modules,
      lessons,
      progress: progress.percent,
      completed: progress.completed,
      modulesDone: progress.modulesDone,
      modulesTotal: progress.modulesTotal,
      lessonsDone: progress.lessonsDone,
      lessonsTotal: progress.lessonsTotal,
      studyTime: timeOnTaskLabel(studied),
      next: next ? { id: next.id, title: next.title } : null,
      certificate: progress.completed ? liveCertificateView(r, today) : null,
      earlierCertificates: earlier.get(r.courseId) ?? [],
      due: r.dueOn && !progress.completed ? dueLine(r.dueOn, isoDay(today)) : null,
      status: "published",
      students: 0,
      certificates: 0,
    })),
  };
}

// Every course as the admin's dashboard lists it, with its modules and lessons counted: catalogue data, kept per
// process like the outlines (catalogue/cache.server.ts; dropped on every catalogue change, course creation included).
const cachedAllCourseCards = catalogueCopy(() =>
  Promise.all([db().select(courseCardColumns).from(course).orderBy(asc(course.id)), contentCounts(null)]).then(([all, counts]) => ({ all, counts })),
);

/** Every query of the admin view is independent: they run at once. */
async function loadAdminDashboard(user: SessionUser, publicUrl: string): Promise<DashboardData> {
  // The badges and the per-course figures from one read of the counters; the published count from the course list.
  const [mine, { all, counts }, counters] = await Promise.all([
    learnerCourses(user.id),
    cachedAllCourseCards(),
    readCounters({ exact: ["user", "enrolment"], prefixes: COURSE_COUNTER_PREFIXES }),
  ]);
  const perCourse = courseCountsFrom(counters);
  return {
    isAdminView: true,
    stats: mine.stats,
    adminCounts: adminCountsFrom(counters, all),
    loadError: false,
    courses: all.map((c) => ({
      courseId: c.courseId,
      title: c.title,
      category: c.category,
      description: c.description,
      imageUrl: resolveImageUrl(c.imageUrl, publicUrl),
      modules: counts.get(c.courseId)?.modules ?? 0,
      lessons: counts.get(c.courseId)?.lessons ?? 0,
      // Admins see every course with zero progress (docs/product-spec.md §6).
      progress: 0,
      completed: false,
      modulesDone: 0,
      modulesTotal: 0,
      lessonsDone: 0,
      lessonsTotal: 0,
      next: null,
      certificate: null,
      status: c.status === "published" ? "published" : "draft",
      students: perCourse.students(c.courseId),
      certificates: perCourse.certificates(c.courseId),
    })),
  };
}

/**
 * Everything the dashboard shows. A failure is logged and answered with empty lists and the error
 * flag, so the page shows the spec's alert instead of an error page.
 */
export async function getDashboard(user: SessionUser): Promise<DashboardData> {
  try {
    const publicUrl = env().PUBLIC_URL;
    return await (isAdmin(user) ? loadAdminDashboard(user, publicUrl) : loadLearnerDashboard(user, publicUrl));
  } catch (error) {
    logger.error({ err: error, userId: user.id }, "dashboard load failed");
    return { isAdminView: isAdmin(user), stats: emptyStats(), courses: [], adminCounts: null, loadError: true };
  }
}
