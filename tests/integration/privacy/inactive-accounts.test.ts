// Inactive accounts: after the configured years without a sign-in the account is warned once, and deleted only when
// the warning is at least the notice period old and nobody signed in since. Never an admin, an instructor, a company's
// only manager, a person with a pending request or the holder of a certificate still valid. The clock moves.
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { getAuth } from "~/server/accounts/auth.server";
import { db } from "~/server/platform/db/client.server";
import { auditEvent, certificate, companyManager, enrolment, instructor, outbox, user } from "~/server/platform/db/schema";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { applyRetention } from "~/server/privacy/jobs/retention.server";
import { inactiveDeletionDay } from "~/server/privacy/inactive-accounts.server";
import { openOwnRequest } from "~/server/privacy/requests.server";
import { chileIsoDay } from "~/domain/chile-time";
import { createUser } from "../support/users";
import { companyWithManager } from "../companies/support";

const DAY = 86_400_000;
const { inactiveAccountYears: YEARS, inactiveWarningDays: NOTICE } = site.privacy.retention;

async function account(id: string) {
  const [row] = await db().select().from(user).where(eq(user.id, id));
  return row!;
}

async function warningsTo(email: string) {
  const rows = await db().select({ payload: outbox.payload }).from(outbox).where(sql`${outbox.payload} -> 'mail' ->> 'to' = ${email}`);
  return rows.map((r) => (r.payload as { mail: { subject: string; text: string } }).mail).filter((m) => m.subject.startsWith("Tu cuenta se eliminará"));
}

/** Runs the job with the clock at `at`; the clock is real again afterwards. */
async function runAt(at: Date) {
  freezeClock(at);
  try {
    return await applyRetention();
  } finally {
    resetClock();
  }
}

describe("inactive accounts", () => {
  it("warns once, deletes after the notice without a sign-in, and never touches the accounts it must keep", async () => {
    const start = new Date();
    const idle = await createUser({ name: "Ignacio Inactivo" });
    const returning = await createUser({ name: "Rita Regresa" });
    const laterRequest = await createUser({ name: "Pablo Pide Después" });
    const admin = await createUser({ role: "admin", name: "Admin Inactiva" });
    const relator = await createUser({ name: "Relator Inactivo" });
    await db().insert(instructor).values({ userId: relator.id, displayName: "Relator", title: "Enfermero", credential: "AHA 123" });
    const pending = await createUser({ name: "Paula Pendiente" });
    expect((await openOwnRequest(pending, "access", "")).ok).toBe(true);
    const holder = await createUser({ name: "Carla Certificada" });
    const [holderEnrolment] = await db().insert(enrolment).values({ userId: holder.id, courseId: 1, progress: 100 }).returning({ id: enrolment.id });
    await db().insert(certificate).values({ code: "INAC-TIVA-0001", enrolmentId: holderEnrolment!.id, holderName: holder.name, courseTitle: "RCP", hours: 2, validUntil: "2099-12-31" });
    // A company with one manager, and one with two: of two inactive managers, one stays so the company keeps one.
    const { manager: onlyManager } = await companyWithManager(admin.cookie, 0);
    const { companyId: sharedCompany, manager: firstOfTwo } = await companyWithManager(admin.cookie, 0);
    const secondOfTwo = await createUser({ name: "Segunda Encargada" });
    await db().insert(companyManager).values({ companyId: sharedCompany, userId: secondOfTwo.id });
    // Someone who signed in a year ago is not inactive.
    const recent = await createUser({ name: "Reciente" });

    // The clock moves past the configured years from everybody's sign-in.
    const warnedAt = new Date(start.getTime() + YEARS * 366 * DAY);
    await db().update(user).set({ lastSignInAt: new Date(warnedAt.getTime() - 365 * DAY) }).where(eq(user.id, recent.id));
    const first = await runAt(warnedAt);
    const warned = (await db().select({ id: user.id }).from(user).where(isNotNull(user.inactivityWarnedAt))).map((u) => u.id).sort();
    expect(warned).toEqual([idle.id, returning.id, laterRequest.id, firstOfTwo.id, secondOfTwo.id].sort());
    expect(first).toMatchObject({ inactiveWarned: 5, inactiveDeleted: 0 });
    const [mail] = await warningsTo(idle.email);
    expect(mail!.subject).toContain(`Tu cuenta se eliminará el`);
    expect(mail!.text).toContain("Iniciar sesión");
    expect(inactiveDeletionDay(warnedAt)).toBe(chileIsoDay(new Date(warnedAt.getTime() + NOTICE * DAY)));
    for (const kept of [admin, relator, pending, holder, onlyManager, recent]) expect(await warningsTo(kept.email)).toEqual([]);

    // Again the same day: nobody is warned twice.
    expect(await runAt(new Date(warnedAt.getTime() + 60_000))).toMatchObject({ inactiveWarned: 0, inactiveDeleted: 0 });
    expect(await warningsTo(idle.email)).toHaveLength(1);

    // Within the notice: one signs in (through Better Auth, as the login page does), another opens a request.
    freezeClock(new Date(warnedAt.getTime() + 10 * DAY));
    try {
      const auth = await getAuth();
      await auth.api.signInEmail({ body: { email: returning.email, password: returning.password } });
      expect((await openOwnRequest(laterRequest, "rectification", "Mi RUT está mal.")).ok).toBe(true);
    } finally {
      resetClock();
    }
    expect(await account(returning.id)).toMatchObject({ inactivityWarnedAt: null });

    // A day short of the notice, nothing is deleted.
    expect(await runAt(new Date(warnedAt.getTime() + (NOTICE - 1) * DAY))).toMatchObject({ inactiveDeleted: 0 });
    expect((await account(idle.id)).deletedAt).toBeNull();

    // Past it: the idle account and one of the two managers go; everyone else stays.
    const after = new Date(warnedAt.getTime() + (NOTICE + 1) * DAY);
    const report = await runAt(after);
    expect(report).toMatchObject({ inactiveDeleted: 2, inactiveWarned: 0 });
    const gone = await account(idle.id);
    expect(gone.deletedAt).not.toBeNull();
    expect(gone.name).toBe("Persona eliminada");
    expect(gone.email).not.toBe(idle.email);
    expect(gone.banReason).toBe("Cuenta inactiva eliminada por plazo de conservación");
    const managers = await db().select({ id: user.id, deletedAt: user.deletedAt }).from(user).where(inArray(user.id, [firstOfTwo.id, secondOfTwo.id]));
    expect(managers.filter((m) => m.deletedAt)).toHaveLength(1);
    expect(await db().select().from(companyManager).where(eq(companyManager.companyId, sharedCompany))).toHaveLength(1);
    for (const kept of [returning, laterRequest, admin, relator, pending, holder, onlyManager, recent]) expect((await account(kept.id)).deletedAt, kept.name).toBeNull();

    const audits = await db().select().from(auditEvent).where(eq(auditEvent.action, "privacy.inactive_account_deleted"));
    expect(audits.map((a) => a.subjectId)).toContain(idle.id);
    expect(audits).toHaveLength(2);
    const daily = await db().select().from(auditEvent).where(and(eq(auditEvent.action, "privacy.retention")));
    expect(daily.at(-1)!.after).toMatchObject({ inactiveDeleted: 2 });

    // Idempotent: a second run deletes and warns nobody more.
    expect(await runAt(new Date(after.getTime() + 60_000))).toMatchObject({ inactiveDeleted: 0, inactiveWarned: 0 });
    expect(await db().select().from(auditEvent).where(eq(auditEvent.action, "privacy.inactive_account_deleted"))).toHaveLength(2);
  });
});
