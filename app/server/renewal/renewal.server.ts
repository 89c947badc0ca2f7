// Renewal (docs/certificate-validity.md, "Renewal"): who may start a new cycle of a course, and how. A learner renews
// by buying the course again (the checkout, commerce/orders: a paid order starts the cycle); a company's manager
// renews selected workers with the company's free seats of that course, in one step. The cycle itself is
// learning/cycles.server.ts.
import { and, eq, inArray } from "drizzle-orm";
import { chileDay } from "~/domain/chile-time";
import { courseContentPath } from "~/domain/course-paths";
import { renewalEligibility, renewalRefusal, type RenewalEligibility } from "~/domain/renewal";
import { now } from "../platform/clock.server";
import { db, type DbOrTx } from "../platform/db/client.server";
import { certificate, company, companyEnrolment, course, enrolment, user } from "../platform/db/schema";
import { liveCycleCertificate } from "../certificates/certificates.server";
import { findEnrolment } from "../learning/enrolments.server";
import { liveCertificate, startNextCycle } from "../learning/cycles.server";
import { freeSeats, lockSeatPool, writeLedger } from "../companies/seats.server";
import { queueCompanyMails } from "../companies/companies.server";

/** The most workers one renewal takes: a page of the matrix. */
export const MAX_RENEWALS_AT_ONCE = 100;

export type LearnerRenewal =
  | { kind: "not-enrolled" }
  | { kind: "renewable" }
  | { kind: "refused"; eligibility: Exclude<RenewalEligibility, { ok: true }>; message: string };

/** Whether this learner may buy the course now: not enrolled (a first purchase), or due for renewal. */
export async function learnerRenewal(userId: string, courseId: number, tx: DbOrTx = db()): Promise<LearnerRenewal> {
  const enrolled = await findEnrolment(userId, courseId, tx);
  if (!enrolled) return { kind: "not-enrolled" };
  const eligibility = renewalEligibility(await liveCertificate(tx, enrolled.id), chileDay(now()));
  return eligibility.ok ? { kind: "renewable" } : { kind: "refused", eligibility, message: renewalRefusal(eligibility) };
}

export const renewalSeatMessages = {
  noneSelected: "Selecciona al menos un trabajador para renovar.",
  tooMany: `Puedes renovar hasta ${MAX_RENEWALS_AT_ONCE} trabajadores a la vez.`,
  noneRenewable: "Ninguno de los trabajadores seleccionados puede renovar este curso todavía: se renueva desde 90 días antes del vencimiento.",
} as const;

export type WorkerRenewalResult =
  | { ok: true; renewed: number; skipped: number }
  | { ok: false; reason: "invalid"; message: string }
  | { ok: false; reason: "seats"; needed: number; free: number; missing: number };

/**
 * A manager renews the selected workers of one course with the company's free seats of it: one seat each, taken
 * from the ledger in the same transaction that starts their cycles. All or nothing: with fewer seats free than
 * workers due, nobody is renewed and the answer says how many are missing. Workers not due yet (or already
 * renewing) are skipped and counted. The pool's lock serialises two managers; the enrolment's lock in
 * startNextCycle makes a worker renewed twice at once renew once.
 */
export async function renewWorkers(input: { companyId: number; courseId: number; userIds: string[]; byUserId: string }): Promise<WorkerRenewalResult> {
  const ids = [...new Set(input.userIds)];
  if (ids.length === 0) return { ok: false, reason: "invalid", message: renewalSeatMessages.noneSelected };
  if (ids.length > MAX_RENEWALS_AT_ONCE) return { ok: false, reason: "invalid", message: renewalSeatMessages.tooMany };
  const result = await db().transaction(async (tx) => {
    await lockSeatPool(tx, input.companyId, input.courseId);
    // Only this company's workers of this course: another company's, or a learner on their own, is not selectable.
    const rows = await tx
      .select({
        enrolmentId: companyEnrolment.enrolmentId,
        email: user.email,
        name: user.name,
        validUntil: certificate.validUntil,
        revokedAt: certificate.revokedAt,
        certificateId: certificate.id,
      })
      .from(companyEnrolment)
      .innerJoin(user, eq(user.id, companyEnrolment.userId))
      .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
      .leftJoin(certificate, liveCycleCertificate)
      .where(and(eq(companyEnrolment.companyId, input.companyId), eq(companyEnrolment.courseId, input.courseId), inArray(companyEnrolment.userId, ids)))
      .orderBy(companyEnrolment.enrolmentId)
      .for("update", { of: companyEnrolment });
    const today = chileDay(now());
    const due = rows.filter((r) => renewalEligibility(r.certificateId === null ? null : r, today).ok);
    if (due.length === 0) return { ok: false as const, reason: "invalid" as const, message: renewalSeatMessages.noneRenewable };
    const free = await freeSeats(tx, input.companyId, input.courseId);
    if (free < due.length) return { ok: false as const, reason: "seats" as const, needed: due.length, free, missing: due.length - free };
    const renewed = [];
    for (const r of due) {
      const started = await startNextCycle(tx, { enrolmentId: r.enrolmentId, via: "seat", companyId: input.companyId, byUserId: input.byUserId });
      if (started.ok) renewed.push(r);
    }
    if (renewed.length > 0) {
      await writeLedger(tx, { companyId: input.companyId, courseId: input.courseId, delta: -renewed.length, kind: "renewal", byUserId: input.byUserId });
      const [names] = await tx
        .select({ companyName: company.name, courseTitle: course.title })
        .from(company)
        .innerJoin(course, eq(course.id, input.courseId))
        .where(eq(company.id, input.companyId))
        .limit(1);
      if (names) {
        await queueCompanyMails(
          tx,
          renewed.map((r) => ({
            to: r.email,
            message: {
              kind: "companyEnrolment" as const,
              name: r.name,
              companyName: names.companyName,
              course: { id: input.courseId, title: names.courseTitle },
              startPath: courseContentPath(input.courseId),
              renewal: true,
            },
          })),
        );
      }
    }
    return { ok: true as const, renewed: renewed.length, skipped: ids.length - renewed.length };
  });
  return result;
}
