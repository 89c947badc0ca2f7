// An admin removes an enrolment (with its completions and certificate, by cascade). The rule that matters here
// is the company's: an enrolment a company paid a seat for gives the seat back, in the same transaction.
import { eq } from "drizzle-orm";
import type { ActionResult } from "~/domain/action-result";
import { adminEnrolmentMessages, getEnrolmentSummary } from "../learning/admin-enrolments.server";
import { db } from "../platform/db/client.server";
import { companyEnrolment, enrolment } from "../platform/db/schema";
import { logger } from "../platform/logger.server";
import { recordAudit } from "../platform/audit.server";
import { lockSeatPool, writeLedger } from "./seats.server";

/** Removes an enrolment; one a company paid a seat for gives the seat back to that company, in the same transaction. */
export async function removeEnrolment(id: number, byUserId: string | null = null): Promise<ActionResult> {
  const summary = await getEnrolmentSummary(id);
  if (!summary) return { ok: false, message: adminEnrolmentMessages.notFound };
  const removed = await db().transaction(async (tx) => {
    const [seat] = await tx
      .select({ companyId: companyEnrolment.companyId, courseId: companyEnrolment.courseId })
      .from(companyEnrolment)
      .where(eq(companyEnrolment.enrolmentId, id));
    if (seat) await lockSeatPool(tx, seat.companyId, seat.courseId);
    const deleted = await tx.delete(enrolment).where(eq(enrolment.id, id)).returning({ id: enrolment.id });
    if (deleted.length === 0) return false;
    if (seat) {
      await writeLedger(tx, { ...seat, delta: 1, kind: "removal", reason: `${summary.userName} (${summary.courseTitle})`, byUserId });
    }
    await recordAudit(tx, {
      actorId: byUserId,
      action: "enrolment.removed",
      subject: { type: "enrolment", id, label: summary.userEmail },
      before: { courseId: summary.courseId },
      note: summary.courseTitle,
    });
    return true;
  });
  if (!removed) return { ok: false, message: adminEnrolmentMessages.notFound };
  logger.info({ enrolmentId: id, courseId: summary.courseId }, "admin removed an enrolment");
  return { ok: true, message: adminEnrolmentMessages.removed(summary.userName, summary.courseTitle) };
}
