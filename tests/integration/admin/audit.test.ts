// The audit log: each admin action that changes money or access leaves one record (who, what, before → after,
// when) written in the action's own transaction; a refused action leaves none; the database refuses to change or
// remove a record; /admin/auditoria shows them to admins only.
import { afterEach, describe, expect, it } from "vitest";
import { and, desc, eq, sql } from "drizzle-orm";
import * as auditRoute from "~/routes/admin/auditoria";
import * as usersRoute from "~/routes/admin/usuarios";
import * as saleRoute from "~/routes/admin/venta";
import * as couponsRoute from "~/routes/admin/cupones";
import * as enrolmentsRoute from "~/routes/admin/inscripciones";
import { db } from "~/server/platform/db/client.server";
import { auditEvent, coupon, enrolment } from "~/server/platform/db/schema";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { recordAudit } from "~/server/platform/audit.server";
import { call, isRefused } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { numberFrom, startCheckout } from "../commerce/support";
import { adminCompanyAction, createCompany } from "../companies/support";

afterEach(() => resetClock());

async function eventsFor(subjectType: string, subjectId: string | number) {
  return db()
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.subjectType, subjectType), eq(auditEvent.subjectId, String(subjectId))))
    .orderBy(desc(auditEvent.id));
}

const userAction = (cookie: string, fields: Record<string, string>) => call(usersRoute.action, formRequest("/admin/usuarios", fields, { cookie }));

describe("cambios de acceso", () => {
  it("un cambio de rol queda con quién, qué, antes → después y cuándo (la hora del reloj de la academia)", async () => {
    const admin = await createUser({ role: "admin" });
    const ana = await createUser({ name: "Ana Pérez" });
    const at = new Date("2026-03-02T13:15:00Z");
    freezeClock(at);
    const res = await userAction(admin.cookie, { intent: "set-role", userId: ana.id, role: "admin" });
    expect(res.data).toMatchObject({ ok: true });
    const [event, ...rest] = await eventsFor("user", ana.id);
    expect(rest).toHaveLength(0);
    expect(event).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: "user.role",
      subjectLabel: ana.email,
      before: { role: "user" },
      after: { role: "admin" },
    });
    expect(event!.at.toISOString()).toBe(at.toISOString());
  });

  it("deshabilitar y habilitar una cuenta quedan registrados; repetir lo mismo no agrega nada", async () => {
    const admin = await createUser({ role: "admin" });
    const luis = await createUser();
    await userAction(admin.cookie, { intent: "set-banned", userId: luis.id, banned: "true" });
    await userAction(admin.cookie, { intent: "set-banned", userId: luis.id, banned: "true" });
    await userAction(admin.cookie, { intent: "set-banned", userId: luis.id, banned: "false" });
    const events = await eventsFor("user", luis.id);
    expect(events.map((e) => [e.action, e.before, e.after])).toEqual([
      ["user.banned", { banned: true }, { banned: false }],
      ["user.banned", { banned: false }, { banned: true }],
    ]);
  });

  it("una acción rechazada (quitarse el propio rol, un alumno que lo intenta) no deja registro", async () => {
    const admin = await createUser({ role: "admin" });
    const learner = await createUser();
    const own = await userAction(admin.cookie, { intent: "set-role", userId: admin.id, role: "user" });
    expect(own.data).toMatchObject({ ok: false });
    const forged = await userAction(learner.cookie, { intent: "set-role", userId: learner.id, role: "admin" });
    expect(isRefused(forged)).toBe(true);
    expect(await eventsFor("user", admin.id)).toHaveLength(0);
    expect(await eventsFor("user", learner.id)).toHaveLength(0);
  });

  it("inscribir y quitar a alguien a mano quedan registrados", async () => {
    const admin = await createUser({ role: "admin" });
    const pedro = await createUser();
    const enrol = await call(enrolmentsRoute.action, formRequest("/admin/inscripciones", { intent: "enrol", email: pedro.email, courseId: "2" }, { cookie: admin.cookie }));
    expect(enrol.data).toMatchObject({ ok: true });
    const [granted] = await eventsFor("user", pedro.id);
    expect(granted).toMatchObject({ action: "enrolment.granted", actorId: admin.id, after: { courseId: 2 } });
    const [row] = await db().select({ id: enrolment.id }).from(enrolment).where(eq(enrolment.userId, pedro.id));
    await call(enrolmentsRoute.action, formRequest("/admin/inscripciones", { intent: "remove", enrolmentId: String(row!.id) }, { cookie: admin.cookie }));
    const [removed] = await eventsFor("enrolment", row!.id);
    expect(removed).toMatchObject({ action: "enrolment.removed", actorId: admin.id, before: { courseId: 2 }, subjectLabel: pedro.email });
  });
});

describe("cambios de dinero", () => {
  const saleAction = (number: string, fields: Record<string, string>, cookie: string) =>
    call(saleRoute.action, formRequest(`/admin/ventas/${number}`, fields, { cookie }), { number });

  it("transferencia marcada como pagada y su reembolso: dos registros con el monto y el motivo", async () => {
    const admin = await createUser({ role: "admin" });
    const buyer = await createUser();
    const number = numberFrom((await startCheckout(buyer.cookie, 1, { method: "transfer" })).location);
    expect((await saleAction(number, { intent: "confirm", received: "on" }, admin.cookie)).data).toMatchObject({ ok: true });
    expect((await saleAction(number, { intent: "refund", reason: "Se inscribió por error", keepAccess: "" }, admin.cookie)).data).toMatchObject({ ok: true });
    const events = await db().select().from(auditEvent).where(eq(auditEvent.subjectLabel, `Pedido ${number}`)).orderBy(auditEvent.id);
    expect(events.map((e) => e.action)).toEqual(["order.transfer_confirmed", "order.refunded"]);
    expect(events[0]).toMatchObject({ actorId: admin.id, before: { status: "pending" }, after: { status: "paid" } });
    expect((events[0]!.after as { amountClp: number }).amountClp).toBeGreaterThan(0);
    expect(events[1]).toMatchObject({ before: { status: "paid" }, after: { status: "refunded", kind: "manual", accessKept: false }, note: "Se inscribió por error" });
  });

  it("una transferencia confirmada dos veces a la vez deja un solo registro", async () => {
    const admin = await createUser({ role: "admin" });
    const buyer = await createUser();
    const number = numberFrom((await startCheckout(buyer.cookie, 1, { method: "transfer" })).location);
    await Promise.all([saleAction(number, { intent: "confirm", received: "on" }, admin.cookie), saleAction(number, { intent: "confirm", received: "on" }, admin.cookie)]);
    const events = await db().select().from(auditEvent).where(eq(auditEvent.subjectLabel, `Pedido ${number}`));
    expect(events).toHaveLength(1);
  });

  it("crear un cupón y desactivarlo quedan registrados con sus valores", async () => {
    const admin = await createUser({ role: "admin" });
    const couponAction = (fields: Record<string, string>) => call(couponsRoute.action, formRequest("/admin/cupones", fields, { cookie: admin.cookie }));
    expect((await couponAction({ intent: "create", code: "AUDIT10", kind: "percent", value: "10", courseId: "", expiresOn: "", maxUses: "5" })).data).toMatchObject({ ok: true });
    const [c] = await db().select().from(coupon).where(eq(coupon.code, "AUDIT10"));
    await couponAction({ intent: "deactivate", couponId: String(c!.id) });
    const events = await eventsFor("coupon", c!.id);
    expect(events.map((e) => e.action)).toEqual(["coupon.active", "coupon.created"]);
    expect(events[1]!.after).toMatchObject({ code: "AUDIT10", kind: "percent", value: 10, maxUses: 5 });
    expect(events[0]).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it("cupos otorgados a una empresa: cuántos, de qué curso y por qué", async () => {
    const admin = await createUser({ role: "admin" });
    const companyId = await createCompany(admin.cookie);
    const res = await adminCompanyAction(admin.cookie, companyId, { intent: "grant", courseId: "1", seats: "7", reason: "Contrato marco" });
    expect(res.data).toMatchObject({ ok: true });
    const [event] = await eventsFor("company", companyId);
    expect(event).toMatchObject({ action: "seats.granted", actorId: admin.id, after: { courseId: 1, seats: 7 }, note: "Contrato marco" });
  });
});

describe("solo se agrega: la base de datos rechaza cambiar o borrar un registro", () => {
  it("UPDATE, DELETE y TRUNCATE fallan y el registro sigue igual", async () => {
    await db().transaction((tx) => recordAudit(tx, { actorId: null, action: "user.role", subject: { type: "user", id: "x" }, before: { role: "user" }, after: { role: "admin" } }));
    const [before] = await db().select().from(auditEvent).where(eq(auditEvent.subjectId, "x"));
    // Drizzle wraps the database's error; its cause is PostgreSQL's own message.
    const refusal = (query: ReturnType<typeof sql>) =>
      db()
        .execute(query)
        .then(
          () => "accepted",
          (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
        );
    expect(await refusal(sql`update audit_event set after = '{"role":"user"}' where subject_id = 'x'`)).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`delete from audit_event where subject_id = 'x'`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`truncate audit_event`)).toMatch(/append-only: TRUNCATE refused/);
    const [after] = await db().select().from(auditEvent).where(eq(auditEvent.subjectId, "x"));
    expect(after).toEqual(before);
  });

  it("un registro escrito en una transacción que falla desaparece con ella", async () => {
    await expect(
      db().transaction(async (tx) => {
        await recordAudit(tx, { actorId: null, action: "user.role", subject: { type: "user", id: "rolled-back" } });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await eventsFor("user", "rolled-back")).toHaveLength(0);
  });
});

describe("/admin/auditoria", () => {
  it("anónimo → /login, alumno → /dashboard", async () => {
    const learner = await createUser();
    expect((await call(auditRoute.loader, getRequest("/admin/auditoria"))).location).toMatch(/^\/login/);
    expect((await call(auditRoute.loader, getRequest("/admin/auditoria", learner.cookie))).location).toBe("/dashboard");
  });

  it("muestra los registros, el más reciente primero, y filtra por acción (una acción desconocida muestra todo)", async () => {
    const admin = await createUser({ role: "admin" });
    const target = await createUser();
    await userAction(admin.cookie, { intent: "set-role", userId: target.id, role: "admin" });
    await userAction(admin.cookie, { intent: "set-banned", userId: target.id, banned: "true" });
    const all = await call(auditRoute.loader, getRequest("/admin/auditoria", admin.cookie));
    expect(all.data.events[0]).toMatchObject({ action: "user.banned", subjectId: target.id });
    const roles = await call(auditRoute.loader, getRequest("/admin/auditoria?accion=user.role", admin.cookie));
    expect(roles.data.action).toBe("user.role");
    expect(roles.data.events.every((e: { action: string }) => e.action === "user.role")).toBe(true);
    const unknown = await call(auditRoute.loader, getRequest("/admin/auditoria?accion=drop%20table", admin.cookie));
    expect(unknown.data.action).toBeNull();
    expect(unknown.data.events.length).toBeGreaterThanOrEqual(2);
  });
});
