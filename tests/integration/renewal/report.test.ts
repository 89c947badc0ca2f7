// What renewing costs and brings (docs/certificate-validity.md, "Renewal"): a course's own renewal price, charged by
// the real checkout; the admin's report of expiring certificates with the revenue they represent, and the renewal
// rate of those that ran out. Through the real routes, on the academy's clock.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, isNull } from "drizzle-orm";
import * as checkoutRoute from "~/routes/curso-comprar";
import * as expiringRoute from "~/routes/admin/vencimientos";
import * as editorRoute from "~/routes/admin/curso-editor";
import { db } from "~/server/platform/db/client.server";
import { certificate, companyEnrolment, course, enrolment, order } from "~/server/platform/db/schema";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { issueCertificateForEnrolment, revokeCertificate } from "~/server/certificates/certificates.server";
import { startNextCycle } from "~/server/learning/cycles.server";
import { call, isRefused } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { companyWithManager } from "../companies/support";

afterEach(() => resetClock());
const at = (iso: string) => freezeClock(new Date(iso));

let admin: Awaited<ReturnType<typeof createUser>>;
let companyId: number;
let price1: number;
let price2: number;

/** A learner certified in `courseId` on 21 November 2026 (valid through 30 November 2028), on their own or through a company. */
async function certified(courseId: number, viaCompany: number | null = null) {
  const u = await createUser();
  const [row] = await db()
    .insert(enrolment)
    .values({ userId: u.id, courseId, progress: 100, completedAt: new Date("2026-11-21T15:00:00Z") })
    .returning({ id: enrolment.id });
  if (viaCompany !== null) await db().insert(companyEnrolment).values({ companyId: viaCompany, courseId, enrolmentId: row!.id, userId: u.id });
  const cert = (await issueCertificateForEnrolment(db(), row!.id))!;
  return { u, enrolmentId: row!.id, code: cert.code };
}

const renew = (enrolmentId: number) => db().transaction((tx) => startNextCycle(tx, { enrolmentId, via: "seat" }));

const report = (cookie: string | undefined, query = "") => call(expiringRoute.loader, getRequest(`/admin/vencimientos${query}`, cookie));

let renewedEarly: Awaited<ReturnType<typeof certified>>;

beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  companyId = (await companyWithManager(admin.cookie, 5)).companyId;
  await db().update(course).set({ validityMonths: 24 }).where(eq(course.id, 1));
  await db().update(course).set({ validityMonths: 24, renewalPriceClp: null }).where(eq(course.id, 2));
  const prices = await Promise.all([1, 2].map(async (id) => (await db().select({ p: course.priceClp }).from(course).where(eq(course.id, id)))[0]!.p!));
  price1 = prices[0]!;
  price2 = prices[1]!;
  // Course 1 renews at 60 % of its price.
  await db().update(course).set({ renewalPriceClp: Math.round(price1 * 0.6) }).where(eq(course.id, 1));
  // Course 1: two learners on their own and one through the company; course 2: one learner, and one revoked.
  await certified(1);
  renewedEarly = await certified(1);
  await certified(1, companyId);
  await certified(2);
  const revoked = await certified(2);
  expect((await revokeCertificate(admin.id, revoked.code, "Suplantación en la evaluación")).ok).toBe(true);
});

describe("precio de renovación", () => {
  it("el editor lo guarda y rechaza, junto al campo, uno mayor que el precio, cero o sin precio del curso", async () => {
    const loaded = await call(editorRoute.loader, getRequest("/admin/cursos/1", admin.cookie), { id: "1" });
    expect(loaded.status).toBe(200);
    const values = { ...(loaded.data.values as Record<string, string>), intent: "save-course" };
    const save = (over: Record<string, string>) =>
      call(editorRoute.action, formRequest("/admin/cursos/1", { ...values, ...over }, { cookie: admin.cookie }), { id: "1" });

    const tooHigh = await save({ renewalPriceClp: String(price1 + 1) });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.data.fieldErrors.renewalPriceClp).toBe("El precio de renovación no puede ser mayor que el precio del curso.");
    expect(tooHigh.data.values.renewalPriceClp).toBe(String(price1 + 1));
    expect((await save({ renewalPriceClp: "0" })).data.fieldErrors.renewalPriceClp).toMatch(/mayor que cero/);
    expect((await save({ priceClp: "", renewalPriceClp: "1000" })).data.fieldErrors.renewalPriceClp).toMatch(/precio del curso/);
    expect((await save({ renewalPriceClp: "doce mil" })).data.fieldErrors.renewalPriceClp).toMatch(/pesos chilenos/);
    // Nothing of the refused saves was written.
    const [stored] = await db().select({ r: course.renewalPriceClp, p: course.priceClp }).from(course).where(eq(course.id, 1));
    expect(stored).toEqual({ r: Math.round(price1 * 0.6), p: price1 });

    const ok = await save({ renewalPriceClp: `$${Math.round(price1 * 0.6).toLocaleString("es-CL")}` });
    expect(ok.data).toMatchObject({ ok: true });
    expect((await db().select({ r: course.renewalPriceClp }).from(course).where(eq(course.id, 1)))[0]!.r).toBe(Math.round(price1 * 0.6));
  });

  it("el checkout de renovación muestra y cobra el precio de renovación; el de un curso sin él, su precio", async () => {
    at("2028-10-01T15:00:00Z");
    const one = await certified(1);
    const page = await call(checkoutRoute.loader, getRequest("/cursos/1/comprar", one.u.cookie), { id: "1" });
    expect(page).toMatchObject({ status: 200, data: { renewal: true } });
    expect(page.data.course.priceLabel).toBe(`$${Math.round(price1 * 0.6).toLocaleString("es-CL")}`);
    expect(page.data.course.regularPriceLabel).toBe(`$${price1.toLocaleString("es-CL")}`);
    const res = await call(checkoutRoute.action, formRequest("/cursos/1/comprar", { method: "transfer", terms: "on" }, { cookie: one.u.cookie }), { id: "1" });
    expect(res.status).toBe(302);
    const [o] = await db().select().from(order).where(and(eq(order.userId, one.u.id), eq(order.courseId, 1)));
    expect(o).toMatchObject({ amountClp: Math.round(price1 * 0.6), unitPriceClp: Math.round(price1 * 0.6) });

    // A first purchase of course 1 pays the course price.
    const newcomer = await createUser();
    expect((await call(checkoutRoute.loader, getRequest("/cursos/1/comprar", newcomer.cookie), { id: "1" })).data.course).toMatchObject({ regularPriceLabel: null });
    await call(checkoutRoute.action, formRequest("/cursos/1/comprar", { method: "transfer", terms: "on" }, { cookie: newcomer.cookie }), { id: "1" });
    expect((await db().select().from(order).where(eq(order.userId, newcomer.id)))[0]).toMatchObject({ amountClp: price1 });

    // Course 2 has no renewal price: its renewal costs the course price.
    const two = await certified(2);
    const page2 = await call(checkoutRoute.loader, getRequest("/cursos/2/comprar", two.u.cookie), { id: "2" });
    expect(page2.data).toMatchObject({ renewal: true, course: { priceLabel: `$${price2.toLocaleString("es-CL")}`, regularPriceLabel: null } });
    await call(checkoutRoute.action, formRequest("/cursos/2/comprar", { method: "transfer", terms: "on" }, { cookie: two.u.cookie }), { id: "2" });
    expect((await db().select().from(order).where(eq(order.userId, two.u.id)))[0]).toMatchObject({ amountClp: price2 });
  });
});

describe("informe de vencimientos: ingresos y tasa de renovación", () => {
  it("valora lo que vence: particulares al precio de renovación, empresas al precio del curso; sin los revocados", async () => {
    at("2028-09-15T12:00:00-03:00");
    const { data } = await report(admin.cookie, "?dias=90");
    const row = (courseId: number, company: number | null) => data.rows.find((r: { courseId: number; companyId: number | null }) => r.courseId === courseId && r.companyId === company);
    // The two of course 1 on their own (plus the checkout test's, which renewed nothing yet) at the renewal price.
    const own1 = row(1, null);
    expect(own1.revenueClp).toBe(own1.certificates * Math.round(price1 * 0.6));
    expect(row(1, companyId)).toMatchObject({ certificates: 1, revenueClp: price1 });
    const own2 = row(2, null);
    expect(own2.revenueClp).toBe(own2.certificates * price2);
    const sum = data.rows.reduce((s: number, r: { revenueClp: number }) => s + r.revenueClp, 0);
    expect(data.revenueLabel).toBe(`$${sum.toLocaleString("es-CL")}`);
  });

  it("de los que vencieron en el período, cuenta los renovados (también antes de vencer) y da la tasa", async () => {
    // One renews a month before expiry; the report a fortnight after 30 November 2028 counts it.
    at("2028-10-30T12:00:00-03:00");
    expect((await renew(renewedEarly.enrolmentId)).ok).toBe(true);
    at("2028-12-15T12:00:00-03:00");
    const { data } = await report(admin.cookie, "?dias=30");
    const course1 = data.rate.rows.find((r: { courseId: number }) => r.courseId === 1);
    expect(course1.renewed).toBe(1);
    expect(course1.expired).toBeGreaterThanOrEqual(3);
    expect(course1.percentLabel).toBe(`${Math.round((100 * course1.renewed) / course1.expired)} %`);
    // The revoked certificate of course 2 is not one that ran out.
    const course2 = data.rate.rows.find((r: { courseId: number }) => r.courseId === 2);
    const [counted] = await db()
      .select({ n: count() })
      .from(certificate)
      .innerJoin(enrolment, eq(enrolment.id, certificate.enrolmentId))
      .where(and(eq(enrolment.courseId, 2), isNull(certificate.revokedAt), eq(certificate.validUntil, "2028-11-30")));
    expect(course2.expired).toBe(Number(counted!.n));
    expect(data.rate).toMatchObject({ from: "15 de noviembre de 2028", to: "14 de diciembre de 2028" });
    // Before the period nothing had run out.
    at("2028-11-20T12:00:00-03:00");
    expect((await report(admin.cookie, "?dias=30")).data.rate.rows.find((r: { courseId: number }) => r.courseId === 1)).toBeUndefined();
  });

  it("solo para administradores", async () => {
    const learner = await createUser();
    expect(isRefused(await report(learner.cookie))).toBe(true);
    expect(isRefused(await report(undefined))).toBe(true);
  });
});
