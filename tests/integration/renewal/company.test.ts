// A company renews its workers from the compliance matrix (docs/certificate-validity.md, "Renewal"): the selected
// workers of a course, one free seat each, in one transaction with their new cycles; too few seats renews nobody
// and says how many are missing; only the company's own workers, only by its managers; twice at once, once.
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as matrixRoute from "~/routes/empresa/cumplimiento";
import { db } from "~/server/platform/db/client.server";
import { companyEnrolment, companySeatLedger, enrolment, enrolmentCycle, outbox } from "~/server/platform/db/schema";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { issueCertificateForEnrolment } from "~/server/certificates/certificates.server";
import { call, isRefused } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { companyWithManager, grant, readableMatrix } from "../companies/support";

afterEach(() => resetClock());

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
});

/** A worker enrolled through the company in course 1 (24 months), certified on `completedAt`. */
async function worker(companyId: number, completedAt: string) {
  const person = await createUser({ name: `Trabajadora ${Math.random().toString(36).slice(2, 7)}` });
  const [row] = await db().insert(enrolment).values({ userId: person.id, courseId: 1, progress: 100, completedAt: new Date(completedAt) }).returning({ id: enrolment.id });
  await db().insert(companyEnrolment).values({ companyId, courseId: 1, enrolmentId: row!.id, userId: person.id });
  await issueCertificateForEnrolment(db(), row!.id);
  return { ...person, enrolmentId: row!.id };
}

const matrix = (cookie: string, companyId: number) => readableMatrix(call(matrixRoute.loader, getRequest(`/empresa/${companyId}/cumplimiento`, cookie), { companyId: String(companyId) }));
const renew = (cookie: string, companyId: number, values: string[]) =>
  call(matrixRoute.action, formRequest(`/empresa/${companyId}/cumplimiento`, { renovar: values }, { cookie }), { companyId: String(companyId) });
const cycleOf = async (id: number) => (await db().select({ cycle: enrolment.cycle, progress: enrolment.progress }).from(enrolment).where(eq(enrolment.id, id)))[0]!;
const free = async (companyId: number) =>
  Number((await db().select({ n: sql<number>`coalesce(sum(${companySeatLedger.delta}), 0)::int` }).from(companySeatLedger).where(and(eq(companySeatLedger.companyId, companyId), eq(companySeatLedger.courseId, 1))))[0]!.n);

describe("renovar desde la matriz de cumplimiento", () => {
  it("marca quién puede renovar; con menos cupos que trabajadores no renueva a nadie y dice cuántos faltan; con cupos, renueva en un paso", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 0);
    freezeClock(new Date("2026-11-21T15:00:00Z"));
    const ana = await worker(companyId, "2026-11-21T15:00:00Z");
    const beto = await worker(companyId, "2026-11-21T15:00:00Z");
    const nueva = await worker(companyId, "2028-06-10T15:00:00Z"); // valid through 30 June 2030: not due

    freezeClock(new Date("2028-10-15T15:00:00Z"));
    await grant(admin.cookie, companyId, 1);
    const page = await matrix(manager.cookie, companyId);
    const renewOf = (p: typeof page, id: string) => p.data.rows.flatMap((r: { cells: { renew: string | null }[] }) => r.cells).find((c: { renew: string | null }) => c.renew === `1:${id}`);
    expect(renewOf(page, ana.id)).toBeTruthy();
    expect(renewOf(page, nueva.id)).toBeFalsy();

    const short = await renew(manager.cookie, companyId, [`1:${ana.id}`, `1:${beto.id}`, `1:${nueva.id}`]);
    expect(short.status).toBe(409);
    expect(short.data).toMatchObject({ ok: false, buy: { href: `/empresa/${companyId}/comprar?curso=1`, missing: 1 } });
    expect(short.data.message).toContain("Faltan 1 cupo");
    expect((await cycleOf(ana.enrolmentId)).cycle).toBe(1);
    expect(await free(companyId)).toBe(1);

    await grant(admin.cookie, companyId, 2);
    const done = await renew(manager.cookie, companyId, [`1:${ana.id}`, `1:${beto.id}`, `1:${nueva.id}`]);
    expect(done).toMatchObject({ status: 200, data: { ok: true } });
    expect(done.data.message).toContain("Renovaste a 2 trabajadores");
    expect(await cycleOf(ana.enrolmentId)).toEqual({ cycle: 2, progress: 0 });
    expect(await cycleOf(beto.enrolmentId)).toEqual({ cycle: 2, progress: 0 });
    expect((await cycleOf(nueva.enrolmentId)).cycle).toBe(1);
    expect(await free(companyId)).toBe(1);
    const [ledger] = await db().select().from(companySeatLedger).where(and(eq(companySeatLedger.companyId, companyId), eq(companySeatLedger.kind, "renewal")));
    expect(ledger).toMatchObject({ delta: -2, byUserId: manager.id });
    const [cycle] = await db().select().from(enrolmentCycle).where(eq(enrolmentCycle.enrolmentId, ana.enrolmentId));
    expect(cycle).toMatchObject({ renewedVia: "seat", companyId, byUserId: manager.id });
    const mails = await db().select().from(outbox).where(sql`${outbox.payload}::text like ${`%${ana.email}%`} and ${outbox.kind} = 'companyMail'`);
    expect(mails).toHaveLength(1);

    // The matrix: the earlier certificate still counts, marked as a renewal in progress; no second checkbox.
    const after = await matrix(manager.cookie, companyId);
    const cells = after.data.rows.flatMap((r: { cells: { renewing: boolean; renew: string | null; state: string }[] }) => r.cells);
    expect(cells.filter((c: { renewing: boolean }) => c.renewing)).toHaveLength(2);
    expect(cells.filter((c: { renewing: boolean; state: string }) => c.renewing).every((c: { state: string }) => c.state === "por-vencer")).toBe(true);
    expect(renewOf(after, ana.id)).toBeFalsy();
  });

  it("solo los trabajadores de la empresa y solo sus encargados; dos renovaciones a la vez usan un cupo", async () => {
    const A = await companyWithManager(admin.cookie, 3);
    const B = await companyWithManager(admin.cookie, 3);
    freezeClock(new Date("2026-11-21T15:00:00Z"));
    const ana = await worker(A.companyId, "2026-11-21T15:00:00Z");
    freezeClock(new Date("2028-11-20T15:00:00Z"));

    // Another company's manager: not their worker, nothing renewed.
    const other = await renew(B.manager.cookie, B.companyId, [`1:${ana.id}`]);
    expect(other.status).toBe(400);
    expect((await cycleOf(ana.enrolmentId)).cycle).toBe(1);
    // Nor into company A's page without managing it, nor as the worker.
    expect(isRefused(await renew(B.manager.cookie, A.companyId, [`1:${ana.id}`]))).toBe(true);
    expect(isRefused(await renew(ana.cookie, A.companyId, [`1:${ana.id}`]))).toBe(true);
    // Bad input: a clear message, never a 500.
    expect(await renew(A.manager.cookie, A.companyId, [])).toMatchObject({ status: 400, data: { message: "Selecciona al menos un trabajador para renovar." } });
    expect(await renew(A.manager.cookie, A.companyId, ["x'; drop"])).toMatchObject({ status: 400 });

    const both = await Promise.all([renew(A.manager.cookie, A.companyId, [`1:${ana.id}`]), renew(A.manager.cookie, A.companyId, [`1:${ana.id}`])]);
    expect(both.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await cycleOf(ana.enrolmentId)).toEqual({ cycle: 2, progress: 0 });
    expect(await free(A.companyId)).toBe(2);
  });
});
