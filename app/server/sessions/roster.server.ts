// The instructor's side of a session (docs/skills-sessions.md): the roster, attendance, each present learner's
// skills checklist, and the sign-off that turns passed learners' certificates into teórico-práctico ones. An
// instructor reaches only their own sessions; every write checks it again under the session's row lock.
import { and, asc, eq, inArray } from "drizzle-orm";
import { credentialExpired, readChecklistAnswers, sessionMessages as M, type Checklist } from "~/domain/skills-sessions";
import type { ActionResult } from "~/domain/action-result";
import { addSkillsToCertificate } from "../certificates/certificates.server";
import { catalogueChanged } from "../catalogue/events.server";
import { recordAudit } from "../platform/audit.server";
import { now } from "../platform/clock.server";
import { db, type Tx } from "../platform/db/client.server";
import { course, instructor, skillsBooking, skillsCheck, skillsSession, user } from "../platform/db/schema";
import { queueJob } from "../platform/outbox/outbox.server";
import { checklistFor } from "./checklists.server";
import { getSession, sessionView, type SessionView } from "./sessions.server";

/** Attendance opens this long before the start (learners arrive early; an instructor sets up). */
const ATTENDANCE_OPENS_MS = 60 * 60_000;

export interface RosterEntry {
  bookingId: number;
  name: string;
  email: string;
  rut: string | null;
  attendance: "present" | "absent" | null;
  result: "pass" | "needs_practice" | null;
  resultNote: string;
  checks: Record<string, { passed: boolean; note: string }>;
}

export interface Roster {
  session: SessionView;
  checklist: Checklist;
  entries: RosterEntry[];
  attendanceOpen: boolean;
  waiting: number;
  /** Why the relator cannot sign off today (their credential has lapsed), or null. */
  signOffBlocked: string | null;
}

/** The roster of one of the instructor's sessions (or of any session, for an admin); null when not theirs. */
export async function getRoster(sessionId: number, viewer: { instructorId: string } | { admin: true }): Promise<Roster | null> {
  const session = await getSession(sessionId);
  if (!session) return null;
  if ("instructorId" in viewer && session.instructorId !== viewer.instructorId) return null;
  const checklist = await checklistFor(session.courseSlug);
  if (!checklist) return null;
  const rows = await db()
    .select({
      bookingId: skillsBooking.id,
      status: skillsBooking.status,
      name: user.name,
      email: user.email,
      rut: user.rut,
      attendance: skillsBooking.attendance,
      result: skillsBooking.result,
      resultNote: skillsBooking.resultNote,
    })
    .from(skillsBooking)
    .innerJoin(user, eq(user.id, skillsBooking.userId))
    .where(and(eq(skillsBooking.sessionId, sessionId), inArray(skillsBooking.status, ["booked", "closed", "waiting", "offered"])))
    .orderBy(asc(user.name));
  const seated = rows.filter((r) => r.status === "booked" || r.status === "closed");
  const checks = seated.length
    ? await db()
        .select()
        .from(skillsCheck)
        .where(
          inArray(
            skillsCheck.bookingId,
            seated.map((r) => r.bookingId),
          ),
        )
    : [];
  const entries = seated.map((r) => ({
    bookingId: r.bookingId,
    name: r.name,
    email: r.email,
    rut: r.rut,
    attendance: r.attendance as RosterEntry["attendance"],
    result: r.result as RosterEntry["result"],
    resultNote: r.resultNote,
    checks: Object.fromEntries(checks.filter((c) => c.bookingId === r.bookingId).map((c) => [c.itemKey, { passed: c.passed, note: c.note }])),
  }));
  return {
    session: sessionView(session),
    checklist,
    entries,
    attendanceOpen: session.status === "open" && now().getTime() >= session.startsAt.getTime() - ATTENDANCE_OPENS_MS,
    waiting: rows.length - seated.length,
    signOffBlocked:
      session.instructorCredentialExpiresOn !== null && credentialExpired(session.instructorCredentialExpiresOn, now())
        ? M.signOffExpired(session.instructorCredentialExpiresOn)
        : null,
  };
}

/** Locks the session and checks it is the instructor's, open, and under way. */
async function lockOwnSession(tx: Tx, sessionId: number, instructorId: string): Promise<ActionResult<{ session: typeof skillsSession.$inferSelect }>> {
  const [session] = await tx.select().from(skillsSession).where(eq(skillsSession.id, sessionId)).for("update");
  if (!session || session.instructorId !== instructorId) return { ok: false, message: M.notYourSession, status: 404 };
  if (session.status !== "open") return { ok: false, message: M.sessionClosed, status: 409 };
  if (now().getTime() < session.startsAt.getTime() - ATTENDANCE_OPENS_MS) return { ok: false, message: M.tooEarly, status: 409 };
  return { ok: true, message: "", session };
}

async function seatedBooking(tx: Tx, sessionId: number, bookingId: number) {
  const [b] = await tx
    .select({ id: skillsBooking.id, attendance: skillsBooking.attendance })
    .from(skillsBooking)
    .where(and(eq(skillsBooking.id, bookingId), eq(skillsBooking.sessionId, sessionId), eq(skillsBooking.status, "booked")))
    .limit(1);
  return b ?? null;
}

export async function markAttendance(
  sessionId: number,
  instructorId: string,
  bookingId: number,
  attendance: "present" | "absent",
): Promise<ActionResult> {
  return db().transaction(async (tx): Promise<ActionResult> => {
    const own = await lockOwnSession(tx, sessionId, instructorId);
    if (!own.ok) return own;
    const booking = await seatedBooking(tx, sessionId, bookingId);
    if (!booking) return { ok: false, message: M.noBooking, status: 404 };
    // Someone marked absent was not assessed: what was recorded for them goes.
    if (attendance === "absent") {
      await tx.delete(skillsCheck).where(eq(skillsCheck.bookingId, bookingId));
      await tx.update(skillsBooking).set({ attendance, attendanceAt: now(), result: null, resultNote: "", assessedAt: null }).where(eq(skillsBooking.id, bookingId));
    } else {
      await tx.update(skillsBooking).set({ attendance, attendanceAt: now() }).where(eq(skillsBooking.id, bookingId));
    }
    return { ok: true, message: M.attendanceSaved };
  });
}

/** Saves one present learner's checklist: every item pass or needs practice, each with an optional note. */
export async function saveChecklist(
  sessionId: number,
  instructorId: string,
  bookingId: number,
  get: (name: string) => string,
): Promise<ActionResult<{ missing?: string[] }>> {
  const session = await getSession(sessionId);
  const checklist = session ? await checklistFor(session.courseSlug) : null;
  if (!session || !checklist || session.instructorId !== instructorId) return { ok: false, message: M.notYourSession, status: 404 };
  const answers = readChecklistAnswers(checklist, get);
  if (!answers.ok) return { ok: false, message: M.checklistIncomplete, status: 400, missing: answers.missing } as ActionResult<{ missing?: string[] }>;
  return db().transaction(async (tx): Promise<ActionResult> => {
    const own = await lockOwnSession(tx, sessionId, instructorId);
    if (!own.ok) return own;
    const booking = await seatedBooking(tx, sessionId, bookingId);
    if (!booking) return { ok: false, message: M.noBooking, status: 404 };
    if (booking.attendance !== "present") return { ok: false, message: M.notPresent, status: 409 };
    await tx.delete(skillsCheck).where(eq(skillsCheck.bookingId, bookingId));
    const items = new Map(checklist.items.map((i) => [i.key, i]));
    await tx.insert(skillsCheck).values(
      answers.answers.map((a) => ({ bookingId, itemKey: a.key, label: items.get(a.key)!.label, guideline: items.get(a.key)!.guideline, passed: a.passed, note: a.note })),
    );
    const result = answers.answers.every((a) => a.passed) ? "pass" : "needs_practice";
    await tx.update(skillsBooking).set({ result, resultNote: answers.note, assessedAt: now() }).where(eq(skillsBooking.id, bookingId));
    return { ok: true, message: M.checklistSaved };
  });
}

/**
 * The instructor signs the session off: every seated learner's attendance and every present learner's checklist
 * must be recorded. The session becomes 'realizada', the bookings close, and each learner who passed every item
 * gets a teórico-práctico certificate naming the instructor and their credential — all in one transaction.
 */
export async function signOffSession(sessionId: number, instructorId: string): Promise<ActionResult<{ certificates: string[] }>> {
  const session = await getSession(sessionId);
  const checklist = session ? await checklistFor(session.courseSlug) : null;
  if (!session || !checklist || session.instructorId !== instructorId) return { ok: false, message: M.notYourSession, status: 404 };
  const result = await db().transaction(async (tx): Promise<ActionResult<{ certificates: string[] }>> => {
    const own = await lockOwnSession(tx, sessionId, instructorId);
    if (!own.ok) return own;
    const [signer] = await tx
      .select({ name: instructor.displayName, title: instructor.title, credential: instructor.credential, expiresOn: instructor.credentialExpiresOn })
      .from(instructor)
      .where(eq(instructor.userId, instructorId));
    // The certificate names the credential: one that has lapsed cannot vouch for the assessment.
    if (signer!.expiresOn !== null && credentialExpired(signer!.expiresOn, now())) {
      return { ok: false, message: M.signOffExpired(signer!.expiresOn), status: 409 };
    }
    const seated = await tx
      .select({ id: skillsBooking.id, enrolmentId: skillsBooking.enrolmentId, attendance: skillsBooking.attendance, result: skillsBooking.result })
      .from(skillsBooking)
      .where(and(eq(skillsBooking.sessionId, sessionId), eq(skillsBooking.status, "booked")));
    if (seated.some((b) => b.attendance === null || (b.attendance === "present" && b.result === null))) {
      return { ok: false, message: M.signOffMissing, status: 409 };
    }
    const at = now();
    await tx.update(skillsSession).set({ status: "done", signedOffAt: at, updatedAt: at }).where(eq(skillsSession.id, sessionId));
    await tx.update(skillsBooking).set({ status: "closed" }).where(and(eq(skillsBooking.sessionId, sessionId), eq(skillsBooking.status, "booked")));
    await tx
      .update(skillsBooking)
      .set({ status: "expired" })
      .where(and(eq(skillsBooking.sessionId, sessionId), inArray(skillsBooking.status, ["waiting", "offered"])));
    const [c] = await tx.select({ title: course.title }).from(course).where(eq(course.id, session.courseId));
    const codes: string[] = [];
    for (const b of seated.filter((s) => s.result === "pass")) {
      const code = await addSkillsToCertificate(tx, b.enrolmentId, {
        assessed: checklist.items.map((i) => i.label),
        instructorName: signer!.name,
        instructorTitle: signer!.title,
        credential: signer!.credential,
        place: sessionView(session).place,
        sessionStartsAt: session.startsAt.toISOString(),
        signedOffAt: at.toISOString(),
      });
      if (code) {
        codes.push(code);
        await queueJob({ kind: "skillsSessionMail", bookingId: b.id, event: "signedOff" }, tx);
      }
    }
    await recordAudit(tx, {
      actorId: instructorId,
      action: "skills_session.signed_off",
      subject: { type: "skills_session", id: sessionId, label: c?.title ?? null },
      before: { status: "open" },
      after: { status: "done", seats: seated.length },
    });
    return { ok: true, message: M.signedOff, certificates: codes };
  });
  if (result.ok) catalogueChanged();
  return result;
}
