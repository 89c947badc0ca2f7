// Reminders before a skills session (docs/skills-sessions.md): 48 hours and 2 hours before the start, each sent
// once to each learner holding a seat — however many workers look at the same moment, however often they look —
// and never to a seat cancelled, a session cancelled, or someone still waiting for a seat. The academy's clock is
// moved across each mark; the look and the outbox's worker are the ones the server runs.
import { and, eq, gt, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as adminSession from "~/routes/admin/sesion";
import { sessionMessages as M } from "~/domain/skills-sessions";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { db } from "~/server/platform/db/client.server";
import { outbox } from "~/server/platform/db/schema";
import { queueJob } from "~/server/platform/outbox/outbox.server";
import { runDueJobs } from "~/server/platform/outbox/worker.server";
import { queueDueReminders } from "~/server/sessions/reminders.server";
import { ensureRemindersScheduled } from "~/server/sessions/jobs/reminders.server";
import { sessionMailFor } from "~/server/sessions/session-mail.server";
import { call } from "../support/call";
import { formRequest } from "../support/requests";
import { createUser } from "../support/users";
import { decodedSubject, deliveredMails } from "../tax-documents/support";
import { bookingsOf, learnerPost, makeInstructor, scheduleSession, sessionMailJobs, sessionRow, theoryLearner, type TestUser } from "./support";

const H = 3_600_000;
const COURSE = "Reanimación Cardiopulmonar solo Compresiones";

let admin: TestUser;
let relator: TestUser;
beforeAll(async () => {
  admin = await createUser({ role: "admin", name: "Administradora" });
  relator = await makeInstructor(admin);
});
afterEach(() => resetClock());

/** The academy's clock `hours` before the session's start. */
async function hoursBefore(sessionId: number, hours: number) {
  const { startsAt } = await sessionRow(sessionId);
  freezeClock(new Date(startsAt.getTime() - hours * H));
}

/** The reminders queued for a booking, in order. */
async function remindersOf(bookingId: number) {
  return (await sessionMailJobs(bookingId)).filter((e) => e.startsWith("reminder"));
}

/** The subjects of the mails delivered to `email` that are reminders. */
async function reminderSubjects(email: string) {
  const subjects = await Promise.all(deliveredMails(email).map(decodedSubject));
  return subjects.filter((s) => s.startsWith("Recordatorio") || s.includes("empieza a las"));
}

describe("reminders before a skills session", () => {
  it("a seat booked a week ahead: one reminder 48 hours before and one 2 hours before, however many looks at once", async () => {
    const id = await scheduleSession(admin, relator.id, { startsAt: "2031-05-10T10:00" });
    const ana = await theoryLearner("Ana Pérez");
    await learnerPost(ana.cookie, id, "book");
    const [booking] = await bookingsOf(id);

    // Before the first mark, nothing.
    await hoursBefore(id, 48.5);
    expect(await queueDueReminders()).toBe(0);
    expect(await remindersOf(booking!.id)).toEqual([]);

    // At the 48-hour mark three looks at once (three workers), then again: one reminder.
    await hoursBefore(id, 47.9);
    const counts = await Promise.all([queueDueReminders(), queueDueReminders(), queueDueReminders()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await queueDueReminders()).toBe(0);
    expect(await remindersOf(booking!.id)).toEqual(["reminder48h"]);

    // Two workers deliver what is due at once: the mail goes out once.
    await Promise.all([runDueJobs(), runDueJobs()]);
    expect(await reminderSubjects(ana.email)).toEqual([`Recordatorio: tu sesión práctica de ${COURSE} es el sábado 10 de mayo a las 10:00`]);
    const early = await sessionMailFor(booking!.id, "reminder48h");
    expect(early!.to).toBe(ana.email);
    expect(early!.text).toContain(`Te recordamos tu sesión práctica de ${COURSE}: es el sábado 10 de mayo a las 10:00 (hora de Chile).`);
    expect(early!.text).toContain("Lugar: Av. Providencia 1234, Providencia");
    expect(early!.text).toContain("¿No vas a poder ir? Cancela tu reserva hasta el 09/05/2031 10:00 y el cupo quedará para otra persona.");
    expect(early!.text).toContain(`/sesiones/${id}`);

    // Between the marks, nothing more.
    await hoursBefore(id, 3);
    expect(await queueDueReminders()).toBe(0);

    // At the 2-hour mark, the second one, once; past the cancellation deadline the mail no longer offers to cancel.
    await hoursBefore(id, 1.95);
    const second = await Promise.all([queueDueReminders(), queueDueReminders()]);
    expect(second.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await remindersOf(booking!.id)).toEqual(["reminder48h", "reminder2h"]);
    await Promise.all([runDueJobs(), runDueJobs()]);
    expect(await reminderSubjects(ana.email)).toEqual([
      `Recordatorio: tu sesión práctica de ${COURSE} es el sábado 10 de mayo a las 10:00`,
      `Tu sesión práctica de ${COURSE} empieza a las 10:00`,
    ]);
    const soon = await sessionMailFor(booking!.id, "reminder2h");
    expect(soon!.text).toContain(`Tu sesión práctica de ${COURSE} empieza a las 10:00 (hora de Chile), en Av. Providencia 1234, Providencia.`);
    expect(soon!.text).toContain("Llega unos minutos antes");

    // After the start, nothing; a reminder rendered that late is not sent.
    await hoursBefore(id, -0.5);
    expect(await queueDueReminders()).toBe(0);
    expect(await sessionMailFor(booking!.id, "reminder2h")).toBeNull();
  });

  it("no reminder for a cancelled seat, a cancelled session, or someone on the waiting list; one cancelled after its reminder was queued gets no mail", async () => {
    // One seat: Ana holds it, Beto waits.
    const full = await scheduleSession(admin, relator.id, { capacity: "1", startsAt: "2031-06-14T09:30" });
    const ana = await theoryLearner("Ana Pérez");
    const beto = await theoryLearner("Beto Díaz");
    await learnerPost(ana.cookie, full, "book");
    expect((await learnerPost(beto.cookie, full, "book")).data.message).toBe(M.waiting);
    // Carla books and cancels; Diego's session is cancelled by the admin.
    const other = await scheduleSession(admin, relator.id, { startsAt: "2031-06-14T09:30" });
    const carla = await theoryLearner("Carla Muñoz");
    await learnerPost(carla.cookie, other, "book");
    expect((await learnerPost(carla.cookie, other, "cancel")).data.message).toBe(M.cancelledBooking);
    const cancelled = await scheduleSession(admin, relator.id, { startsAt: "2031-06-14T09:30" });
    const diego = await theoryLearner("Diego Rojas");
    await learnerPost(diego.cookie, cancelled, "book");
    const done = await call(adminSession.action, formRequest(`/admin/sesiones/${cancelled}`, { intent: "cancel" }, { cookie: admin.cookie }), { id: String(cancelled) });
    expect(done.data.message).toBe(M.cancelled);

    await hoursBefore(full, 47.5);
    expect(await queueDueReminders()).toBe(1);
    const rows = await bookingsOf(full);
    const anaBooking = rows.find((r) => r.userId === ana.id)!;
    expect(await remindersOf(anaBooking.id)).toEqual(["reminder48h"]);
    expect(await remindersOf(rows.find((r) => r.userId === beto.id)!.id)).toEqual([]);
    expect(await remindersOf((await bookingsOf(other))[0]!.id)).toEqual([]);
    expect(await remindersOf((await bookingsOf(cancelled))[0]!.id)).toEqual([]);

    // Ana cancels before the worker delivers her reminder (her deadline is 24 hours before): it is not sent, and
    // Beto, promoted to her seat, is offered it — no reminder for an offer not yet confirmed.
    expect((await learnerPost(ana.cookie, full, "cancel")).data.message).toBe(M.cancelledBooking);
    await runDueJobs();
    expect(await reminderSubjects(ana.email)).toEqual([]);
    expect((await bookingsOf(full)).find((r) => r.userId === beto.id)!.status).toBe("offered");
    expect(await queueDueReminders()).toBe(0);

    // At the 2-hour mark, still nothing for any of them.
    await hoursBefore(full, 1.5);
    expect(await queueDueReminders()).toBe(0);
    await runDueJobs();
    for (const person of [ana, beto, carla, diego]) expect(await reminderSubjects(person.email)).toEqual([]);
  });

  it("a seat booked after the 48-hour mark gets only the 2-hour reminder; a 48-hour one missed is not sent late", async () => {
    const late = await scheduleSession(admin, relator.id, { startsAt: "2031-07-05T10:00" });
    // Another day, two weeks on: a look for the first session finds nothing due for it.
    const missed = await scheduleSession(admin, relator.id, { startsAt: "2031-07-19T15:00" });
    const early = await theoryLearner("Elena Soto");
    await learnerPost(early.cookie, missed, "book");
    await hoursBefore(late, 30);
    const latecomer = await theoryLearner("Felipe Vera");
    expect((await learnerPost(latecomer.cookie, late, "book")).data.message).toBe(M.booked);
    expect(await queueDueReminders()).toBe(0);
    // Nobody looked until an hour and a half before each start (the server was down).
    await hoursBefore(late, 1.5);
    expect(await queueDueReminders()).toBe(1);
    await hoursBefore(missed, 1.5);
    expect(await queueDueReminders()).toBe(1);
    expect(await remindersOf((await bookingsOf(late))[0]!.id)).toEqual(["reminder2h"]);
    expect(await remindersOf((await bookingsOf(missed))[0]!.id)).toEqual(["reminder2h"]);
  });

  it("the look runs as an outbox job that queues its next run; two chains at once still send each reminder once", async () => {
    const id = await scheduleSession(admin, relator.id, { startsAt: "2031-08-09T11:00" });
    const gabriela = await theoryLearner("Gabriela Paz");
    await learnerPost(gabriela.cookie, id, "book");
    await db().delete(outbox).where(eq(outbox.kind, "skillsReminders"));
    await ensureRemindersScheduled(db(), 0);
    // Scheduled while one is waiting: still one.
    await ensureRemindersScheduled(db(), 0);
    expect(await db().select().from(outbox).where(eq(outbox.kind, "skillsReminders"))).toHaveLength(1);
    // A second chain (two instances started together), and two workers running both at the 48-hour mark.
    await queueJob({ kind: "skillsReminders", every: "5min" });
    await hoursBefore(id, 47);
    await Promise.all([runDueJobs(), runDueJobs()]);
    expect(await remindersOf((await bookingsOf(id))[0]!.id)).toEqual(["reminder48h"]);
    expect(await reminderSubjects(gabriela.email)).toHaveLength(1);
    // The look goes on: its next run waits, a few minutes from now.
    const next = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "skillsReminders"), eq(outbox.status, "pending"), gt(outbox.runAt, sql`now() + interval '4 minutes'`)));
    expect(next.length).toBeGreaterThanOrEqual(1);
  });
});
