// A company's manager books seats for workers the company enrolled who passed the theory (same seat counting and
// waiting list as a learner's booking), and asks for a session at the company, which the admin schedules as an
// "en la empresa" session. Only the company's managers (and admins) reach any of it.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as portalSessions from "~/routes/empresa/sesiones";
import * as portalSession from "~/routes/empresa/sesion";
import * as adminSessions from "~/routes/admin/sesiones";
import { companyBookedMessage, sessionMessages as M } from "~/domain/skills-sessions";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { db } from "~/server/platform/db/client.server";
import { sessionMailFor } from "~/server/sessions/session-mail.server";
import { companyEnrolment, enrolment, skillsBooking, skillsSessionRequest } from "~/server/platform/db/schema";
import { call } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { companyWithManager } from "../companies/support";
import { bookingsOf, expectSeatsConsistent, learnerPost, makeInstructor, scheduleSession, sessionFields, sessionMailJobs, sessionRow, theoryLearner, type TestUser } from "./support";

let admin: TestUser;
let relator: TestUser;
let companyId: number;
let manager: TestUser;
let otherCompanyId: number;
let otherManager: TestUser;
beforeAll(async () => {
  admin = await createUser({ role: "admin", name: "Administradora" });
  relator = await makeInstructor(admin);
  ({ companyId, manager } = (await companyWithManager(admin.cookie, 0)) as { companyId: number; manager: TestUser });
  ({ companyId: otherCompanyId, manager: otherManager } = (await companyWithManager(admin.cookie, 0)) as { companyId: number; manager: TestUser });
});
afterEach(() => resetClock());

/** A worker the company enrolled in course 1, with the theory passed or not. */
async function worker(company: number, name: string, passed = true, courseId = 1) {
  const person = await createUser({ name });
  const [e] = await db()
    .insert(enrolment)
    .values({ userId: person.id, courseId, progress: passed ? 100 : 40, completedAt: passed ? new Date("2026-11-20T15:00:00Z") : null })
    .returning({ id: enrolment.id });
  await db().insert(companyEnrolment).values({ companyId: company, courseId, enrolmentId: e!.id, userId: person.id });
  return person;
}

const book = (cookie: string | undefined, company: number, sessionId: number, workers: string[]) => {
  const body = new URLSearchParams([["intent", "book"], ...workers.map((w) => ["workers", w] as [string, string])]);
  const request = new Request(`http://localhost/empresa/${company}/sesiones/${sessionId}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body,
  });
  return call(portalSession.action, request, { companyId: String(company), sessionId: String(sessionId) });
};
const bookingPage = (cookie: string | undefined, company: number, sessionId: number) =>
  call(portalSession.loader, getRequest(`/empresa/${company}/sesiones/${sessionId}`, cookie), { companyId: String(company), sessionId: String(sessionId) });
const requestFields = (over: Record<string, string> = {}) => ({
  intent: "request",
  courseId: "1",
  people: "8",
  preferredDates: "Martes o jueves de la segunda quincena, en la mañana",
  address: "Camino Lo Boza 120",
  comuna: "Pudahuel",
  notes: "Sala de capacitación en el segundo piso.\nEstacionamiento de visitas.",
  ...over,
});
const sendRequest = (cookie: string | undefined, company: number, fields: Record<string, string>) =>
  call(portalSessions.action, formRequest(`/empresa/${company}/sesiones`, fields, cookie ? { cookie } : {}), { companyId: String(company) });

describe("a company's manager books seats for workers", () => {
  it("seats while they last, then the waiting list; each worker mailed; the manager recorded", async () => {
    const id = await scheduleSession(admin, relator.id, { capacity: "2" });
    const [a, b, c] = [await worker(companyId, "Ana Obrera"), await worker(companyId, "Beto Bodega"), await worker(companyId, "Caro Grúa")];
    const pending = await worker(companyId, "Dani Pendiente", false);
    const page = await bookingPage(manager.cookie, companyId, id);
    expect(page.status).toBe(200);
    const reasons = Object.fromEntries(page.data.workers.map((w: { name: string; reason: string | null }) => [w.name, w.reason]));
    expect(reasons).toMatchObject({ "Ana Obrera": null, "Dani Pendiente": "Aún no aprueba la parte teórica" });

    const done = await book(manager.cookie, companyId, id, [a.id, b.id, c.id]);
    expect(done.status).toBe(200);
    expect(done.data.message).toBe(companyBookedMessage(2, 1));
    expect(done.data.message).toBe("Reservamos 2 cupos. 1 persona quedó en la lista de espera. Cada persona recibe un correo con la fecha.");
    const rows = await bookingsOf(id);
    expect(rows.map((r) => [r.userId, r.status])).toEqual([
      [a.id, "booked"],
      [b.id, "booked"],
      [c.id, "waiting"],
    ]);
    expect(rows.every((r) => r.bookedBy === manager.id)).toBe(true);
    expect(await sessionMailJobs(rows[0]!.id)).toEqual(["booked"]);
    expect(await sessionMailJobs(rows[2]!.id)).toEqual(["waiting"]);
    await expectSeatsConsistent(id);
    // The page now says who holds a place; booking them again is refused, nobody added.
    const after = await bookingPage(manager.cookie, companyId, id);
    expect(after.data.workers.find((w: { name: string }) => w.name === "Ana Obrera").reason).toBe("Cupo reservado en esta sesión");
    const again = await book(manager.cookie, companyId, id, [a.id, pending.id]);
    expect(again.status).toBe(409);
    expect(again.data.fieldErrors).toEqual({ workers: M.workerNotEligible });
    expect(again.data.values.workers).toBe(`${a.id},${pending.id}`);
    expect(await bookingsOf(id)).toHaveLength(3);
    // Nobody chosen.
    expect((await book(manager.cookie, companyId, id, [])).data.fieldErrors).toEqual({ workers: M.workersRequired });
    // The portal's list shows them.
    const list = await call(portalSessions.loader, getRequest(`/empresa/${companyId}/sesiones`, manager.cookie), { companyId: String(companyId) });
    expect(list.data.bookings.map((x: { name: string; status: string }) => [x.name, x.status])).toEqual(
      expect.arrayContaining([
        ["Ana Obrera", "booked"],
        ["Caro Grúa", "waiting"],
      ]),
    );
  });

  it("only the company's own workers: another company's, or a learner who bought the course alone, are refused", async () => {
    const id = await scheduleSession(admin, relator.id);
    const theirs = await worker(otherCompanyId, "Otra Empresa");
    const alone = await theoryLearner("Compra Sola");
    for (const outsider of [theirs, alone]) {
      const r = await book(manager.cookie, companyId, id, [outsider.id]);
      expect(r.data.fieldErrors).toEqual({ workers: M.workerNotEligible });
    }
    expect(await bookingsOf(id)).toHaveLength(0);
  });

  it("another company's manager, a learner and an anonymous visitor reach nothing; another company's private session is not found", async () => {
    const id = await scheduleSession(admin, relator.id);
    const a = await worker(companyId, "Eva Turno");
    const learner = await theoryLearner();
    expect((await bookingPage(otherManager.cookie, companyId, id)).status).toBe(403);
    expect((await bookingPage(learner.cookie, companyId, id)).status).toBe(403);
    expect((await bookingPage(undefined, companyId, id)).location).toMatch(/^\/login/);
    expect((await book(otherManager.cookie, companyId, id, [a.id])).status).toBe(403);
    expect((await book(learner.cookie, companyId, id, [a.id])).status).toBe(403);
    expect((await book(undefined, companyId, id, [a.id])).location).toMatch(/^\/login/);
    expect((await sendRequest(otherManager.cookie, companyId, requestFields())).status).toBe(403);
    expect((await sendRequest(undefined, companyId, requestFields())).location).toMatch(/^\/login/);
    expect(await bookingsOf(id)).toHaveLength(0);
    // A private session of the other company: not found from this company's portal, and not bookable.
    const theirs = await scheduleSession(admin, relator.id, { placeKind: "company", companyId: String(otherCompanyId), address: "", comuna: "" });
    expect((await bookingPage(manager.cookie, companyId, theirs)).status).toBe(404);
    expect((await book(manager.cookie, companyId, theirs, [a.id])).status).toBe(404);
    expect(await bookingsOf(theirs)).toHaveLength(0);
  });

  it("the last seat, booked by a manager for a worker while a learner books it: one seat, never two", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await scheduleSession(admin, relator.id, { capacity: "1" });
      const w = await worker(companyId, `Turno ${round}`);
      const learner = await theoryLearner();
      const [byManager, byLearner] = await Promise.all([book(manager.cookie, companyId, id, [w.id]), learnerPost(learner.cookie, id, "book")]);
      expect(byManager.status).toBe(200);
      expect([byManager.data.message, byLearner.data.message].sort()).toEqual(
        [byLearner.data.message === M.booked ? companyBookedMessage(0, 1) : companyBookedMessage(1, 0), byLearner.data.message].sort(),
      );
      const rows = await bookingsOf(id);
      expect(rows.filter((r) => r.status === "booked")).toHaveLength(1);
      expect(rows.filter((r) => r.status === "waiting")).toHaveLength(1);
      await expectSeatsConsistent(id);
    }
  });
});

const cancelWorker = (cookie: string | undefined, company: number, sessionId: number, workerId: string) =>
  call(
    portalSession.action,
    formRequest(`/empresa/${company}/sesiones/${sessionId}`, { intent: "cancel", worker: workerId }, cookie ? { cookie } : {}),
    { companyId: String(company), sessionId: String(sessionId) },
  );

describe("a company's manager cancels a worker's place", () => {
  it("before the deadline: the seat freed goes to the first in line, who is told; the worker is told; audited", async () => {
    const id = await scheduleSession(admin, relator.id, { capacity: "1" });
    const [a, b] = [await worker(companyId, "Eva Cancela"), await worker(companyId, "Fito Cancela")];
    expect((await book(manager.cookie, companyId, id, [a.id, b.id])).data.message).toBe(companyBookedMessage(1, 1));
    const page = await bookingPage(manager.cookie, companyId, id);
    const eva = page.data.workers.find((w: { name: string }) => w.name === "Eva Cancela");
    expect(eva).toMatchObject({ inThisSession: true, cancellable: true });

    const done = await cancelWorker(manager.cookie, companyId, id, a.id);
    expect(done.status).toBe(200);
    expect(done.data.message).toBe(M.workerCancelled);
    const rows = await bookingsOf(id);
    const mine = rows.find((r) => r.userId === a.id)!;
    expect(mine).toMatchObject({ status: "cancelled", cancelledBy: manager.id });
    expect(rows.find((r) => r.userId === b.id)!.status).toBe("offered");
    expect(await sessionMailJobs(mine.id)).toContain("cancelled");
    // The worker is told who cancelled: their company, not themselves.
    const told = await sessionMailFor(mine.id, "cancelled");
    expect(told!.to).toBe(a.email);
    expect(told!.subject).toMatch(/^Tu empresa canceló tu reserva: sesión práctica de /);
    expect(await sessionMailJobs(rows.find((r) => r.userId === b.id)!.id)).toContain("promoted");
    await expectSeatsConsistent(id);
    // Again: nothing left to cancel.
    expect((await cancelWorker(manager.cookie, companyId, id, a.id)).status).toBe(404);
  });

  it("after the deadline a seat stays; a place in line can still be given up", async () => {
    const id = await scheduleSession(admin, relator.id, { capacity: "1", cancelHoursBefore: "24" });
    const [a, b] = [await worker(companyId, "Gabi Tarde"), await worker(companyId, "Hugo Tarde")];
    await book(manager.cookie, companyId, id, [a.id, b.id]);
    const starts = (await sessionRow(id)).startsAt;
    freezeClock(new Date(starts.getTime() - 23 * 3_600_000));
    const late = await cancelWorker(manager.cookie, companyId, id, a.id);
    expect(late.status).toBe(409);
    expect(late.data.message).toBe(M.cancelTooLate);
    expect((await bookingPage(manager.cookie, companyId, id)).data.workers.find((w: { name: string }) => w.name === "Gabi Tarde")).toMatchObject({ cancellable: false });
    expect((await cancelWorker(manager.cookie, companyId, id, b.id)).status).toBe(200);
    const rows = await bookingsOf(id);
    expect(rows.find((r) => r.userId === a.id)!.status).toBe("booked");
    expect(rows.find((r) => r.userId === b.id)!.status).toBe("cancelled");
    await expectSeatsConsistent(id);
  });

  it("another company's manager, a learner, an anonymous visitor, and a worker who booked on their own are refused", async () => {
    const id = await scheduleSession(admin, relator.id, { capacity: "3" });
    const a = await worker(companyId, "Iris Propia");
    await book(manager.cookie, companyId, id, [a.id]);
    // Another company's manager, on their own portal's address and on this company's.
    expect((await cancelWorker(otherManager.cookie, otherCompanyId, id, a.id)).status).toBe(404);
    expect((await cancelWorker(otherManager.cookie, companyId, id, a.id)).status).toBe(403);
    const learner = await theoryLearner();
    expect((await cancelWorker(learner.cookie, companyId, id, a.id)).status).toBe(403);
    const anonymous = await cancelWorker(undefined, companyId, id, a.id);
    expect(anonymous.location).toMatch(/^\/login/);
    // A learner who bought the course alone and booked their own seat is not the company's to cancel.
    expect((await learnerPost(learner.cookie, id, "book")).data.message).toBe(M.booked);
    expect((await cancelWorker(manager.cookie, companyId, id, learner.id)).status).toBe(404);
    const rows = await bookingsOf(id);
    expect(rows.every((r) => r.status === "booked")).toBe(true);
    await expectSeatsConsistent(id);
  });

  it("the manager cancels a worker's seat while a learner books the last one: counts stay exact", async () => {
    const id = await scheduleSession(admin, relator.id, { capacity: "1" });
    const a = await worker(companyId, "Jana Carrera");
    await book(manager.cookie, companyId, id, [a.id]);
    const learner = await theoryLearner();
    const [cancelled, booked] = await Promise.all([cancelWorker(manager.cookie, companyId, id, a.id), learnerPost(learner.cookie, id, "book")]);
    expect(cancelled.status).toBe(200);
    // Either the learner came first (waiting, then offered the freed seat) or second (the seat was free).
    expect([M.booked, M.waiting]).toContain(booked.data.message);
    const mine = (await bookingsOf(id)).find((r) => r.userId === learner.id)!;
    expect(["booked", "offered"]).toContain(mine.status);
    await expectSeatsConsistent(id);
  });
});

describe("a request for a session at the company", () => {
  it("bad input: each field's message, what was typed kept, nothing stored", async () => {
    const before = await db().select({ id: skillsSessionRequest.id }).from(skillsSessionRequest);
    const bad = await sendRequest(manager.cookie, companyId, requestFields({ people: "0", preferredDates: "", address: "", comuna: "" }));
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ people: M.peopleInvalid, preferredDates: M.preferredDatesRequired, address: M.addressRequired, comuna: M.comunaRequired });
    expect(bad.data.values).toMatchObject({ people: "0", notes: "Sala de capacitación en el segundo piso.\nEstacionamiento de visitas." });
    // A course the company enrolled nobody in (primeros auxilios) cannot be asked for.
    const notTheirs = await sendRequest(manager.cookie, companyId, requestFields({ courseId: "2" }));
    expect(notTheirs.data.fieldErrors).toEqual({ courseId: M.companyCourseRequired });
    expect(await db().select({ id: skillsSessionRequest.id }).from(skillsSessionRequest)).toHaveLength(before.length);
  });

  it("stored; the admin sees it, schedules an 'en la empresa' session from it, and the manager books workers into it", async () => {
    await worker(companyId, "Fede Patio");
    const sent = await sendRequest(manager.cookie, companyId, requestFields());
    expect(sent.status).toBe(200);
    expect(sent.data.message).toBe(M.requestSent);
    const [stored] = await db().select().from(skillsSessionRequest).where(eq(skillsSessionRequest.companyId, companyId));
    expect(stored).toMatchObject({ courseId: 1, people: 8, comuna: "Pudahuel", status: "pending", requestedBy: manager.id });

    const adminPage = await call(adminSessions.loader, getRequest(`/admin/sesiones?solicitud=${stored!.id}`, admin.cookie));
    expect(adminPage.data.requests.map((r: { id: number }) => r.id)).toContain(stored!.id);
    expect(adminPage.data.answering.values).toEqual({
      courseId: "1",
      placeKind: "company",
      companyId: String(companyId),
      placeNotes: "Camino Lo Boza 120, Pudahuel. Sala de capacitación en el segundo piso. Estacionamiento de visitas.",
      capacity: "8",
    });
    // Answering with another company is refused next to the field.
    const wrong = await call(
      adminSessions.action,
      formRequest("/admin/sesiones", { ...sessionFields(relator.id, { placeKind: "company", companyId: String(otherCompanyId), capacity: "8" }), requestId: String(stored!.id) }, { cookie: admin.cookie }),
    );
    expect(wrong.data.fieldErrors).toEqual({ companyId: M.companyRequired });
    const fields = { ...sessionFields(relator.id, { ...adminPage.data.answering.values }), requestId: String(stored!.id) };
    const created = await call(adminSessions.action, formRequest("/admin/sesiones", fields, { cookie: admin.cookie }));
    expect(created.status).toBe(200);
    const [scheduled] = await db().select().from(skillsSessionRequest).where(eq(skillsSessionRequest.id, stored!.id));
    expect(scheduled!.status).toBe("scheduled");
    expect(scheduled!.sessionId).not.toBeNull();
    const again = await call(adminSessions.action, formRequest("/admin/sesiones", fields, { cookie: admin.cookie }));
    expect(again.data.message).toBe(M.requestNotPending);
    expect((await call(adminSessions.loader, getRequest("/admin/sesiones", admin.cookie))).data.requests.map((r: { id: number }) => r.id)).not.toContain(stored!.id);

    // The company sees its private session and books into it; the other company does not see it.
    const portal = await call(portalSessions.loader, getRequest(`/empresa/${companyId}/sesiones`, manager.cookie), { companyId: String(companyId) });
    const own = portal.data.sessions.find((s: { id: number }) => s.id === scheduled!.sessionId);
    expect(own).toMatchObject({ own: true, place: expect.stringContaining("En la empresa") });
    expect(portal.data.requests[0]).toMatchObject({ status: "Sesión programada" });
    const fede = (await bookingPage(manager.cookie, companyId, scheduled!.sessionId!)).data.workers.find((w: { name: string }) => w.name === "Fede Patio");
    expect((await book(manager.cookie, companyId, scheduled!.sessionId!, [fede.userId])).data.message).toBe(companyBookedMessage(1, 0));
    const [row] = await db().select().from(skillsBooking).where(eq(skillsBooking.sessionId, scheduled!.sessionId!));
    expect(row).toMatchObject({ status: "booked", bookedBy: manager.id });
    expect((await bookingPage(otherManager.cookie, otherCompanyId, scheduled!.sessionId!)).status).toBe(404);
  });
});
