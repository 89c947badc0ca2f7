// The company portal's side of skills sessions (docs/skills-sessions.md): the dates a manager can book workers on
// (public sessions and the company's own, for the courses it enrolled people in), which of its workers may take a
// seat, and its requests for a session at its premises, which the admin turns into an "en la empresa" session.
// Callers have checked the manager's access to the company (requireCompanyAccess).
import { and, asc, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { ActionResult } from "~/domain/action-result";
import { sessionMessages as M, type SessionRequestInput } from "~/domain/skills-sessions";
import { recordAudit } from "../platform/audit.server";
import { now } from "../platform/clock.server";
import { db } from "../platform/db/client.server";
import { company, companyEnrolment, course, enrolment, skillsBooking, skillsSession, skillsSessionRequest, user } from "../platform/db/schema";
import { checklistFor } from "./checklists.server";
import { getSession, selectSessions, sessionView, type SessionView } from "./sessions.server";

/** The company's courses that have skills sessions, with how many of its workers passed the theory. */
export async function companySessionCourses(companyId: number) {
  const rows = await db()
    .select({
      courseId: course.id,
      title: course.title,
      slug: course.slug,
      enrolled: sql<number>`count(*)::int`,
      passed: sql<number>`count(${enrolment.completedAt})::int`,
    })
    .from(companyEnrolment)
    .innerJoin(course, eq(course.id, companyEnrolment.courseId))
    .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
    .where(eq(companyEnrolment.companyId, companyId))
    .groupBy(course.id, course.title, course.slug)
    .orderBy(asc(course.title));
  const withList = await Promise.all(rows.map(async (r) => ((await checklistFor(r.slug)) ? r : null)));
  return withList.filter((r): r is NonNullable<typeof r> => r !== null);
}

/** The coming open sessions of those courses that the company may book: public ones and its own private ones. */
export async function companyUpcomingSessions(companyId: number, courseIds: number[]): Promise<SessionView[]> {
  if (courseIds.length === 0) return [];
  const rows = await selectSessions(db())
    .where(
      and(
        inArray(skillsSession.courseId, courseIds),
        eq(skillsSession.status, "open"),
        gt(skillsSession.startsAt, now()),
        or(eq(skillsSession.placeKind, "venue"), eq(skillsSession.companyId, companyId)),
      ),
    )
    .orderBy(asc(skillsSession.startsAt))
    .limit(100);
  return rows.map(sessionView);
}

/** A session the company may see (public, or its own private one), or null. */
export async function companyVisibleSession(companyId: number, sessionId: number): Promise<SessionView | null> {
  const s = await getSession(sessionId);
  if (!s || (s.placeKind === "company" && s.companyId !== companyId)) return null;
  return sessionView(s);
}

export interface CompanyWorkerSeat {
  userId: string;
  name: string;
  email: string;
  theoryPassed: boolean;
  /** The worker's live place for the course (any date), if any: booked, waiting or offered, and on which date. */
  place: { status: string; sessionId: number; startsAt: Date } | null;
}

/** The company's workers in a course with what the booking form needs about each: one query. */
export async function companyWorkersForCourse(companyId: number, courseId: number): Promise<CompanyWorkerSeat[]> {
  const rows = await db()
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      completedAt: enrolment.completedAt,
      status: skillsBooking.status,
      sessionId: skillsBooking.sessionId,
      startsAt: skillsSession.startsAt,
    })
    .from(companyEnrolment)
    .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
    .innerJoin(user, eq(user.id, companyEnrolment.userId))
    .leftJoin(
      skillsBooking,
      and(eq(skillsBooking.userId, companyEnrolment.userId), eq(skillsBooking.courseId, courseId), inArray(skillsBooking.status, ["booked", "waiting", "offered"])),
    )
    .leftJoin(skillsSession, eq(skillsSession.id, skillsBooking.sessionId))
    .where(and(eq(companyEnrolment.companyId, companyId), eq(companyEnrolment.courseId, courseId)))
    .orderBy(asc(user.name), asc(user.id))
    .limit(5_000);
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    email: r.email,
    theoryPassed: r.completedAt !== null,
    place: r.status && r.sessionId !== null && r.startsAt ? { status: r.status, sessionId: r.sessionId, startsAt: r.startsAt } : null,
  }));
}

/** The company's workers holding a place in coming sessions, soonest first (the portal's "Reservas"). */
export async function companyBookings(companyId: number) {
  return db()
    .select({ name: user.name, status: skillsBooking.status, sessionId: skillsSession.id, startsAt: skillsSession.startsAt, courseTitle: course.title })
    .from(skillsBooking)
    .innerJoin(companyEnrolment, eq(companyEnrolment.enrolmentId, skillsBooking.enrolmentId))
    .innerJoin(user, eq(user.id, skillsBooking.userId))
    .innerJoin(skillsSession, eq(skillsSession.id, skillsBooking.sessionId))
    .innerJoin(course, eq(course.id, skillsSession.courseId))
    .where(and(eq(companyEnrolment.companyId, companyId), inArray(skillsBooking.status, ["booked", "waiting", "offered"]), gt(skillsSession.startsAt, now())))
    .orderBy(asc(skillsSession.startsAt), asc(user.name))
    .limit(500);
}

// ── Requests for a session at the company ────────────────────────────────────

export async function requestCompanySession(managerId: string, companyId: number, input: SessionRequestInput): Promise<ActionResult<{ id: number }>> {
  const courses = await companySessionCourses(companyId);
  if (!courses.some((c) => c.courseId === input.courseId)) return { ok: false, message: M.companyCourseRequired, field: "courseId", status: 400 };
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(skillsSessionRequest)
      .values({ companyId, courseId: input.courseId, requestedBy: managerId, people: input.people, preferredDates: input.preferredDates, address: input.address, comuna: input.comuna, notes: input.notes, createdAt: now(), updatedAt: now() })
      .returning({ id: skillsSessionRequest.id });
    await recordAudit(tx, {
      actorId: managerId,
      action: "skills_session.requested",
      subject: { type: "company", id: companyId },
      after: { courseId: input.courseId, seats: input.people },
    });
    return { ok: true as const, message: M.requestSent, id: row!.id };
  });
}

const requestColumns = {
  id: skillsSessionRequest.id,
  companyId: skillsSessionRequest.companyId,
  companyName: company.name,
  courseId: skillsSessionRequest.courseId,
  courseTitle: course.title,
  people: skillsSessionRequest.people,
  preferredDates: skillsSessionRequest.preferredDates,
  address: skillsSessionRequest.address,
  comuna: skillsSessionRequest.comuna,
  notes: skillsSessionRequest.notes,
  status: skillsSessionRequest.status,
  sessionId: skillsSessionRequest.sessionId,
  createdAt: skillsSessionRequest.createdAt,
  requestedByName: user.name,
  requestedByEmail: user.email,
};

function selectRequests() {
  return db()
    .select(requestColumns)
    .from(skillsSessionRequest)
    .innerJoin(company, eq(company.id, skillsSessionRequest.companyId))
    .innerJoin(course, eq(course.id, skillsSessionRequest.courseId))
    .leftJoin(user, eq(user.id, skillsSessionRequest.requestedBy));
}
export type SessionRequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>["execute"]>>[number];

/** A company's own requests, newest first. */
export async function companySessionRequests(companyId: number): Promise<SessionRequestRow[]> {
  return selectRequests().where(eq(skillsSessionRequest.companyId, companyId)).orderBy(desc(skillsSessionRequest.createdAt)).limit(50);
}

/** The admin's list: the pending requests, oldest first, then the latest scheduled ones. */
export async function pendingSessionRequests(): Promise<SessionRequestRow[]> {
  return selectRequests().where(eq(skillsSessionRequest.status, "pending")).orderBy(asc(skillsSessionRequest.createdAt)).limit(100);
}

export async function getSessionRequest(id: number): Promise<SessionRequestRow | null> {
  const [row] = await selectRequests().where(eq(skillsSessionRequest.id, id)).limit(1);
  return row ?? null;
}
