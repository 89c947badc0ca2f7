// Buying course 1 ($20.000) with Webpay Plus, through the route modules and the official SDK against the
// local Webpay server: every return, reloads, two returns at once, and a commit lost on the network.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as orderRoute from "~/routes/compra";
import { db } from "~/server/platform/db/client.server";
import { coupon, order, orderEvent, outbox, payment } from "~/server/platform/db/schema";
import { payAtWebpay } from "../../../scripts/webpay/browser";
import { useLocalWebpay } from "../payments/webpay-support";
import { call } from "../support/call";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { enrolmentsOf, mailsTo, orderRow, payWith, paymentsOf, returnToAcademy, startCheckout, toWebpay } from "./support";

const webpay = useLocalWebpay(0);

describe("compra con Webpay Plus", () => {
  it("pago autorizado: un pago, una inscripción, comprobante por correo y página del pedido", async () => {
    const u = await createUser();
    const { number, back } = await payWith(u.cookie);
    expect(back.method).toBe("GET");
    const res = await returnToAcademy(back);
    expect(res).toMatchObject({ status: 303, location: `/compras/${number}` });

    const row = await orderRow(number);
    expect(row).toMatchObject({ status: "paid", amountClp: 20_000, method: "webpay", quantity: 1 });
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(row.buyOrder!.length).toBeLessThanOrEqual(26);
    expect(row.sessionId!.length).toBeLessThanOrEqual(61);
    expect(await paymentsOf(number)).toBe(1);
    expect(await enrolmentsOf(u.id)).toBe(1);
    const [p] = await db().select().from(payment).where(eq(payment.orderId, row.id));
    expect(p).toMatchObject({ amountClp: 20_000, authorizationCode: "1213", cardLast4: "6623" });
    expect(await mailsTo(u.email)).toContain(`Comprobante de tu compra: pedido ${number}`);
    // The receipt carries the start link: the purchase's enrolment sends no second confirmation.
    expect(await db().select().from(outbox).where(eq(outbox.kind, "enrolmentConfirmation"))).toHaveLength(0);
    const events = await db().select().from(orderEvent).where(eq(orderEvent.orderId, row.id));
    expect(events.map((e) => `${e.fromStatus}→${e.toStatus}`)).toEqual(["null→pending", "pending→paid"]);

    const page = await call(orderRoute.loader, getRequest(`/compras/${number}`, u.cookie), { number });
    expect(page.status).toBe(200);
    expect(page.data.order).toMatchObject({ status: "paid", total: "$20.000" });
    expect(page.data.order.rows).toContainEqual({ label: "Código de autorización", value: "1213" });
  });

  it("la página de retorno recargada no cobra ni inscribe dos veces", async () => {
    const u = await createUser();
    const { number, back } = await payWith(u.cookie);
    for (let i = 0; i < 3; i++) expect(await returnToAcademy(back)).toMatchObject({ status: 303, location: `/compras/${number}` });
    expect(await paymentsOf(number)).toBe(1);
    expect(await enrolmentsOf(u.id)).toBe(1);
    expect((await orderRow(number)).status).toBe("paid");
  });

  it("dos retornos al mismo tiempo: un solo pago y una sola inscripción", async () => {
    const u = await createUser();
    const { number, back } = await payWith(u.cookie);
    const hold = webpay.server.holdNext("commit");
    const first = returnToAcademy(back);
    await hold.reached;
    const second = returnToAcademy(back);
    // The second commit meets Transbank's lock while the first is held.
    await new Promise((resolve) => setTimeout(resolve, 300));
    hold.release();
    const results = await Promise.all([first, second]);
    for (const r of results) expect(r).toMatchObject({ status: 303, location: `/compras/${number}` });
    expect(await paymentsOf(number)).toBe(1);
    expect(await enrolmentsOf(u.id)).toBe(1);
    expect((await orderRow(number)).status).toBe("paid");
  });

  it("tarjeta rechazada: pedido rechazado, sin pago ni inscripción, y se puede volver a intentar", async () => {
    const u = await createUser();
    const { number, back } = await payWith(u.cookie, "Pagar", 1, "mastercard");
    expect(await returnToAcademy(back)).toMatchObject({ status: 303, location: `/compras/${number}` });
    expect((await orderRow(number)).status).toBe("rejected");
    expect(await paymentsOf(number)).toBe(0);
    expect(await enrolmentsOf(u.id)).toBe(0);
    const page = await call(orderRoute.loader, getRequest(`/compras/${number}`, u.cookie), { number });
    expect(page.data.order.message).toMatch(/^Tu pago fue rechazado/);

    const retry = await payWith(u.cookie);
    expect(retry.number).not.toBe(number);
    await returnToAcademy(retry.back);
    expect((await orderRow(retry.number)).status).toBe("paid");
    expect(await enrolmentsOf(u.id)).toBe(1);
  });

  it("anular en Webpay (TBK_TOKEN sin token_ws, por POST): pedido anulado, nada cobrado", async () => {
    const u = await createUser();
    const { number, back } = await payWith(u.cookie, "Anular compra y volver al comercio");
    expect(back.method).toBe("POST");
    expect(back.body?.has("TBK_TOKEN")).toBe(true);
    expect(back.body?.has("token_ws")).toBe(false);
    expect(await returnToAcademy(back)).toMatchObject({ status: 303, location: `/compras/${number}` });
    expect((await orderRow(number)).status).toBe("cancelled");
    expect(await enrolmentsOf(u.id)).toBe(0);
    // The return's word was checked with Webpay: one commit, which Webpay refused because the form ended unpaid.
    expect(webpay.server.requests().filter((r) => r.operation === "commit").map((r) => r.status)).toEqual([422]);
  });

  it("tiempo agotado (solo TBK_ORDEN_COMPRA y TBK_ID_SESION): pedido fallido, nada cobrado", async () => {
    const u = await createUser();
    const { number, back } = await payWith(u.cookie, "Simular tiempo agotado");
    expect(await returnToAcademy(back)).toMatchObject({ status: 303, location: `/compras/${number}` });
    expect((await orderRow(number)).status).toBe("failed");
    expect(await enrolmentsOf(u.id)).toBe(0);
  });

  it("el commit se pierde en la red después de aplicarse: se consulta el estado y el pedido queda pagado", async () => {
    const u = await createUser();
    const { number, back } = await payWith(u.cookie);
    webpay.server.failNext("commit", "after");
    expect(await returnToAcademy(back)).toMatchObject({ status: 303, location: `/compras/${number}` });
    expect((await orderRow(number)).status).toBe("paid");
    expect(await paymentsOf(number)).toBe(1);
    expect(await enrolmentsOf(u.id)).toBe(1);
    expect(webpay.server.requests().some((r) => r.operation === "status")).toBe(true);
  });

  it("el commit se pierde antes de llegar: el estado dice INITIALIZED y se confirma una vez más", async () => {
    const u = await createUser();
    const { number, back } = await payWith(u.cookie);
    webpay.server.failNext("commit", "before");
    expect(await returnToAcademy(back)).toMatchObject({ status: 303, location: `/compras/${number}` });
    expect((await orderRow(number)).status).toBe("paid");
    expect(await paymentsOf(number)).toBe(1);
  });

  it("Webpay no responde al commit ni al estado: el pedido sigue pendiente y se resuelve al abrir el pedido", async () => {
    const u = await createUser();
    const { number, back } = await payWith(u.cookie);
    webpay.server.failNext("commit", "after");
    webpay.server.failNext("status", "before");
    expect(await returnToAcademy(back)).toMatchObject({ status: 303, location: `/compras/${number}` });
    expect((await orderRow(number)).status).toBe("pending");
    expect(await enrolmentsOf(u.id)).toBe(0);
    const page = await call(orderRoute.loader, getRequest(`/compras/${number}`, u.cookie), { number });
    expect(page.data.order.status).toBe("paid");
    expect(await enrolmentsOf(u.id)).toBe(1);
    expect(await paymentsOf(number)).toBe(1);
  });

  it("una autorización que llega después de que el pedido se cerró gana (nunca dinero sin inscripción); su cupón ya agotado no se cuenta dos veces", async () => {
    const [u, other] = [await createUser(), await createUser()];
    await db().insert(coupon).values({ code: "TARDIO1", kind: "percent", value: 50, maxUses: 1 });
    const started = await toWebpay(u.cookie, 1, { coupon: "TARDIO1" });
    // The order was closed and its coupon use given back while the buyer's form was still open (as a return
    // believed without asking Webpay once did), and someone else took that last use.
    const row = await orderRow(started.number);
    await db().update(order).set({ status: "cancelled" }).where(eq(order.id, row.id));
    await db().update(coupon).set({ uses: 0 }).where(eq(coupon.code, "TARDIO1"));
    expect((await startCheckout(other.cookie, 1, { coupon: "TARDIO1" })).status).toBe(302);
    const back = await payAtWebpay(started.redirect, "Pagar");
    await returnToAcademy(back);
    expect((await orderRow(started.number)).status).toBe("paid");
    expect(await enrolmentsOf(u.id)).toBe(1);
    const [used] = await db().select({ uses: coupon.uses, maxUses: coupon.maxUses }).from(coupon).where(eq(coupon.code, "TARDIO1"));
    expect(used).toEqual({ uses: 1, maxUses: 1 });
    const events = await db().select().from(orderEvent).where(eq(orderEvent.orderId, row.id));
    expect(events.at(-1)?.note).toContain("Pago tardío honrado con el cupón TARDIO1 ya agotado: este uso no se contó");
  });

  it("un monto que no coincide con el pedido no inscribe", async () => {
    const u = await createUser();
    const { number, back } = await payWith(u.cookie);
    const row = await orderRow(number);
    // Webpay answers the commit for another amount (as a tampered transaction would).
    webpay.server.respondNext("commit", 200, {
      vci: "TSY",
      amount: 1,
      status: "AUTHORIZED",
      buy_order: row.buyOrder,
      session_id: row.sessionId,
      card_detail: { card_number: "6623" },
      accounting_date: "0311",
      transaction_date: "2025-03-11T15:00:00.000Z",
      authorization_code: "1213",
      payment_type_code: "VN",
      response_code: 0,
      installments_number: 0,
    });
    await returnToAcademy(back);
    expect((await orderRow(number)).status).toBe("failed");
    expect(await enrolmentsOf(u.id)).toBe(0);
    expect(await paymentsOf(number)).toBe(0);
  });

  it("una respuesta de Webpay falsificada o desconocida no toca ningún pedido", async () => {
    const u = await createUser();
    const started = await toWebpay(u.cookie);
    const bogus = await returnToAcademy({ method: "GET", url: `http://localhost:3000/pagos/webpay/retorno?token_ws=${"a".repeat(64)}` });
    expect(bogus.status).toBe(400);
    const empty = await returnToAcademy({ method: "GET", url: "http://localhost:3000/pagos/webpay/retorno" });
    expect(empty.status).toBe(400);
    const malformed = await returnToAcademy({ method: "GET", url: `http://localhost:3000/pagos/webpay/retorno?token_ws=${started.token}&token_ws=${started.token}` });
    expect(malformed.status).toBe(400);
    expect((await orderRow(started.number)).status).toBe("pending");
    expect(webpay.server.requests().filter((r) => r.operation === "commit")).toHaveLength(0);
  });
});
