// The checkout's rules: who may buy, what a course costs (the server's figure, never the form's), coupons
// (to zero without Webpay, the last use raced by two buyers), transfers, and the enrol flow's redirects.
import { describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import * as checkoutRoute from "~/routes/curso-comprar";
import * as enrolRoute from "~/routes/curso-inscribir";
import * as orderRoute from "~/routes/compra";
import * as ordersRoute from "~/routes/compras";
import * as webpayRoute from "~/routes/compra-webpay";
import * as waitlistRoute from "~/routes/curso-avisame";
import { db } from "~/server/platform/db/client.server";
import { coupon, course, courseWaitlist, order } from "~/server/platform/db/schema";
import { getEnrolStates } from "~/server/learning/enrolments.server";
import { useLocalWebpay } from "../payments/webpay-support";
import { payAtWebpay } from "../../../scripts/webpay/browser";
import { call } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { enrolmentsOf, mailsTo, numberFrom, openWebpayForm, orderRow, payWith, paymentsOf, returnToAcademy, startCheckout, toWebpay } from "./support";

const webpay = useLocalWebpay(0);

async function addCoupon(values: Partial<typeof coupon.$inferInsert> & { code: string }) {
  const [row] = await db()
    .insert(coupon)
    .values({ kind: "percent", value: 100, ...values })
    .returning();
  return row!;
}

describe("quién puede comprar", () => {
  it("un anónimo va a iniciar sesión y vuelve al checkout; no se crea ningún pedido", async () => {
    const page = await call(checkoutRoute.loader, getRequest("/cursos/1/comprar"), { id: "1" });
    expect(page).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fcursos%2F1%2Fcomprar" });
    const post = await call(checkoutRoute.action, formRequest("/cursos/1/comprar", { method: "webpay", terms: "on" }), { id: "1" });
    expect(post.status).toBe(302);
    expect(post.location).toMatch(/^\/login/);
    expect((await db().select({ n: count() }).from(order))[0]!.n).toBe(0);
  });

  it("un administrador no compra: entra al contenido", async () => {
    const admin = await createUser({ role: "admin" });
    expect(await call(checkoutRoute.loader, getRequest("/cursos/1/comprar", admin.cookie), { id: "1" })).toMatchObject({ location: "/cursos/1/contenido" });
    expect(await startCheckout(admin.cookie)).toMatchObject({ status: 302, location: "/cursos/1/contenido" });
  });

  it("el checkout muestra el curso, el precio y lo que incluye", async () => {
    const u = await createUser();
    const page = await call(checkoutRoute.loader, getRequest("/cursos/1/comprar", u.cookie), { id: "1" });
    expect(page.status).toBe(200);
    expect(page.data.course).toMatchObject({ id: 1, priceLabel: "$20.000" });
    expect(page.data.course.includes.length).toBeGreaterThan(2);
  });

  it("la página que lleva a Webpay: el token en su formulario, sin guardarse en caché; pagado el pedido, ya no lleva", async () => {
    const u = await createUser();
    const { number, redirect } = await toWebpay(u.cookie);
    const form = await openWebpayForm(`/compras/${number}/webpay`, u.cookie);
    const row = await orderRow(number);
    expect(form).toMatchObject({ url: row.webpayUrl, token: row.token });
    expect(form.headers.get("cache-control")).toBe("no-store");
    expect(form.headers.get("content-type")).toMatch(/^text\/html/);
    expect(form.html).toContain('<html lang="es-CL">');
    expect(form.html).toContain("Te estamos llevando a Webpay...");
    expect(form.html).toContain('<button type="submit">Ir a Webpay</button>');
    // Once the order is no longer pending, the same address leads to the order instead.
    await returnToAcademy(await payAtWebpay(redirect, "Pagar"));
    expect((await orderRow(number)).status).toBe("paid");
    expect(await call(webpayRoute.loader, getRequest(`/compras/${number}/webpay`, u.cookie), { number })).toMatchObject({ status: 302, location: `/compras/${number}` });
  });

  it("otra persona no ve el pedido ni su pago: 404, y no aparece en sus compras", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { number } = await toWebpay(owner.cookie);
    expect((await call(orderRoute.loader, getRequest(`/compras/${number}`, other.cookie), { number })).status).toBe(404);
    expect(await call(webpayRoute.loader, getRequest(`/compras/${number}/webpay`, other.cookie), { number })).toMatchObject({ status: 302, location: `/compras/${number}` });
    expect((await call(ordersRoute.loader, getRequest("/compras", other.cookie))).data.orders).toEqual([]);
    expect((await call(ordersRoute.loader, getRequest("/compras", owner.cookie))).data.orders).toHaveLength(1);
    expect(await call(orderRoute.loader, getRequest(`/compras/${number}`), { number })).toMatchObject({ status: 302 });
  });

  it("quien ya está inscrito no vuelve a comprar", async () => {
    const u = await createUser();
    const { back } = await payWith(u.cookie);
    await returnToAcademy(back);
    expect(await call(checkoutRoute.loader, getRequest("/cursos/1/comprar", u.cookie), { id: "1" })).toMatchObject({ location: "/cursos/1/contenido" });
    expect(await startCheckout(u.cookie)).toMatchObject({ location: "/cursos/1/contenido" });
  });
});

describe("el monto lo pone el servidor", () => {
  it("campos de monto, precio o curso agregados al formulario no cambian lo que se cobra", async () => {
    const u = await createUser();
    const { number } = await toWebpay(u.cookie, 1, { amount: "1", amountClp: "1", price: "1", priceClp: "1", courseId: "2", total: "0" });
    const row = await orderRow(number);
    expect(row).toMatchObject({ amountClp: 20_000, courseId: 1, subtotalClp: 20_000, discountClp: 0 });
    const created = webpay.server.transactions().find((t) => t.buyOrder === row.buyOrder);
    expect(created?.amount).toBe(20_000);
  });

  it("sin aceptar los términos o con un medio desconocido: 400 con el mensaje junto al campo, sin pedido", async () => {
    const u = await createUser();
    const res = await call(checkoutRoute.action, formRequest("/cursos/1/comprar", { method: "bitcoin", coupon: "x y" }, { cookie: u.cookie }), { id: "1" });
    expect(res.status).toBe(400);
    expect(res.data.fieldErrors).toMatchObject({
      method: "Elige un medio de pago.",
      terms: "Debes aceptar los términos y condiciones para continuar.",
      coupon: expect.stringContaining("El código del cupón"),
    });
    expect(res.data.values.coupon).toBe("x y");
    expect((await db().select({ n: count() }).from(order).where(eq(order.userId, u.id)))[0]!.n).toBe(0);
  });

  it("un curso sin lecciones publicadas (Próximamente) o sin precio no se vende", async () => {
    const u = await createUser();
    expect(await startCheckout(u.cookie, 3)).toMatchObject({ status: 302, location: "/cursos/3" });
    expect(await call(checkoutRoute.loader, getRequest("/cursos/3/comprar", u.cookie), { id: "3" })).toMatchObject({ location: "/cursos/3" });
    const [c2] = await db().select({ price: course.priceClp }).from(course).where(eq(course.id, 2));
    await db().update(course).set({ priceClp: null }).where(eq(course.id, 2));
    try {
      expect(await startCheckout(u.cookie, 2)).toMatchObject({ location: "/cursos/2" });
      const user = { id: u.id, name: u.name, email: u.email, role: "user" as const, phone: null, address: null, rut: null, managesCompanies: false };
      expect(Object.fromEntries(await getEnrolStates(user, [1, 2, 3]))).toEqual({ 1: "user", 2: "contact", 3: "soon" });
      expect(Object.fromEntries(await getEnrolStates(null, [1, 2, 3]))).toEqual({ 1: "anonymous", 2: "contact", 3: "soon" });
    } finally {
      await db().update(course).set({ priceClp: c2!.price }).where(eq(course.id, 2));
    }
    expect((await db().select({ n: count() }).from(order).where(eq(order.userId, u.id)))[0]!.n).toBe(0);
  });
});

describe("flujo de inscripción ('Comprar curso')", () => {
  it("un curso con precio lleva al checkout sin inscribir; uno gratis inscribe al instante", async () => {
    const u = await createUser();
    const post = (id: number) => call(enrolRoute.action, formRequest(`/cursos/${id}/inscribir`, {}, { cookie: u.cookie }), { id: String(id) });
    expect(await post(1)).toMatchObject({ status: 302, location: "/cursos/1/comprar" });
    expect(await enrolmentsOf(u.id, 1)).toBe(0);
    expect(await post(3)).toMatchObject({ status: 302, location: "/cursos/3" });
    await db().update(course).set({ priceClp: 0 }).where(eq(course.id, 2));
    try {
      expect(await post(2)).toMatchObject({ status: 302, location: "/cursos/2/contenido" });
      expect(await enrolmentsOf(u.id, 2)).toBe(1);
    } finally {
      await db().update(course).set({ priceClp: 30_000 }).where(eq(course.id, 2));
    }
  });
});

describe("cupones", () => {
  it("un cupón del 100 % inscribe sin pasar por Webpay y deja un comprobante en $0", async () => {
    const u = await createUser();
    await addCoupon({ code: "GRATIS100" });
    const res = await startCheckout(u.cookie, 1, { coupon: "gratis100" });
    expect(res.status).toBe(302);
    const number = numberFrom(res.location);
    expect(res.location).toBe(`/compras/${number}`);
    expect(await orderRow(number)).toMatchObject({ status: "paid", method: "free", amountClp: 0, discountClp: 20_000, couponCode: "GRATIS100" });
    expect(await enrolmentsOf(u.id)).toBe(1);
    expect(await paymentsOf(number)).toBe(1);
    expect(webpay.server.requests()).toHaveLength(0);
    expect(await mailsTo(u.email)).toContain(`Comprobante de tu compra: pedido ${number}`);
  });

  it("un cupón de monto fijo rebaja lo que se cobra en Webpay", async () => {
    const u = await createUser();
    await addCoupon({ code: "MENOS5000", kind: "fixed", value: 5_000 });
    const { number } = await toWebpay(u.cookie, 1, { coupon: "MENOS5000" });
    const row = await orderRow(number);
    expect(row).toMatchObject({ amountClp: 15_000, discountClp: 5_000, subtotalClp: 20_000 });
    expect(webpay.server.transactions().find((t) => t.buyOrder === row.buyOrder)?.amount).toBe(15_000);
  });

  it("vencido, de otro curso, agotado o inexistente: 400 con el motivo junto al cupón", async () => {
    const u = await createUser();
    await addCoupon({ code: "VENCIDO", expiresAt: new Date(Date.now() - 60_000) });
    await addCoupon({ code: "SOLOCURSO2", courseId: 2 });
    await addCoupon({ code: "AGOTADO", maxUses: 1, uses: 1 });
    for (const [code, message] of [
      ["VENCIDO", "El cupón está vencido."],
      ["SOLOCURSO2", "El cupón no es válido para este curso."],
      ["AGOTADO", "El cupón ya alcanzó su máximo de usos."],
      ["NOEXISTE", "El cupón no existe o ya no está vigente."],
    ] as const) {
      const res = await startCheckout(u.cookie, 1, { coupon: code });
      expect(res.status, code).toBe(400);
      expect(res.data.fieldErrors.coupon).toBe(message);
    }
    expect((await db().select({ n: count() }).from(order).where(eq(order.userId, u.id)))[0]!.n).toBe(0);
  });

  it("el último uso de un cupón, pedido por dos personas a la vez, se lo lleva una sola", async () => {
    const c = await addCoupon({ code: "ULTIMO", maxUses: 3, uses: 2 });
    const buyers = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
    const results = await Promise.all(buyers.map((b) => startCheckout(b.cookie, 1, { coupon: "ULTIMO" })));
    const won = results.filter((r) => r.status === 302);
    const lost = results.filter((r) => r.status === 400);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(3);
    for (const r of lost) expect(r.data.fieldErrors.coupon).toBe("El cupón ya alcanzó su máximo de usos.");
    const [after] = await db().select().from(coupon).where(eq(coupon.id, c.id));
    expect(after!.uses).toBe(3);
    const enrolled = await Promise.all(buyers.map((b) => enrolmentsOf(b.id)));
    expect(enrolled.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it("un pago rechazado o anulado devuelve el uso del cupón", async () => {
    const u = await createUser();
    const c = await addCoupon({ code: "MITAD", value: 50, maxUses: 1 });
    const started = await toWebpay(u.cookie, 1, { coupon: "MITAD" });
    expect((await db().select().from(coupon).where(eq(coupon.id, c.id)))[0]!.uses).toBe(1);
    const { payAtWebpay } = await import("../../../scripts/webpay/browser");
    await returnToAcademy(await payAtWebpay(started.redirect, "Anular compra y volver al comercio"));
    expect((await db().select().from(coupon).where(eq(coupon.id, c.id)))[0]!.uses).toBe(0);
  });
});

describe("transferencia bancaria", () => {
  it("deja el pedido pendiente, muestra los datos del banco y envía el correo; un segundo intento muestra el mismo pedido", async () => {
    const u = await createUser();
    const res = await startCheckout(u.cookie, 1, { method: "transfer" });
    const number = numberFrom(res.location);
    expect(res.location).toBe(`/compras/${number}`);
    expect(await orderRow(number)).toMatchObject({ status: "pending", method: "transfer", amountClp: 20_000, token: null });
    expect(await enrolmentsOf(u.id)).toBe(0);
    expect(await mailsTo(u.email)).toContain(`Datos para transferir: pedido ${number}`);
    const page = await call(orderRoute.loader, getRequest(`/compras/${number}`, u.cookie), { number });
    expect(page.data.order.bank).toMatchObject({ name: "Banco de Chile", accountNumber: expect.any(String) });
    expect(await startCheckout(u.cookie, 1, { method: "transfer" })).toMatchObject({ location: `/compras/${number}` });
    expect(webpay.server.requests()).toHaveLength(0);
    const checkout = await call(checkoutRoute.loader, getRequest("/cursos/1/comprar", u.cookie), { id: "1" });
    expect(checkout.data.openTransfer).toBe(`/compras/${number}`);
  });
});

describe("Webpay no disponible al iniciar el pago", () => {
  it("avisa con un mensaje, deja el pedido fallido y devuelve el cupón", async () => {
    const u = await createUser();
    const c = await addCoupon({ code: "CAIDA", value: 10, maxUses: 5 });
    webpay.server.failNext("create", "before");
    webpay.server.failNext("create", "before");
    const res = await startCheckout(u.cookie, 1, { coupon: "CAIDA" });
    expect(res.status).toBe(502);
    expect(res.data.formError).toMatch(/^No pudimos conectar con Webpay/);
    const [row] = await db().select().from(order).where(eq(order.userId, u.id));
    expect(row!.status).toBe("failed");
    expect((await db().select().from(coupon).where(eq(coupon.id, c.id)))[0]!.uses).toBe(0);
  });
});

describe("avísame cuando abra", () => {
  it("guarda el correo una vez por curso; valida el correo; solo para cursos que aún no abren", async () => {
    const bad = await call(waitlistRoute.action, formRequest("/cursos/3/avisame", { email: "no-es-correo" }), { id: "3" });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.email).toBe("Ingresa un correo electrónico válido.");
    for (let i = 0; i < 2; i++) {
      const ok = await call(waitlistRoute.action, formRequest("/cursos/3/avisame", { email: "Interesada@Ejemplo.cl" }), { id: "3" });
      expect(ok.data.ok).toBe(true);
    }
    const rows = await db().select().from(courseWaitlist);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ courseId: 3, email: "interesada@ejemplo.cl" });
    expect(await call(waitlistRoute.loader, getRequest("/cursos/1/avisame"), { id: "1" })).toMatchObject({ status: 302, location: "/cursos/1" });
  });
});
