// Studying a course: who may open its content, what the viewer shows, and the writes that record
// progress (docs/decisions.md A2, A4, A5, B8). Completing a lesson, recomputing progress, completing the
// course and issuing its certificate happen in one transaction with what caused them.
import { and, asc, eq, sql } from "drizzle-orm";
import { marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { db, type DbOrTx, type Tx } from "../platform/db/client.server";
import { asset, course, courseModule, enrolment, lesson, lessonCompletion, lessonStudy } from "../platform/db/schema";
import { findEnrolmentWithCompletions, type Enrolment } from "./enrolments.server";
import { issueCertificateForEnrolment } from "../certificates/certificates.server";
import { queueJob } from "../platform/outbox/outbox.server";
import { now } from "../platform/clock.server";
import { catalogueCache } from "../catalogue/cache.server";
import type { SessionUser } from "../accounts/session.server";
import { isAdmin } from "~/domain/permissions";
import { lessonDocHtml } from "../catalogue/reading.server";
import { applyStudyReport, studyMissingMessage, type Segment } from "~/domain/study";
import { studyKind, studyViewFor, toStudyRecord, verdictOf, readVisitToken, VISIT_MAX_AGE_MS } from "./study.server";
import type { ContentPageData, PanelModule, ViewerLesson } from "~/domain/learning-view";
import {
  completionTrigger,
  learnerProgress,
  moduleState,
  nextLesson,
  viewerMode,
  type CompletionTrigger,
  type LearnerProgress,
  type ViewerMode,
} from "~/domain/progress";


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
  hasReading: boolean;
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

const cachedOutline = catalogueCache((courseId) => readCourseOutline(courseId, db()));

/**
 * A course with its modules and lessons in order (lesson bodies are left out: only the viewed one is read).
 * Outside a transaction it comes from this process's copy (catalogue/cache.server.ts), shared by every
 * request and frozen; inside one, from the transaction itself.
 */
export function loadCourseOutline(courseId: number, tx?: DbOrTx): Promise<CourseOutline | null> {
  return tx ? readCourseOutline(courseId, tx) : cachedOutline(courseId);
}

async function readCourseOutline(courseId: number, tx: DbOrTx): Promise<CourseOutline | null> {
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
      hasBody: sql<boolean>`(coalesce(length(${lesson.body}), 0) > 0 or ${lesson.doc} is not null)`,
      hasReading: sql<boolean>`${lesson.readingHtml} is not null`,
    })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .leftJoin(asset, eq(asset.id, lesson.assetId))
    .where(eq(courseModule.courseId, courseId))
    .orderBy(asc(courseModule.position), asc(courseModule.id), asc(lesson.position), asc(lesson.id));
  const byModule = new Map<number, OutlineLesson[]>(modules.map((m) => [m.id, []]));
  for (const l of lessons) {
    const hasBody = Boolean(l.hasBody);
    const hasReading = Boolean(l.hasReading);
    const mode = viewerMode({ type: l.type, mime: l.mime, hasBody, hasReading });
    byModule.get(l.moduleId)?.push({ ...l, hasBody, hasReading, mode, trigger: completionTrigger(mode) });
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
  /** Enrolled under a SENCE action with no SENCE session open: nothing of the content until one opens. */
  | { kind: "sence-locked"; outline: CourseOutline; enrolmentId: number }
  | {
      kind: "granted";
      outline: CourseOutline;
      enrolment: Enrolment | null;
      /** The lessons this enrolment has completed (none without an enrolment). */
      completedIds: ReadonlySet<number>;
      admin: boolean;
      /** The enrolment is under a SENCE action (and so a session is open). */
      underSence: boolean;
    };

/**
 * Course content is for learners enrolled in a published course, and for admins (any course, also a
 * draft they are preparing). An admin who is also enrolled gets their progress recorded. A worker enrolled
 * under a SENCE action studies only inside an open SENCE session (docs/decisions.md F3, sence-lock.server.ts):
 * every reader and writer of course content comes through here (the lesson files check the same columns).
 */
export async function resolveCourseAccess(user: SessionUser, courseId: number): Promise<CourseAccess> {
  const outline = await loadCourseOutline(courseId);
  const admin = isAdmin(user);
  if (!outline || (outline.status !== "published" && !admin)) return { kind: "not-found" };
  const found = await findEnrolmentWithCompletions(user.id, courseId);
  if (!found && !admin) return { kind: "not-enrolled", outline };
  if (!found) return { kind: "granted", outline, enrolment: null, completedIds: new Set(), admin, underSence: false };
  if (found.senceLocked && !admin) return { kind: "sence-locked", outline, enrolmentId: found.enrolment.id };
  return { kind: "granted", outline, enrolment: found.enrolment, completedIds: found.completedIds, admin, underSence: found.underSence };
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

/**
 * What an enrolment row stores of the progress rule: the percentage the lists show, and the modules done and
 * the exam passed that the course results funnel counts (through the enrolment_cohort_stat trigger).
 */
function storedProgress(p: LearnerProgress) {
  return { progress: p.percent, modulesDone: [...p.completedModuleIds].sort((a, b) => a - b), examPassed: p.examPassed };
}

function sameStored(row: { progress: number; modulesDone: number[]; examPassed: boolean }, next: ReturnType<typeof storedProgress>) {
  return row.progress === next.progress && row.examPassed === next.examPassed && row.modulesDone.join() === next.modulesDone.join();
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
    .select({ moduleId: courseModule.id, lessonId: lesson.id, status: lesson.status, type: lesson.type })
    .from(courseModule)
    .leftJoin(lesson, eq(lesson.moduleId, courseModule.id))
    .where(eq(courseModule.courseId, locked.courseId));
  const modules = new Map<number, { id: number; lessons: { id: number; status: string; type: string }[] }>();
  for (const row of structure) {
    const m = modules.get(row.moduleId) ?? { id: row.moduleId, lessons: [] };
    if (row.lessonId !== null && row.status !== null && row.type !== null) m.lessons.push({ id: row.lessonId, status: row.status, type: row.type });
    modules.set(row.moduleId, m);
  }
  const done = await tx
    .select({ lessonId: lessonCompletion.lessonId })
    .from(lessonCompletion)
    .where(eq(lessonCompletion.enrolmentId, enrolmentId));
  const progress = learnerProgress([...modules.values()], new Set(done.map((d) => d.lessonId)), locked.completedAt);

  const newlyCompleted = progress.completed && !locked.completedAt;
  await tx
    .update(enrolment)
    // The academy's clock: the day of completion is the certificate's day of issue, and it fixes its validity.
    .set({ ...storedProgress(progress), ...(newlyCompleted ? { completedAt: now() } : {}) })
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
  return { progress: progress.percent, courseCompleted: progress.completed, certificateCode };
}

/**
 * After the set of a course's published lessons changes (a lesson published, unpublished or deleted, a
 * module deleted), the progress stored in its enrolments is read again with the one rule, in the same
 * transaction as the change: every list that reads the stored figure (the admin's enrolments, the CSV)
 * then agrees with what the learner sees. A completed enrolment stays at 100 (learnerProgress).
 */
export async function refreshStoredProgress(tx: DbOrTx, courseId: number): Promise<void> {
  const outline = await loadCourseOutline(courseId, tx);
  if (!outline) return;
  const rows = await tx
    .select({ id: enrolment.id, progress: enrolment.progress, completedAt: enrolment.completedAt, modulesDone: enrolment.modulesDone, examPassed: enrolment.examPassed })
    .from(enrolment)
    .where(eq(enrolment.courseId, courseId));
  if (rows.length === 0) return;
  const done = await tx
    .select({ enrolmentId: lessonCompletion.enrolmentId, lessonId: lessonCompletion.lessonId })
    .from(lessonCompletion)
    .innerJoin(enrolment, eq(enrolment.id, lessonCompletion.enrolmentId))
    .where(eq(enrolment.courseId, courseId));
  const completions = new Map<number, Set<number>>();
  for (const d of done) {
    const set = completions.get(d.enrolmentId) ?? new Set<number>();
    set.add(d.lessonId);
    completions.set(d.enrolmentId, set);
  }
  for (const r of rows) {
    const next = storedProgress(learnerProgress(outline.modules, completions.get(r.id) ?? new Set(), r.completedAt));
    if (!sameStored(r, next)) await tx.update(enrolment).set(next).where(eq(enrolment.id, r.id));
  }
}

export type LessonEventResult = { ok: true; outcome: CompletionOutcome | null } | { ok: false; status: 403 | 404 | 400 };

/**
 * A learner opened a lesson with nothing to study (a published lesson with no content yet: the page posts it once
 * shown) or downloaded a download-only file. Readings, PDFs and videos complete by study (recordStudy).
 * Admins who are not enrolled may view everything, but nothing is recorded for them.
 */
export async function recordLessonEvent(options: {
  user: SessionUser;
  courseId: number;
  lessonId: number;
  event: "open" | "download";
}): Promise<LessonEventResult> {
  const access = await resolveCourseAccess(options.user, options.courseId);
  if (access.kind === "not-found") return { ok: false, status: 404 };
  if (access.kind === "not-enrolled" || access.kind === "sence-locked") return { ok: false, status: 403 };
  const target = findLesson(access.outline, options.lessonId);
  if (!target || target.status !== "published") return { ok: false, status: 404 };
  if (target.trigger !== options.event) return { ok: false, status: 400 };
  if (!access.enrolment) return { ok: true, outcome: null };
  const enrolmentId = access.enrolment.id;
  const outcome = await db().transaction(async (tx) => {
    await tx.update(enrolment).set({ lastLessonId: target.id }).where(eq(enrolment.id, enrolmentId));
    return completeLessonInTx(tx, enrolmentId, target.id);
  });
  return { ok: true, outcome };
}

export type StudyResult =
  | {
      ok: true;
      /** Nothing recorded (an admin who is not enrolled). */
      recorded: boolean;
      credited: number;
      completed: boolean;
      /** This report completed the lesson (the page reloads its progress). */
      justCompleted: boolean;
      message: string | null;
      outcome: CompletionOutcome | null;
    }
  | { ok: false; status: 400 | 403 | 404 | 409; reason: "invalid" | "forbidden" | "not-found" | "not-study" | "stale" };

/**
 * A heartbeat (`finish` false) or the completion form (`finish` true) of a lesson page. The visit token must be
 * this learner's, for this lesson and cycle; a report for another learner's enrolment or lesson is refused.
 */
export async function recordStudy(options: {
  user: SessionUser;
  courseId: number;
  lessonId: number;
  token: unknown;
  finish: boolean;
  reachedEnd: boolean;
  segments: readonly Segment[];
  mediaSeconds: number | null;
}): Promise<StudyResult> {
  const access = await resolveCourseAccess(options.user, options.courseId);
  if (access.kind === "not-found") return { ok: false, status: 404, reason: "not-found" };
  if (access.kind === "not-enrolled" || access.kind === "sence-locked") return { ok: false, status: 403, reason: "forbidden" };
  const target = findLesson(access.outline, options.lessonId);
  if (!target || target.status !== "published") return { ok: false, status: 404, reason: "not-found" };
  const kind = studyKind(target.mode);
  if (!kind) return { ok: false, status: 400, reason: "not-study" };
  if (!access.enrolment) return { ok: true, recorded: false, credited: 0, completed: false, justCompleted: false, message: null, outcome: null };
  const live = access.enrolment;
  const claims = await readVisitToken(options.token);
  if (!claims) return { ok: false, status: 400, reason: "invalid" };
  if (claims.enrolmentId !== live.id || claims.lessonId !== target.id) return { ok: false, status: 403, reason: "forbidden" };
  const at = now();
  // A page from an earlier cycle (renewed since), or left open for half a day: the learner reloads it.
  if (claims.cycle !== live.cycle || at.getTime() - claims.startedAt.getTime() > VISIT_MAX_AGE_MS) return { ok: false, status: 409, reason: "stale" };
  const alreadyCompleted = access.completedIds.has(target.id);

  return db().transaction(async (tx) => {
    const key = and(eq(lessonStudy.enrolmentId, live.id), eq(lessonStudy.cycle, live.cycle), eq(lessonStudy.lessonId, target.id));
    // The row is locked for the rest of the transaction: two reports of the same lesson are credited one after
    // the other, and the second sees the instant the first credited up to.
    let [row] = await tx.select().from(lessonStudy).where(key).for("update");
    if (!row) {
      await tx
        .insert(lessonStudy)
        .values({ enrolmentId: live.id, cycle: live.cycle, lessonId: target.id, visitStartedAt: claims.startedAt, creditedUntil: claims.startedAt, updatedAt: at })
        .onConflictDoNothing();
      [row] = await tx.select().from(lessonStudy).where(key).for("update");
    }
    const { record, credited } = applyStudyReport(toStudyRecord(row!), {
      visitStartedAt: claims.startedAt,
      at,
      finish: options.finish,
      // The completion form sits after the lesson's text: posting it is reaching the end.
      reachedEnd: options.reachedEnd || (options.finish && kind === "reading"),
      segments: options.segments,
      mediaSeconds: options.mediaSeconds,
      durationMin: target.durationMin,
    });
    await tx
      .update(lessonStudy)
      .set({ ...record, segments: record.segments.map(([a, b]): [number, number] => [a, b]), updatedAt: at })
      .where(key);
    const verdict = verdictOf(kind, target.durationMin, record);
    let outcome: CompletionOutcome | null = null;
    if (verdict.complete && !alreadyCompleted) {
      await tx.update(enrolment).set({ lastLessonId: target.id }).where(eq(enrolment.id, live.id));
      outcome = await completeLessonInTx(tx, live.id, target.id);
    }
    const completed = alreadyCompleted || verdict.complete;
    return {
      ok: true as const,
      recorded: true,
      credited,
      completed,
      justCompleted: outcome !== null,
      message: completed ? null : studyMissingMessage(kind, verdict),
      outcome,
    };
  });
}

// ── The content page ───────────────────────────────────────────────────────

export function lessonFileUrl(lessonId: number, options: { download?: boolean; captions?: boolean } = {}) {
  const base = `/archivos/lecciones/${lessonId}`;
  if (options.captions) return `${base}?pista=subtitulos`;
  return options.download ? `${base}?descargar=1` : base;
}

/** A reading's Markdown as sanitised HTML (the learner's view; the editor converts it from this). */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false, gfm: true });
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img"],
    allowedSchemes: ["http", "https", "mailto", "tel"],
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
  });
}

/**
 * A reading's HTML, kept per process like the outline (catalogue/cache.server.ts): the same for every learner,
 * changed only by the course editor or the catalogue refresh, which announce it. Saves the busiest page of
 * the academy a query (and a Markdown render where no HTML was stored) on every view.
 */
const lessonHtml = catalogueCache(readLessonHtml);

/**
 * The reading view's HTML: stored (built from the lesson's source), rendered from the editor's document, or
 * from a 'lectura' body in Markdown.
 */
async function readLessonHtml(lessonId: number): Promise<string> {
  const [row] = await db().select({ body: lesson.body, html: lesson.readingHtml, doc: lesson.doc }).from(lesson).where(eq(lesson.id, lessonId)).limit(1);
  if (row?.html) return row.html;
  if (row?.doc) return lessonDocHtml(lessonId, row.doc);
  return renderMarkdown(row?.body ?? "");
}

export type CourseContentView =
  | { kind: "not-found" }
  | { kind: "not-enrolled"; course: { id: number; title: string } }
  /** The page shows the SENCE panel of this enrolment (the sence area reads it). */
  | { kind: "sence-locked"; course: { id: number; title: string }; enrolmentId: number }
  /** Asked with `resume`: the lesson to name in the URL; nothing of the page is read yet. */
  | { kind: "resume"; lessonId: number }
  /** `senceEnrolmentId`: the enrolment is under a SENCE action; the page shows its open session. */
  | ({ kind: "content"; senceEnrolmentId: number | null } & Omit<ContentPageData, "sence">);

/**
 * Everything the content page shows. Reads only: what opening a lesson completes is posted by the page
 * (recordLessonEvent 'open'), so a GET — a prefetch, a crawler, a reload — never writes.
 * Without ?leccion the learner resumes at the next unfinished lesson (docs/decisions.md E5).
 */
export async function getCourseContentView(options: {
  user: SessionUser;
  courseId: number;
  lessonId: number | null;
  /**
   * The page was opened without a lesson: answer only which one it resumes at, for the redirect that names
   * it, instead of reading (and then dropping) that lesson's text, which can be tens of KB.
   */
  resume?: boolean;
}): Promise<CourseContentView> {
  const access = await resolveCourseAccess(options.user, options.courseId);
  if (access.kind === "not-found") return { kind: "not-found" };
  if (access.kind === "not-enrolled") {
    return { kind: "not-enrolled", course: { id: access.outline.id, title: access.outline.title } };
  }
  if (access.kind === "sence-locked") {
    return { kind: "sence-locked", course: { id: access.outline.id, title: access.outline.title }, enrolmentId: access.enrolmentId };
  }
  const { outline, admin, enrolment: enrolmentRow, completedIds } = access;
  const ordered = outline.modules.flatMap((m) => m.lessons.map((l) => ({ ...l, moduleTitle: m.title })));
  const published = ordered.filter((l) => l.status === "published");
  const progress = learnerProgress(outline.modules, completedIds, enrolmentRow?.completedAt ?? null);
  const newIds = new Set(progress.newLessonIds);

  const requested = options.lessonId !== null ? ordered.find((l) => l.id === options.lessonId) : undefined;
  const resumeAt = enrolmentRow ? nextLesson(ordered, completedIds) : null;
  const selected = requested ?? resumeAt ?? published[0] ?? null;
  if (options.resume && selected) return { kind: "resume", lessonId: selected.id };

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
      isNew: newIds.has(l.id),
    })),
  }));

  let lessonView: ViewerLesson | null = null;
  if (selected) {
    const pending = selected.status !== "published";
    const index = published.findIndex((l) => l.id === selected.id);
    const hasFile = !pending && selected.assetId !== null;
    const completed = completedIds.has(selected.id);
    lessonView = {
      id: selected.id,
      moduleTitle: selected.moduleTitle,
      title: selected.title,
      type: selected.type,
      durationMin: selected.durationMin,
      pending,
      completed,
      isNew: newIds.has(selected.id),
      completesOnOpen: enrolmentRow !== null && !pending && !completed && selected.trigger === "open",
      mode: pending ? null : selected.mode,
      fileUrl: hasFile ? lessonFileUrl(selected.id) : null,
      // A reading keeps its PDF as the download.
      downloadUrl:
        hasFile && (selected.downloadable || selected.mode === "download" || selected.mode === "lectura")
          ? lessonFileUrl(selected.id, { download: true })
          : null,
      captionsUrl: !pending && selected.captionsAssetId !== null ? lessonFileUrl(selected.id, { captions: true }) : null,
      filename: hasFile ? selected.filename : null,
      size: hasFile ? selected.size : null,
      html: !pending && selected.mode === "lectura" ? await lessonHtml(selected.id) : null,
      // An enrolled learner's study of a reading, PDF or video: the visit token its reports carry, and what is missing.
      study:
        enrolmentRow && !pending && selected.trigger === "study"
          ? await studyViewFor({
              enrolmentId: enrolmentRow.id,
              cycle: enrolmentRow.cycle,
              lessonId: selected.id,
              mode: selected.mode,
              durationMin: selected.durationMin,
              completed,
            })
          : null,
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
    completed: enrolmentRow ? progress.completed : false,
    modulesDone: enrolmentRow ? progress.modulesDone : 0,
    modulesTotal: progress.modulesTotal,
    lessonsDone: enrolmentRow ? progress.lessonsDone : 0,
    lessonsTotal: progress.lessonsTotal,
    modules,
    lesson: lessonView,
    senceEnrolmentId: access.underSence && enrolmentRow ? enrolmentRow.id : null,
  };
}
