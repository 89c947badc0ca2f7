// Buying seats (docs/decisions.md E1 + E2): the manager's checkout makes one order for N × price; paid by bank
// transfer (the admin confirms it) or by Webpay, the seats are credited in the same transaction, once; nobody
// is enrolled; a refund takes back the seats still free.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as buyRoute from "~/routes/empresa/comprar";
import * as saleRoute from "~/routes/admin/venta";
import * as orderRoute from "~/routes/compra";
import { formatRut } from "~/domain/rut";
import { db } from "~/server/platform/db/client.server";
import { company, companySeatLedger, enrolment, order } from "~/server/platform/db/schema";
import { freeSeats } from "~/server/companies/seats.server";
import { payAtWebpay } from "../../../scripts/webpay/browser";
import { useLocalWebpay } from "../payments/webpay-support";
import { call } from "../support/call";
import { openWebpayForm, returnToAcademy, numberFrom } from "../commerce/support";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { companyWithManager, enrolRequest, lastMailTo, workerFields } from "./support";

useLocalWebpay(0);

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
});

function buy(cookie: string, companyId: number, fields: Record<string, string>) {
  return call(buyRoute.action, formRequest(`/empresa/${companyId}/comprar`, { courseId: "1", quantity: "5", method: "transfer", coupon: "", terms: "on", ...fields }, { cookie }), {
    companyId: String(companyId),
  });
}

const confirm = (number: string) => call(saleRoute.action, formRequest(`/admin/ventas/${number}`, { intent: "confirm", received: "on" }, { cookie: admin.cookie }), { number });

describe("comprar cupos", () => {
  it("por transferencia: un pedido por 5 × precio; al confirmarla se acreditan los 5 cupos, una sola vez", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 0);
    const page = await call(buyRoute.loader, getRequest(`/empresa/${companyId}/comprar?curso=1`, manager.cookie), { companyId: String(companyId) });
    expect(page.data.courses).toEqual(expect.arrayContaining([expect.objectContaining({ id: 1, priceClp: 20_000 })]));
    expect(page.data.defaultCourse).toBe("1");
    const res = await buy(manager.cookie, companyId, {});
    expect(res.status).toBe(302);
    const number = numberFrom(res.location);
    const [row] = await db().select().from(order).where(eq(order.number, number));
    expect(row).toMatchObject({ companyId, quantity: 5, unitPriceClp: 20_000, subtotalClp: 100_000, amountClp: 100_000, method: "transfer", status: "pending" });
    expect(await freeSeats(db(), companyId, 1)).toBe(0);
    // A second order is allowed (a company may buy again), and it is a new order.
    expect((await confirm(number)).status).toBe(200);
    expect(await freeSeats(db(), companyId, 1)).toBe(5);
    expect((await confirm(number)).status).toBe(409);
    expect(await freeSeats(db(), companyId, 1)).toBe(5);
    const [credit] = await db().select().from(companySeatLedger).where(eq(companySeatLedger.orderId, row!.id));
    expect(credit).toMatchObject({ delta: 5, kind: "purchase", companyId, courseId: 1 });
    expect((await db().select({ n: count() }).from(enrolment).where(eq(enrolment.userId, manager.id)))[0]!.n).toBe(0);
    expect((await lastMailTo(manager.email))?.text).toContain(`/empresa/${companyId}/cursos/1`);
  });

  it("el comprobante de los cupos nombra la empresa y su RUT y muestra cantidad × precio = total; nunca «ya tienes acceso»", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 0);
    const [firm] = await db().select({ name: company.name, rut: company.rut }).from(company).where(eq(company.id, companyId));
    const number = numberFrom((await buy(manager.cookie, companyId, { quantity: "30" })).location);
    const orderPage = () => call(orderRoute.loader, getRequest(`/compras/${number}`, manager.cookie), { number });
    const rowsOf = async () => {
      const page = await orderPage();
      expect(page.status).toBe(200);
      return page.data as { order: { rows: { label: string; value: string }[]; seats: { companyName: string; what: string } | null; start: { path: string; label: string } | null } };
    };
    const pending = await rowsOf();
    expect(pending.order.rows).toEqual(
      expect.arrayContaining([
        { label: "Empresa", value: firm!.name },
        { label: "RUT de la empresa", value: formatRut(firm!.rut) },
        { label: "Cupos", value: "30 cupos × $20.000 = $600.000" },
        { label: "Total", value: "$600.000" },
      ]),
    );
    const instructions = await lastMailTo(manager.email);
    expect(instructions?.text).toContain(`${firm!.name} (RUT ${formatRut(firm!.rut)})`);
    expect(instructions?.text).toContain("30 cupos × $20.000 = $600.000");

    expect((await confirm(number)).status).toBe(200);
    const paid = await rowsOf();
    expect(paid.order.seats).toEqual({ companyName: firm!.name, what: "30 cupos de Reanimación Cardiopulmonar solo Compresiones" });
    expect(paid.order.start).toEqual({ path: `/empresa/${companyId}/cursos/1`, label: "Asignar los cupos" });
    expect(paid.order.rows).toEqual(expect.arrayContaining([{ label: "Total pagado", value: "$600.000" }]));
    const confirmed = await lastMailTo(manager.email);
    expect(confirmed?.text).toContain(`RUT de la empresa: ${formatRut(firm!.rut)}`);
    expect(confirmed?.text).toContain("Cupos: 30 cupos × $20.000 = $600.000");
    expect(confirmed?.text).not.toMatch(/tienes acceso|Empezar el curso/);

    // Another person's order stays hidden, even a manager of the same company's.
    const colleague = await createUser();
    expect((await call(orderRoute.loader, getRequest(`/compras/${number}`, colleague.cookie), { number })).status).toBe(404);
  });

  it("por Webpay: al autorizar el pago los cupos quedan disponibles", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 0);
    const res = await buy(manager.cookie, companyId, { method: "webpay", quantity: "3" });
    expect(res.location).toMatch(/\/webpay$/);
    const number = numberFrom(res.location);
    const form = await openWebpayForm(res.location!, manager.cookie);
    const back = await payAtWebpay({ url: form.url, fields: { token_ws: form.token } }, "Pagar");
    await returnToAcademy(back);
    const [row] = await db().select().from(order).where(eq(order.number, number));
    expect(row).toMatchObject({ status: "paid", amountClp: 60_000, quantity: 3 });
    expect(await freeSeats(db(), companyId, 1)).toBe(3);
  });

  it("un reembolso devuelve los cupos que siguen libres; los usados quedan con sus trabajadores", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 0);
    const number = numberFrom((await buy(manager.cookie, companyId, { quantity: "3" })).location);
    await confirm(number);
    expect((await enrolRequest(manager.cookie, companyId, workerFields())).status).toBe(200);
    const refund = await call(saleRoute.action, formRequest(`/admin/ventas/${number}`, { intent: "refund", reason: "Convenio anulado" }, { cookie: admin.cookie }), { number });
    expect(refund.status).toBe(200);
    expect(await freeSeats(db(), companyId, 1)).toBe(0);
    const [n] = await db().select({ n: count() }).from(enrolment).where(eq(enrolment.userId, manager.id));
    expect(n!.n).toBe(0);
  });

  it("validación en español; otra empresa, un alumno o un administrador no compran para esta empresa", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 0);
    const bad = await buy(manager.cookie, companyId, { quantity: "0", method: "cheque", terms: "", courseId: "x" });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toMatchObject({
      quantity: "Ingresa un número entero de 1 a 5.000.",
      method: "Elige un medio de pago.",
      terms: "Debes aceptar los términos y condiciones para continuar.",
      courseId: "Elige un curso de la lista.",
    });
    const other = await companyWithManager(admin.cookie, 0);
    const learner = await createUser();
    const [before] = await db().select({ n: count() }).from(order);
    for (const cookie of [other.manager.cookie, learner.cookie, admin.cookie]) {
      expect((await buy(cookie, companyId, {})).status).toBe(403);
      expect((await call(buyRoute.loader, getRequest(`/empresa/${companyId}/comprar`, cookie), { companyId: String(companyId) })).status).toBe(403);
    }
    expect((await buy("", companyId, {})).status).toBe(302);
    const [after] = await db().select({ n: count() }).from(order);
    expect(after!.n).toBe(before!.n);
  });
});
