// The academy's view of certificates about to expire (docs/certificate-validity.md): how many current certificates
// reach their last valid day within the next N days, by course and by the company that enrolled the holder (or none:
// a learner on their own). One grouped query over the certificates' last-valid-day index.
import { and, asc, count, eq, gte, isNull, lte, sql } from "drizzle-orm";
import { addDays, chileDay, isoDay } from "~/domain/chile-time";
import { renewalPrice } from "~/domain/renewal";
import { db } from "../platform/db/client.server";
import { certificate, company, companyEnrolment, course, enrolment } from "../platform/db/schema";
import { now } from "../platform/clock.server";

export interface ExpiringRow {
  courseId: number;
  courseTitle: string;
  companyId: number | null;
  companyName: string | null;
  certificates: number;
  /**
   * What renewing them all would bring, in pesos: a learner on their own pays the course's renewal price, a company
   * buys seats at the course price. Null when the course has no price ('Precio por confirmar').
   */
  revenueClp: number | null;
}

/** Certificates not revoked whose last valid day falls from today through today + `days` (Chile days), grouped. */
export async function expiringCertificates(days: number, at: Date = now()): Promise<{ from: string; to: string; rows: ExpiringRow[] }> {
  const today = chileDay(at);
  const from = isoDay(today);
  const to = isoDay(addDays(today, days));
  const rows = await db()
    .select({
      courseId: course.id,
      courseTitle: course.title,
      companyId: company.id,
      companyName: company.name,
      priceClp: course.priceClp,
      renewalPriceClp: course.renewalPriceClp,
      certificates: count(),
    })
    .from(certificate)
    // A renewed certificate is no longer one to renew: only each enrolment's live cycle counts.
    .innerJoin(enrolment, and(eq(enrolment.id, certificate.enrolmentId), eq(enrolment.cycle, certificate.cycle)))
    .innerJoin(course, eq(course.id, enrolment.courseId))
    .leftJoin(companyEnrolment, eq(companyEnrolment.enrolmentId, certificate.enrolmentId))
    .leftJoin(company, eq(company.id, companyEnrolment.companyId))
    .where(and(isNull(certificate.revokedAt), gte(certificate.validUntil, from), lte(certificate.validUntil, to)))
    .groupBy(course.id, course.title, company.id, company.name)
    .orderBy(asc(course.title), asc(course.id), asc(company.name), asc(company.id))
    .limit(5_000);
  return {
    from,
    to,
    rows: rows.map(({ priceClp, renewalPriceClp, ...r }) => {
      const certificates = Number(r.certificates);
      const unit = priceClp === null ? null : r.companyId === null ? renewalPrice(priceClp, renewalPriceClp) : priceClp;
      return { ...r, certificates, revenueClp: unit === null ? null : unit * certificates };
    }),
  };
}

export interface RenewalRateRow {
  courseId: number;
  courseTitle: string;
  /** Certificates (not revoked) whose last valid day fell in the period. */
  expired: number;
  /** Of those, how many their holder has renewed (a later cycle of the same enrolment was started), by now. */
  renewed: number;
}

/**
 * How many of the certificates that reached their last valid day in the `days` before today were renewed, by
 * course: whether reminders and renewals work. A renewal started before the certificate ran out counts too.
 */
export async function renewalRate(days: number, at: Date = now()): Promise<{ from: string; to: string; rows: RenewalRateRow[] }> {
  const today = chileDay(at);
  const from = isoDay(addDays(today, -days));
  const to = isoDay(addDays(today, -1));
  const rows = await db()
    .select({
      courseId: course.id,
      courseTitle: course.title,
      expired: count(),
      renewed: sql<number>`count(*) filter (where ${enrolment.cycle} > ${certificate.cycle})`,
    })
    .from(certificate)
    .innerJoin(enrolment, eq(enrolment.id, certificate.enrolmentId))
    .innerJoin(course, eq(course.id, enrolment.courseId))
    .where(and(isNull(certificate.revokedAt), gte(certificate.validUntil, from), lte(certificate.validUntil, to)))
    .groupBy(course.id, course.title)
    .orderBy(asc(course.title), asc(course.id))
    .limit(1_000);
  return { from, to, rows: rows.map((r) => ({ ...r, expired: Number(r.expired), renewed: Number(r.renewed) })) };
}
