// The admin schedules sessions; learners who passed the theory book seats, counted exactly under races; a full
// session's waiting list promotes the next learner when a seat frees, with a time limit to confirm.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as adminSessions from "~/routes/admin/sesiones";
import * as adminSession from "~/routes/admin/sesion";
import * as courseDetail from "~/routes/curso-detalle";
import * as courseDates from "~/routes/curso-fechas";
import * as dashboard from "~/routes/dashboard";
import { sessionMessages as M } from "~/domain/skills-sessions";
import { advanceClock, freezeClock, now, resetClock } from "~/server/platform/clock.server";
import { db } from "~/server/platform/db/client.server";
import { auditEvent, skillsSession } from "~/server/platform/db/schema";
import { expireSessionOffers } from "~/server/sessions/bookings.server";
import { sessionMailFor } from "~/server/sessions/session-mail.server";
import { call } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import {
  bookingsOf,
  expectSeatsConsistent,
  learnerPost,
  makeInstructor,
  scheduleSession,
  sessionFields,
  sessionMailJobs,
  sessionRow,
  theoryLearner,
  type TestUser,
} from "./support";

let admin: TestUser;
let relator: TestUser;
beforeAll(async () => {
  admin = await createUser({ role: "admin", name: "Administradora" });
  relator = await makeInstructor(admin);
});
afterEach(() => resetClock());

describe("scheduling (/admin/sesiones)", () => {
  it("only admins see or schedule sessions", async () => {
    const learner = await createUser();
    expect((await call(adminSessions.loader, getRequest("/admin/sesiones", learner.cookie))).location).toBe("/dashboard");
    const post = await call(adminSessions.action, formRequest("/admin/sesiones", sessionFields(relator.id), { cookie: learner.cookie }));
    expect(post.location).toBe("/dashboard");
    expect((await call(adminSessions.action, formRequest("/admin/sesiones", sessionFields(relator.id)))).location).toMatch(/^\/login/);
  });

  it("bad input: a Spanish message next to each field, what was typed kept, nothing written", async () => {
    const before = await db().select({ id: skillsSession.id }).from(skillsSession);
    const bad = await call(
      adminSessions.action,
      formRequest("/admin/sesiones", sessionFields(relator.id, { startsAt: "2020-01-01T10:00", address: "", comuna: "", capacity: "0", priceClp: "abc" }), { cookie: admin.cookie }),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toMatchObject({ startsAt: M.startsAtPast, address: M.addressRequired, comuna: M.comunaRequired, capacity: M.capacityInvalid, priceClp: M.priceInvalid });
    expect(bad.data.values).toMatchObject({ startsAt: "2020-01-01T10:00", priceClp: "abc" });
    const noInstructor = await call(adminSessions.action, formRequest("/admin/sesiones", sessionFields(admin.id), { cookie: admin.cookie }));
    expect(noInstructor.data.fieldErrors).toEqual({ instructorId: M.instructorRequired });
    // Seguridad privada has no skills checklist: no in-person session for it.
    const noChecklist = await call(adminSessions.action, formRequest("/admin/sesiones", sessionFields(relator.id, { courseId: "3" }), { cookie: admin.cookie }));
    expect(noChecklist.data.fieldErrors).toEqual({ courseId: M.courseRequired });
    const company = await call(adminSessions.action, formRequest("/admin/sesiones", sessionFields(relator.id, { placeKind: "company", companyId: "" }), { cookie: admin.cookie }));
    expect(company.data.fieldErrors).toEqual({ companyId: M.companyRequired });
    expect(await db().select({ id: skillsSession.id }).from(skillsSession)).toHaveLength(before.length);
  });

  it("a session scheduled: audited, and the course page's next date and place are the next open session's", async () => {
    const id = await scheduleSession(admin, relator.id, { startsAt: "2031-03-10T09:30" });
    const row = await sessionRow(id);
    // 09:30 in Santiago in March (summer time, UTC−3).
    expect(row.startsAt.toISOString()).toBe("2031-03-10T12:30:00.000Z");
    const [audit] = await db().select().from(auditEvent).where(eq(auditEvent.subjectId, String(id)));
    expect(audit).toMatchObject({ action: "skills_session.created", actorId: admin.id });
    const page = await call(courseDetail.loader, getRequest("/cursos/1"), { id: "1" });
    expect(page.data.facts.html).toContain("Ver todas las fechas");
    expect(page.data.facts.html).toContain("/cursos/1/fechas");
    expect(page.data.facts.html).toContain("Av. Providencia 1234, Providencia");
    const dates = await call(courseDates.loader, getRequest("/cursos/1/fechas"), { id: "1" });
    expect(dates.data.sessions.map((s: { id: number }) => s.id)).toContain(id);
  });
});

describe("booking", () => {
  it("only a learner who passed the theory books; a second booking for the course is refused", async () => {
    const id = await scheduleSession(admin, relator.id);
    const newcomer = await createUser();
    const refused = await learnerPost(newcomer.cookie, id, "book");
    expect(refused.status).toBe(403);
    expect(refused.data.message).toBe(M.notEligible);
    const ana = await theoryLearner("Ana Pérez");
    const booked = await learnerPost(ana.cookie, id, "book");
    expect(booked.status).toBe(200);
    expect(booked.data.message).toBe(M.booked);
    expect((await sessionRow(id)).seatsTaken).toBe(1);
    const [b] = await bookingsOf(id);
    expect(await sessionMailJobs(b!.id)).toEqual(["booked"]);
    // The confirmation carries the session as an .ics file, in Santiago's time converted to UTC.
    const mail = await sessionMailFor(b!.id, "booked");
    expect(mail!.to).toBe(ana.email);
    const ics = Buffer.from(mail!.attachments![0]!.contentBase64, "base64").toString("utf8");
    expect(mail!.attachments![0]!.filename).toBe("sesion-practica.ics");
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toContain(`DTSTART:${(await sessionRow(id)).startsAt.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`);
    expect(ics).toContain("LOCATION:Av. Providencia 1234\\, Providencia");
    // Again, and on another session of the same course: one live booking per course.
    expect((await learnerPost(ana.cookie, id, "book")).data.message).toBe(M.alreadyBooked);
    const other = await scheduleSession(admin, relator.id);
    expect((await learnerPost(ana.cookie, other, "book")).data.message).toBe(M.alreadyBooked);
    // The dashboard shows it.
    const dash = await call(dashboard.loader, getRequest("/dashboard", ana.cookie));
    expect(dash.data.skillsSessions.bookings[0]).toMatchObject({ sessionId: id, statusText: "Cupo reservado" });
  });

  it("the last seat, booked by two learners at once, goes to one; the other waits", async () => {
    const id = await scheduleSession(admin, relator.id, { capacity: "1" });
    const [a, b] = await Promise.all([theoryLearner(), theoryLearner()]);
    const results = await Promise.all([learnerPost(a.cookie, id, "book"), learnerPost(b.cookie, id, "book")]);
    expect(results.map((r) => r.data.message).sort()).toEqual([M.booked, M.waiting].sort());
    const rows = await bookingsOf(id);
    expect(rows.map((r) => r.status).sort()).toEqual(["booked", "waiting"]);
    await expectSeatsConsistent(id);
  });

  it("the same learner clicking twice at once gets one booking", async () => {
    const id = await scheduleSession(admin, relator.id);
    const a = await theoryLearner();
    const results = await Promise.all([learnerPost(a.cookie, id, "book"), learnerPost(a.cookie, id, "book")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await bookingsOf(id)).toHaveLength(1);
    await expectSeatsConsistent(id);
  });

  it("a freed seat is offered to the first in line, who confirms it within the limit", async () => {
    const id = await scheduleSession(admin, relator.id, { capacity: "1" });
    const [first, second, third] = [await theoryLearner(), await theoryLearner(), await theoryLearner()];
    await learnerPost(first.cookie, id, "book");
    expect((await learnerPost(second.cookie, id, "book")).data.message).toBe(M.waiting);
    expect((await learnerPost(third.cookie, id, "book")).data.message).toBe(M.waiting);
    // Confirming with nothing offered is refused.
    expect((await learnerPost(second.cookie, id, "confirm")).status).toBe(404);
    expect((await learnerPost(first.cookie, id, "cancel")).data.message).toBe(M.cancelledBooking);
    const rows = await bookingsOf(id);
    const offered = rows.find((r) => r.userId === second.id)!;
    expect(offered.status).toBe("offered");
    expect(offered.offerExpiresAt!.getTime() - now().getTime()).toBeGreaterThan(23 * 3_600_000);
    expect(await sessionMailJobs(offered.id)).toEqual(["waiting", "promoted"]);
    expect(rows.find((r) => r.userId === third.id)!.status).toBe("waiting");
    await expectSeatsConsistent(id);
    expect((await learnerPost(second.cookie, id, "confirm")).data.message).toBe(M.confirmed);
    expect((await bookingsOf(id)).find((r) => r.userId === second.id)!.status).toBe("booked");
    await expectSeatsConsistent(id);
  });

  it("an offer not confirmed in time lapses and passes to the next in line", async () => {
    const id = await scheduleSession(admin, relator.id, { capacity: "1" });
    const [first, second, third] = [await theoryLearner(), await theoryLearner(), await theoryLearner()];
    await learnerPost(first.cookie, id, "book");
    await learnerPost(second.cookie, id, "book");
    await learnerPost(third.cookie, id, "book");
    await learnerPost(first.cookie, id, "cancel");
    advanceClock(25 * 3_600_000);
    expect((await learnerPost(second.cookie, id, "confirm")).data.message).toBe(M.offerExpired);
    await expireSessionOffers(id);
    const rows = await bookingsOf(id);
    expect(rows.find((r) => r.userId === second.id)!.status).toBe("expired");
    expect(rows.find((r) => r.userId === third.id)!.status).toBe("offered");
    await expectSeatsConsistent(id);
  });

  it("promotion races: a cancel and two bookings at once never oversell, and the line keeps its order", async () => {
    const id = await scheduleSession(admin, relator.id, { capacity: "1" });
    const [first, second, late1, late2] = [await theoryLearner(), await theoryLearner(), await theoryLearner(), await theoryLearner()];
    await learnerPost(first.cookie, id, "book");
    await learnerPost(second.cookie, id, "book");
    await Promise.all([learnerPost(first.cookie, id, "cancel"), learnerPost(late1.cookie, id, "book"), learnerPost(late2.cookie, id, "book"), expireSessionOffers(id)]);
    const rows = await bookingsOf(id);
    // The freed seat went to the one already waiting, never to a newcomer.
    expect(rows.find((r) => r.userId === second.id)!.status).toBe("offered");
    expect(rows.filter((r) => r.userId === late1.id || r.userId === late2.id).map((r) => r.status)).toEqual(["waiting", "waiting"]);
    await expectSeatsConsistent(id);
  });

  it("a seat can be cancelled until the admin's deadline, not after", async () => {
    const id = await scheduleSession(admin, relator.id, { cancelHoursBefore: "48" });
    const a = await theoryLearner();
    await learnerPost(a.cookie, id, "book");
    const starts = (await sessionRow(id)).startsAt;
    freezeClock(new Date(starts.getTime() - 47 * 3_600_000));
    const late = await learnerPost(a.cookie, id, "cancel");
    expect(late.status).toBe(409);
    expect(late.data.message).toBe(M.cancelTooLate);
    expect((await bookingsOf(id))[0]!.status).toBe("booked");
  });

  it("a company's private session and a priced one are not booked from the learner's page", async () => {
    const priced = await scheduleSession(admin, relator.id, { priceClp: "15000" });
    const a = await theoryLearner();
    expect((await learnerPost(a.cookie, priced, "book")).data.message).toBe(M.paidSession);
  });

  it("the admin cancels a session: every booking released and each person told", async () => {
    const id = await scheduleSession(admin, relator.id, { capacity: "1" });
    const [a, b] = [await theoryLearner(), await theoryLearner()];
    await learnerPost(a.cookie, id, "book");
    await learnerPost(b.cookie, id, "book");
    const learnerTry = await call(adminSession.action, formRequest(`/admin/sesiones/${id}`, { intent: "cancel" }, { cookie: a.cookie }), { id: String(id) });
    expect(learnerTry.location).toBe("/dashboard");
    const done = await call(adminSession.action, formRequest(`/admin/sesiones/${id}`, { intent: "cancel" }, { cookie: admin.cookie }), { id: String(id) });
    expect(done.data.message).toBe(M.cancelled);
    const s = await sessionRow(id);
    expect(s).toMatchObject({ status: "cancelled", seatsTaken: 0 });
    for (const row of await bookingsOf(id)) {
      expect(row.status).toBe("cancelled");
      expect((await sessionMailJobs(row.id)).at(-1)).toBe("sessionCancelled");
    }
    expect((await learnerPost(a.cookie, id, "book")).data.message).toBe(M.notOpen);
  });
});
