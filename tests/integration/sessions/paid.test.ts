// A seat in a priced skills session bought online (docs/skills-sessions.md, "Priced sessions"), through the route
// modules, the official SDK against the local Webpay server and the outbox as its worker runs it: the seat taken in
// the payment's transaction, the receipt naming the session, the refund when the seat cannot be taken or is given
// up in time, and the races — two buyers for the last seat, a replayed return, paying for a cancelled session.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as buyPage from "~/routes/sesion-comprar";
import * as orderRoute from "~/routes/compra";
import * as adminSession from "~/routes/admin/sesion";
import { sessionMessages as M } from "~/domain/skills-sessions";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { db } from "~/server/platform/db/client.server";
import { order, orderEvent, outbox, payment, refund, skillsBooking } from "~/server/platform/db/schema";
import { runDueJobs } from "~/server/platform/outbox/worker.server";
import { payAtWebpay } from "../../../scripts/webpay/browser";
import { useLocalWebpay } from "../payments/webpay-support";
import { call } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { mailsTo, numberFrom, openWebpayForm, orderRow, returnToAcademy } from "../commerce/support";
import { boleta, documentsOf, useLocalOpenFactura } from "../tax-documents/support";
import { bookingsOf, expectSeatsConsistent, learnerPost, makeInstructor, scheduleSession, sessionMailJobs, sessionRow, theoryLearner, type TestUser } from "./support";

const webpay = useLocalWebpay(0);

let admin: TestUser;
let relator: TestUser;
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  relator = await makeInstructor(admin, "Relator Pagado");
});
afterEach(() => resetClock());

const priced = (over: Record<string, string> = {}) => scheduleSession(admin, relator.id, { priceClp: "15.000", capacity: "1", ...over });

const buy = (cookie: string, sessionId: number, fields: Record<string, string> = { terms: "on" }) =>
  call(buyPage.action, formRequest(`/sesiones/${sessionId}/comprar`, fields, { cookie }), { id: String(sessionId) });

/** The learner's checkout up to Webpay's form, and the card paid there: the browser's way back, not yet sent. */
async function payForSeat(cookie: string, sessionId: number) {
  const res = await buy(cookie, sessionId);
  expect(res.status, JSON.stringify(res.data)).toBe(302);
  expect(res.location).toMatch(/^\/compras\/[A-Z0-9-]+\/webpay$/);
  const form = await openWebpayForm(res.location!, cookie);
  const back = await payAtWebpay({ url: form.url, fields: { token_ws: form.token } }, "Pagar");
  return { number: numberFrom(res.location), back };
}

async function seatOf(number: string) {
  const row = await orderRow(number);
  const [b] = await db().select().from(skillsBooking).where(eq(skillsBooking.orderId, row.id));
  return b ?? null;
}

async function refundOf(number: string) {
  const row = await orderRow(number);
  const [r] = await db().select().from(refund).where(eq(refund.orderId, row.id));
  return r ?? null;
}

async function paymentsOf(number: string) {
  const row = await orderRow(number);
  return (await db().select().from(payment).where(eq(payment.orderId, row.id))).length;
}

/** The refunds queued for an order, run as the worker runs them (Webpay's refund call, then the transaction). */
async function runRefunds() {
  await runDueJobs();
}

describe("a learner buys a seat in a priced session", () => {
  it("with Webpay: the seat is booked in the payment's transaction; receipt and order page name the session; booking mail", async () => {
    const id = await priced({ capacity: "2" });
    const a = await theoryLearner("Paula Pagadora");
    const page = await call(buyPage.loader, getRequest(`/sesiones/${id}/comprar`, a.cookie), { id: String(id) });
    expect(page.status).toBe(200);
    expect(page.data.session).toMatchObject({ priceLabel: "$15.000", place: "Av. Providencia 1234, Providencia" });

    // The terms must be accepted: the message next to the box, nothing ordered.
    const refused = await buy(a.cookie, id, {});
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors.terms).toBe(M.seatTermsRequired);
    expect(await db().select().from(order).where(eq(order.userId, a.id))).toHaveLength(0);

    const { number, back } = await payForSeat(a.cookie, id);
    expect(await returnToAcademy(back)).toMatchObject({ status: 303, location: `/compras/${number}` });
    const row = await orderRow(number);
    expect(row).toMatchObject({ status: "paid", amountClp: 15_000, method: "webpay", skillsSessionId: id, courseId: 1, enrolmentId: null });
    const seat = await seatOf(number);
    expect(seat).toMatchObject({ status: "booked", userId: a.id, sessionId: id });
    expect((await sessionRow(id)).seatsTaken).toBe(1);
    await expectSeatsConsistent(id);
    expect(await sessionMailJobs(seat!.id)).toEqual(["booked"]);

    const receipt = (await db().select({ payload: outbox.payload }).from(outbox).where(eq(outbox.kind, "mail")))
      .map((r) => (r.payload as { mail: { to: string; subject: string; text: string } }).mail)
      .find((m) => m.to === a.email && m.subject === `Comprobante de tu compra: pedido ${number}`);
    expect(receipt).toBeDefined();
    expect(receipt!.text).toContain("Sesión práctica");
    expect(receipt!.text).toContain("Av. Providencia 1234, Providencia");
    expect(receipt!.text).toMatch(/tu cupo quedó reservado/);
    expect(receipt!.text).toContain(`/sesiones/${id}`);

    const orderPage = await call(orderRoute.loader, getRequest(`/compras/${number}`, a.cookie), { number });
    expect(orderPage.data.order.paidText).toMatch(/tu cupo en la sesión práctica quedó reservado/);
    expect(orderPage.data.order.rows).toContainEqual({ label: "Lugar", value: "Av. Providencia 1234, Providencia" });
    expect(orderPage.data.order.start).toEqual({ path: `/sesiones/${id}`, label: "Ver mi reserva" });

    // Booked: the checkout now sends the learner back to the session, and the session's page says so.
    expect((await call(buyPage.loader, getRequest(`/sesiones/${id}/comprar`, a.cookie), { id: String(id) })).location).toBe(`/sesiones/${id}`);
    const mine = await call((await import("~/routes/sesion")).loader, getRequest(`/sesiones/${id}`, a.cookie), { id: String(id) });
    expect(mine.data.booking).toMatchObject({ status: "booked", paid: true });
  });

  it("who may buy: the theory passed, one place per course, only priced venue sessions, not full", async () => {
    const id = await priced();
    const stranger = await createUser();
    expect((await call(buyPage.loader, getRequest(`/sesiones/${id}/comprar`, stranger.cookie), { id: String(id) })).location).toBe(`/sesiones/${id}`);
    const notEligible = await buy(stranger.cookie, id);
    expect(notEligible.status).toBe(403);
    expect(notEligible.data.formError).toBe(M.notEligible);
    const free = await scheduleSession(admin, relator.id);
    const learner = await theoryLearner();
    expect((await call(buyPage.loader, getRequest(`/sesiones/${free}/comprar`, learner.cookie), { id: String(free) })).status).toBe(404);
    expect((await buy(learner.cookie, free)).status).toBe(404);
    // Booked on a free date of the course already: no second place.
    expect((await learnerPost(learner.cookie, free, "book")).data.message).toBe(M.booked);
    expect((await buy(learner.cookie, id)).data.formError).toBe(M.alreadyBooked);
    // The "book" button of the learner's page never takes a priced seat without paying.
    const other = await theoryLearner();
    expect((await learnerPost(other.cookie, id, "book")).data.message).toBe(M.paidSession);
    expect(await bookingsOf(id)).toHaveLength(0);
    expect(await db().select().from(order).where(and(eq(order.userId, stranger.id)))).toHaveLength(0);
  });

  it("a double click at checkout reuses the order whose Webpay form is open", async () => {
    const id = await priced();
    const a = await theoryLearner();
    const first = await buy(a.cookie, id);
    const second = await buy(a.cookie, id);
    expect(second.location).toBe(first.location);
    expect(await db().select().from(order).where(eq(order.userId, a.id))).toHaveLength(1);
  });
});

describe("races, on the database in use", () => {
  it("two buyers for the last seat, returning at once: one seat; the other is paid and refunded in full, and told why", async () => {
    const id = await priced({ capacity: "1" });
    const [a, b] = [await theoryLearner("Primera Compradora"), await theoryLearner("Segundo Comprador")];
    // Both get to Webpay while the seat is free: it is not held during the payment.
    const [pa, pb] = [await payForSeat(a.cookie, id), await payForSeat(b.cookie, id)];
    const results = await Promise.all([returnToAcademy(pa.back), returnToAcademy(pb.back)]);
    for (const r of results) expect(r.status).toBe(303);
    const seats = [await seatOf(pa.number), await seatOf(pb.number)];
    expect(seats.filter((s) => s?.status === "booked")).toHaveLength(1);
    expect(seats.filter((s) => s === null)).toHaveLength(1);
    await expectSeatsConsistent(id);
    const loser = seats[0] === null ? { ...pa, who: a } : { ...pb, who: b };
    expect((await orderRow(loser.number)).status).toBe("paid");
    const events = await db().select().from(orderEvent).where(eq(orderEvent.orderId, (await orderRow(loser.number)).id));
    expect(events.at(-1)!.note).toContain(M.refundSessionFull);
    // No receipt for a sale undone at once: the refund's mail says what happened.
    expect(await mailsTo(loser.who.email)).not.toContain(`Comprobante de tu compra: pedido ${loser.number}`);

    await runRefunds();
    expect((await orderRow(loser.number)).status).toBe("refunded");
    expect(await refundOf(loser.number)).toMatchObject({ amountClp: 15_000, kind: "reversed", reason: M.refundSessionFull });
    expect(await mailsTo(loser.who.email)).toContain(`Reembolso del pedido ${loser.number}`);
    expect(webpay.server.requests().filter((r) => r.operation === "refund")).toHaveLength(1);
    // The winner keeps the seat; a second run refunds nothing more.
    await runRefunds();
    expect(webpay.server.requests().filter((r) => r.operation === "refund")).toHaveLength(1);
    await expectSeatsConsistent(id);
  });

  it("a replayed Webpay return (reloads, and two at once): one payment, one seat", async () => {
    const id = await priced({ capacity: "2" });
    const a = await theoryLearner();
    const { number, back } = await payForSeat(a.cookie, id);
    const hold = webpay.server.holdNext("commit");
    const first = returnToAcademy(back);
    await hold.reached;
    const second = returnToAcademy(back);
    await new Promise((resolve) => setTimeout(resolve, 300));
    hold.release();
    await Promise.all([first, second]);
    for (let i = 0; i < 2; i++) expect(await returnToAcademy(back)).toMatchObject({ status: 303, location: `/compras/${number}` });
    expect(await paymentsOf(number)).toBe(1);
    expect((await bookingsOf(id)).filter((b) => b.status === "booked")).toHaveLength(1);
    expect((await sessionRow(id)).seatsTaken).toBe(1);
    await runRefunds();
    expect(await refundOf(number)).toBeNull();
    await expectSeatsConsistent(id);
  });

  it("paying after the admin cancelled the session: paid, nobody booked, refunded in full", async () => {
    const id = await priced({ capacity: "3" });
    const a = await theoryLearner();
    const { number, back } = await payForSeat(a.cookie, id);
    const cancelled = await call(adminSession.action, formRequest(`/admin/sesiones/${id}`, { intent: "cancel" }, { cookie: admin.cookie }), { id: String(id) });
    expect(cancelled.data.message).toBe(M.cancelled);
    await returnToAcademy(back);
    expect((await orderRow(number)).status).toBe("paid");
    expect(await seatOf(number)).toBeNull();
    expect((await sessionRow(id)).seatsTaken).toBe(0);
    await runRefunds();
    expect((await orderRow(number)).status).toBe("refunded");
    expect((await refundOf(number))?.reason).toBe(M.refundSessionCancelled);
    const orderPage = await call(orderRoute.loader, getRequest(`/compras/${number}`, a.cookie), { number });
    expect(orderPage.data.order.status).toBe("refunded");
  });
});

describe("a bought seat given up is refunded through the orders' refund path", () => {
  it("the learner cancels before the deadline: seat freed, order refunded; after the deadline the seat stays", async () => {
    const id = await priced({ capacity: "2", cancelHoursBefore: "24" });
    const [a, b] = [await theoryLearner(), await theoryLearner()];
    const pa = await payForSeat(a.cookie, id);
    await returnToAcademy(pa.back);
    const pb = await payForSeat(b.cookie, id);
    await returnToAcademy(pb.back);
    expect((await sessionRow(id)).seatsTaken).toBe(2);

    const cancelled = await learnerPost(a.cookie, id, "cancel");
    expect(cancelled.data.message).toBe(M.cancelledPaidBooking);
    expect((await seatOf(pa.number))!.status).toBe("cancelled");
    expect((await sessionRow(id)).seatsTaken).toBe(1);
    await runRefunds();
    expect(await refundOf(pa.number)).toMatchObject({ amountClp: 15_000, reason: M.refundLearnerCancelled, byUserId: a.id });
    expect((await orderRow(pa.number)).status).toBe("refunded");

    freezeClock(new Date((await sessionRow(id)).startsAt.getTime() - 23 * 3_600_000));
    const late = await learnerPost(b.cookie, id, "cancel");
    expect(late.data.message).toBe(M.cancelTooLate);
    await runRefunds();
    expect(await refundOf(pb.number)).toBeNull();
    expect((await seatOf(pb.number))!.status).toBe("booked");
    await expectSeatsConsistent(id);
  });

  it("the admin cancels the session: every bought seat refunded, each person told", async () => {
    const id = await priced({ capacity: "2" });
    const [a, b] = [await theoryLearner(), await theoryLearner()];
    const paid = [await payForSeat(a.cookie, id), await payForSeat(b.cookie, id)];
    for (const p of paid) await returnToAcademy(p.back);
    await call(adminSession.action, formRequest(`/admin/sesiones/${id}`, { intent: "cancel" }, { cookie: admin.cookie }), { id: String(id) });
    await runRefunds();
    for (const [i, p] of paid.entries()) {
      expect((await orderRow(p.number)).status).toBe("refunded");
      expect(await refundOf(p.number)).toMatchObject({ reason: M.refundSessionCancelled, byUserId: admin.id });
      expect(await mailsTo([a, b][i]!.email)).toContain(`Reembolso del pedido ${p.number}`);
    }
  });
});

describe("with tax documents", () => {
  useLocalOpenFactura();

  it("the seat's sale gets its boleta, whose line names the session and its day", async () => {
    const id = await priced({ capacity: "2" });
    const a = await theoryLearner();
    const res = await buy(a.cookie, id, { terms: "on", receipt: boleta.receipt });
    expect(res.status, JSON.stringify(res.data)).toBe(302);
    const form = await openWebpayForm(res.location!, a.cookie);
    await returnToAcademy(await payAtWebpay({ url: form.url, fields: { token_ws: form.token } }, "Pagar"));
    const row = await orderRow(numberFrom(res.location));
    expect(row.status).toBe("paid");
    const [doc] = await documentsOf(row.id);
    expect(doc).toMatchObject({ kind: "sale", totalClp: 15_000 });
    const line = (doc!.draft as { lines: { name: string; description: string | null }[] }).lines[0]!;
    expect(line.name).toBe("Sesión práctica: Reanimación Cardiopulmonar solo Compresiones");
    expect(line.description).toMatch(/^Sesión del \d+ de \S+ de \d{4}, Av\. Providencia 1234, Providencia · Pedido /);
  });
});
