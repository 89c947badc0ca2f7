// The academy's view of certificates about to expire (docs/certificate-validity.md): how many current certificates
// reach their last valid day within the next N days, by course and by the company that enrolled the holder (or none:
// a learner on their own). One grouped query over the certificates' last-valid-day index.
import { and, asc, count, eq, gte, isNull, lte } from "drizzle-orm";
import { addDays, chileDay, isoDay } from "~/domain/chile-time";
import { db } from "../platform/db/client.server";
import { certificate, company, companyEnrolment, course, enrolment } from "../platform/db/schema";
import { now } from "../platform/clock.server";

export interface ExpiringRow {
  courseId: number;
  courseTitle: string;
  companyId: number | null;
  companyName: string | null;
  certificates: number;
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
  return { from, to, rows: rows.map((r) => ({ ...r, certificates: Number(r.certificates) })) };
}
