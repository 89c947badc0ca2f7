// Certificate expiry reminders (docs/certificate-validity.md): at 90, 30 and 7 days before the last valid day and on
// the day, each sent once per certificate and threshold however many looks run (at once, or again after a restart);
// a late look sends only the nearest threshold; nothing for a revoked certificate or one without expiry; a company
// worker's reminder also reaches that company's managers, in one digest per company. The academy's clock is moved.
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { issueCertificateForEnrolment, revokeCertificate } from "~/server/certificates/certificates.server";
import { queueDueCertificateReminders } from "~/server/certificates/reminders.server";
import { ensureCertificateRemindersScheduled } from "~/server/certificates/jobs/expiry-reminders.server";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { db } from "~/server/platform/db/client.server";
import { certificate, certificateReminder, companyEnrolment, outbox } from "~/server/platform/db/schema";
import { queueJob } from "~/server/platform/outbox/outbox.server";
import { runDueJobs } from "~/server/platform/outbox/worker.server";
import { createUser } from "../support/users";
import { companyWithManager } from "../companies/support";
import { decodedSubject, deliveredMails } from "../tax-documents/support";
import { completedEnrolment } from "./helpers";

const COURSE = "Reanimación Cardiopulmonar solo Compresiones";
afterEach(() => resetClock());

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
});

/** A learner's certificate whose last valid day is `validUntil` ('yyyy-mm-dd'; null: no expiry). */
async function certificateUntil(validUntil: string | null, name = "Ana Pérez") {
  const { learner, enrolmentId } = await completedEnrolment({ name });
  const cert = (await issueCertificateForEnrolment(db(), enrolmentId))!;
  const [row] = await db().update(certificate).set({ validUntil }).where(eq(certificate.code, cert.code)).returning({ id: certificate.id });
  return { learner, enrolmentId, id: row!.id, code: cert.code };
}

/** Midday in Chile on a day ('yyyy-mm-dd'). */
const onDay = (iso: string) => freezeClock(new Date(`${iso}T12:00:00-03:00`));

/** The reminder jobs queued for certificates, as 'id:threshold', in order. */
async function remindersQueued(ids: number[]) {
  const rows = await db()
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, "certificateExpiryMail"), inArray(sql`(${outbox.payload}->>'certificateId')::int`, ids)))
    .orderBy(outbox.id);
  return rows.map((r) => (r.payload as { threshold: number }).threshold);
}

/** A delivered mail with its quoted-printable parts decoded. */
const decoded = (mail: string) =>
  Buffer.from(mail.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");

async function expirySubjects(email: string) {
  const subjects = await Promise.all(deliveredMails(email).map(decodedSubject));
  return subjects.filter((s) => s.includes("vence") || s.includes("venció") || s.includes("por vencer"));
}

describe("certificate expiry reminders", () => {
  it("one mail at each threshold — 90, 30, 7 days before and on the day — however many looks, at once or again", async () => {
    const ana = await certificateUntil("2028-11-30");
    // Before the first threshold, nothing.
    onDay("2028-08-31"); // 91 days before
    await queueDueCertificateReminders();
    expect(await remindersQueued([ana.id])).toEqual([]);

    const steps: [string, number][] = [
      ["2028-09-01", 90],
      ["2028-10-31", 30],
      ["2028-11-23", 7],
      ["2028-11-30", 0],
    ];
    const sent: number[] = [];
    for (const [day, threshold] of steps) {
      onDay(day);
      await Promise.all([queueDueCertificateReminders(), queueDueCertificateReminders()]);
      await queueDueCertificateReminders();
      sent.push(threshold);
      expect(await remindersQueued([ana.id])).toEqual(sent);
      // The day after a threshold (a restart, another look): nothing more.
      await queueDueCertificateReminders();
      expect(await remindersQueued([ana.id])).toEqual(sent);
    }
    // After the last day, nothing more, ever.
    onDay("2028-12-01");
    await queueDueCertificateReminders();
    onDay("2029-03-01");
    await queueDueCertificateReminders();
    expect(await remindersQueued([ana.id])).toEqual([90, 30, 7, 0]);

    // The mails: the last one says "vence hoy" when delivered that day.
    onDay("2028-11-30");
    await Promise.all([runDueJobs(), runDueJobs()]);
    const subjects = await expirySubjects(ana.learner.email);
    expect(subjects).toHaveLength(4);
    expect(subjects).toContain(`Tu certificado de ${COURSE} vence hoy`);
    const mails = deliveredMails(ana.learner.email).map(decoded).join("\n");
    expect(mails).toContain("/contacto");
    expect(mails).toContain("/cursos/1/comprar");
    expect(mails).toContain(`/certificados/`);
    expect(mails).toContain("Renovar mi certificado");
  });

  it("a look that comes late sends only the nearest threshold; nothing for one expired before the feature saw it", async () => {
    const late = await certificateUntil("2029-03-31", "Beto Díaz"); // 20 days left: the 30-day mail only
    const gone = await certificateUntil("2029-03-09", "Carla Muñoz"); // expired two days before
    const yesterday = await certificateUntil("2029-03-10", "Diego Rojas"); // the last day was yesterday
    onDay("2029-03-11");
    await queueDueCertificateReminders();
    expect(await remindersQueued([late.id])).toEqual([30]);
    expect(await remindersQueued([gone.id])).toEqual([]);
    expect(await remindersQueued([yesterday.id])).toEqual([0]);
    // The 90-day threshold is claimed without a mail; the 7-day one comes on its day.
    const claims = await db().select().from(certificateReminder).where(eq(certificateReminder.certificateId, late.id));
    expect(claims.map((c) => [c.threshold, c.mailed]).sort()).toEqual([[30, true], [90, false]]);
    onDay("2029-03-24");
    await queueDueCertificateReminders();
    expect(await remindersQueued([late.id])).toEqual([30, 7]);
    await runDueJobs();
    expect(await expirySubjects(yesterday.learner.email)).toEqual([`Tu certificado de ${COURSE} venció el 10 de marzo de 2029`]);
  });

  it("nothing for a revoked certificate or one without expiry; revoked after being queued, no mail", async () => {
    const revoked = await certificateUntil("2029-06-30", "Elena Soto");
    expect((await revokeCertificate(admin.id, revoked.code, "Error en la emisión")).ok).toBe(true);
    const none = await certificateUntil(null, "Felipe Vera");
    const later = await certificateUntil("2029-06-30", "Gabriela Paz");
    onDay("2029-06-23");
    await queueDueCertificateReminders();
    expect(await remindersQueued([revoked.id, none.id])).toEqual([]);
    expect(await remindersQueued([later.id])).toEqual([7]);
    expect((await revokeCertificate(admin.id, later.code, "Error en la emisión")).ok).toBe(true);
    await runDueJobs();
    for (const c of [revoked, none, later]) expect(await expirySubjects(c.learner.email)).toEqual([]);
  });

  it("a company worker's reminder: the worker's mail, and one digest per company to its own managers only", async () => {
    const A = await companyWithManager(admin.cookie, 0);
    const B = await companyWithManager(admin.cookie, 0);
    const workers = [];
    for (const name of ["Hugo Lara", "Inés Mora", "Juan Vidal"]) {
      const w = await certificateUntil("2029-09-30", name);
      await db().insert(companyEnrolment).values({ companyId: A.companyId, courseId: 1, enrolmentId: w.enrolmentId, userId: w.learner.id });
      workers.push(w);
    }
    const own = await certificateUntil("2029-09-30", "Karen Ortiz");
    const berta = await certificateUntil("2029-09-30", "Berta Otra Empresa");
    await db().insert(companyEnrolment).values({ companyId: B.companyId, courseId: 1, enrolmentId: berta.enrolmentId, userId: berta.learner.id });
    // Batches of two: the three workers span two transactions, still one digest.
    onDay("2029-09-23");
    const look = queueDueCertificateReminders;
    await Promise.all([look(2), look(2)]);
    await look(2);
    await Promise.all([runDueJobs(), runDueJobs()]);
    for (const w of [...workers, own]) expect(await expirySubjects(w.learner.email)).toHaveLength(1);
    const digests = deliveredMails(A.manager.email).map(decoded);
    const digestSubjects = await expirySubjects(A.manager.email);
    expect(digestSubjects).toEqual([expect.stringContaining(": 3 certificados de tu equipo por vencer")]);
    const digest = digests.find((m) => m.includes("cumplimiento"))!;
    for (const name of ["Hugo Lara", "Inés Mora", "Juan Vidal"]) expect(digest).toContain(name);
    expect(digest).not.toContain("Karen Ortiz");
    expect(digest).not.toContain("Berta Otra Empresa");
    expect(digest).toContain(`/empresa/${A.companyId}/cumplimiento`);
    expect(await expirySubjects(B.manager.email)).toEqual([expect.stringContaining(": 1 certificado de tu equipo por vencer")]);
    const other = deliveredMails(B.manager.email).map(decoded).join("\n");
    expect(other).toContain("Berta Otra Empresa");
    expect(other).not.toContain("Hugo Lara");
  });

  it("the look runs as an hourly outbox job that queues its next run; two chains at once still send once", async () => {
    const lucia = await certificateUntil("2030-01-31", "Lucía Reyes");
    await db().delete(outbox).where(eq(outbox.kind, "certificateReminders"));
    await ensureCertificateRemindersScheduled(db(), 0);
    await ensureCertificateRemindersScheduled(db(), 0);
    expect(await db().select().from(outbox).where(eq(outbox.kind, "certificateReminders"))).toHaveLength(1);
    await queueJob({ kind: "certificateReminders", every: "hour" });
    onDay("2030-01-01");
    await Promise.all([runDueJobs(), runDueJobs()]);
    await Promise.all([runDueJobs(), runDueJobs()]);
    expect(await remindersQueued([lucia.id])).toEqual([30]);
    expect(await expirySubjects(lucia.learner.email)).toHaveLength(1);
    const next = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "certificateReminders"), eq(outbox.status, "pending"), sql`${outbox.runAt} > now() + interval '50 minutes'`));
    expect(next.length).toBeGreaterThanOrEqual(1);
  });
});
