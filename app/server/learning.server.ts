// Studying a course: who may open its content, what the viewer shows, and the writes that record
// progress (decisions.md A2, A4, A5, B8). Completing a lesson, recomputing progress, completing the
// course and issuing its certificate happen in one transaction with what caused them.
import { asc, eq, sql } from "drizzle-orm";
import { marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { db, type DbOrTx, type Tx } from "./db/client.server";
import { asset, course, courseModule, enrolment, lesson, lessonCompletion } from "./db/schema";
import { findEnrolment, type Enrolment } from "./enrolments.server";
import { issueCertificateForEnrolment } from "./certificates.server";
import { queueJob } from "./outbox.server";
import type { SessionUser } from "./session.server";
import { isAdmin } from "~/domain/permissions";
import {
  completionTrigger,
  courseProgress,
  moduleState,
  viewerMode,
  type CompletionTrigger,
  type ViewerMode,
} from "~/domain/progress";
// The page's view shapes have one home, beside the components that draw them.
import type { ContentPageData } from "~/ui/learning/course-content-page";
import type { ViewerLesson } from "~/ui/learning/lesson-viewer";
import type { PanelModule } from "~/ui/learning/module-panel";

export { idSchema } from "~/domain/ids";

export interface OutlineLesson {
  id: number;
  moduleId: number;
  title: string;
  type: string;
  durationMin: number;
  status: string;
  downloadable: boolean;
  assetId: number | null;
  captionsAssetId: number | null;
  mime: string | null;
  filename: string | null;
  size: number | null;
  hasBody: boolean;
  mode: ViewerMode | null;
  trigger: CompletionTrigger;
}

export interface OutlineModule {
  id: number;
  title: string;
  description: string;
  lessons: OutlineLesson[];
}

export interface CourseOutline {
  id: number;
  title: string;
  status: string;
  modules: OutlineModule[];
}

/** A course with its modules and lessons in order (lesson bodies are left out: only the viewed one is read). */
export async function loadCourseOutline(courseId: number, tx: DbOrTx = db()): Promise<CourseOutline | null> {
  const [c] = await tx
    .select({ id: course.id, title: course.title, status: course.status })
    .from(course)
    .where(eq(course.id, courseId))
    .limit(1);
  if (!c) return null;
  const modules = await tx
    .select({ id: courseModule.id, title: courseModule.title, description: courseModule.description })
    .from(courseModule)
    .where(eq(courseModule.courseId, courseId))
    .orderBy(asc(courseModule.position), asc(courseModule.id));
  const lessons = await tx
    .select({
      id: lesson.id,
      moduleId: lesson.moduleId,
      title: lesson.title,
      type: lesson.type,
      durationMin: lesson.durationMin,
      status: lesson.status,
      downloadable: lesson.downloadable,
      assetId: lesson.assetId,
      captionsAssetId: lesson.captionsAssetId,
      mime: asset.mime,
      filename: asset.filename,
      size: asset.size,
      hasBody: sql<boolean>`coalesce(length(${lesson.body}), 0) > 0`,
    })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .leftJoin(asset, eq(asset.id, lesson.assetId))
    .where(eq(courseModule.courseId, courseId))
    .orderBy(asc(courseModule.position), asc(courseModule.id), asc(lesson.position), asc(lesson.id));
  const byModule = new Map<number, OutlineLesson[]>(modules.map((m) => [m.id, []]));
  for (const l of lessons) {
    const mode = viewerMode({ type: l.type, mime: l.mime, hasBody: Boolean(l.hasBody) });
    byModule.get(l.moduleId)?.push({ ...l, hasBody: Boolean(l.hasBody), mode, trigger: completionTrigger(mode) });
  }
  return { ...c, modules: modules.map((m) => ({ ...m, lessons: byModule.get(m.id) ?? [] })) };
}

export function findLesson(outline: CourseOutline, lessonId: number): OutlineLesson | undefined {
  for (const m of outline.modules) for (const l of m.lessons) if (l.id === lessonId) return l;
  return undefined;
}

export type CourseAccess =
  | { kind: "not-found" }
  | { kind: "not-enrolled"; outline: CourseOutline }
  | { kind: "granted"; outline: CourseOutline; enrolment: Enrolment | null; admin: boolean };

/**
 * Course content is for learners enrolled in a published course, and for admins (any course, also a
 * draft they are preparing). An admin who is also enrolled gets their progress recorded.
 */
export async function resolveCourseAccess(user: SessionUser, courseId: number): Promise<CourseAccess> {
  const outline = await loadCourseOutline(courseId);
  const admin = isAdmin(user);
  if (!outline || (outline.status !== "published" && !admin)) return { kind: "not-found" };
  const found = await findEnrolment(user.id, courseId);
  if (!found && !admin) return { kind: "not-enrolled", outline };
  return { kind: "granted", outline, enrolment: found, admin };
}

/** Which course a lesson belongs to, or null for an unknown lesson. */
export async function courseIdOfLesson(lessonId: number): Promise<number | null> {
  const [row] = await db()
    .select({ courseId: courseModule.courseId })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .where(eq(lesson.id, lessonId))
    .limit(1);
  return row?.courseId ?? null;
}

// ── Writes ──────────────────────────────────────────────────────────────────

/**
 * Locks the enrolment row for the rest of the transaction. Every progress write takes this lock
 * first, so two completions for the same learner (two tabs, a video and an exam) are applied one after
 * the other and the second always sees the first: no lost update of the percentage or of completedAt.
 */
async function lockEnrolment(tx: Tx, enrolmentId: number): Promise<Enrolment | null> {
  const [row] = await tx.select().from(enrolment).where(eq(enrolment.id, enrolmentId)).for("update");
  return row ?? null;
}

export interface CompletionOutcome {
  progress: number;
  courseCompleted: boolean;
  /** Set when this transaction issued the course's certificate: notify the holder after commit. */
  certificateCode: string | null;
}

/**
 * Records a lesson as completed (idempotent) and recomputes the enrolment's progress; at 100 % marks the
 * course completed and issues the certificate. Runs inside the caller's transaction.
 */
export async function completeLessonInTx(tx: Tx, enrolmentId: number, lessonId: number): Promise<CompletionOutcome> {
  const locked = await lockEnrolment(tx, enrolmentId);
  if (!locked) throw new Error(`enrolment ${enrolmentId} not found`);
  await tx.insert(lessonCompletion).values({ enrolmentId, lessonId }).onConflictDoNothing();

  const structure = await tx
    .select({ moduleId: courseModule.id, lessonId: lesson.id, status: lesson.status })
    .from(courseModule)
    .leftJoin(lesson, eq(lesson.moduleId, courseModule.id))
    .where(eq(courseModule.courseId, locked.courseId));
  const modules = new Map<number, { id: number; lessons: { id: number; status: string }[] }>();
  for (const row of structure) {
    const m = modules.get(row.moduleId) ?? { id: row.moduleId, lessons: [] };
    if (row.lessonId !== null && row.status !== null) m.lessons.push({ id: row.lessonId, status: row.status });
    modules.set(row.moduleId, m);
  }
  const done = await tx
    .select({ lessonId: lessonCompletion.lessonId })
    .from(lessonCompletion)
    .where(eq(lessonCompletion.enrolmentId, enrolmentId));
  const progress = courseProgress([...modules.values()], new Set(done.map((d) => d.lessonId)));

  const newlyCompleted = progress.complete && !locked.completedAt;
  await tx
    .update(enrolment)
    .set({ progress: progress.percent, ...(newlyCompleted ? { completedAt: new Date() } : {}) })
    .where(eq(enrolment.id, enrolmentId));

  let certificateCode: string | null = null;
  if (newlyCompleted) {
    const issued: { code: string; created?: boolean } | null = await issueCertificateForEnrolment(tx, enrolmentId);
    if (issued && issued.created !== false) {
      certificateCode = issued.code;
      // Queued with the certificate itself: the holder is told exactly when it exists.
      await queueJob({ kind: "certificateIssued", code: issued.code }, tx);
    }
  }
  return { progress: progress.percent, courseCompleted: progress.complete || Boolean(locked.completedAt), certificateCode };
}

/**
 * A learner opened a lesson: remember it as the place to resume, and complete it when opening is what
 * completes it (PDF, rich text). Skips the write when there is nothing new to record.
 */
export async function recordLessonVisit(
  enrolmentRow: Enrolment,
  target: OutlineLesson,
  alreadyCompleted: boolean,
): Promise<CompletionOutcome | null> {
  if (target.status !== "published") return null;
  const completes = target.trigger === "open" && !alreadyCompleted;
  if (!completes && enrolmentRow.lastLessonId === target.id) return null;
  const outcome = await db().transaction(async (tx) => {
    await tx.update(enrolment).set({ lastLessonId: target.id }).where(eq(enrolment.id, enrolmentRow.id));
    return completes ? completeLessonInTx(tx, enrolmentRow.id, target.id) : null;
  });
  return outcome;
}

export type LessonEventResult = { ok: true; outcome: CompletionOutcome | null } | { ok: false; status: 403 | 404 | 400 };

/**
 * A learner finished watching a video (its end or 90 %) or downloaded a download-only file.
 * Admins who are not enrolled may view everything, but nothing is recorded for them.
 */
export async function recordLessonEvent(options: {
  user: SessionUser;
  courseId: number;
  lessonId: number;
  event: "watch" | "download";
}): Promise<LessonEventResult> {
  const access = await resolveCourseAccess(options.user, options.courseId);
  if (access.kind === "not-found") return { ok: false, status: 404 };
  if (access.kind === "not-enrolled") return { ok: false, status: 403 };
  const target = findLesson(access.outline, options.lessonId);
  if (!target || target.status !== "published") return { ok: false, status: 404 };
  if (target.trigger !== options.event) return { ok: false, status: 400 };
  if (!access.enrolment) return { ok: true, outcome: null };
  const enrolmentId = access.enrolment.id;
  const outcome = await db().transaction((tx) => completeLessonInTx(tx, enrolmentId, target.id));
  return { ok: true, outcome };
}

// ── The content page ───────────────────────────────────────────────────────

export function lessonFileUrl(lessonId: number, options: { download?: boolean; captions?: boolean } = {}) {
  const base = `/archivos/lecciones/${lessonId}`;
  if (options.captions) return `${base}?pista=subtitulos`;
  return options.download ? `${base}?descargar=1` : base;
}

function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false, gfm: true });
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img"],
    allowedSchemes: ["http", "https", "mailto", "tel"],
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
  });
}

async function readLessonBody(lessonId: number): Promise<string> {
  const [row] = await db().select({ body: lesson.body }).from(lesson).where(eq(lesson.id, lessonId)).limit(1);
  return row?.body ?? "";
}

export type CourseContentView =
  | { kind: "not-found" }
  | { kind: "not-enrolled"; course: { id: number; title: string } }
  | ({ kind: "content" } & ContentPageData);

/** Everything the content page shows; records the visit of the selected lesson for an enrolled learner. */
export async function getCourseContentView(options: {
  user: SessionUser;
  courseId: number;
  lessonId: number | null;
}): Promise<CourseContentView> {
  const access = await resolveCourseAccess(options.user, options.courseId);
  if (access.kind === "not-found") return { kind: "not-found" };
  if (access.kind === "not-enrolled") {
    return { kind: "not-enrolled", course: { id: access.outline.id, title: access.outline.title } };
  }
  const { outline, admin } = access;
  let enrolmentRow = access.enrolment;
  const ordered = outline.modules.flatMap((m) => m.lessons.map((l) => ({ ...l, moduleTitle: m.title })));
  const published = ordered.filter((l) => l.status === "published");

  const requested = options.lessonId !== null ? ordered.find((l) => l.id === options.lessonId) : undefined;
  const resumed = enrolmentRow?.lastLessonId ? published.find((l) => l.id === enrolmentRow!.lastLessonId) : undefined;
  const selected = requested ?? resumed ?? published[0] ?? null;

  let completedIds = new Set<number>();
  if (enrolmentRow) {
    const rows = await db()
      .select({ lessonId: lessonCompletion.lessonId })
      .from(lessonCompletion)
      .where(eq(lessonCompletion.enrolmentId, enrolmentRow.id));
    completedIds = new Set(rows.map((r) => r.lessonId));
    if (selected) {
      const outcome = await recordLessonVisit(enrolmentRow, selected, completedIds.has(selected.id));
      if (outcome) {
        completedIds.add(selected.id);
        enrolmentRow = (await findEnrolment(enrolmentRow.userId, enrolmentRow.courseId)) ?? enrolmentRow;
      }
    }
  }

  const progress = courseProgress(outline.modules, completedIds);
  const modules: PanelModule[] = outline.modules.map((m) => ({
    id: m.id,
    title: m.title,
    description: m.description,
    state: moduleState(m, completedIds),
    lessons: m.lessons.map((l) => ({
      id: l.id,
      title: l.title,
      type: l.type,
      durationMin: l.durationMin,
      pending: l.status !== "published",
      completed: completedIds.has(l.id),
    })),
  }));

  let lessonView: ViewerLesson | null = null;
  if (selected) {
    const pending = selected.status !== "published";
    const index = published.findIndex((l) => l.id === selected.id);
    const hasFile = !pending && selected.assetId !== null;
    lessonView = {
      id: selected.id,
      moduleTitle: selected.moduleTitle,
      title: selected.title,
      type: selected.type,
      durationMin: selected.durationMin,
      pending,
      completed: completedIds.has(selected.id),
      mode: pending ? null : selected.mode,
      fileUrl: hasFile ? lessonFileUrl(selected.id) : null,
      downloadUrl: hasFile && (selected.downloadable || selected.mode === "download") ? lessonFileUrl(selected.id, { download: true }) : null,
      captionsUrl: !pending && selected.captionsAssetId !== null ? lessonFileUrl(selected.id, { captions: true }) : null,
      filename: hasFile ? selected.filename : null,
      size: hasFile ? selected.size : null,
      html: !pending && selected.mode === "lectura" ? renderMarkdown(await readLessonBody(selected.id)) : null,
      previousId: index > 0 ? published[index - 1]!.id : null,
      nextId: index >= 0 && index < published.length - 1 ? published[index + 1]!.id : null,
    };
  }

  return {
    kind: "content",
    course: { id: outline.id, title: outline.title, draft: outline.status !== "published" },
    admin,
    enrolled: enrolmentRow !== null,
    progress: enrolmentRow ? progress.percent : 0,
    completed: Boolean(enrolmentRow?.completedAt),
    modules,
    lesson: lessonView,
  };
}
