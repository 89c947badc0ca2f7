// Accepting a company's invitation (docs/decisions.md E2): what the invitation page shows, and accepting it with
// the account one is signed in to or with a new one.
import { eq, sql } from "drizzle-orm";
import { companyMessages as M, invitationState, type InvitationState } from "~/domain/companies";
import { accountMessages } from "~/domain/account-messages";
import { db } from "../platform/db/client.server";
import { company, companyEnrolment, companyInvitation, companyManager, course, user } from "../platform/db/schema";
import { hashInvitationToken } from "./companies.server";
import { lockSeatPool, writeLedger } from "./seats.server";
import { enrolInCourse } from "../learning/enrolments.server";
import { registerAccount } from "../accounts/accounts.server";
import { logger } from "../platform/logger.server";
import { Refusal } from "./workers.server";
import { isAdmin } from "~/domain/permissions";
import { courseContentPath } from "~/domain/course-paths";

export interface InvitationView {
  kind: "worker" | "manager";
  state: InvitationState;
  email: string;
  name: string;
  companyName: string;
  courseId: number | null;
  courseTitle: string | null;
  /** The RUT the company typed (a worker's), shown for its owner to confirm by accepting. */
  rut: string | null;
  expiresAt: Date;
}

export async function findInvitation(token: string): Promise<(InvitationView & { id: number }) | null> {
  const [row] = await db()
    .select({
      id: companyInvitation.id,
      kind: companyInvitation.kind,
      email: companyInvitation.email,
      name: companyInvitation.name,
      companyName: company.name,
      courseId: companyInvitation.courseId,
      courseTitle: course.title,
      rut: companyInvitation.rut,
      expiresAt: companyInvitation.expiresAt,
      acceptedAt: companyInvitation.acceptedAt,
      revokedAt: companyInvitation.revokedAt,
    })
    .from(companyInvitation)
    .innerJoin(company, eq(company.id, companyInvitation.companyId))
    .leftJoin(course, eq(course.id, companyInvitation.courseId))
    .where(eq(companyInvitation.tokenHash, hashInvitationToken(token)))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind === "manager" ? "manager" : "worker",
    state: invitationState(row),
    email: row.email,
    name: row.name,
    companyName: row.companyName,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    rut: row.rut,
    expiresAt: row.expiresAt,
  };
}

export function stateMessage(state: InvitationState): string | null {
  if (state === "expired") return M.invitationExpired;
  if (state === "revoked") return M.invitationRevokedByCompany;
  if (state === "accepted") return M.invitationUsed;
  return null;
}

export type AcceptResult = { ok: true; redirectTo: string } | { ok: false; message: string };

/**
 * Accepts an invitation for an account whose e-mail it names, under the invitation's row lock, so a replayed or
 * doubled acceptance, a revocation or the expiry racing with it, all find one winner.
 */
export async function acceptInvitationFor(token: string, account: { id: string; email: string }): Promise<AcceptResult> {
  try {
    return await db().transaction(async (tx): Promise<AcceptResult> => {
      const [inv] = await tx
        .select()
        .from(companyInvitation)
        .where(eq(companyInvitation.tokenHash, hashInvitationToken(token)))
        .for("update")
        .limit(1);
      if (!inv) throw new Refusal("form", M.invitationInvalid);
      const refusal = stateMessage(invitationState(inv));
      if (refusal) throw new Refusal("form", refusal);
      if (inv.email !== account.email.toLowerCase()) throw new Refusal("form", M.invitationOtherAccount);
      const [holder] = await tx.select({ rut: user.rut, role: user.role }).from(user).where(eq(user.id, account.id)).limit(1);
      // An admin's account is not a company worker's; the invitation stays open (its seat held) until revoked.
      if (inv.kind === "worker" && holder && isAdmin(holder)) throw new Refusal("form", M.invitationAdminAccount);
      await tx.update(companyInvitation).set({ acceptedAt: new Date(), acceptedUserId: account.id }).where(eq(companyInvitation.id, inv.id));
      if (inv.kind === "manager") {
        await tx.insert(companyManager).values({ companyId: inv.companyId, userId: account.id, addedBy: inv.createdBy }).onConflictDoNothing();
        return { ok: true, redirectTo: `/empresa/${inv.companyId}` };
      }
      const courseId = inv.courseId!;
      const enrolled = await enrolInCourse({ userId: account.id, courseId }, tx);
      if (enrolled.status === "enrolled") {
        await tx.insert(companyEnrolment).values({ companyId: inv.companyId, courseId, enrolmentId: enrolled.enrolmentId, userId: account.id, byUserId: inv.createdBy, dueOn: inv.dueOn, sucursal: inv.sucursal, faena: inv.faena, centroCosto: inv.centroCosto });
      } else {
        // Enrolled meanwhile on their own (or the course was withdrawn): the held seat goes back to the company.
        await lockSeatPool(tx, inv.companyId, courseId);
        await writeLedger(tx, { companyId: inv.companyId, courseId, delta: 1, kind: "revocation", reason: `${inv.email} (ya inscrita)`, byUserId: null });
      }
      // The RUT the manager typed reaches the account only now, confirmed by its owner (the invitation page shows
      // it before they accept), and never replaces one the owner declared.
      if (inv.rut && holder && !holder.rut) {
        await tx.update(user).set({ rut: inv.rut, updatedAt: new Date() }).where(eq(user.id, account.id));
      }
      return { ok: true, redirectTo: courseContentPath(courseId) };
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message };
    throw error;
  }
}

export type AcceptWithPasswordResult = { ok: true; redirectTo: string; headers: Headers } | { ok: false; message: string };

/** No account yet: creates it with the invitation's name and e-mail and the chosen password, then accepts. */
export async function acceptWithNewAccount(token: string, password: string, request: Request): Promise<AcceptWithPasswordResult> {
  const inv = await findInvitation(token);
  if (!inv) return { ok: false, message: M.invitationInvalid };
  const refusal = stateMessage(inv.state);
  if (refusal) return { ok: false, message: refusal };
  // The invitation's holder may know (the link came to that address; the page says so already): no sign-up is
  // attempted, so its owner gets no notice of one.
  if (await accountExists(inv.email)) return { ok: false, message: M.invitationAccountExists };
  // The invitation page shows the privacy notice: the account records the version it was shown.
  const created = await registerAccount({ name: inv.name, email: inv.email, password }, request, {});
  if (!created.ok) {
    // The account was made a moment ago by another request, with another password.
    if (created.reason === "checkMail") return { ok: false, message: M.invitationAccountExists };
    if (created.reason === "busy") return { ok: false, message: accountMessages.busy };
    return { ok: false, message: M.acceptFailed };
  }
  const [account] = await db().select({ id: user.id, email: user.email }).from(user).where(eq(sql`lower(${user.email})`, inv.email)).limit(1);
  if (!account) return { ok: false, message: M.acceptFailed };
  const accepted = await acceptInvitationFor(token, account);
  if (!accepted.ok) {
    logger.warn({ invitationId: inv.id }, "account created but the invitation could not be accepted");
    return accepted;
  }
  return { ok: true, redirectTo: accepted.redirectTo, headers: created.headers };
}

export async function accountExists(email: string): Promise<boolean> {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, email)).limit(1);
  return Boolean(row);
}
