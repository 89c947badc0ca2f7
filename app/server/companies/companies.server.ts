// Companies (docs/decisions.md E2), the admin's side: create a company, name its managers (an existing account,
// or an invitation by e-mail), grant seats with a reason; and who manages what (the portal's guard).
import crypto from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { redirect, data } from "react-router";
import { companyMessages as M, INVITATION_TTL_MS, type CompanyInput } from "~/domain/companies";
import { isAdmin } from "~/domain/permissions";
import { formatRut } from "~/domain/rut";
import { db, type Tx } from "../platform/db/client.server";
import { isUniqueViolation } from "../platform/db/errors.server";
import { company, companyInvitation, companyManager, companySeatLedger, course, order, user } from "../platform/db/schema";
import { env } from "../platform/env.server";
import { logger } from "../platform/logger.server";
import { recordAudit } from "../platform/audit.server";
import { renderMail } from "../platform/mail/render-mail.server";
import type { RenderedMail } from "../platform/mail/messages.server";
import type { CompanyMailMessage } from "./mail.server";
import { queueJob, queueJobs } from "../platform/outbox/outbox.server";
import { creditSeats, seatSummaries } from "./seats.server";
import { requireUser, type SessionUser } from "../accounts/session.server";
import type { ActionResult } from "~/domain/action-result";

export type CompanyRow = typeof company.$inferSelect;

// ── Who manages what ──────────────────────────────────────────────────────────

/** The companies this account manages, by name. */
export async function managedCompanies(userId: string) {
  return db()
    .select({ id: company.id, name: company.name, rut: company.rut })
    .from(companyManager)
    .innerJoin(company, eq(company.id, companyManager.companyId))
    .where(eq(companyManager.userId, userId))
    .orderBy(asc(company.name), asc(company.id));
}

export async function isManagerOf(userId: string, companyId: number): Promise<boolean> {
  const [row] = await db()
    .select({ userId: companyManager.userId })
    .from(companyManager)
    .where(and(eq(companyManager.userId, userId), eq(companyManager.companyId, companyId)))
    .limit(1);
  return Boolean(row);
}

/**
 * The portal's guard, called by every loader and action under /empresa/:companyId: anonymous → /login;
 * a manager of this company or an admin → the company; anyone else → 403 (the company's existence is no secret
 * worth a 404: its id says nothing). An unknown company → 404.
 */
export async function requireCompanyAccess(request: Request, companyId: number | null): Promise<{ user: SessionUser; company: CompanyRow }> {
  const viewer = await requireUser(request);
  if (companyId === null) throw data(M.companyNotFound, { status: 404 });
  const [row] = await db().select().from(company).where(eq(company.id, companyId)).limit(1);
  const allowed = isAdmin(viewer) || (row ? await isManagerOf(viewer.id, companyId) : false);
  if (!allowed) throw data(M.notManagerOfThis, { status: 403 });
  if (!row) throw data(M.companyNotFound, { status: 404 });
  return { user: viewer, company: row };
}

/** /empresa: a manager of one company goes straight to it; of several, picks one; of none, 403. */
export async function requireManagerHome(request: Request) {
  const viewer = await requireUser(request);
  const companies = await managedCompanies(viewer.id);
  if (companies.length === 1) throw redirect(`/empresa/${companies[0]!.id}`);
  if (companies.length === 0 && !isAdmin(viewer)) throw data(M.notManager, { status: 403 });
  return { user: viewer, companies };
}

// ── The admin's list and detail ───────────────────────────────────────────────

export async function listCompanies() {
  const rows = await db()
    .select({
      id: company.id,
      name: company.name,
      rut: company.rut,
      contactName: company.contactName,
      contactEmail: company.contactEmail,
      createdAt: company.createdAt,
      // Written out qualified: in a one-table select Drizzle renders columns inside sql`` without their table,
      // and an unqualified "id" inside these subqueries would be the subquery's own.
      managers: sql<number>`(select count(*)::int from company_manager m where m.company_id = "company"."id")`,
      workers: sql<number>`(select count(*)::int from company_enrolment e where e.company_id = "company"."id")`,
      freeSeats: sql<number>`(select coalesce(sum(l.delta), 0)::int from company_seat_ledger l where l.company_id = "company"."id")`,
    })
    .from(company)
    .orderBy(asc(company.name), asc(company.id))
    .limit(500);
  return rows.map((r) => ({ ...r, rut: formatRut(r.rut), managers: Number(r.managers), workers: Number(r.workers), freeSeats: Number(r.freeSeats) }));
}

export type CreateCompanyResult = { ok: true; id: number } | { ok: false; fieldErrors: Record<string, string> };

export async function createCompany(input: CompanyInput, adminId: string): Promise<CreateCompanyResult> {
  try {
    const [row] = await db()
      .insert(company)
      .values({ ...input, createdBy: adminId })
      .onConflictDoNothing({ target: company.rut })
      .returning({ id: company.id });
    if (!row) return { ok: false, fieldErrors: { rut: M.rutTaken } };
    logger.info({ companyId: row.id, adminId }, "company created");
    return { ok: true, id: row.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, fieldErrors: { rut: M.rutTaken } };
    throw error;
  }
}

export async function getCompanyDetail(companyId: number) {
  const [row] = await db().select().from(company).where(eq(company.id, companyId)).limit(1);
  if (!row) return null;
  const [managers, invitations, seats, ledger, orders, courses] = await Promise.all([
    db()
      .select({ userId: user.id, name: user.name, email: user.email, since: companyManager.createdAt })
      .from(companyManager)
      .innerJoin(user, eq(user.id, companyManager.userId))
      .where(eq(companyManager.companyId, companyId))
      .orderBy(asc(user.name)),
    db()
      .select({ id: companyInvitation.id, email: companyInvitation.email, name: companyInvitation.name, expiresAt: companyInvitation.expiresAt })
      .from(companyInvitation)
      .where(
        and(
          eq(companyInvitation.companyId, companyId),
          eq(companyInvitation.kind, "manager"),
          isNull(companyInvitation.acceptedAt),
          isNull(companyInvitation.revokedAt),
        ),
      )
      .orderBy(desc(companyInvitation.createdAt)),
    seatSummaries(companyId),
    db()
      .select({
        id: companySeatLedger.id,
        courseTitle: course.title,
        delta: companySeatLedger.delta,
        kind: companySeatLedger.kind,
        reason: companySeatLedger.reason,
        byName: user.name,
        orderNumber: order.number,
        createdAt: companySeatLedger.createdAt,
      })
      .from(companySeatLedger)
      .innerJoin(course, eq(course.id, companySeatLedger.courseId))
      .leftJoin(user, eq(user.id, companySeatLedger.byUserId))
      .leftJoin(order, eq(order.id, companySeatLedger.orderId))
      .where(and(eq(companySeatLedger.companyId, companyId), inArray(companySeatLedger.kind, ["grant", "purchase", "refund"])))
      .orderBy(desc(companySeatLedger.createdAt), desc(companySeatLedger.id))
      .limit(100),
    db()
      .select({ number: order.number, courseTitle: course.title, quantity: order.quantity, amountClp: order.amountClp, status: order.status, createdAt: order.createdAt })
      .from(order)
      .innerJoin(course, eq(course.id, order.courseId))
      .where(eq(order.companyId, companyId))
      .orderBy(desc(order.createdAt))
      .limit(100),
    db().select({ id: course.id, title: course.title }).from(course).where(eq(course.status, "published")).orderBy(asc(course.id)),
  ]);
  return { company: row, managers, invitations, seats, ledger, orders, courses };
}

// ── Managers ──────────────────────────────────────────────────────────────────

export function newInvitationToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export const invitationPath = (token: string) => `/invitacion/${token}`;

/** Queues a company mail in the caller's transaction; the outbox worker renders and sends it. */
export function queueCompanyMail(tx: Tx, to: string, message: CompanyMailMessage) {
  return queueJob({ kind: "companyMail", to, message }, tx);
}

export function queueCompanyMails(tx: Tx, mails: { to: string; message: CompanyMailMessage }[]) {
  return queueJobs(mails.map((m) => ({ kind: "companyMail" as const, ...m })), tx);
}

/** The mail of a queued company job (its payload revived by the job's schema: companies/jobs/company-mail.server.ts). */
export function renderCompanyMail(message: CompanyMailMessage): Promise<RenderedMail> {
  return renderMail(message, { baseUrl: env().PUBLIC_URL });
}

/** Names a manager: an existing account at once; an unknown e-mail gets an invitation to create one. */
export async function addManager(companyId: number, input: { email: string; name: string | null }, adminId: string): Promise<ActionResult> {
  return db().transaction(async (tx) => {
    const [target] = await tx.select({ id: company.id, name: company.name }).from(company).where(eq(company.id, companyId)).for("update").limit(1);
    if (!target) return { ok: false, message: M.companyNotFound };
    const [person] = await tx
      .select({ id: user.id, role: user.role, name: user.name })
      .from(user)
      .where(eq(sql`lower(${user.email})`, input.email))
      .limit(1);
    if (person) {
      if (isAdmin(person)) return { ok: false, field: "email", message: M.managerIsAdmin };
      const inserted = await tx
        .insert(companyManager)
        .values({ companyId, userId: person.id, addedBy: adminId })
        .onConflictDoNothing()
        .returning({ userId: companyManager.userId });
      if (inserted.length === 0) return { ok: false, field: "email", message: M.managerAlready };
      await recordAudit(tx, { actorId: adminId, action: "company.manager_added", subject: companySubject(target), after: { userId: person.id }, note: input.email });
      await queueCompanyMail(tx, input.email, { kind: "companyManagerAdded", name: person.name, companyName: target.name, portalPath: `/empresa/${companyId}` });
      return { ok: true, message: M.managerAdded };
    }
    const [open] = await tx
      .select({ id: companyInvitation.id })
      .from(companyInvitation)
      .where(
        and(
          eq(companyInvitation.companyId, companyId),
          eq(companyInvitation.kind, "manager"),
          eq(companyInvitation.email, input.email),
          isNull(companyInvitation.acceptedAt),
          isNull(companyInvitation.revokedAt),
        ),
      )
      .limit(1);
    if (open) return { ok: false, field: "email", message: M.managerInviteOpen };
    const { token, hash } = newInvitationToken();
    const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
    const name = input.name ?? input.email.split("@")[0]!;
    await tx.insert(companyInvitation).values({ kind: "manager", companyId, email: input.email, name, tokenHash: hash, expiresAt, createdBy: adminId });
    await queueCompanyMail(tx, input.email, { kind: "companyManagerInvitation", name, companyName: target.name, acceptUrl: invitationPath(token), expiresAt });
    return { ok: true, message: M.managerInvited };
  });
}

export async function removeManager(companyId: number, userId: string, adminId: string): Promise<ActionResult> {
  return db().transaction(async (tx) => {
    const removed = await tx
      .delete(companyManager)
      .where(and(eq(companyManager.companyId, companyId), eq(companyManager.userId, userId)))
      .returning({ userId: companyManager.userId });
    if (removed.length > 0) {
      const [target] = await tx.select({ id: company.id, name: company.name }).from(company).where(eq(company.id, companyId)).limit(1);
      await recordAudit(tx, { actorId: adminId, action: "company.manager_removed", subject: companySubject(target ?? { id: companyId, name: null }), before: { userId } });
    }
    return { ok: true, message: M.managerRemoved };
  });
}

const companySubject = (target: { id: number; name: string | null }) => ({ type: "company", id: target.id, label: target.name });

export async function revokeManagerInvitation(companyId: number, invitationId: number): Promise<ActionResult> {
  const done = await db()
    .update(companyInvitation)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(companyInvitation.id, invitationId),
        eq(companyInvitation.companyId, companyId),
        eq(companyInvitation.kind, "manager"),
        isNull(companyInvitation.acceptedAt),
        isNull(companyInvitation.revokedAt),
      ),
    )
    .returning({ id: companyInvitation.id });
  return done.length ? { ok: true, message: M.invitationRevoked.split(".")[0] + "." } : { ok: false, message: M.invitationNotOpen };
}

// ── Seats ─────────────────────────────────────────────────────────────────────

/** An admin grants seats for a contract agreed offline: recorded with who and why. */
export async function grantSeats(companyId: number, input: { courseId: number; seats: number; reason: string }, adminId: string): Promise<ActionResult> {
  return db().transaction(async (tx) => {
    const [target] = await tx.select({ id: company.id, name: company.name }).from(company).where(eq(company.id, companyId)).limit(1);
    if (!target) return { ok: false, message: M.companyNotFound };
    const [c] = await tx
      .select({ id: course.id })
      .from(course)
      .where(and(eq(course.id, input.courseId), eq(course.status, "published")))
      .limit(1);
    if (!c) return { ok: false, field: "courseId", message: M.courseNotFound };
    await creditSeats(tx, { companyId, courseId: c.id, count: input.seats, kind: "grant", reason: input.reason, byUserId: adminId });
    await recordAudit(tx, { actorId: adminId, action: "seats.granted", subject: companySubject(target), after: { courseId: c.id, seats: input.seats }, note: input.reason });
    logger.info({ companyId, courseId: c.id, seats: input.seats, adminId }, "seats granted");
    return { ok: true, message: M.seatsGranted(input.seats) };
  });
}

/** Companies count for the admin badge or tests. */
export async function countCompanies(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(company);
  return Number(row?.n ?? 0);
}
