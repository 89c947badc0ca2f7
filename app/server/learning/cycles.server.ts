// Renewal cycles (docs/certificate-validity.md, "Renewal"): renewing a course keeps the learner's one enrolment and
// starts its next cycle. In one transaction the ending cycle is written to enrolment_cycle as it stood (dates,
// progress, modules, exam, certificate, how it was renewed), its lesson completions move to enrolment_cycle_lesson,
// its exam attempts are stamped with the cycle they belonged to, and the enrolment starts afresh. Nothing of the
// ended cycle is deleted or rewritten: its certificate stays verifiable, shown as "renovado".
//
// Here, below commerce and companies, because paying an order and spending a company's seat both start a cycle;
// who may renew what, and the seats, are renewal's (app/server/renewal/).
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../platform/db/client.server";
import { certificate, courseModule, enrolment, enrolmentCycle, enrolmentCycleLesson, examAttempt, lesson, lessonCompletion } from "../platform/db/schema";
import { now } from "../platform/clock.server";
import { chileDay } from "~/domain/chile-time";
import { renewalEligibility, type RenewalEligibility } from "~/domain/renewal";

export type RenewalVia = "purchase" | "seat";

export interface StartCycleInput {
  enrolmentId: number;
  via: RenewalVia;
  orderId?: number | null;
  companyId?: number | null;
  byUserId?: string | null;
}

export type StartCycleResult =
  | { ok: true; cycle: number; endedCertificateId: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-renewable"; eligibility: Exclude<RenewalEligibility, { ok: true }> };

/** The live cycle's certificate of an enrolment (null while the cycle has none), with what renewal needs. */
export async function liveCertificate(tx: Pick<Tx, "select">, enrolmentId: number) {
  const [row] = await tx
    .select({ id: certificate.id, validUntil: certificate.validUntil, revokedAt: certificate.revokedAt })
    .from(certificate)
    .innerJoin(enrolment, and(eq(enrolment.id, certificate.enrolmentId), eq(enrolment.cycle, certificate.cycle)))
    .where(eq(certificate.enrolmentId, enrolmentId))
    .limit(1);
  return row ?? null;
}

/**
 * Ends the enrolment's live cycle and starts the next, inside the caller's transaction (the payment or the seat that
 * pays for it). The enrolment row is locked first: two renewals at once queue, and the second finds a cycle with no
 * certificate yet, so it is refused and starts nothing.
 */
export async function startNextCycle(tx: Tx, input: StartCycleInput): Promise<StartCycleResult> {
  const [live] = await tx.select().from(enrolment).where(eq(enrolment.id, input.enrolmentId)).for("update");
  if (!live) return { ok: false, reason: "not-found" };
  const at = now();
  const cert = await liveCertificate(tx, live.id);
  const eligibility = renewalEligibility(cert, chileDay(at));
  if (!eligibility.ok) return { ok: false, reason: "not-renewable", eligibility };

  await tx.insert(enrolmentCycle).values({
    enrolmentId: live.id,
    cycle: live.cycle,
    enrolledAt: live.enrolledAt,
    completedAt: live.completedAt,
    progress: live.progress,
    modulesDone: live.modulesDone,
    examPassed: live.examPassed,
    certificateId: cert!.id,
    endedAt: at,
    renewedVia: input.via,
    orderId: input.orderId ?? null,
    companyId: input.companyId ?? null,
    byUserId: input.byUserId ?? null,
  });
  await tx.execute(sql`
    insert into ${enrolmentCycleLesson} (enrolment_id, cycle, lesson_id, completed_at)
    select ${lessonCompletion.enrolmentId}, ${live.cycle}, ${lessonCompletion.lessonId}, ${lessonCompletion.completedAt}
    from ${lessonCompletion} where ${lessonCompletion.enrolmentId} = ${live.id}`);
  const courseLessons = tx
    .select({ id: lesson.id })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .where(eq(courseModule.courseId, live.courseId));
  await Promise.all([
    tx.delete(lessonCompletion).where(eq(lessonCompletion.enrolmentId, live.id)),
    // Open attempts too: a half-answered exam of the ended cycle is not resumed in the new one.
    tx
      .update(examAttempt)
      .set({ endedCycle: live.cycle })
      .where(and(eq(examAttempt.userId, live.userId), isNull(examAttempt.endedCycle), inArray(examAttempt.lessonId, courseLessons))),
  ]);
  const next = live.cycle + 1;
  await tx
    .update(enrolment)
    .set({ cycle: next, enrolledAt: at, progress: 0, completedAt: null, lastLessonId: null, modulesDone: [], examPassed: false })
    .where(eq(enrolment.id, live.id));
  return { ok: true, cycle: next, endedCertificateId: cert!.id };
}
