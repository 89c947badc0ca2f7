// Expiry reminders (docs/certificate-validity.md): at 90, 30 and 7 days before a certificate's last valid day and on
// the day itself, its holder gets a mail; the managers of the company that enrolled a worker get one digest per
// company. The look (jobs/reminders.server.ts) runs every hour by the academy's clock. Each (certificate,
// threshold) is claimed by inserting its certificate_reminder row in the transaction that queues the mail, so two
// processes looking at once, or a look repeated after a restart, queue it once. A look that comes late (the server
// was down) sends only the nearest threshold and claims the earlier ones unmailed. Certificates are read in
// batches, each its own short transaction, so a large academy never holds locks that learners wait on.
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { addDays, chileDay, daysBetween, isoDay, parseIsoDay, type Day } from "~/domain/chile-time";
import { dueReminderThreshold, REMINDER_THRESHOLDS } from "~/domain/certificate-validity";
import { now } from "../platform/clock.server";
import { db } from "../platform/db/client.server";
import { certificate, certificateReminder, company, companyEnrolment, companyManager, course, enrolment, user } from "../platform/db/schema";
import { env } from "../platform/env.server";
import { renderMail } from "../platform/mail/render-mail.server";
import type { Mail } from "../platform/mail/transport.server";
import { queueJobs, type Job } from "../platform/outbox/outbox.server";

export const REMINDER_BATCH = 500;

const daysLeftOf = (validUntil: string, today: Day) => daysBetween(today, parseIsoDay(validUntil)!);

/** The threshold due for a certificate, in SQL: the same rule as `dueReminderThreshold`, to skip those already claimed. */
function dueThresholdSql(today: string) {
  const left = sql`(${certificate.validUntil} - ${today}::date)`;
  const [t90, t30, t7, t0] = REMINDER_THRESHOLDS.map((t) => sql.raw(String(t)));
  return sql`case when ${left} <= ${t0} then ${t0} when ${left} <= ${t7} then ${t7} when ${left} <= ${t30} then ${t30} else ${t90} end`;
}

/** Queues every reminder due now, then the companies' digests; answers how many reminders this call queued. */
export async function queueDueCertificateReminders(batchSize = REMINDER_BATCH): Promise<number> {
  const at = now();
  const today = chileDay(at);
  const todayIso = isoDay(today);
  // A day's grace after the last valid day; nothing for one that expired before.
  const from = isoDay(addDays(today, -1));
  const to = isoDay(addDays(today, REMINDER_THRESHOLDS[0]));
  let after = 0;
  let queued = 0;
  for (;;) {
    const batch = await db().transaction(async (tx) => {
      const rows = await tx
        .select({ id: certificate.id, validUntil: certificate.validUntil, companyId: companyEnrolment.companyId })
        .from(certificate)
        // Only the live cycle's: a certificate whose holder already renewed needs no reminder.
        .innerJoin(enrolment, and(eq(enrolment.id, certificate.enrolmentId), eq(enrolment.cycle, certificate.cycle)))
        .leftJoin(companyEnrolment, eq(companyEnrolment.enrolmentId, certificate.enrolmentId))
        .where(
          and(
            gt(certificate.id, after),
            isNotNull(certificate.validUntil),
            gte(certificate.validUntil, from),
            lte(certificate.validUntil, to),
            isNull(certificate.revokedAt),
            eq(certificate.holderWithheld, false),
            sql`not exists (select 1 from ${certificateReminder} r where r.certificate_id = ${certificate.id} and r.threshold = ${dueThresholdSql(todayIso)})`,
          ),
        )
        .orderBy(asc(certificate.id))
        .limit(batchSize);
      if (rows.length === 0) return { rows: 0, last: after, queued: 0 };
      const due = rows.flatMap((row) => {
        const threshold = dueReminderThreshold(daysLeftOf(row.validUntil!, today));
        return threshold === null ? [] : [{ ...row, threshold }];
      });
      let claimed: { certificateId: number; threshold: number }[] = [];
      if (due.length > 0) {
        claimed = await tx
          .insert(certificateReminder)
          .values(due.map((d) => ({ certificateId: d.id, threshold: d.threshold, sentAt: at, companyId: d.companyId })))
          .onConflictDoNothing()
          .returning({ certificateId: certificateReminder.certificateId, threshold: certificateReminder.threshold });
        // The earlier thresholds a late look passed over: claimed, never mailed.
        const skipped = due.flatMap((d) => REMINDER_THRESHOLDS.filter((t) => t > d.threshold).map((t) => ({ certificateId: d.id, threshold: t, sentAt: at, mailed: false })));
        if (skipped.length > 0) await tx.insert(certificateReminder).values(skipped).onConflictDoNothing();
        await queueJobs(
          claimed.map((c): Job => ({ kind: "certificateExpiryMail", certificateId: c.certificateId, threshold: c.threshold })),
          tx,
        );
      }
      return { rows: rows.length, last: rows[rows.length - 1]!.id, queued: claimed.length };
    });
    queued += batch.queued;
    after = batch.last;
    if (batch.rows < batchSize) break;
  }
  await queueCompanyDigests();
  return queued;
}

/**
 * One digest per company for its reminders not yet in one, to each of its managers. The update that marks them is
 * the claim: two looks at once queue each company's digest once; a look that stopped midway leaves them for the next.
 */
export async function queueCompanyDigests(): Promise<number> {
  const at = now();
  const waiting = await db()
    .selectDistinct({ companyId: certificateReminder.companyId })
    .from(certificateReminder)
    .where(and(isNotNull(certificateReminder.companyId), isNull(certificateReminder.digestedAt)));
  let queued = 0;
  for (const { companyId } of waiting) {
    queued += await db().transaction(async (tx) => {
      const rows = await tx
        .update(certificateReminder)
        .set({ digestedAt: at })
        .where(and(eq(certificateReminder.companyId, companyId!), isNull(certificateReminder.digestedAt)))
        .returning({ certificateId: certificateReminder.certificateId });
      if (rows.length === 0) return 0;
      const managers = await tx.select({ userId: companyManager.userId }).from(companyManager).where(eq(companyManager.companyId, companyId!));
      const certificateIds = [...new Set(rows.map((r) => r.certificateId))];
      await queueJobs(
        managers.map((m): Job => ({ kind: "certificateExpiryDigest", companyId: companyId!, userId: m.userId, certificateIds })),
        tx,
      );
      return managers.length;
    });
  }
  return queued;
}

/** The holder's reminder, rendered when delivered; null when there is nobody to tell (revoked meanwhile, data deleted). */
export async function certificateExpiryMailFor(certificateId: number): Promise<Mail | null> {
  const [row] = await db()
    .select({
      code: certificate.code,
      courseTitle: certificate.courseTitle,
      validUntil: certificate.validUntil,
      revokedAt: certificate.revokedAt,
      withheld: certificate.holderWithheld,
      courseId: enrolment.courseId,
      email: user.email,
      name: user.name,
      renewed: sql<boolean>`${enrolment.cycle} > ${certificate.cycle}`,
    })
    .from(certificate)
    .innerJoin(enrolment, eq(enrolment.id, certificate.enrolmentId))
    .innerJoin(user, eq(user.id, enrolment.userId))
    .where(eq(certificate.id, certificateId))
    .limit(1);
  // Rendered when delivered: one renewed (or revoked) meanwhile is not sent.
  if (!row || !row.validUntil || row.revokedAt || row.withheld || row.renewed) return null;
  const content = await renderMail(
    {
      kind: "certificateExpiry",
      name: row.name,
      courseId: row.courseId,
      courseTitle: row.courseTitle,
      code: row.code,
      validUntil: row.validUntil,
      daysLeft: daysLeftOf(row.validUntil, chileDay(now())),
    },
    { baseUrl: env().PUBLIC_URL },
  );
  return { to: row.email, ...content };
}

/** A company's digest for one manager; null when they no longer manage it or nothing in it still counts. */
export async function certificateExpiryDigestFor(companyId: number, userId: string, certificateIds: number[]): Promise<Mail | null> {
  const [manager] = await db()
    .select({ email: user.email, name: user.name, companyName: company.name })
    .from(companyManager)
    .innerJoin(user, eq(user.id, companyManager.userId))
    .innerJoin(company, eq(company.id, companyManager.companyId))
    .where(and(eq(companyManager.companyId, companyId), eq(companyManager.userId, userId)))
    .limit(1);
  if (!manager || certificateIds.length === 0) return null;
  const workers = await db()
    .select({ name: user.name, courseTitle: course.title, validUntil: certificate.validUntil })
    .from(certificate)
    .innerJoin(companyEnrolment, and(eq(companyEnrolment.enrolmentId, certificate.enrolmentId), eq(companyEnrolment.companyId, companyId)))
    .innerJoin(enrolment, and(eq(enrolment.id, certificate.enrolmentId), eq(enrolment.cycle, certificate.cycle)))
    .innerJoin(course, eq(course.id, companyEnrolment.courseId))
    .innerJoin(user, eq(user.id, companyEnrolment.userId))
    .where(and(inArray(certificate.id, certificateIds), isNull(certificate.revokedAt), isNotNull(certificate.validUntil), eq(certificate.holderWithheld, false)))
    .orderBy(asc(certificate.validUntil), asc(user.name));
  if (workers.length === 0) return null;
  const content = await renderMail(
    {
      kind: "certificateExpiryDigest",
      name: manager.name,
      companyId,
      companyName: manager.companyName,
      workers: workers.map((w) => ({ name: w.name, courseTitle: w.courseTitle, validUntil: w.validUntil! })),
    },
    { baseUrl: env().PUBLIC_URL },
  );
  return { to: manager.email, ...content };
}
