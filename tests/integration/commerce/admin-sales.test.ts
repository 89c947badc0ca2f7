// /admin/ventas, /admin/ventas/:number and /admin/cupones: who may use them, transfers confirmed or rejected,
// refunds through Webpay (ending access or keeping it), every change recorded, and the CSV export.
import { afterEach, describe, expect, it } from "vitest";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { eq } from "drizzle-orm";
import * as salesRoute from "~/routes/admin/ventas";
import * as saleRoute from "~/routes/admin/venta";
import * as csvRoute from "~/routes/admin/ventas-csv";
import * as couponsRoute from "~/routes/admin/cupones";
import { db } from "~/server/platform/db/client.server";
import { coupon, orderEvent, refund } from "~/server/platform/db/schema";
import { useLocalWebpay } from "../payments/webpay-support";
import { call } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { enrolmentsOf, mailsTo, numberFrom, orderRow, payWith, returnToAcademy, startCheckout } from "./support";

const webpay = useLocalWebpay(0);

const act = (number: string, fields: Record<string, string>, cookie?: string) =>
  call(saleRoute.action, formRequest(`/admin/ventas/${number}`, fields, { cookie }), { number });

async function transferOrder() {
  const u = await createUser();
  const res = await startCheckout(u.cookie, 1, { method: "transfer" });
  return { u, number: numberFrom(res.location) };
}

describe("acceso a ventas y cupones", () => {
  it("anónimo → /login, alumno → /dashboard, en páginas y acciones", async () => {
    const learner = await createUser();
    const { number } = await transferOrder();
    for (const [fn, path, params] of [
      [salesRoute.loader, "/admin/ventas", {}],
      [csvRoute.loader, "/admin/ventas.csv", {}],
      [saleRoute.loader, `/admin/ventas/${number}`, { number }],
      [couponsRoute.loader, "/admin/cupones", {}],
    ] as const) {
      expect((await call(fn, getRequest(path), params)).location).toMatch(/^\/login/);
      expect((await call(fn, getRequest(path, learner.cookie), params)).location).toBe("/dashboard");
    }
    expect((await act(number, { intent: "confirm", received: "on" }, learner.cookie)).location).toBe("/dashboard");
    expect((await act(number, { intent: "confirm", received: "on" })).location).toMatch(/^\/login/);
    expect((await call(couponsRoute.action, formRequest("/admin/cupones", { intent: "create", code: "X1234", kind: "percent", value: "100" }, { cookie: learner.cookie }))).location).toBe("/dashboard");
    expect((await orderRow(number)).status).toBe("pending");
    expect(await db().select().from(coupon).where(eq(coupon.code, "X1234"))).toHaveLength(0);
  });
});

describe("transferencias", () => {
  it("marcar pagada inscribe, avisa por correo y queda en el historial con quién lo hizo", async () => {
    const admin = await createUser({ role: "admin", name: "Admin Ventas" });
    const { u, number } = await transferOrder();
    // The confirmation step: without saying the money arrived, nothing changes and nobody is mailed.
    const unchecked = await act(number, { intent: "confirm" }, admin.cookie);
    expect(unchecked.status).toBe(400);
    expect(unchecked.data.fieldErrors).toEqual({ received: "Marca la casilla cuando hayas visto el dinero en la cuenta." });
    expect((await orderRow(number)).status).toBe("pending");
    expect(await enrolmentsOf(u.id)).toBe(0);
    expect(await mailsTo(u.email)).not.toContain("Pago confirmado: Reanimación Cardiopulmonar solo Compresiones");
    expect((await act(number, { intent: "confirm", received: "yes" }, admin.cookie)).status).toBe(400);
    const res = await act(number, { intent: "confirm", received: "on" }, admin.cookie);
    expect(res.data).toMatchObject({ ok: true });
    expect((await orderRow(number)).status).toBe("paid");
    expect(await enrolmentsOf(u.id)).toBe(1);
    expect(await mailsTo(u.email)).toContain("Pago confirmado: Reanimación Cardiopulmonar solo Compresiones");
    // Twice (two admins at once): one payment, one enrolment; the second is told.
    const again = await act(number, { intent: "confirm", received: "on" }, admin.cookie);
    expect(again.status).toBe(409);
    const detail = await call(saleRoute.loader, getRequest(`/admin/ventas/${number}`, admin.cookie), { number });
    expect(detail.data.events.map((e: { from: string; to: string; actor: string }) => `${e.from}→${e.to}`)).toEqual(["—→Pendiente", "Pendiente→Pagado"]);
    expect(detail.data.events[1].actor).toBe("Admin Ventas");
  });

  it("dos confirmaciones al mismo tiempo dejan un pago y una inscripción", async () => {
    const admin = await createUser({ role: "admin" });
    const { u, number } = await transferOrder();
    const results = await Promise.all([act(number, { intent: "confirm", received: "on" }, admin.cookie), act(number, { intent: "confirm", received: "on" }, admin.cookie)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await enrolmentsOf(u.id)).toBe(1);
  });

  it("rechazar cierra el pedido con el motivo y avisa", async () => {
    const admin = await createUser({ role: "admin" });
    const { u, number } = await transferOrder();
    await act(number, { intent: "reject", reason: "No llegó la transferencia" }, admin.cookie);
    expect((await orderRow(number)).status).toBe("rejected");
    expect(await enrolmentsOf(u.id)).toBe(0);
    expect(await mailsTo(u.email)).toContain(`No pudimos confirmar tu pedido ${number}`);
    const [event] = await db().select().from(orderEvent).where(eq(orderEvent.toStatus, "rejected"));
    expect(event).toMatchObject({ fromStatus: "pending", note: "No llegó la transferencia", actorUserId: admin.id });
  });
});

describe("reembolsos", () => {
  it("reembolso Webpay con motivo: Transbank revierte, termina el acceso y avisa", async () => {
    const admin = await createUser({ role: "admin" });
    const u = await createUser();
    const { number, back } = await payWith(u.cookie);
    await returnToAcademy(back);
    expect(await enrolmentsOf(u.id)).toBe(1);
    const missing = await act(number, { intent: "refund", reason: " " }, admin.cookie);
    expect(missing.status).toBe(400);
    expect(missing.data.fieldErrors.reason).toBe("Indica el motivo del reembolso.");
    const res = await act(number, { intent: "refund", reason: "Compra duplicada" }, admin.cookie);
    expect(res.data).toMatchObject({ ok: true });
    const row = await orderRow(number);
    expect(row.status).toBe("refunded");
    expect(await enrolmentsOf(u.id)).toBe(0);
    const [r] = await db().select().from(refund).where(eq(refund.orderId, row.id));
    expect(r).toMatchObject({ kind: "reversed", amountClp: 20_000, reason: "Compra duplicada", accessKept: false, byUserId: admin.id });
    expect(webpay.server.transaction(row.token!)?.status).toBe("REVERSED");
    expect(await mailsTo(u.email)).toContain(`Reembolso del pedido ${number}`);
    // A second refund is refused: nothing is refunded twice.
    expect((await act(number, { intent: "refund", reason: "otra vez" }, admin.cookie)).status).toBe(409);
  });

  it("el admin puede mantener el acceso; una respuesta de Webpay perdida se confirma con el estado", async () => {
    const admin = await createUser({ role: "admin" });
    const u = await createUser();
    const { number, back } = await payWith(u.cookie);
    await returnToAcademy(back);
    webpay.server.failNext("refund", "after");
    const res = await act(number, { intent: "refund", reason: "Cortesía", keepAccess: "on" }, admin.cookie);
    expect(res.data).toMatchObject({ ok: true });
    expect((await orderRow(number)).status).toBe("refunded");
    expect(await enrolmentsOf(u.id)).toBe(1);
  });

  it("si Webpay no responde y el estado no confirma, nada cambia y se avisa", async () => {
    const admin = await createUser({ role: "admin" });
    const u = await createUser();
    const { number, back } = await payWith(u.cookie);
    await returnToAcademy(back);
    webpay.server.failNext("refund", "before");
    const res = await act(number, { intent: "refund", reason: "Prueba" }, admin.cookie);
    expect(res.data.ok).toBe(false);
    expect((await orderRow(number)).status).toBe("paid");
    expect(await enrolmentsOf(u.id)).toBe(1);
  });
});

describe("listado, totales y CSV", () => {
  it("filtra por estado y curso, suma totales y exporta con ';' y BOM", async () => {
    const admin = await createUser({ role: "admin" });
    const list = await call(salesRoute.loader, getRequest("/admin/ventas?estado=paid&curso=1", admin.cookie));
    expect(list.status).toBe(200);
    for (const o of list.data.orders) expect(o.status).toBe("paid");
    expect(list.data.totals.paid.amount).toBe(list.data.totals.paid.n * 20_000);
    const csv = await call(csvRoute.loader, getRequest("/admin/ventas.csv?estado=paid", admin.cookie));
    const bytes = new Uint8Array(await csv.response!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith("Pedido;Fecha;Estado;")).toBe(true);
    expect(text.trim().split("\r\n").length).toBe(list.data.totals.paid.n + 1);
    const future = await call(salesRoute.loader, getRequest("/admin/ventas?desde=2999-01-01", admin.cookie));
    expect(future.data.orders).toEqual([]);
  });
});

describe("cupones", () => {
  afterEach(() => resetClock());

  it("un cupón que vence el 31/12/2026 vale hasta las 23:59:59 de ese día en Chile, y se muestra así; no hasta el 01/01/2027 00:59", async () => {
    const admin = await createUser({ role: "admin" });
    const created = await call(couponsRoute.action, formRequest("/admin/cupones", { intent: "create", code: "FINDEANO", kind: "percent", value: "10", courseId: "", expiresOn: "2026-12-31", maxUses: "" }, { cookie: admin.cookie }));
    expect(created.data.ok).toBe(true);
    const [row] = await db().select().from(coupon).where(eq(coupon.code, "FINDEANO"));
    // Summer time in Chile (UTC-3): the day ends at 03:00 UTC of 1 January.
    expect(row!.expiresAt!.toISOString()).toBe("2027-01-01T02:59:59.999Z");
    const list = await call(couponsRoute.loader, getRequest("/admin/cupones", admin.cookie));
    expect(list.data.coupons.find((c: { code: string }) => c.code === "FINDEANO")).toMatchObject({ expiresAt: "31/12/2026 23:59" });

    freezeClock(new Date("2026-12-31T23:59:59-03:00"));
    const lastSecond = await startCheckout((await createUser()).cookie, 1, { coupon: "FINDEANO", method: "transfer" });
    expect(lastSecond.status, JSON.stringify(lastSecond.data)).toBe(302);
    freezeClock(new Date("2027-01-01T00:00:00-03:00"));
    const nextDay = await startCheckout((await createUser()).cookie, 1, { coupon: "FINDEANO", method: "transfer" });
    expect(nextDay.status).toBe(400);
    expect(nextDay.data.fieldErrors.coupon).toBe("El cupón está vencido.");
    freezeClock(new Date("2027-01-01T00:59:00-03:00"));
    expect((await startCheckout((await createUser()).cookie, 1, { coupon: "FINDEANO", method: "transfer" })).status).toBe(400);
  });

  it("crea un cupón (código en mayúsculas), rechaza duplicados y porcentajes sobre 100, y lo desactiva", async () => {
    const admin = await createUser({ role: "admin" });
    const create = (fields: Record<string, string>) => call(couponsRoute.action, formRequest("/admin/cupones", { intent: "create", kind: "percent", courseId: "", expiresOn: "", maxUses: "", ...fields }, { cookie: admin.cookie }));
    expect((await create({ code: "verano25", value: "25", maxUses: "10", expiresOn: "2999-12-31" })).data.ok).toBe(true);
    const dup = await create({ code: "VERANO25", value: "10" });
    expect(dup.status).toBe(400);
    expect(dup.data.fieldErrors.code).toBe("Ya existe un cupón con ese código.");
    const over = await create({ code: "MUCHO", value: "150" });
    expect(over.data.fieldErrors.value).toBe("Un porcentaje va de 1 a 100.");
    const [row] = await db().select().from(coupon).where(eq(coupon.code, "VERANO25"));
    expect(row).toMatchObject({ kind: "percent", value: 25, maxUses: 10 });
    await call(couponsRoute.action, formRequest("/admin/cupones", { intent: "deactivate", couponId: String(row!.id) }, { cookie: admin.cookie }));
    const u = await createUser();
    expect((await startCheckout(u.cookie, 1, { coupon: "VERANO25" })).data.fieldErrors.coupon).toBe("El cupón no existe o ya no está vigente.");
  });
});
