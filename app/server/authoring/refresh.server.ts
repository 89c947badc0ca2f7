// Bringing a course that is already in the database up to date with the material bundled in content/courses
// (docs/operations.md, "Material nuevo de los cursos"). Runs on every start after loadCatalogue, like the
// migrations: an academy that upgrades gets the corrected lessons, questions and hours without a fresh database.
//
// Safe by construction, one course per transaction under the same table lock as the loader:
// - nothing happens when the stored edition (course.source_hash) equals the bundled one (catalogueVersion);
// - a course an admin edited by hand (course.updated_at moved past course.catalogue_synced_at: the course
//   editor touches updated_at on every change) is never overwritten: it is skipped and logged;
// - lessons are matched by their catalogue key (file stem, or "<type>#<n>"; `formerly` for a renamed file)
//   and updated in place, so enrolments, completions, exam attempts and certificates keep their links;
// - a lesson gone from the catalogue is deleted only when no learner completed or attempted it; if one did,
//   the course is skipped and logged (add the old key to the new lesson's `formerly`);
// - a question that learners were asked and that changed or left the bank is retired (kept, never drawn
//   again), so old attempts still read the question they showed; an unused one is updated or deleted.
import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../platform/db/client.server";
import { db } from "../platform/db/client.server";
import { asset, course, courseModule, enrolment, enrolmentCycleLesson, examAttempt, lesson, lessonCompletion, question } from "../platform/db/schema";
import {
  catalogueDetails,
  catalogueKeys,
  catalogueLessonValues,
  catalogueVersion,
  readCatalogue,
  sourceLessonId,
  type CatalogueCourse,
} from "../catalogue/catalogue.server";
import { catalogueChanged } from "../catalogue/events.server";
import { refreshStoredProgress } from "../learning/learning.server";
import { logger } from "../platform/logger.server";
import { catalogueSync } from "~/domain/catalogue-sync";
import { lessonKey } from "~/domain/lesson-key";

export type RefreshOutcome =
  | { courseId: number; status: "missing" | "unchanged" | "refreshed" }
  | { courseId: number; status: "edited" | "blocked" | "failed"; reason: string };

/** Refreshes every catalogue course whose bundled material changed. Idempotent; safe on every start. */
export async function refreshCatalogue(database: DbOrTx = db(), courses = readCatalogue()): Promise<RefreshOutcome[]> {
  const outcomes: RefreshOutcome[] = [];
  for (const c of courses) {
    let outcome: RefreshOutcome;
    try {
      const version = catalogueVersion(c);
      outcome = await database.transaction(async (tx) => {
        await tx.execute(sql`lock table course in share row exclusive mode`);
        return refreshCourseInTx(tx, c, version);
      });
    } catch (error) {
      // Rolled back: the course keeps its current material and the academy still starts.
      logger.error({ err: error, courseId: c.id }, "catalogue course refresh failed; it keeps its current material");
      outcome = { courseId: c.id, status: "failed", reason: error instanceof Error ? error.message : String(error) };
    }
    outcomes.push(outcome);
    if (outcome.status === "refreshed") logger.info({ courseId: c.id }, "catalogue course refreshed with its new material");
    if (outcome.status === "edited" || outcome.status === "blocked") {
      logger.warn({ courseId: c.id, reason: outcome.reason }, "catalogue course not refreshed: its bundled material changed");
    }
  }
  if (outcomes.some((o) => o.status === "refreshed")) catalogueChanged();
  return outcomes;
}

interface StoredLesson {
  id: number;
  moduleId: number;
  type: string;
  body: string | null;
  catalogueKey: string | null;
  filename: string | null;
}

/**
 * The key of a lesson loaded before lessons stored theirs: the stem of its file, the body source whose text
 * it holds, or "<type>#<n>" for the n-th lesson of its type with neither (the exam, the trainer).
 */
function storedKeys(c: CatalogueCourse, rows: readonly StoredLesson[]): string[] {
  const bodies = new Map<string, string>();
  for (const l of c.modules.flatMap((m) => m.lessons)) {
    if (!l.body) continue;
    try {
      bodies.set(readBody(c, l.body), lessonKey(l)!);
    } catch {
      // a body file missing from this edition cannot match anything
    }
  }
  const seen = new Map<string, number>();
  return rows.map((r) => {
    if (r.catalogueKey) return r.catalogueKey;
    if (r.filename) return lessonKey({ file: r.filename })!;
    if (r.body !== null) return bodies.get(r.body) ?? `lectura:${r.id}`;
    const n = (seen.get(r.type) ?? 0) + 1;
    seen.set(r.type, n);
    return `${r.type}#${n}`;
  });
}

function readBody(c: CatalogueCourse, rel: string) {
  // Same read as catalogueLessonValues, so equal text means the same source.
  return fs.readFileSync(path.join(c.dir, rel), "utf8");
}

export async function refreshCourseInTx(tx: DbOrTx, c: CatalogueCourse, version = catalogueVersion(c)): Promise<RefreshOutcome> {
  const [row] = await tx
    .select({ sourceHash: course.sourceHash, createdAt: course.createdAt, updatedAt: course.updatedAt, catalogueSyncedAt: course.catalogueSyncedAt })
    .from(course)
    .where(eq(course.id, c.id))
    .for("update");
  if (!row) return { courseId: c.id, status: "missing" };
  if (row.sourceHash === version) return { courseId: c.id, status: "unchanged" };
  if (catalogueSync(row) === "edited") {
    return { courseId: c.id, status: "edited", reason: "edited by hand in the course editor after the catalogue loaded it" };
  }

  // ── Match the stored lessons to this edition's lessons ──────────────────────────────────────────
  const modules = await tx
    .select({ id: courseModule.id })
    .from(courseModule)
    .where(eq(courseModule.courseId, c.id))
    .orderBy(asc(courseModule.position), asc(courseModule.id));
  const stored: StoredLesson[] = modules.length
    ? await tx
        .select({ id: lesson.id, moduleId: lesson.moduleId, type: lesson.type, body: lesson.body, catalogueKey: lesson.catalogueKey, filename: asset.filename })
        .from(lesson)
        .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
        .leftJoin(asset, eq(asset.id, lesson.assetId))
        .where(eq(courseModule.courseId, c.id))
        .orderBy(asc(courseModule.position), asc(lesson.position), asc(lesson.id))
    : [];
  const wanted = c.modules.flatMap((m) => m.lessons);
  const wantedKeys = catalogueKeys(wanted);
  const indexOfKey = new Map<string, number>();
  wantedKeys.forEach((k, i) => indexOfKey.set(k, i));
  wanted.forEach((l, i) => (l.formerly ?? []).forEach((k) => indexOfKey.has(k) || indexOfKey.set(k, i)));

  const matchedBy = new Map<number, StoredLesson>(); // wanted index → stored lesson
  const gone: StoredLesson[] = [];
  for (const [i, key] of storedKeys(c, stored).entries()) {
    const s = stored[i]!;
    const target = indexOfKey.get(key);
    if (target === undefined || matchedBy.has(target)) gone.push(s);
    else matchedBy.set(target, s);
  }
  if (gone.length > 0) {
    const ids = gone.map((g) => g.id);
    const [done] = await tx.select({ n: sql<number>`count(*)::int` }).from(lessonCompletion).where(inArray(lessonCompletion.lessonId, ids));
    // Lessons completed in a renewed cycle are history too.
    const [before] = await tx.select({ n: sql<number>`count(*)::int` }).from(enrolmentCycleLesson).where(inArray(enrolmentCycleLesson.lessonId, ids));
    const [tried] = await tx.select({ n: sql<number>`count(*)::int` }).from(examAttempt).where(inArray(examAttempt.lessonId, ids));
    if (Number(done?.n ?? 0) + Number(before?.n ?? 0) + Number(tried?.n ?? 0) > 0) {
      const keys = storedKeys(c, stored).filter((_, i) => gone.includes(stored[i]!));
      return {
        courseId: c.id,
        status: "blocked",
        reason: `lessons ${keys.join(", ")} left the catalogue but learners completed or attempted them; name the old key in the new lesson's "formerly"`,
      };
    }
  }

  // ── Modules by position, then lessons in place ─────────────────────────────────────────────────
  const moduleIds: number[] = [];
  for (const [mi, m] of c.modules.entries()) {
    const existing = modules[mi];
    if (existing) {
      await tx.update(courseModule).set({ position: mi + 1, title: m.title, description: m.description }).where(eq(courseModule.id, existing.id));
      moduleIds.push(existing.id);
    } else {
      const [mod] = await tx
        .insert(courseModule)
        .values({ courseId: c.id, position: mi + 1, title: m.title, description: m.description })
        .returning({ id: courseModule.id });
      moduleIds.push(mod!.id);
    }
  }
  const lessonIds = new Map<string, number>();
  const examIds: number[] = [];
  let w = 0;
  for (const [mi, m] of c.modules.entries()) {
    for (const [li, l] of m.lessons.entries()) {
      const values = { moduleId: moduleIds[mi]!, position: li + 1, ...(await catalogueLessonValues(tx, c, l, wantedKeys[w]!)) };
      const match = matchedBy.get(w);
      let id: number;
      if (match) {
        await tx.update(lesson).set(values).where(eq(lesson.id, match.id));
        id = match.id;
      } else {
        const [inserted] = await tx.insert(lesson).values(values).returning({ id: lesson.id });
        id = inserted!.id;
      }
      const key = lessonKey(l);
      if (key) lessonIds.set(key, id);
      if (l.type === "examen") examIds.push(id);
      w++;
    }
  }
  if (gone.length > 0) {
    const ids = gone.map((g) => g.id);
    // A resume pointer to a lesson that no longer exists would send the learner nowhere.
    await tx.update(enrolment).set({ lastLessonId: null }).where(and(eq(enrolment.courseId, c.id), inArray(enrolment.lastLessonId, ids)));
    await tx.delete(lesson).where(inArray(lesson.id, ids));
  }
  const extraModules = modules.slice(c.modules.length).map((m) => m.id);
  if (extraModules.length > 0) await tx.delete(courseModule).where(inArray(courseModule.id, extraModules));

  // ── The question bank of each exam ─────────────────────────────────────────────────────────────
  const now = new Date();
  for (const examId of examIds) await refreshBank(tx, c, examId, lessonIds, now);

  await tx
    .update(course)
    .set({ ...catalogueDetails(c), status: c.status, sourceHash: version, updatedAt: now, catalogueSyncedAt: now })
    .where(eq(course.id, c.id));
  await refreshStoredProgress(tx, c.id);
  return { courseId: c.id, status: "refreshed" };
}

const sameQuestion = (a: { prompt: string; options: string[]; correctIndex: number }, b: typeof a) =>
  a.prompt === b.prompt && a.correctIndex === b.correctIndex && a.options.length === b.options.length && a.options.every((o, i) => o === b.options[i]);

async function refreshBank(tx: DbOrTx, c: CatalogueCourse, examId: number, lessonIds: Map<string, number>, now: Date) {
  const active = await tx
    .select()
    .from(question)
    .where(and(eq(question.lessonId, examId), isNull(question.retiredAt)))
    .orderBy(asc(question.id));
  const asked = async (id: number) => {
    const [row] = await tx
      .select({ id: examAttempt.id })
      .from(examAttempt)
      .where(and(eq(examAttempt.lessonId, examId), sql`${id} = any(${examAttempt.questionIds})`))
      .limit(1);
    return row !== undefined;
  };
  const byExternal = new Map(active.filter((q) => q.externalId !== null).map((q) => [q.externalId!, q]));
  const kept = new Set<number>();
  for (const q of c.questions) {
    const values = {
      // The catalogue's questions are all of the four-option kind: one the owner changed is put back whole.
      kind: "choice",
      correctSet: null,
      prompt: q.prompt,
      options: q.options,
      correctIndex: q.correctIndex,
      explanation: q.explanation,
      sourceLessonId: sourceLessonId(c, q.id, q.lesson, lessonIds),
      topic: q.topic ?? null,
    };
    const current = byExternal.get(q.id);
    if (current && (sameQuestion(current, values) || !(await asked(current.id)))) {
      // Same question (or one nobody was asked yet): its explanation and lesson may be improved in place.
      await tx.update(question).set(values).where(eq(question.id, current.id));
      kept.add(current.id);
      continue;
    }
    await tx.insert(question).values({ lessonId: examId, externalId: q.id, ...values });
  }
  for (const q of active) {
    if (kept.has(q.id)) continue;
    if (await asked(q.id)) await tx.update(question).set({ retiredAt: now }).where(eq(question.id, q.id));
    else await tx.delete(question).where(eq(question.id, q.id));
  }
}
