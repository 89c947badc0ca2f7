// A company's workers (decisions.md E2): enrolling one (an account is enrolled and told; an unknown e-mail is
// invited and holds a seat until it accepts or the invitation is revoked), resending and revoking invitations,
// accepting one, and the table a manager reads: only enrolments that came through the company.
import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { companyMessages as M, INVITATION_TTL_MS, invitationState, type InvitationState, type WorkerInput } from "~/domain/companies";
import { formatCertificateCode } from "~/domain/certificate-code";
import { db, type Tx } from "./db/client.server";
import {
  certificate,
  company,
  companyEnrolment,
  companyInvitation,
  companyManager,
  course,
  courseModule,
  enrolment,
  examAttempt,
  lesson,
  lessonCompletion,
  user,
} from "./db/schema";
import { hashInvitationToken, invitationPath, newInvitationToken, queueCompanyMail } from "./companies.server";
import { lockSeatPool, takeSeats, writeLedger } from "./company-seats.server";
import { enrolInCourse, findEnrolment } from "./enrolments.server";
import { registerAccount } from "./accounts.server";
import { logger } from "./logger.server";
import type { ActionResult } from "~/domain/action-result";
import { courseContentPath } from "~/domain/course-paths";

/** Rolls a transaction back with a message for the person (never a 500). */
class Refusal extends Error {
  constructor(
    readonly field: "name" | "email" | "rut" | "form",
    message: string,
  ) {
    super(message);
  }
}

export type EnrolWorkerResult =
  | { ok: true; kind: "enrolled" | "invited"; message: string }
  | { ok: false; field: "name" | "email" | "rut" | "form"; message: string };


async function publishedCourse(tx: Tx, courseId: number) {
  const [row] = await tx
    .select({ id: course.id, title: course.title })
    .from(course)
    .where(and(eq(course.id, courseId), eq(course.status, "published")))
    .limit(1);
  return row ?? null;
}

async function accountByEmail(tx: Tx, email: string) {
  const [row] = await tx
    .select({ id: user.id, name: user.name, role: user.role, rut: user.rut })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email))
    .limit(1);
  return row ?? null;
}

async function rutHolder(tx: Tx, rut: string, exceptUserId: string | null) {
  const [row] = await tx
    .select({ id: user.id })
    .from(user)
    .where(exceptUserId ? and(eq(user.rut, rut), ne(user.id, exceptUserId)) : eq(user.rut, rut))
    .limit(1);
  return row ?? null;
}

async function openWorkerInvitation(tx: Tx, courseId: number, email: string) {
  const [row] = await tx
    .select({ id: companyInvitation.id })
    .from(companyInvitation)
    .where(
      and(
        eq(companyInvitation.kind, "worker"),
        eq(companyInvitation.courseId, courseId),
        eq(companyInvitation.email, email),
        isNull(companyInvitation.acceptedAt),
        isNull(companyInvitation.revokedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Enrols one worker through the company, taking one seat, in one transaction with its mail. The RUT is
 * required: an account without one gets it; an account with another one is refused.
 */
export async function enrolWorker(companyId: number, courseId: number, input: WorkerInput, byUserId: string): Promise<EnrolWorkerResult> {
  try {
    return await db().transaction(async (tx): Promise<EnrolWorkerResult> => {
      const [firm] = await tx.select({ name: company.name }).from(company).where(eq(company.id, companyId)).limit(1);
      if (!firm) throw new Refusal("form", M.companyNotFound);
      const target = await publishedCourse(tx, courseId);
      if (!target) throw new Refusal("form", M.courseNotFound);
      const person = await accountByEmail(tx, input.email);
      if (person) {
        if (person.role === "admin") throw new Refusal("email", M.accountIsAdmin);
        if (person.rut && person.rut !== input.rut) throw new Refusal("rut", M.rutMismatch);
        if (!person.rut && (await rutHolder(tx, input.rut, person.id))) throw new Refusal("rut", M.rutOfOtherAccount);
        if (await findEnrolment(person.id, courseId, tx)) throw new Refusal("email", M.alreadyEnrolled);
        if (!(await takeSeats(tx, { companyId, courseId, count: 1, kind: "enrolment", byUserId }))) throw new Refusal("form", M.noSeats);
        const enrolled = await enrolInCourse({ userId: person.id, courseId }, tx);
        if (enrolled.status !== "enrolled") throw new Refusal("email", M.alreadyEnrolled);
        await tx.insert(companyEnrolment).values({ companyId, courseId, enrolmentId: enrolled.enrolmentId, userId: person.id, byUserId });
        if (!person.rut) await tx.update(user).set({ rut: input.rut, updatedAt: new Date() }).where(eq(user.id, person.id));
        await queueCompanyMail(tx, input.email, {
          kind: "companyEnrolment",
          name: person.name,
          companyName: firm.name,
          course: { id: target.id, title: target.title },
          startPath: courseContentPath(target.id),
        });
        return { ok: true, kind: "enrolled", message: M.workerEnrolled };
      }
      if (await rutHolder(tx, input.rut, null)) throw new Refusal("rut", M.rutOfOtherAccount);
      if (await openWorkerInvitation(tx, courseId, input.email)) throw new Refusal("email", M.alreadyInvited);
      if (!(await takeSeats(tx, { companyId, courseId, count: 1, kind: "invitation", byUserId }))) throw new Refusal("form", M.noSeats);
      const { token, hash } = newInvitationToken();
      const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
      const inserted = await tx
        .insert(companyInvitation)
        .values({ kind: "worker", companyId, courseId, email: input.email, name: input.name, rut: input.rut, tokenHash: hash, expiresAt, createdBy: byUserId })
        .onConflictDoNothing()
        .returning({ id: companyInvitation.id });
      if (inserted.length === 0) throw new Refusal("email", M.alreadyInvited);
      await queueCompanyMail(tx, input.email, {
        kind: "companyInvitation",
        name: input.name,
        companyName: firm.name,
        course: { id: target.id, title: target.title },
        acceptUrl: invitationPath(token),
        expiresAt,
      });
      return { ok: true, kind: "invited", message: M.workerInvited };
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
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

// ── Accepting an invitation ───────────────────────────────────────────────────

export interface InvitationView {
  kind: "worker" | "manager";
  state: InvitationState;
  email: string;
  name: string;
  companyName: string;
  courseId: number | null;
  courseTitle: string | null;
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
      await tx.update(companyInvitation).set({ acceptedAt: new Date(), acceptedUserId: account.id }).where(eq(companyInvitation.id, inv.id));
      if (inv.kind === "manager") {
        await tx.insert(companyManager).values({ companyId: inv.companyId, userId: account.id, addedBy: inv.createdBy }).onConflictDoNothing();
        return { ok: true, redirectTo: `/empresa/${inv.companyId}` };
      }
      const courseId = inv.courseId!;
      const enrolled = await enrolInCourse({ userId: account.id, courseId }, tx);
      if (enrolled.status === "enrolled") {
        await tx.insert(companyEnrolment).values({ companyId: inv.companyId, courseId, enrolmentId: enrolled.enrolmentId, userId: account.id, byUserId: inv.createdBy });
      } else {
        // Enrolled meanwhile on their own (or the course was withdrawn): the held seat goes back to the company.
        await lockSeatPool(tx, inv.companyId, courseId);
        await writeLedger(tx, { companyId: inv.companyId, courseId, delta: 1, kind: "revocation", reason: `${inv.email} (ya inscrita)`, byUserId: null });
      }
      const [holder] = await tx.select({ rut: user.rut }).from(user).where(eq(user.id, account.id)).limit(1);
      if (inv.rut && holder && !holder.rut && !(await rutHolder(tx, inv.rut, account.id))) {
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
  const created = await registerAccount({ name: inv.name, email: inv.email, password }, request);
  if (!created.ok) {
    if (created.reason === "emailInUse") return { ok: false, message: M.invitationAccountExists };
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

// ── The manager's tables ──────────────────────────────────────────────────────

export interface WorkerRow {
  enrolmentId: number;
  name: string;
  email: string;
  rut: string | null;
  progress: number;
  enrolledAt: Date;
  lastActivity: Date;
  attempts: number;
  bestScore: number | null;
  completedAt: Date | null;
  certificateCode: string | null;
  /** The canonical code (no dashes), for the company's certificate download. */
  certificateKey: string | null;
}

/** Workers enrolled in a course through this company (never what they study on their own). */
export async function listCompanyWorkers(companyId: number, courseId: number): Promise<WorkerRow[]> {
  const examOfCourse = sql`select ${lesson.id} from ${lesson} inner join ${courseModule} on ${courseModule.id} = ${lesson.moduleId} where ${courseModule.courseId} = ${companyEnrolment.courseId}`;
  const rows = await db()
    .select({
      enrolmentId: enrolment.id,
      name: user.name,
      email: user.email,
      rut: user.rut,
      progress: enrolment.progress,
      enrolledAt: enrolment.enrolledAt,
      completedAt: enrolment.completedAt,
      certificateCode: certificate.code,
      lastLesson: sql<Date | null>`(select max(${lessonCompletion.completedAt}) from ${lessonCompletion} where ${lessonCompletion.enrolmentId} = ${enrolment.id})`,
      lastExam: sql<Date | null>`(select max(${examAttempt.submittedAt}) from ${examAttempt} where ${examAttempt.userId} = ${user.id} and ${examAttempt.lessonId} in (${examOfCourse}))`,
      attempts: sql<number>`(select count(*)::int from ${examAttempt} where ${examAttempt.userId} = ${user.id} and ${examAttempt.submittedAt} is not null and ${examAttempt.lessonId} in (${examOfCourse}))`,
      bestScore: sql<number | null>`(select max(${examAttempt.score}) from ${examAttempt} where ${examAttempt.userId} = ${user.id} and ${examAttempt.submittedAt} is not null and ${examAttempt.lessonId} in (${examOfCourse}))`,
    })
    .from(companyEnrolment)
    .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
    .innerJoin(user, eq(user.id, companyEnrolment.userId))
    .leftJoin(certificate, eq(certificate.enrolmentId, enrolment.id))
    .where(and(eq(companyEnrolment.companyId, companyId), eq(companyEnrolment.courseId, courseId)))
    .orderBy(asc(user.name), asc(enrolment.id))
    .limit(10_000);
  const toDate = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));
  return rows.map((r) => {
    const moments = [r.enrolledAt, toDate(r.lastLesson), toDate(r.lastExam), r.completedAt].filter((d): d is Date => d instanceof Date && !Number.isNaN(d.getTime()));
    return {
      enrolmentId: r.enrolmentId,
      name: r.name,
      email: r.email,
      rut: r.rut,
      progress: r.progress,
      enrolledAt: r.enrolledAt,
      lastActivity: new Date(Math.max(...moments.map((d) => d.getTime()))),
      attempts: Number(r.attempts),
      bestScore: r.bestScore === null ? null : Number(r.bestScore),
      completedAt: r.completedAt,
      certificateCode: r.certificateCode ? formatCertificateCode(r.certificateCode) : null,
      certificateKey: r.certificateCode,
    };
  });
}

export interface InvitationRow {
  id: number;
  name: string;
  email: string;
  rut: string | null;
  state: InvitationState;
  sentAt: Date;
  expiresAt: Date;
}

/** Invitations of a course that still hold a seat (open or expired), newest first. */
export async function listOpenInvitations(companyId: number, courseId: number): Promise<InvitationRow[]> {
  const rows = await db()
    .select()
    .from(companyInvitation)
    .where(
      and(
        eq(companyInvitation.companyId, companyId),
        eq(companyInvitation.courseId, courseId),
        eq(companyInvitation.kind, "worker"),
        isNull(companyInvitation.acceptedAt),
        isNull(companyInvitation.revokedAt),
      ),
    )
    .orderBy(desc(companyInvitation.sentAt), desc(companyInvitation.id))
    .limit(10_000);
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, rut: r.rut, state: invitationState(r), sentAt: r.sentAt, expiresAt: r.expiresAt }));
}

/** Whether a certificate belongs to an enrolment that came through this company (the manager may download it). */
export async function isCompanyCertificate(companyId: number, enrolmentId: number): Promise<boolean> {
  const [row] = await db()
    .select({ id: companyEnrolment.id })
    .from(companyEnrolment)
    .where(and(eq(companyEnrolment.companyId, companyId), eq(companyEnrolment.enrolmentId, enrolmentId)))
    .limit(1);
  return Boolean(row);
}
