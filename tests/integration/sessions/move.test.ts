// The admin moves a booked learner to another open date of the same course: one transaction under both sessions'
// row locks; the freed seat goes to the waiting list as a cancellation's does; the learner gets the new date with
// its calendar file (and the old date's cancellation). Races: the last seat moved into while someone books it.
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as adminSession from "~/routes/admin/sesion";
import { sessionMessages as M } from "~/domain/skills-sessions";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { db } from "~/server/platform/db/client.server";
import { auditEvent, outbox } from "~/server/platform/db/schema";
import { sessionMailFor } from "~/server/sessions/session-mail.server";
import { call } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { bookingsOf, expectSeatsConsistent, instructorPost, learnerPost, makeInstructor, scheduleSession, sessionMailJobs, sessionRow, theoryLearner, type TestUser } from "./support";

let admin: TestUser;
let relator: TestUser;
beforeAll(async () => {
  admin = await createUser({ role: "admin", name: "Administradora" });
  relator = await makeInstructor(admin);
});
afterEach(() => resetClock());

const move = (cookie: string | undefined, from: number, bookingId: number | string, to: number | string) =>
  call(adminSession.action, formRequest(`/admin/sesiones/${from}`, { intent: "move", bookingId: String(bookingId), targetSessionId: String(to) }, cookie ? { cookie } : {}), {
    id: String(from),
  });

async function booked(sessionId: number, name?: string) {
  const l = await theoryLearner(name);
  const r = await learnerPost(l.cookie, sessionId, "book");
  expect(r.status).toBe(200);
  const row = (await bookingsOf(sessionId)).find((b) => b.userId === l.id)!;
  return { ...l, bookingId: row.id };
}

const icsOf = (a: { contentBase64: string }) => Buffer.from(a.contentBase64, "base64").toString("utf8");

describe("moving a learner to another date (/admin/sesiones/:id)", () => {
  it("only an admin moves a learner", async () => {
    const from = await scheduleSession(admin, relator.id);
    const to = await scheduleSession(admin, relator.id);
    const ana = await booked(from);
    expect((await move(ana.cookie, from, ana.bookingId, to)).location).toBe("/dashboard");
    expect((await move(relator.cookie, from, ana.bookingId, to)).location).toBe("/dashboard");
    expect((await move(undefined, from, ana.bookingId, to)).location).toMatch(/^\/login/);
    expect((await bookingsOf(from))[0]!.status).toBe("booked");
    expect(await bookingsOf(to)).toHaveLength(0);
  });

  it("the seat moves in one step: the old one goes to the waiting list, the learner is mailed the new date with its .ics", async () => {
    const from = await scheduleSession(admin, relator.id, { capacity: "1" });
    const to = await scheduleSession(admin, relator.id, { capacity: "2", address: "Huérfanos 1160", comuna: "Santiago" });
    const ana = await booked(from, "Ana Pérez");
    const beto = await theoryLearner("Beto Díaz");
    expect((await learnerPost(beto.cookie, from, "book")).data.message).toBe(M.waiting);

    const page = await call(adminSession.loader, getRequest(`/admin/sesiones/${from}`, admin.cookie), { id: String(from) });
    expect(page.data.movable).toEqual([{ bookingId: ana.bookingId, name: "Ana Pérez" }]);
    expect(page.data.targets.map((t: { id: number }) => t.id)).toContain(to);
    expect(page.data.targets.map((t: { id: number }) => t.id)).not.toContain(from);

    const moved = await move(admin.cookie, from, ana.bookingId, to);
    expect(moved.status).toBe(200);
    expect(moved.data.message).toBe(M.moved);
    const old = (await bookingsOf(from)).find((b) => b.userId === ana.id)!;
    expect(old).toMatchObject({ status: "moved", cancelledBy: admin.id });
    const [fresh] = await bookingsOf(to);
    expect(fresh).toMatchObject({ userId: ana.id, status: "booked", enrolmentId: ana.enrolmentId });
    // The freed seat is offered to Beto, as a cancellation would.
    expect((await bookingsOf(from)).find((b) => b.userId === beto.id)!.status).toBe("offered");
    expect(await sessionRow(from)).toMatchObject({ seatsTaken: 1 });
    expect(await sessionRow(to)).toMatchObject({ seatsTaken: 1 });
    await expectSeatsConsistent(from);
    await expectSeatsConsistent(to);
    expect(await sessionMailJobs(fresh!.id)).toEqual(["moved"]);
    expect(await sessionMailJobs((await bookingsOf(from)).find((b) => b.userId === beto.id)!.id)).toEqual(["waiting", "promoted"]);

    const [job] = await db()
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.kind, "skillsSessionMail"), sql`(${outbox.payload}->>'bookingId')::int = ${fresh!.id}`));
    expect(job!.payload).toEqual({ bookingId: fresh!.id, event: "moved", previousBookingId: old.id });
    const mail = await sessionMailFor(fresh!.id, "moved", old.id);
    expect(mail!.to).toBe(ana.email);
    expect(mail!.subject).toContain("Cambio de fecha");
    expect(mail!.attachments!.map((a) => a.filename)).toEqual(["sesion-practica.ics", "sesion-practica-fecha-anterior.ics"]);
    const [now, before] = mail!.attachments!.map(icsOf);
    const stamp = (d: Date) => `${d.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
    expect(now).toContain("METHOD:PUBLISH");
    expect(now).toContain(`DTSTART:${stamp((await sessionRow(to)).startsAt)}`);
    expect(now).toContain("LOCATION:Huérfanos 1160\\, Santiago");
    expect(before).toContain("METHOD:CANCEL");
    expect(before).toContain(`UID:sesion-${from}-reserva-${old.id}@`);

    const [audit] = await db().select().from(auditEvent).where(and(eq(auditEvent.action, "skills_booking.moved"), eq(auditEvent.subjectId, ana.id)));
    expect(audit).toMatchObject({ actorId: admin.id });
    // Her dashboard and the learner page follow the new seat: the old one is history.
    expect((await learnerPost(ana.cookie, to, "book")).data.message).toBe(M.alreadyBooked);
  });

  it("refusals come back next to the field, with the choice kept, and nothing moves", async () => {
    const from = await scheduleSession(admin, relator.id, { capacity: "3" });
    const full = await scheduleSession(admin, relator.id, { capacity: "1" });
    const ana = await booked(from);
    await booked(full);
    const refuse = async (to: number | string, field: string, message: string, bookingId: number | string = ana.bookingId) => {
      const r = await move(admin.cookie, from, bookingId, to);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.data.fieldErrors).toEqual({ [field]: message });
      expect(r.data.values).toEqual({ bookingId: String(bookingId), targetSessionId: String(to) });
    };
    await refuse(full, "targetSessionId", M.moveTargetFull);
    await refuse("", "targetSessionId", M.moveTargetRequired);
    await refuse(from, "targetSessionId", M.moveTargetInvalid);
    // Another course (primeros auxilios), a cancelled date, one with a price of its own.
    await refuse(await scheduleSession(admin, relator.id, { courseId: "2" }), "targetSessionId", M.moveTargetInvalid);
    const cancelled = await scheduleSession(admin, relator.id);
    await call(adminSession.action, formRequest(`/admin/sesiones/${cancelled}`, { intent: "cancel" }, { cookie: admin.cookie }), { id: String(cancelled) });
    await refuse(cancelled, "targetSessionId", M.moveTargetInvalid);
    await refuse(await scheduleSession(admin, relator.id, { priceClp: "15000" }), "targetSessionId", M.movePriceDiffers);
    // A booking of another session, or no booking at all.
    const elsewhere = (await bookingsOf(full))[0]!.id;
    const open = await scheduleSession(admin, relator.id);
    await refuse(open, "bookingId", M.moveBookingInvalid, elsewhere);
    await refuse(open, "bookingId", M.moveBookingInvalid, "abc");
    // Attendance recorded: the learner came (or did not) to this date.
    freezeClock((await sessionRow(from)).startsAt);
    await instructorPost(relator.cookie, from, { intent: "attendance", bookingId: String(ana.bookingId), attendance: "absent" });
    resetClock();
    await refuse(open, "bookingId", M.moveAttendanceRecorded);
    expect((await bookingsOf(from)).find((b) => b.id === ana.bookingId)!.status).toBe("booked");
    expect(await bookingsOf(open)).toHaveLength(0);
    await expectSeatsConsistent(from);
    await expectSeatsConsistent(full);
  });

  it("the last seat, moved into while another learner books it: one of them gets it, seats stay exact", async () => {
    for (let round = 0; round < 3; round++) {
      const from = await scheduleSession(admin, relator.id, { capacity: "2" });
      const to = await scheduleSession(admin, relator.id, { capacity: "1" });
      const ana = await booked(from);
      const carla = await theoryLearner();
      const [moved, book] = await Promise.all([move(admin.cookie, from, ana.bookingId, to), learnerPost(carla.cookie, to, "book")]);
      const target = await bookingsOf(to);
      if (moved.status === 200) {
        expect(book.data.message).toBe(M.waiting);
        expect(target.find((b) => b.status === "booked")!.userId).toBe(ana.id);
        expect((await bookingsOf(from))[0]!.status).toBe("moved");
      } else {
        expect(moved.data.fieldErrors).toEqual({ targetSessionId: M.moveTargetFull });
        expect(book.data.message).toBe(M.booked);
        expect(target.map((b) => [b.userId, b.status])).toEqual([[carla.id, "booked"]]);
        expect((await bookingsOf(from))[0]!.status).toBe("booked");
      }
      await expectSeatsConsistent(from);
      await expectSeatsConsistent(to);
      expect((await sessionRow(to)).seatsTaken).toBe(1);
    }
  });

  it("two moves in opposite directions at once both go through (the locks are taken in one order)", async () => {
    const a = await scheduleSession(admin, relator.id, { capacity: "2" });
    const b = await scheduleSession(admin, relator.id, { capacity: "2" });
    const ana = await booked(a);
    const beto = await booked(b);
    const [one, two] = await Promise.all([move(admin.cookie, a, ana.bookingId, b), move(admin.cookie, b, beto.bookingId, a)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect((await bookingsOf(b)).find((x) => x.status === "booked")!.userId).toBe(ana.id);
    expect((await bookingsOf(a)).find((x) => x.status === "booked")!.userId).toBe(beto.id);
    await expectSeatsConsistent(a);
    await expectSeatsConsistent(b);
  });
});
