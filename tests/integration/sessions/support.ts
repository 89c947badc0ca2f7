// Skills sessions through their route modules: an admin, an instructor with a profile, learners who passed the
// theory, and a session scheduled the way the admin's form does it.
import { and, eq, inArray, sql } from "drizzle-orm";
import { expect } from "vitest";
import * as adminInstructors from "~/routes/admin/relatores";
import * as adminSessions from "~/routes/admin/sesiones";
import * as sessionPage from "~/routes/sesion";
import * as instructorPage from "~/routes/relator/sesion";
import { instantToChileLocal } from "~/domain/chile-time";
import { now } from "~/server/platform/clock.server";
import { db } from "~/server/platform/db/client.server";
import { outbox, skillsBooking, skillsSession } from "~/server/platform/db/schema";
import { call } from "../support/call";
import { formRequest } from "../support/requests";
import { createUser } from "../support/users";
import { completedEnrolment } from "../certificates/helpers";

export type TestUser = Awaited<ReturnType<typeof createUser>>;

export async function makeInstructor(admin: TestUser, name = "Carla Soto", credentialExpiresOn = "2035-06-30") {
  const person = await createUser({ name });
  const saved = await call(
    adminInstructors.action,
    formRequest(
      "/admin/relatores",
      { intent: "instructor", email: person.email, displayName: name, title: "Enfermera universitaria", credential: "Instructora BLS AHA n.º 4521", credentialExpiresOn },
      { cookie: admin.cookie },
    ),
  );
  expect(saved.status).toBe(200);
  return person;
}

/** The admin saves the relator's profile again with another credential expiry (a renewal). */
export async function renewCredential(admin: TestUser, person: TestUser, name: string, credentialExpiresOn: string) {
  const saved = await call(
    adminInstructors.action,
    formRequest(
      "/admin/relatores",
      { intent: "instructor", email: person.email, displayName: name, title: "Enfermera universitaria", credential: "Instructora BLS AHA n.º 4521", credentialExpiresOn },
      { cookie: admin.cookie },
    ),
  );
  expect(saved.status).toBe(200);
}

export function sessionFields(instructorId: string, over: Record<string, string> = {}) {
  return {
    intent: "create",
    courseId: "1",
    startsAt: instantToChileLocal(new Date(now().getTime() + 7 * 86_400_000)),
    durationMin: "180",
    placeKind: "venue",
    address: "Av. Providencia 1234",
    comuna: "Providencia",
    placeNotes: "Piso 3, sala 2",
    companyId: "",
    capacity: "2",
    instructorId,
    priceClp: "",
    cancelHoursBefore: "24",
    ...over,
  };
}

export async function scheduleSession(admin: TestUser, instructorId: string, over: Record<string, string> = {}) {
  const created = await call(adminSessions.action, formRequest("/admin/sesiones", sessionFields(instructorId, over), { cookie: admin.cookie }));
  expect(created.status, JSON.stringify(created.data)).toBe(200);
  const [row] = await db().select({ id: skillsSession.id }).from(skillsSession).orderBy(sql`${skillsSession.id} desc`).limit(1);
  return row!.id;
}

/** A learner who completed course 1's online theory (its certificate issued, as the learning flow does). */
export async function theoryLearner(name?: string) {
  const { learner, enrolmentId } = await completedEnrolment({ name });
  return { ...learner, enrolmentId };
}

export const learnerPost = (cookie: string, sessionId: number, intent: string) =>
  call(sessionPage.action, formRequest(`/sesiones/${sessionId}`, { intent }, { cookie }), { id: String(sessionId) });

export const instructorPost = (cookie: string, sessionId: number, fields: Record<string, string>) =>
  call(instructorPage.action, formRequest(`/relator/sesiones/${sessionId}`, fields, { cookie }), { id: String(sessionId) });

export async function sessionRow(id: number) {
  const [row] = await db().select().from(skillsSession).where(eq(skillsSession.id, id));
  return row!;
}

export async function bookingsOf(sessionId: number) {
  return db().select().from(skillsBooking).where(eq(skillsBooking.sessionId, sessionId)).orderBy(skillsBooking.id);
}

/** The seat count matches the rows that hold a seat: the invariant every race must keep. */
export async function expectSeatsConsistent(sessionId: number) {
  const s = await sessionRow(sessionId);
  const holding = await db()
    .select({ id: skillsBooking.id })
    .from(skillsBooking)
    .where(and(eq(skillsBooking.sessionId, sessionId), inArray(skillsBooking.status, ["booked", "offered"])));
  expect(s.seatsTaken).toBe(holding.length);
  expect(s.seatsTaken).toBeLessThanOrEqual(s.capacity);
}

export async function sessionMailJobs(bookingId: number) {
  const rows = await db().select({ payload: outbox.payload }).from(outbox).where(and(eq(outbox.kind, "skillsSessionMail"), sql`(${outbox.payload}->>'bookingId')::int = ${bookingId}`));
  return rows.map((r) => (r.payload as { event: string }).event);
}
