// A company's manager ends the company's processing of its workers' data (docs/privacy.md, "Company workers"): the
// company is the controller of what it asked the academy to do for it, and it may end that. In one transaction:
// the links between the company and its workers' enrolments end (its managers no longer see those workers, their
// progress or certificates), its open worker invitations are revoked with their seats given back, what the
// company typed about the people it invited is cleared, and its monthly compliance snapshots (which name them) go. The workers keep their accounts, enrolments, progress and
// certificates: those are theirs. Orders, seats and tax documents stay (Código Tributario), and so do SENCE actions
// with their attendance (Ley 19.518: the franquicia the company claims rests on them).
import { and, asc, countDistinct, eq, isNull, sql } from "drizzle-orm";
import type { ActionResult } from "~/domain/action-result";
import { relationshipMessages, type RelationshipSummary } from "~/domain/privacy";
import { db, type DbOrTx } from "../platform/db/client.server";
import { company, companyEnrolment, companyInvitation, companyManager, complianceSnapshot } from "../platform/db/schema";
import { now } from "../platform/clock.server";
import { recordAudit } from "../platform/audit.server";
import { lockSeatPool, writeLedger } from "../companies/seats.server";

const openWorkerInvitations = (companyId: number) =>
  and(eq(companyInvitation.companyId, companyId), eq(companyInvitation.kind, "worker"), isNull(companyInvitation.acceptedAt), isNull(companyInvitation.revokedAt));

/** What ending the relationship would end now (the confirmation page says it). */
export async function relationshipSummary(companyId: number, tx: DbOrTx = db()): Promise<RelationshipSummary> {
  const [links] = await tx
    .select({ workers: countDistinct(companyEnrolment.userId), enrolments: sql<number>`count(*)::int` })
    .from(companyEnrolment)
    .where(eq(companyEnrolment.companyId, companyId));
  const [invitations] = await tx.select({ n: sql<number>`count(*)::int` }).from(companyInvitation).where(openWorkerInvitations(companyId));
  return { workers: Number(links?.workers ?? 0), enrolments: Number(links?.enrolments ?? 0), openInvitations: Number(invitations?.n ?? 0) };
}

/**
 * Ends the company's links to its workers, for one of its managers (an admin who is not one is refused: the decision
 * is the company's). Idempotent: the company row is locked, so a double submit waits and then finds nothing left.
 */
export async function endCompanyRelationship(companyId: number, managerId: string): Promise<ActionResult<{ summary: RelationshipSummary }>> {
  return db().transaction(async (tx) => {
    const [locked] = await tx.select({ id: company.id }).from(company).where(eq(company.id, companyId)).for("update");
    if (!locked) return { ok: false as const, message: "La empresa no existe.", status: 404 };
    const [isManager] = await tx
      .select({ userId: companyManager.userId })
      .from(companyManager)
      .where(and(eq(companyManager.companyId, companyId), eq(companyManager.userId, managerId)));
    if (!isManager) return { ok: false as const, message: relationshipMessages.notManager, status: 403 };

    const links = await tx.delete(companyEnrolment).where(eq(companyEnrolment.companyId, companyId)).returning({ userId: companyEnrolment.userId });
    // Open invitations give their seat back, each course's pool locked first (the order every seat change locks in).
    const open = await tx.select({ id: companyInvitation.id, courseId: companyInvitation.courseId }).from(companyInvitation).where(openWorkerInvitations(companyId)).orderBy(asc(companyInvitation.courseId));
    const at = now();
    for (const courseId of [...new Set(open.map((i) => i.courseId).filter((c): c is number => c !== null))]) {
      await lockSeatPool(tx, companyId, courseId);
      const revoked = await tx
        .update(companyInvitation)
        .set({ revokedAt: at })
        .where(and(openWorkerInvitations(companyId), eq(companyInvitation.courseId, courseId)))
        .returning({ id: companyInvitation.id });
      if (revoked.length) await writeLedger(tx, { companyId, courseId, delta: revoked.length, kind: "revocation", reason: "Término del tratamiento de datos de los trabajadores", byUserId: managerId });
    }
    // What the company typed about each worker it invited (name, e-mail, RUT) is the company's data: it goes too.
    const cleared = await tx
      .update(companyInvitation)
      .set({ name: "Invitación cerrada", email: sql`'invitacion-' || ${companyInvitation.id} || '@cerrada.invalid'`, rut: null })
      .where(and(eq(companyInvitation.companyId, companyId), eq(companyInvitation.kind, "worker"), sql`${companyInvitation.email} not like '%@cerrada.invalid'`))
      .returning({ id: companyInvitation.id });

    // The monthly snapshots of its compliance matrix name those workers: they are the company's record, and end with
    // the processing (their rows go with them, on delete cascade).
    const snapshots = await tx.delete(complianceSnapshot).where(eq(complianceSnapshot.companyId, companyId)).returning({ id: complianceSnapshot.id });

    const summary: RelationshipSummary = { workers: new Set(links.map((l) => l.userId)).size, enrolments: links.length, openInvitations: open.length };
    if (links.length === 0 && open.length === 0 && cleared.length === 0 && snapshots.length === 0) return { ok: false as const, message: relationshipMessages.nothingLeft, status: 409 };
    await recordAudit(tx, {
      actorId: managerId,
      action: "privacy.company_relationship_ended",
      subject: { type: "company", id: companyId },
      after: { workers: summary.workers, enrolments: summary.enrolments, invitations: summary.openInvitations, invitationsCleared: cleared.length, snapshotsDeleted: snapshots.length },
    });
    return { ok: true as const, message: relationshipMessages.done(summary), summary };
  });
}
