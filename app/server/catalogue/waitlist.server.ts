// The waiting list of a course that is not open yet (docs/decisions.md D): an e-mail per course, kept once,
// shown to the admin, exported, and told at once when the course opens ("Avisar a todos": each address once).
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { ActionResult } from "~/domain/action-result";
import { chileIsoDay } from "~/domain/chile-time";
import { formatDateTime } from "~/domain/format";
import { csvRow } from "~/domain/csv";
import { db } from "../platform/db/client.server";
import { course, courseWaitlist } from "../platform/db/schema";
import { afterCursor, cursorColumn, keysetCsvStream } from "../platform/db/keyset-csv.server";
import { queueJobs } from "../platform/outbox/outbox.server";
import { LIMITS, takeQuota } from "../platform/rate-limit.server";
import { now } from "../platform/clock.server";

/**
 * Adds an e-mail to a course's list; joining twice keeps one entry. The form is public: a client address gets a
 * few entries per window (platform/rate-limit.server.ts), so a script cannot fill the list with other people's
 * addresses.
 */
export async function joinWaitlist(input: { courseId: number; email: string; userId: string | null; ip: string | null }): Promise<"joined" | "tooMany"> {
  if (input.ip && !(await takeQuota(`waitlist:${input.ip}`, LIMITS.waitlistPerAddress))) return "tooMany";
  await db()
    .insert(courseWaitlist)
    .values({ courseId: input.courseId, email: input.email.toLowerCase(), userId: input.userId })
    .onConflictDoNothing({ target: [courseWaitlist.courseId, courseWaitlist.email] });
  return "joined";
}

/** Newest first, for the admin: who asked to be told about which course. */
export async function listWaitlist(limit = 200) {
  const [rows, totals] = await Promise.all([
    db()
      .select({ id: courseWaitlist.id, email: courseWaitlist.email, courseTitle: course.title, courseId: course.id, createdAt: courseWaitlist.createdAt })
      .from(courseWaitlist)
      .innerJoin(course, eq(course.id, courseWaitlist.courseId))
      .orderBy(desc(courseWaitlist.createdAt), desc(courseWaitlist.id))
      .limit(limit),
    db()
      .select({
        courseId: courseWaitlist.courseId,
        title: course.title,
        n: count(),
        waiting: sql<number>`count(*) filter (where ${courseWaitlist.notifiedAt} is null)::int`,
        open: sql<boolean>`(${course.status} = 'published' and ${courseIsOpen})`,
      })
      .from(courseWaitlist)
      .innerJoin(course, eq(course.id, courseWaitlist.courseId))
      .groupBy(courseWaitlist.courseId, course.title, course.status, course.id),
  ]);
  return { rows, totals: totals.map((t) => ({ ...t, n: Number(t.n), waiting: Number(t.waiting), open: !!t.open })) };
}

/** A course is open when it has a published lesson (docs/decisions.md D: otherwise it shows "Próximamente"). */
const courseIsOpen = sql`exists (select 1 from lesson l join module m on m.id = l.module_id where m.course_id = ${course.id} and l.status = 'published')`;

export const waitlistMessages = {
  notOpen: "El curso aún no está abierto: publícalo con al menos una lección antes de avisar.",
  nobody: "No queda nadie por avisar en la lista de este curso.",
  queued: (n: number) => (n === 1 ? "Avisamos a 1 persona: el correo sale en unos momentos." : `Avisamos a ${n} personas: los correos salen en unos momentos.`),
} as const;

/**
 * "Avisar a todos": claims every address of the course's list not told yet (notified_at set in the same statement,
 * so two admins at once, or a double click, tell each address once) and queues one small job per address; the
 * mails are rendered and sent by the outbox worker, not in this request.
 */
export async function announceWaitlist(courseId: number): Promise<ActionResult> {
  return db().transaction(async (tx) => {
    const [c] = await tx
      .select({ id: course.id, open: sql<boolean>`(${course.status} = 'published' and ${courseIsOpen})` })
      .from(course)
      .where(eq(course.id, courseId))
      .limit(1);
    if (!c || !c.open) return { ok: false, message: waitlistMessages.notOpen };
    const claimed = await tx
      .update(courseWaitlist)
      .set({ notifiedAt: now() })
      .where(and(eq(courseWaitlist.courseId, courseId), isNull(courseWaitlist.notifiedAt)))
      .returning({ id: courseWaitlist.id });
    if (claimed.length === 0) return { ok: false, message: waitlistMessages.nobody };
    await queueJobs(claimed.map((w) => ({ kind: "waitlistOpened" as const, waitlistId: w.id })), tx);
    return { ok: true, message: waitlistMessages.queued(claimed.length) };
  });
}

const WAITLIST_CSV_HEADER = ["Correo", "Curso", "Anotado el", "Avisado el"] as const;

/** The list as a spreadsheet (one course, or all), newest first, in constant memory. */
export function waitlistCsvStream(courseId: number | null): ReadableStream<Uint8Array> {
  return keysetCsvStream({
    name: "waitlist",
    header: WAITLIST_CSV_HEADER,
    batchSize: 1000,
    batch: (cursor, limit) =>
      db()
        .select({ id: courseWaitlist.id, email: courseWaitlist.email, title: course.title, createdAt: courseWaitlist.createdAt, notifiedAt: courseWaitlist.notifiedAt, ...cursorColumn(courseWaitlist.createdAt) })
        .from(courseWaitlist)
        .innerJoin(course, eq(course.id, courseWaitlist.courseId))
        .where(and(courseId === null ? undefined : eq(courseWaitlist.courseId, courseId), afterCursor(courseWaitlist.createdAt, courseWaitlist.id, cursor)))
        .orderBy(desc(courseWaitlist.createdAt), desc(courseWaitlist.id))
        .limit(limit),
    line: (r) => csvRow([r.email, r.title, formatDateTime(r.createdAt), r.notifiedAt ? formatDateTime(r.notifiedAt) : ""]),
  });
}

export function waitlistCsvFilename(at = new Date()) {
  return `lista-de-espera-${chileIsoDay(at)}.csv`;
}

/** One address of a list and its course, for the mail that tells it the course opened; null once it was erased. */
export async function waitlistEntry(id: number) {
  const [row] = await db()
    .select({ email: courseWaitlist.email, courseId: course.id, courseTitle: course.title })
    .from(courseWaitlist)
    .innerJoin(course, eq(course.id, courseWaitlist.courseId))
    .where(eq(courseWaitlist.id, id))
    .limit(1);
  return row ?? null;
}
