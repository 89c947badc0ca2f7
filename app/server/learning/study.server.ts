// Time on task (docs/decisions.md F8): the visit token a lesson page carries — signed by the server when it served
// the page (enrolment, cycle, lesson, instant) — what the page shows of the rule, and the hours read back for the
// lists. The write that credits a report and completes the lesson is learning.server.ts's recordStudy.
import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type DbOrTx } from "../platform/db/client.server";
import { enrolment, lessonStudy } from "../platform/db/schema";
import { now } from "../platform/clock.server";
import { getAuthSecret } from "../accounts/auth.server";
import {
  requiredStudySeconds,
  studyMissingMessage,
  studyVerdict,
  type Segment,
  type StudyKind,
  type StudyRecord,
  type StudyVerdict,
} from "~/domain/study";
import type { ViewerMode } from "~/domain/progress";
import type { LessonStudyView } from "~/domain/learning-view";

/** A page open longer than this is stale: its reports are refused and the learner reloads it. */
export const VISIT_MAX_AGE_MS = 12 * 3_600_000;

export function studyKind(mode: ViewerMode | null): StudyKind | null {
  if (mode === "video") return "video";
  if (mode === "lectura" || mode === "pdf") return "reading";
  return null;
}

interface VisitClaims {
  enrolmentId: number;
  cycle: number;
  lessonId: number;
  startedAt: Date;
}

async function signature(payload: string): Promise<string> {
  return crypto.createHmac("sha256", await getAuthSecret()).update(`estudio:${payload}`).digest("base64url").slice(0, 32);
}

/** The token a lesson page carries: who studies what, since when — signed, so it cannot be made up or moved. */
export async function visitToken(claims: VisitClaims): Promise<string> {
  const payload = `${claims.enrolmentId}.${claims.cycle}.${claims.lessonId}.${claims.startedAt.getTime()}`;
  return `${payload}.${await signature(payload)}`;
}

export async function readVisitToken(token: unknown): Promise<VisitClaims | null> {
  if (typeof token !== "string" || token.length > 120) return null;
  const m = /^(\d{1,10})\.(\d{1,6})\.(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const payload = `${m[1]}.${m[2]}.${m[3]}.${m[4]}`;
  const expected = Buffer.from(await signature(payload));
  const given = Buffer.from(m[5]!);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return { enrolmentId: Number(m[1]), cycle: Number(m[2]), lessonId: Number(m[3]), startedAt: new Date(Number(m[4])) };
}

export function toStudyRecord(row: typeof lessonStudy.$inferSelect): StudyRecord {
  return {
    seconds: row.seconds,
    visitStartedAt: row.visitStartedAt,
    visitSeconds: row.visitSeconds,
    creditedUntil: row.creditedUntil,
    reachedEnd: row.reachedEnd,
    segments: row.segments as Segment[],
    mediaSeconds: row.mediaSeconds,
  };
}

/** The study of one lesson in the enrolment's live cycle, or null before any. */
export async function readLessonStudy(enrolmentId: number, cycle: number, lessonId: number, tx: DbOrTx = db()): Promise<StudyRecord | null> {
  const [row] = await tx
    .select()
    .from(lessonStudy)
    .where(and(eq(lessonStudy.enrolmentId, enrolmentId), eq(lessonStudy.cycle, cycle), eq(lessonStudy.lessonId, lessonId)))
    .limit(1);
  return row ? toStudyRecord(row) : null;
}


/** What the lesson page needs to report study and say what is missing (loaders: reads only, signs a token). */
export async function studyViewFor(options: {
  enrolmentId: number;
  cycle: number;
  lessonId: number;
  mode: ViewerMode | null;
  durationMin: number;
  completed: boolean;
}): Promise<LessonStudyView | null> {
  const kind = studyKind(options.mode);
  if (!kind) return null;
  const record = await readLessonStudy(options.enrolmentId, options.cycle, options.lessonId);
  const verdict = verdictOf(kind, options.durationMin, record);
  return {
    token: await visitToken({ enrolmentId: options.enrolmentId, cycle: options.cycle, lessonId: options.lessonId, startedAt: now() }),
    kind,
    requiredSeconds: requiredStudySeconds(options.durationMin),
    seconds: record?.seconds ?? 0,
    message: options.completed ? null : studyMissingMessage(kind, verdict),
  };
}

export function verdictOf(kind: StudyKind, durationMin: number, record: StudyRecord | null): StudyVerdict {
  return studyVerdict({
    kind,
    durationMin,
    seconds: record?.seconds ?? 0,
    reachedEnd: record?.reachedEnd ?? false,
    segments: record?.segments ?? [],
    mediaSeconds: record?.mediaSeconds ?? null,
  });
}

/**
 * Time on task of enrolments' live cycles, in seconds: null for an enrolment with no measured study (its
 * lessons were completed before time was measured, or nothing was studied yet) — unknown, never invented.
 */
export async function studySecondsByEnrolment(enrolmentIds: readonly number[], tx: DbOrTx = db()): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (enrolmentIds.length === 0) return out;
  const rows = await tx
    .select({ enrolmentId: lessonStudy.enrolmentId, seconds: sql<number>`sum(${lessonStudy.seconds})::int` })
    .from(lessonStudy)
    .innerJoin(enrolment, and(eq(enrolment.id, lessonStudy.enrolmentId), eq(enrolment.cycle, lessonStudy.cycle)))
    .where(inArray(lessonStudy.enrolmentId, [...enrolmentIds]))
    .groupBy(lessonStudy.enrolmentId);
  for (const r of rows) out.set(r.enrolmentId, Number(r.seconds));
  return out;
}

/**
 * A select's column: the live cycle's study of the enrolment in the row, as [lessonId, seconds] pairs — read with
 * the row, as the completions are (enrolments.server.ts completedLessonIds), so no list pays another query.
 */
export const studiedLessons = sql<[number, number][]>`coalesce((select json_agg(json_build_array(${lessonStudy.lessonId}, ${lessonStudy.seconds})) from ${lessonStudy} where ${lessonStudy.enrolmentId} = ${enrolment.id} and ${lessonStudy.cycle} = ${enrolment.cycle}), '[]'::json)`;

/** The study pairs as a driver hands them back (parsed JSON, or its text). */
export function readStudied(value: unknown): [number, number][] {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.filter((p): p is [number, number] => Array.isArray(p) && p.length === 2).map(([a, b]) => [Number(a), Number(b)]);
}
