// In-person skills sessions (docs/skills-sessions.md): instructors' profiles, the admin's scheduling and
// cancelling, and what the public and learners see of a course's dates.
import { and, asc, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { redirect } from "react-router";
import {
  credentialExpired,
  placeLabel,
  sessionMessages as M,
  sessionStatusLabel,
  type SessionInput,
} from "~/domain/skills-sessions";
import { formatDateTime } from "~/domain/format";
import type { ActionResult } from "~/domain/action-result";
import { requireUser, type SessionUser } from "../accounts/session.server";
import { catalogueChanged } from "../catalogue/events.server";
import { recordAudit } from "../platform/audit.server";
import { now } from "../platform/clock.server";
import { db, type DbOrTx } from "../platform/db/client.server";
import { company, course, instructor, skillsBooking, skillsSession, skillsSessionRequest, user } from "../platform/db/schema";
import { queueJob } from "../platform/outbox/outbox.server";
import { checklistFor } from "./checklists.server";

// ── Instructors ──────────────────────────────────────────────────────────────

export type InstructorRow = typeof instructor.$inferSelect;

export async function getInstructor(userId: string, tx: DbOrTx = db()): Promise<InstructorRow | null> {
  const [row] = await tx.select().from(instructor).where(eq(instructor.userId, userId)).limit(1);
  return row ?? null;
}

/** A signed-in instructor (a user with a relator profile); anyone else goes to their dashboard. */
export async function requireInstructor(request: Request): Promise<{ user: SessionUser; instructor: InstructorRow }> {
  const u = await requireUser(request);
  const profile = await getInstructor(u.id);
  if (!profile) throw redirect("/dashboard");
  return { user: u, instructor: profile };
}

export async function listInstructors(tx: DbOrTx = db()) {
  return tx
    .select({
      userId: instructor.userId,
      email: user.email,
      displayName: instructor.displayName,
      title: instructor.title,
      credential: instructor.credential,
      credentialExpiresOn: instructor.credentialExpiresOn,
    })
    .from(instructor)
    .innerJoin(user, eq(user.id, instructor.userId))
    .orderBy(asc(instructor.displayName));
}

/** Creates or updates the relator profile of the account with that e-mail (admin). */
export async function saveInstructor(
  input: { email: string; displayName: string; title: string; credential: string; credentialExpiresOn: string | null },
  adminId: string,
): Promise<ActionResult> {
  return db().transaction(async (tx) => {
    const [account] = await tx.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${input.email}`).limit(1);
    if (!account) return { ok: false, message: M.emailUnknown, field: "email" };
    const values = {
      displayName: input.displayName,
      title: input.title,
      credential: input.credential,
      credentialExpiresOn: input.credentialExpiresOn,
      updatedAt: now(),
    };
    await tx
      .insert(instructor)
      .values({ userId: account.id, ...values, createdAt: now() })
      .onConflictDoUpdate({ target: instructor.userId, set: values });
    await recordAudit(tx, {
      actorId: adminId,
      action: "instructor.saved",
      subject: { type: "user", id: account.id, label: input.displayName },
      after: { credential: input.credential, expiresAt: input.credentialExpiresOn },
    });
    return { ok: true, message: M.instructorSaved };
  });
}

// ── Sessions ─────────────────────────────────────────────────────────────────

/** Courses that can have in-person sessions: those whose content has a skills checklist. */
export async function coursesWithChecklist(tx: DbOrTx = db()) {
  const rows = await tx.select({ id: course.id, title: course.title, slug: course.slug }).from(course).orderBy(asc(course.id));
  const withList = await Promise.all(rows.map(async (r) => ((await checklistFor(r.slug)) ? r : null)));
  return withList.filter((r): r is NonNullable<typeof r> => r !== null);
}

/** Does the course have in-person skills sessions (a checklist in its content)? */
export async function courseHasSessions(courseId: number): Promise<boolean> {
  const [row] = await db().select({ slug: course.slug }).from(course).where(eq(course.id, courseId)).limit(1);
  return row ? (await checklistFor(row.slug)) !== null : false;
}

/**
 * Why a relator cannot take a session starting at `startsAt`, or null: their credential has expired, or will have
 * by the day of the session — the day they would sign it off, which the sign-off refuses.
 */
export function credentialProblem(expiresOn: string | null, startsAt: Date): string | null {
  if (expiresOn === null) return null;
  if (credentialExpired(expiresOn, now())) return M.instructorExpired(expiresOn);
  if (credentialExpired(expiresOn, startsAt)) return M.instructorExpiresBefore(expiresOn);
  return null;
}

/**
 * Schedules a session. `requestId`: the company's request it answers — it must be pending and of the same company
 * and course; it is marked scheduled, linked to the session, in the same transaction.
 */
export async function createSession(input: SessionInput, adminId: string, requestId: number | null = null): Promise<ActionResult<{ id: number }>> {
  const [target] = await db().select({ id: course.id, slug: course.slug, title: course.title }).from(course).where(eq(course.id, input.courseId)).limit(1);
  if (!target || !(await checklistFor(target.slug))) return { ok: false, message: M.courseRequired, field: "courseId" };
  const relator = await getInstructor(input.instructorId);
  if (!relator) return { ok: false, message: M.instructorRequired, field: "instructorId" };
  const credential = credentialProblem(relator.credentialExpiresOn, input.startsAt);
  if (credential) return { ok: false, message: credential, field: "instructorId" };
  if (input.placeKind === "company") {
    const [c] = await db().select({ id: company.id }).from(company).where(eq(company.id, input.companyId!)).limit(1);
    if (!c) return { ok: false, message: M.companyRequired, field: "companyId" };
  }
  const created = await db().transaction(async (tx): Promise<ActionResult<{ id: number }>> => {
    if (requestId !== null) {
      const [request] = await tx.select().from(skillsSessionRequest).where(eq(skillsSessionRequest.id, requestId)).for("update");
      if (!request || request.status !== "pending") return { ok: false, message: M.requestNotPending, field: "form", status: 409 };
      if (input.placeKind !== "company" || input.companyId !== request.companyId) return { ok: false, message: M.companyRequired, field: "companyId" };
      if (input.courseId !== request.courseId) return { ok: false, message: M.courseRequired, field: "courseId" };
    }
    const [row] = await tx
      .insert(skillsSession)
      .values({
        courseId: input.courseId,
        startsAt: input.startsAt,
        durationMin: input.durationMin,
        placeKind: input.placeKind,
        address: input.placeKind === "venue" ? input.address : "",
        comuna: input.placeKind === "venue" ? input.comuna : "",
        placeNotes: input.placeNotes,
        companyId: input.placeKind === "company" ? input.companyId : null,
        capacity: input.capacity,
        instructorId: input.instructorId,
        priceClp: input.priceClp,
        cancelHoursBefore: input.cancelHoursBefore,
        createdBy: adminId,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning({ id: skillsSession.id });
    await recordAudit(tx, {
      actorId: adminId,
      action: "skills_session.created",
      subject: { type: "skills_session", id: row!.id, label: `${target.title} · ${formatDateTime(input.startsAt)}` },
      after: { courseId: input.courseId, seats: input.capacity, startsOn: input.startsAt.toISOString() },
    });
    if (requestId !== null) {
      await tx.update(skillsSessionRequest).set({ status: "scheduled", sessionId: row!.id, updatedAt: now() }).where(eq(skillsSessionRequest.id, requestId));
    }
    return { ok: true, message: M.created, id: row!.id };
  });
  // The course page shows the next open session.
  if (created.ok) catalogueChanged();
  return created;
}

const sessionColumns = {
  id: skillsSession.id,
  courseId: skillsSession.courseId,
  courseTitle: course.title,
  courseSlug: course.slug,
  startsAt: skillsSession.startsAt,
  durationMin: skillsSession.durationMin,
  placeKind: skillsSession.placeKind,
  address: skillsSession.address,
  comuna: skillsSession.comuna,
  placeNotes: skillsSession.placeNotes,
  companyId: skillsSession.companyId,
  companyName: company.name,
  capacity: skillsSession.capacity,
  seatsTaken: skillsSession.seatsTaken,
  instructorId: skillsSession.instructorId,
  instructorName: instructor.displayName,
  instructorTitle: instructor.title,
  instructorCredential: instructor.credential,
  instructorCredentialExpiresOn: instructor.credentialExpiresOn,
  priceClp: skillsSession.priceClp,
  status: skillsSession.status,
  cancelHoursBefore: skillsSession.cancelHoursBefore,
  offerHours: skillsSession.offerHours,
  signedOffAt: skillsSession.signedOffAt,
};

export function selectSessions(tx: DbOrTx) {
  return tx
    .select(sessionColumns)
    .from(skillsSession)
    .innerJoin(course, eq(course.id, skillsSession.courseId))
    .innerJoin(instructor, eq(instructor.userId, skillsSession.instructorId))
    .leftJoin(company, eq(company.id, skillsSession.companyId));
}

export type SessionRow = Awaited<ReturnType<ReturnType<typeof selectSessions>["execute"]>>[number];

/** A session as pages show it: its place and state in words, and whether its relator's credential lapses first. */
export function sessionView(s: SessionRow) {
  return {
    ...s,
    credentialWarning: s.status === "open" ? credentialProblem(s.instructorCredentialExpiresOn, s.startsAt) : null,
    place: placeLabel(s),
    statusLabel: sessionStatusLabel(s),
    seatsLeft: Math.max(0, s.capacity - s.seatsTaken),
    when: formatDateTime(s.startsAt),
  };
}
export type SessionView = ReturnType<typeof sessionView>;

/**
 * What a learner's or a manager's page shows of a session: when, where, who teaches it and how full it is — never
 * the relator's credential or the admin's notes. Each page adds what is its own (booking, price, actions).
 */
export function sessionSummary(s: SessionView) {
  return {
    id: s.id,
    courseId: s.courseId,
    courseTitle: s.courseTitle,
    when: s.when,
    durationMin: s.durationMin,
    place: s.place,
    placeNotes: s.placeNotes,
    instructorName: s.instructorName,
    instructorTitle: s.instructorTitle,
    seatsLeft: s.seatsLeft,
    capacity: s.capacity,
    statusLabel: s.statusLabel,
    cancelHoursBefore: s.cancelHoursBefore,
  };
}

export async function getSession(id: number, tx: DbOrTx = db()): Promise<SessionRow | null> {
  const [row] = await selectSessions(tx).where(eq(skillsSession.id, id)).limit(1);
  return row ?? null;
}

/** Every session, the coming ones first (admin). */
export async function listSessions(tx: DbOrTx = db()): Promise<SessionView[]> {
  const rows = await selectSessions(tx).orderBy(desc(skillsSession.startsAt)).limit(200);
  return rows.map(sessionView);
}

/** An instructor's own sessions, newest first. */
export async function listInstructorSessions(instructorId: string, tx: DbOrTx = db()): Promise<SessionView[]> {
  const rows = await selectSessions(tx).where(eq(skillsSession.instructorId, instructorId)).orderBy(desc(skillsSession.startsAt)).limit(100);
  return rows.map(sessionView);
}

/** A course's open sessions still to come, at a public venue (a company's private sessions are its own). */
export async function upcomingPublicSessions(courseId: number, tx: DbOrTx = db()): Promise<SessionView[]> {
  const rows = await selectSessions(tx)
    .where(
      and(
        eq(skillsSession.courseId, courseId),
        eq(skillsSession.status, "open"),
        eq(skillsSession.placeKind, "venue"),
        gt(skillsSession.startsAt, now()),
      ),
    )
    .orderBy(asc(skillsSession.startsAt))
    .limit(50);
  return rows.map(sessionView);
}

/** The other open dates of a session's course still to come, with the same price: where the admin may move a learner. */
export async function moveTargets(from: { id: number; courseId: number }, tx: DbOrTx = db()): Promise<SessionView[]> {
  const rows = await selectSessions(tx)
    .where(and(eq(skillsSession.courseId, from.courseId), eq(skillsSession.status, "open"), gt(skillsSession.startsAt, now()), ne(skillsSession.id, from.id)))
    .orderBy(asc(skillsSession.startsAt))
    .limit(50);
  return rows.map(sessionView);
}

/** The course page's "next date" and "location": the next open session's (null when none is scheduled). */
export async function nextPublicSession(courseId: number): Promise<{ id: number; startsAt: Date; place: string } | null> {
  const [row] = await db()
    .select({
      id: skillsSession.id,
      startsAt: skillsSession.startsAt,
      placeKind: skillsSession.placeKind,
      address: skillsSession.address,
      comuna: skillsSession.comuna,
    })
    .from(skillsSession)
    .where(
      and(
        eq(skillsSession.courseId, courseId),
        eq(skillsSession.status, "open"),
        eq(skillsSession.placeKind, "venue"),
        gt(skillsSession.startsAt, now()),
      ),
    )
    .orderBy(asc(skillsSession.startsAt))
    .limit(1);
  return row ? { id: row.id, startsAt: row.startsAt, place: placeLabel(row) } : null;
}

/**
 * The admin cancels a session: every live booking is cancelled with it (seats released), and each person booked,
 * offered or waiting is told, all in one transaction.
 */
export async function cancelSession(sessionId: number, adminId: string): Promise<ActionResult> {
  const result = await db().transaction(async (tx): Promise<ActionResult> => {
    const [locked] = await tx.select().from(skillsSession).where(eq(skillsSession.id, sessionId)).for("update");
    if (!locked) return { ok: false, message: M.notFound, status: 404 };
    if (locked.status !== "open") return { ok: false, message: M.notOpen, status: 409 };
    const at = now();
    const live = await tx
      .update(skillsBooking)
      .set({ status: "cancelled", cancelledAt: at, cancelledBy: adminId })
      .where(and(eq(skillsBooking.sessionId, sessionId), inArray(skillsBooking.status, ["booked", "waiting", "offered"])))
      .returning({ id: skillsBooking.id, orderId: skillsBooking.orderId });
    await tx.update(skillsSession).set({ status: "cancelled", seatsTaken: 0, updatedAt: at }).where(eq(skillsSession.id, sessionId));
    for (const b of live) {
      await queueJob({ kind: "skillsSessionMail", bookingId: b.id, event: "sessionCancelled" }, tx);
      // A seat bought online is refunded in full (by the outbox: Webpay is called outside any transaction).
      if (b.orderId !== null) await queueJob({ kind: "skillsSeatRefund", orderId: b.orderId, actorId: adminId, reason: M.refundSessionCancelled }, tx);
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: "skills_session.cancelled",
      subject: { type: "skills_session", id: sessionId },
      before: { status: "open" },
      after: { status: "cancelled", seats: live.length },
    });
    return { ok: true, message: M.cancelled };
  });
  if (result.ok) catalogueChanged();
  return result;
}
