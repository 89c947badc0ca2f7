// The automatic nudges a company may switch on (docs/admin-guide.md, "Empresas") and the managers' daily digest of
// the workers who completed. The look (jobs/nudges.server.ts) runs every hour by the academy's clock. Each
// (enrolment, rule) is claimed by inserting its company_nudge row in the transaction that queues the mail, so two
// processes looking at once, or a look repeated after a restart, queue it once; a look that comes late (the server
// was down) sends what is due now and claims, unmailed, the 'before-due' nudge an 'overdue' one overtook. The
// enrolments are read in batches, each its own short transaction.
import { and, asc, eq, gt, gte, inArray, isNull, sql } from "drizzle-orm";
import { addDays, chileDay, chileDayStart, chileIsoDay, isoDay } from "~/domain/chile-time";
import { dueNudges, NUDGE_DAY_CHOICES, NUDGES_OFF, type NudgeRule, type NudgeSettings } from "~/domain/company-follow-up";
import { courseContentPath } from "~/domain/course-paths";
import { modulesProgressLabel } from "~/domain/progress";
import { now } from "../platform/clock.server";
import { db } from "../platform/db/client.server";
import {
  company,
  companyCompletionDigest,
  companyEnrolment,
  companyManager,
  companyNudge,
  companyNudgeSetting,
  course,
  courseModule,
  enrolment,
  examAttempt,
  lesson,
  lessonCompletion,
  user,
} from "../platform/db/schema";
import { env } from "../platform/env.server";
import { renderMail } from "../platform/mail/render-mail.server";
import type { Mail } from "../platform/mail/transport.server";
import { queueJobs, type Job } from "../platform/outbox/outbox.server";
import { enrolmentStarted } from "./started.server";

export const NUDGE_BATCH = 500;

/** How far back a completion still reaches the managers' digest (a look after a long outage does not dig up old ones). */
export const COMPLETION_LOOKBACK_DAYS = 7;

export async function nudgeSettings(companyId: number): Promise<NudgeSettings> {
  const [row] = await db().select().from(companyNudgeSetting).where(eq(companyNudgeSetting.companyId, companyId)).limit(1);
  return row ? { inactiveDays: row.inactiveDays, beforeDueDays: row.beforeDueDays, overdue: row.overdue } : NUDGES_OFF;
}

export async function saveNudgeSettings(companyId: number, s: NudgeSettings, byUserId: string): Promise<void> {
  const allowed = (v: number | null) => (v === null || (NUDGE_DAY_CHOICES as readonly number[]).includes(v) ? v : null);
  const values = { inactiveDays: allowed(s.inactiveDays), beforeDueDays: allowed(s.beforeDueDays), overdue: s.overdue, updatedBy: byUserId, updatedAt: now() };
  await db()
    .insert(companyNudgeSetting)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: companyNudgeSetting.companyId, set: values });
}

/** Whether this manager gets the daily digest of completions; null for someone who does not manage the company. */
export async function completionDigestOf(companyId: number, userId: string): Promise<boolean | null> {
  const [row] = await db()
    .select({ on: companyManager.completionDigest })
    .from(companyManager)
    .where(and(eq(companyManager.companyId, companyId), eq(companyManager.userId, userId)))
    .limit(1);
  return row ? row.on : null;
}

/** A manager turns their own digest on or off; false when they do not manage the company (an admin looking). */
export async function setCompletionDigest(companyId: number, userId: string, on: boolean): Promise<boolean> {
  const rows = await db()
    .update(companyManager)
    .set({ completionDigest: on })
    .where(and(eq(companyManager.companyId, companyId), eq(companyManager.userId, userId)))
    .returning({ userId: companyManager.userId });
  return rows.length > 0;
}

/** The moment of a worker's last step in the course: enrolled, a lesson done, an exam answered. */
const lastActivity = sql<Date | string>`greatest(
  ${enrolment.enrolledAt},
  (select max(${lessonCompletion.completedAt}) from ${lessonCompletion} where ${lessonCompletion.enrolmentId} = ${enrolment.id}),
  (select max(${examAttempt.submittedAt}) from ${examAttempt} where ${examAttempt.userId} = ${enrolment.userId} and ${examAttempt.lessonId} in
    (select ${lesson.id} from ${lesson} inner join ${courseModule} on ${courseModule.id} = ${lesson.moduleId} where ${courseModule.courseId} = ${enrolment.courseId})))`;

const claimed = (rule: NudgeRule | "completed") => sql`exists (select 1 from ${companyNudge} n where n.enrolment_id = ${enrolment.id} and n.rule = ${rule})`;

/** Queues every nudge due now, then the completions and the managers' digests; answers how many nudges it queued. */
export async function queueDueNudges(batchSize = NUDGE_BATCH): Promise<number> {
  const at = now();
  const today = chileDay(at);
  const todayIso = isoDay(today);
  // A coarse bound for "N days without activity" (the exact Chile-day rule is applied to what it lets through): an
  // hour of slack for the day a clock change makes 23 or 25 hours long.
  const tomorrowStart = chileDayStart(addDays(today, 1)).toISOString();
  let after = 0;
  let queued = 0;
  for (;;) {
    const batch = await db().transaction(async (tx) => {
      const rows = await tx
        .select({
          id: companyEnrolment.id,
          enrolmentId: enrolment.id,
          companyId: companyEnrolment.companyId,
          dueOn: companyEnrolment.dueOn,
          inactiveDays: companyNudgeSetting.inactiveDays,
          beforeDueDays: companyNudgeSetting.beforeDueDays,
          overdue: companyNudgeSetting.overdue,
          lastActivity,
        })
        .from(companyEnrolment)
        .innerJoin(companyNudgeSetting, eq(companyNudgeSetting.companyId, companyEnrolment.companyId))
        .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
        .innerJoin(user, eq(user.id, companyEnrolment.userId))
        .where(
          and(
            gt(companyEnrolment.id, after),
            isNull(enrolment.completedAt),
            isNull(user.deletedAt),
            sql`(
              (${companyNudgeSetting.inactiveDays} is not null and not ${claimed("inactive")}
                and ${lastActivity} < ${tomorrowStart}::timestamptz - ${companyNudgeSetting.inactiveDays} * interval '1 day' + interval '1 hour')
              or (${companyNudgeSetting.overdue} and ${companyEnrolment.dueOn} < ${todayIso}::date and not ${claimed("overdue")})
              or (${companyNudgeSetting.beforeDueDays} is not null and ${companyEnrolment.dueOn} >= ${todayIso}::date
                and ${companyEnrolment.dueOn} <= ${todayIso}::date + ${companyNudgeSetting.beforeDueDays} and not ${claimed("before-due")})
            )`,
          ),
        )
        .orderBy(asc(companyEnrolment.id))
        .limit(batchSize);
      if (rows.length === 0) return { rows: 0, last: after, queued: 0 };
      const due = rows.flatMap((r) => {
        const last = r.lastActivity instanceof Date ? r.lastActivity : new Date(r.lastActivity);
        const rules = dueNudges({ inactiveDays: r.inactiveDays, beforeDueDays: r.beforeDueDays, overdue: r.overdue }, { dueOn: r.dueOn, lastActivityDay: chileIsoDay(last) }, todayIso);
        return rules.map((rule) => ({ enrolmentId: r.enrolmentId, companyId: r.companyId, rule }));
      });
      let won: { enrolmentId: number; rule: string }[] = [];
      if (due.length > 0) {
        won = await tx
          .insert(companyNudge)
          .values(due.map((d) => ({ ...d, sentAt: at })))
          .onConflictDoNothing()
          .returning({ enrolmentId: companyNudge.enrolmentId, rule: companyNudge.rule });
        // The date passed before its 'before-due' nudge went out (a late look, or a date set inside the window it
        // already missed): that one is claimed unmailed, so the worker never gets it after the 'overdue' one.
        const overtaken = due.filter((d) => d.rule === "overdue").map((d) => ({ enrolmentId: d.enrolmentId, companyId: d.companyId, rule: "before-due", sentAt: at, mailed: false }));
        if (overtaken.length > 0) await tx.insert(companyNudge).values(overtaken).onConflictDoNothing();
        await queueJobs(
          won.map((w): Job => ({ kind: "companyNudgeMail", enrolmentId: w.enrolmentId, rule: w.rule as NudgeRule })),
          tx,
        );
      }
      return { rows: rows.length, last: rows[rows.length - 1]!.id, queued: won.length };
    });
    queued += batch.queued;
    after = batch.last;
    if (batch.rows < batchSize) break;
  }
  await claimCompletions(batchSize);
  await queueCompletionDigests();
  return queued;
}

/** Marks the company workers who completed lately, for the managers' digest (once per enrolment). */
async function claimCompletions(batchSize: number): Promise<void> {
  const at = now();
  const since = new Date(at.getTime() - COMPLETION_LOOKBACK_DAYS * 24 * 3600 * 1000);
  for (;;) {
    const rows = await db()
      .select({ enrolmentId: enrolment.id, companyId: companyEnrolment.companyId })
      .from(companyEnrolment)
      .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
      .where(and(gte(enrolment.completedAt, since), sql`not ${claimed("completed")}`))
      .orderBy(asc(enrolment.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    await db()
      .insert(companyNudge)
      .values(rows.map((r) => ({ ...r, rule: "completed", sentAt: at })))
      .onConflictDoNothing();
    if (rows.length < batchSize) return;
  }
}

/**
 * One digest per company and Chile day, to each manager who did not turn it off, of the completions not yet in one.
 * The day's row is the claim (two looks at once queue it once); completions after it wait for the next day's.
 */
export async function queueCompletionDigests(): Promise<number> {
  const at = now();
  const today = chileIsoDay(at);
  const waiting = await db()
    .selectDistinct({ companyId: companyNudge.companyId })
    .from(companyNudge)
    .where(and(eq(companyNudge.rule, "completed"), isNull(companyNudge.digestedAt)));
  let queued = 0;
  for (const { companyId } of waiting) {
    queued += await db().transaction(async (tx) => {
      const day = await tx.insert(companyCompletionDigest).values({ companyId, day: today, sentAt: at }).onConflictDoNothing().returning({ companyId: companyCompletionDigest.companyId });
      if (day.length === 0) return 0;
      const rows = await tx
        .update(companyNudge)
        .set({ digestedAt: at })
        .where(and(eq(companyNudge.companyId, companyId), eq(companyNudge.rule, "completed"), isNull(companyNudge.digestedAt)))
        .returning({ enrolmentId: companyNudge.enrolmentId });
      if (rows.length === 0) return 0;
      const managers = await tx
        .select({ userId: companyManager.userId })
        .from(companyManager)
        .where(and(eq(companyManager.companyId, companyId), eq(companyManager.completionDigest, true)));
      const enrolmentIds = rows.map((r) => r.enrolmentId);
      await queueJobs(
        managers.map((m): Job => ({ kind: "companyCompletionDigestMail", companyId, userId: m.userId, enrolmentIds })),
        tx,
      );
      return managers.length;
    });
  }
  return queued;
}

/** A worker's nudge, rendered when delivered; null when it no longer applies (finished, left, or the rule was switched off). */
export async function nudgeMailFor(enrolmentId: number, rule: NudgeRule): Promise<Mail | null> {
  const [row] = await db()
    .select({
      name: user.name,
      email: user.email,
      deletedAt: user.deletedAt,
      completedAt: enrolment.completedAt,
      progress: enrolment.progress,
      done: sql<number>`cardinality(${enrolment.modulesDone})`,
      total: sql<number>`(select count(*)::int from ${courseModule} m where m.course_id = ${enrolment.courseId})`,
      started: enrolmentStarted(enrolment.id),
      courseId: course.id,
      courseTitle: course.title,
      companyName: company.name,
      dueOn: companyEnrolment.dueOn,
      inactiveDays: companyNudgeSetting.inactiveDays,
      beforeDueDays: companyNudgeSetting.beforeDueDays,
      overdue: companyNudgeSetting.overdue,
    })
    .from(companyEnrolment)
    .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
    .innerJoin(user, eq(user.id, companyEnrolment.userId))
    .innerJoin(course, eq(course.id, companyEnrolment.courseId))
    .innerJoin(company, eq(company.id, companyEnrolment.companyId))
    .leftJoin(companyNudgeSetting, eq(companyNudgeSetting.companyId, companyEnrolment.companyId))
    .where(eq(companyEnrolment.enrolmentId, enrolmentId))
    .limit(1);
  if (!row || row.completedAt || row.deletedAt) return null;
  const on = rule === "inactive" ? row.inactiveDays !== null : rule === "before-due" ? row.beforeDueDays !== null && row.dueOn !== null : row.overdue === true && row.dueOn !== null;
  if (!on) return null;
  const content = await renderMail(
    {
      kind: "companyNudge",
      rule,
      name: row.name,
      companyName: row.companyName,
      course: { id: row.courseId, title: row.courseTitle },
      startPath: courseContentPath(row.courseId),
      progress: row.started ? modulesProgressLabel(Number(row.done ?? 0), Number(row.total), row.progress) : null,
      dueOn: row.dueOn,
      inactiveDays: row.inactiveDays,
    },
    { baseUrl: env().PUBLIC_URL },
  );
  return { to: row.email, ...content };
}

/** A company's digest of completions for one manager; null when they no longer manage it or turned it off. */
export async function completionDigestFor(companyId: number, userId: string, enrolmentIds: number[]): Promise<Mail | null> {
  const [manager] = await db()
    .select({ email: user.email, name: user.name, companyName: company.name, on: companyManager.completionDigest })
    .from(companyManager)
    .innerJoin(user, eq(user.id, companyManager.userId))
    .innerJoin(company, eq(company.id, companyManager.companyId))
    .where(and(eq(companyManager.companyId, companyId), eq(companyManager.userId, userId)))
    .limit(1);
  if (!manager || !manager.on || enrolmentIds.length === 0) return null;
  const workers = await db()
    .select({ name: user.name, courseTitle: course.title, completedAt: enrolment.completedAt })
    .from(companyEnrolment)
    .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
    .innerJoin(user, eq(user.id, companyEnrolment.userId))
    .innerJoin(course, eq(course.id, companyEnrolment.courseId))
    .where(and(eq(companyEnrolment.companyId, companyId), inArray(companyEnrolment.enrolmentId, enrolmentIds), isNull(user.deletedAt)))
    .orderBy(asc(course.title), asc(user.name));
  const done = workers.filter((w) => w.completedAt !== null);
  if (done.length === 0) return null;
  const content = await renderMail(
    {
      kind: "companyCompletionDigest",
      name: manager.name,
      companyId,
      companyName: manager.companyName,
      workers: done.map((w) => ({ name: w.name, courseTitle: w.courseTitle, completedAt: w.completedAt! })),
    },
    { baseUrl: env().PUBLIC_URL },
  );
  return { to: manager.email, ...content };
}
