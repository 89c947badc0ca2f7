// A company's workers (docs/decisions.md E2): inviting one (the invitation holds a seat until the person accepts it,
// signed in or with a new account, or it is revoked), resending and revoking invitations.
// Accepting one is in companies/invitations.server.ts, the manager's tables in companies/worker-tables.server.ts.
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { companyMessages as M, INVITATION_TTL_MS, type WorkerInput } from "~/domain/companies";
import { db, type Tx } from "../platform/db/client.server";
import { company, companyEnrolment, companyInvitation, course, user } from "../platform/db/schema";
import { invitationPath, newInvitationToken, queueCompanyMail } from "./companies.server";
import { lockSeatPool, takeSeats, writeLedger } from "./seats.server";
import type { ActionResult } from "~/domain/action-result";

/** Rolls a transaction back with a message for the person (never a 500). */
export class Refusal extends Error {
  constructor(
    readonly field: "name" | "email" | "rut" | "form",
    message: string,
  ) {
    super(message);
  }
}

export type EnrolWorkerResult =
  | { ok: true; kind: "invited"; message: string }
  | { ok: false; field: "name" | "email" | "rut" | "form"; message: string };

async function publishedCourse(tx: Tx, courseId: number) {
  const [row] = await tx
    .select({ id: course.id, title: course.title })
    .from(course)
    .where(and(eq(course.id, courseId), eq(course.status, "published")))
    .limit(1);
  return row ?? null;
}

export async function rutHolder(tx: Tx, rut: string, exceptUserId: string | null) {
  const [row] = await tx
    .select({ id: user.id })
    .from(user)
    .where(exceptUserId ? and(eq(user.rut, rut), ne(user.id, exceptUserId)) : eq(user.rut, rut))
    .limit(1);
  return row ?? null;
}

/** This company's open invitation of the e-mail to the course (another company's is none of its business). */
async function openWorkerInvitation(tx: Tx, companyId: number, courseId: number, email: string) {
  const [row] = await tx
    .select({ id: companyInvitation.id })
    .from(companyInvitation)
    .where(
      and(
        eq(companyInvitation.kind, "worker"),
        eq(companyInvitation.companyId, companyId),
        eq(companyInvitation.courseId, courseId),
        eq(companyInvitation.email, email),
        isNull(companyInvitation.acceptedAt),
        isNull(companyInvitation.revokedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Whether this company already enrolled the e-mail's account in the course. */
async function enrolledByCompany(tx: Tx, companyId: number, courseId: number, email: string) {
  const [row] = await tx
    .select({ id: companyEnrolment.id })
    .from(companyEnrolment)
    .innerJoin(user, eq(user.id, companyEnrolment.userId))
    .where(and(eq(companyEnrolment.companyId, companyId), eq(companyEnrolment.courseId, courseId), eq(sql`lower(${user.email})`, email)))
    .limit(1);
  return row ?? null;
}

/**
 * Invites one worker to the course through the company, holding one seat, in one transaction with its mail. Every
 * e-mail is invited, with an account or without: enrolling someone is their decision, taken when they accept
 * (companies/invitations.server.ts), and the RUT typed here reaches their account only then. The manager learns
 * only what concerns the company (its own enrolments and invitations, its seats) — never whether the address has
 * an account, is an admin, studies the course on its own or whose the RUT is.
 */
export async function enrolWorker(companyId: number, courseId: number, input: WorkerInput, byUserId: string, dueOn: string | null = null): Promise<EnrolWorkerResult> {
  try {
    return await db().transaction(async (tx): Promise<EnrolWorkerResult> => {
      await inviteWorkerInTx(tx, { companyId, courseId, input, byUserId, dueOn });
      return { ok: true, kind: "invited", message: M.workerInvited };
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}

/**
 * The invitation itself, inside the caller's transaction: one seat taken (the pool locked), the row, the mail.
 * Throws a Refusal (the caller rolls back) when the person is already the company's in the course or no seat is left.
 */
export async function inviteWorkerInTx(tx: Tx, a: { companyId: number; courseId: number; input: WorkerInput; byUserId: string; dueOn: string | null }): Promise<void> {
  const { companyId, courseId, input, byUserId, dueOn } = a;
  const [firm] = await tx.select({ name: company.name }).from(company).where(eq(company.id, companyId)).limit(1);
  if (!firm) throw new Refusal("form", M.companyNotFound);
  const target = await publishedCourse(tx, courseId);
  if (!target) throw new Refusal("form", M.courseNotFound);
  if (await enrolledByCompany(tx, companyId, courseId, input.email)) throw new Refusal("email", M.alreadyEnrolled);
  if (await openWorkerInvitation(tx, companyId, courseId, input.email)) throw new Refusal("email", M.alreadyInvited);
  if (!(await takeSeats(tx, { companyId, courseId, count: 1, kind: "invitation", byUserId }))) throw new Refusal("form", M.noSeats);
  const { token, hash } = newInvitationToken();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const inserted = await tx
    .insert(companyInvitation)
    .values({ kind: "worker", companyId, courseId, email: input.email, name: input.name, rut: input.rut, dueOn, tokenHash: hash, expiresAt, createdBy: byUserId })
    .onConflictDoNothing()
    .returning({ id: companyInvitation.id });
  if (inserted.length === 0) throw new Refusal("email", M.alreadyInvited);
  const [account] = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, input.email))
    .limit(1);
  await queueCompanyMail(tx, input.email, {
    kind: "companyInvitation",
    name: input.name,
    companyName: firm.name,
    course: { id: target.id, title: target.title },
    acceptUrl: invitationPath(token),
    expiresAt,
    hasAccount: Boolean(account),
  });
}

/** A new link (the old one stops working) valid 7 days from now, mailed again. Only an open or expired invitation. */
export async function resendInvitation(companyId: number, invitationId: number): Promise<ActionResult> {
  return db().transaction(async (tx) => {
    const [inv] = await tx
      .select()
      .from(companyInvitation)
      .where(and(eq(companyInvitation.id, invitationId), eq(companyInvitation.companyId, companyId), eq(companyInvitation.kind, "worker")))
      .for("update")
      .limit(1);
    if (!inv || inv.acceptedAt || inv.revokedAt || inv.courseId === null) return { ok: false, message: M.invitationNotOpen };
    const { token, hash } = newInvitationToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    await tx.update(companyInvitation).set({ tokenHash: hash, expiresAt, sentAt: now }).where(eq(companyInvitation.id, inv.id));
    const [info] = await tx
      .select({ companyName: company.name, courseTitle: course.title })
      .from(company)
      .innerJoin(course, eq(course.id, inv.courseId))
      .where(eq(company.id, companyId))
      .limit(1);
    await queueCompanyMail(tx, inv.email, {
      kind: "companyInvitation",
      name: inv.name,
      companyName: info?.companyName ?? "",
      course: { id: inv.courseId, title: info?.courseTitle ?? "" },
      acceptUrl: invitationPath(token),
      expiresAt,
    });
    return { ok: true, message: M.invitationResent };
  });
}

/** Revokes an unused invitation: its link stops working and its seat comes back, in one transaction. */
export async function revokeInvitation(companyId: number, invitationId: number, byUserId: string): Promise<ActionResult> {
  return db().transaction(async (tx) => {
    const mine = and(eq(companyInvitation.id, invitationId), eq(companyInvitation.companyId, companyId), eq(companyInvitation.kind, "worker"));
    const [found] = await tx.select({ courseId: companyInvitation.courseId }).from(companyInvitation).where(mine).limit(1);
    if (!found?.courseId) return { ok: false, message: M.invitationNotOpen };
    // The pool first, then the invitation: the order every seat-taking transaction locks in.
    await lockSeatPool(tx, companyId, found.courseId);
    const [inv] = await tx.select().from(companyInvitation).where(mine).for("update").limit(1);
    if (!inv || inv.acceptedAt || inv.revokedAt || inv.courseId === null) return { ok: false, message: M.invitationNotOpen };
    await tx.update(companyInvitation).set({ revokedAt: new Date() }).where(eq(companyInvitation.id, inv.id));
    await writeLedger(tx, { companyId, courseId: inv.courseId, delta: 1, kind: "revocation", reason: inv.email, byUserId });
    return { ok: true, message: M.invitationRevoked };
  });
}
