// A person with a full history downloads their data, asks for deletion, and an admin carries it out: afterwards a
// dump of the whole database (pg_dump on PostgreSQL, every table as text on the embedded one) holds none of their
// e-mail, name, RUT or phone outside the items the answer lists as kept; their e-mail signs up again as someone new.
import { execFileSync } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { db, rowsOf } from "~/server/platform/db/client.server";
import { certificate, contactMessage, taxDocument, courseWaitlist, enrolment, examAttempt, lesson, lessonCompletion, loginAttempt, user } from "~/server/platform/db/schema";
import { issueCertificateForEnrolment, getCertificateByCode } from "~/server/certificates/certificates.server";
import { queueMail } from "~/server/platform/outbox/outbox.server";
import { PERSONAL_DATA } from "~/server/privacy/personal-data.server";
import { personalDataZip } from "~/server/privacy/export.server";
import { answerRequest, isProcessingBlocked, openOwnRequest } from "~/server/privacy/requests.server";
import { getTableConfig } from "drizzle-orm/pg-core";
import { runDueJobs } from "~/server/platform/outbox/worker.server";
import { startMailbox } from "../accounts/mailbox";
import { createUser } from "../support/users";
import { boleta, paidByTransfer } from "../tax-documents/support";

const NAME = "Zoila Quintanilla Privacidad";
const RUT = "16543210-8";
const PHONE = "+56 9 7788 1122";

async function personWithHistory(name: string, rut: string, phone: string) {
  const person = await createUser({ name });
  await db()
    .update(user)
    .set({
      rut,
      phone,
      address: "Pasaje Los Aromos 44, Ñuñoa",
      privacyNoticeVersion: "2026-12-01",
      privacyNoticeAcceptedAt: new Date("2026-12-02T10:00:00Z"),
      marketingConsent: true,
      marketingConsentAt: new Date("2026-12-02T10:00:00Z"),
    })
    .where(eq(user.id, person.id));
  return person;
}

async function fullHistory(person: { id: string; email: string; name: string }, adminId: string, rut: string, phone: string) {
  const paid = await paidByTransfer(person.id, adminId, { taxBuyer: { ...boleta, rut } });
  await db().update(enrolment).set({ progress: 100, completedAt: new Date() }).where(eq(enrolment.id, paid.enrolmentId!));
  const [aLesson] = await db().select({ id: lesson.id }).from(lesson).limit(1);
  await db().insert(lessonCompletion).values({ enrolmentId: paid.enrolmentId!, lessonId: aLesson!.id });
  await db().insert(examAttempt).values({ userId: person.id, lessonId: aLesson!.id, attemptNumber: 1, questionIds: [1], optionOrder: [[0, 1]], answers: [1], score: 100, passed: true, submittedAt: new Date() });
  const issued = await issueCertificateForEnrolment(db(), paid.enrolmentId!);
  // Its boleta as the tax document module drafts it (the receiver's RUT and name), whether or not a provider issued it.
  const existing = await db().select().from(taxDocument).where(eq(taxDocument.orderId, paid.id));
  if (existing.length === 0) {
    await db().insert(taxDocument).values({ orderId: paid.id, kind: "sale", type: 41, idempotencyKey: `${paid.number}-sale-1`, draft: { receiver: { rut, name: person.name } }, totalClp: paid.amountClp });
  }
  await db().insert(contactMessage).values({ name: person.name, email: person.email, phone, subject: "Consulta", message: `Soy ${person.name}, RUT ${rut}` });
  await db().insert(courseWaitlist).values({ courseId: 1, email: person.email, userId: person.id });
  await db().insert(loginAttempt).values({ key: `email:${person.email}` });
  await queueMail({ to: person.email, subject: `Hola ${person.name}`, text: "Bienvenida" });
  return { order: paid, code: issued!.code };
}

/** Every row of every table as text, tagged with its table. */
async function dump(): Promise<{ table: string; text: string }[]> {
  if (process.env.TEST_DB === "postgres") {
    const out = execFileSync("pg_dump", ["--data-only", "--inserts", "--no-owner", process.env.TEST_FILE_DATABASE_URL!], { encoding: "utf8", maxBuffer: 512 * 1024 * 1024 });
    return out
      .split("\n")
      .filter((line) => line.startsWith("INSERT INTO "))
      .map((line) => ({ table: /^INSERT INTO ([a-z_]+)\.("?)([a-z_]+)\2/.exec(line)?.[3] ?? line.slice(0, 80), text: line }));
  }
  const rows: { table: string; text: string }[] = [];
  const tables = rowsOf<{ name: string }>(await db().execute(sql`select tablename as name from pg_tables where schemaname = 'public'`));
  for (const { name } of tables) {
    const found = rowsOf<{ row: string }>(await db().execute(sql`select t::text as row from ${sql.identifier(name)} t`));
    for (const r of found) rows.push({ table: name, text: r.row });
  }
  return rows;
}

const keptItemOf = new Map<string, string[]>(
  PERSONAL_DATA.map((rule) => [getTableConfig(rule.table).name, rule.erase.flatMap((step) => (step.do === "keep" ? [step.item] : []))]),
);

describe("deleting a person", () => {
  it("exports everything, then deletes everywhere but what other laws keep, each kept item named", async () => {
    const admin = await createUser({ role: "admin" });
    const person = await personWithHistory(NAME, RUT, PHONE);
    const other = await personWithHistory("Otra Persona Intacta", "11111111-1", "+56 2 2345 6789");
    const history = await fullHistory(person, admin.id, RUT, PHONE);
    await fullHistory(other, admin.id, "11111111-1", "+56 2 2345 6789");

    // The export: one JSON and one CSV per kind, no secrets.
    const chunks: Uint8Array[] = [];
    const reader = personalDataZip({ userId: person.id, email: person.email, rut: RUT }).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
    expect(chunks.length).toBeGreaterThan(1);
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    const names = Object.keys(files);
    for (const kind of ["cuenta", "inscripciones", "lecciones-completadas", "intentos-de-examen", "certificados", "compras", "documentos-tributarios", "datos-de-facturacion", "correos", "sesiones", "mensajes-de-contacto"]) {
      expect(names).toContain(`${kind}.json`);
      expect(names).toContain(`${kind}.csv`);
    }
    const account = JSON.parse(strFromU8(files["cuenta.json"]!));
    expect(account).toEqual([
      expect.objectContaining({
        name: NAME,
        email: person.email,
        rut: RUT,
        phone: PHONE,
        privacy_notice_version: "2026-12-01",
        marketing_consent: true,
      }),
    ]);
    // Times as the database writes them (the format differs between the two databases).
    expect(new Date(account[0].privacy_notice_accepted_at)).toEqual(new Date("2026-12-02T10:00:00Z"));
    expect(new Date(account[0].marketing_consent_at)).toEqual(new Date("2026-12-02T10:00:00Z"));
    expect(JSON.parse(strFromU8(files["intentos-de-examen.json"]!))[0]).toMatchObject({ answers: [1], score: 100 });
    const everything = Object.values(files).map((f) => strFromU8(f)).join("\n");
    expect(everything).not.toContain("Otra Persona Intacta");
    expect(strFromU8(files["credenciales.json"]!)).not.toMatch(/"password"/);
    expect(strFromU8(files["sesiones.csv"]!)).not.toMatch(/token/);

    // The request blocks processing while pending; a second one of the same kind is refused.
    const opened = await openOwnRequest(person, "deletion", "");
    expect(opened.ok).toBe(true);
    expect(await isProcessingBlocked(person.id)).toBe(true);
    expect(await openOwnRequest(person, "deletion", "otra vez")).toMatchObject({ ok: false, status: 409 });

    const answered = await answerRequest(admin.id, (opened as { id: number }).id, "done", "Eliminamos tus datos personales.");
    expect(answered.ok).toBe(true);
    const kept = (answered as { kept: { item: string }[] }).kept.map((k) => k.item);
    expect(kept).toEqual(expect.arrayContaining(["Certificados emitidos", "Compras", "Boletas, facturas y notas de crédito", "Datos del receptor de boletas y facturas"]));
    // Answered once: the same form again is refused.
    expect(await answerRequest(admin.id, (opened as { id: number }).id, "done", "Eliminamos tus datos personales.")).toMatchObject({ ok: false, status: 409 });
    expect(await isProcessingBlocked(person.id)).toBe(false);

    // The answer reaches the erased address, with what was kept and why; once delivered, its outbox row is gone.
    const mailbox = await startMailbox();
    try {
      await runDueJobs();
      const [mail] = mailbox.to(person.email);
      expect(mail).toContain("Se conservan, porque otra ley lo exige:");
    } finally {
      await mailbox.stop();
    }

    // The dump: their e-mail, name, RUT and phone only in rows of tables whose kept item the answer named.
    const needles = [person.email, NAME, RUT, "16.543.210-8", PHONE];
    const hits = (await dump()).filter((row) => needles.some((n) => row.text.includes(n)));
    const unexpected = hits.filter((row) => !(keptItemOf.get(row.table) ?? []).some((item) => kept.includes(item)));
    expect(unexpected.map((row) => `${row.table}: ${row.text.slice(0, 200)}`)).toEqual([]);
    expect(hits.map((h) => h.table)).toContain("certificate");
    // The other person is untouched.
    const [stillThere] = await db().select().from(user).where(eq(user.id, other.id));
    expect(stillThere).toMatchObject({ name: "Otra Persona Intacta", deletedAt: null });
    // A deleted person's marketing consent goes with them; the notice they were shown stays as its record.
    const [erased] = await db().select().from(user).where(eq(user.id, person.id));
    expect(erased).toMatchObject({ marketingConsent: false, marketingConsentAt: null, privacyNoticeVersion: "2026-12-01" });

    // The certificate still verifies, marked to withhold the name; the account cannot sign in; the e-mail is free.
    const cert = await getCertificateByCode(history.code);
    expect(cert).not.toBeNull();
    const [certRow] = await db().select().from(certificate).where(eq(certificate.code, history.code));
    expect(certRow!.holderWithheld).toBe(true);
    const again = await createUser({ email: person.email, name: "Persona Nueva" });
    expect(again.id).not.toBe(person.id);
  });
});
