// A certificate's validity (docs/certificate-validity.md): the course's months fix its last day at issue, the PDF
// prints it, the public page tells today's state as the academy's clock moves, and an admin revokes it (audited,
// the reason never public).
import { afterEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { auditEvent, certificate, course } from "~/server/platform/db/schema";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { issueCertificateForEnrolment, getCertificateByCode } from "~/server/certificates/certificates.server";
import { renderCertificatePdf } from "~/server/certificates/pdf.server";
import { formatCertificateCode } from "~/domain/certificate-code";
import * as verifyPage from "~/routes/certificado";
import { action as editorAction, loader as editorLoader } from "~/routes/admin/curso-editor";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { call, isRefused } from "../support/call";
import { createCourse } from "../admin/factories";
import { completedEnrolment, pdfText } from "./helpers";

afterEach(() => resetClock());

async function issued(input: { courseId?: number; completedAt: Date; name?: string }) {
  const done = await completedEnrolment(input);
  const { code } = (await issueCertificateForEnrolment(db(), done.enrolmentId))!;
  return { ...done, code, shown: formatCertificateCode(code) };
}

async function page(shown: string, cookie?: string) {
  return call(verifyPage.loader, getRequest(`/certificados/${shown}`, cookie), { code: shown });
}

function revoke(shown: string, reason: string, cookie?: string) {
  return call(verifyPage.action, formRequest(`/certificados/${shown}`, { intent: "revoke", reason }, { cookie }), { code: shown });
}

describe("vigencia del certificado", () => {
  it("los cursos 1 y 2 vienen con 24 meses desde el catálogo; el 3, sin vencimiento", async () => {
    const rows = await db().select({ id: course.id, months: course.validityMonths }).from(course);
    const byId = new Map(rows.map((r) => [r.id, r.months]));
    expect(byId.get(1)).toBe(24);
    expect(byId.get(2)).toBe(24);
    expect(byId.get(3) ?? null).toBeNull();
  });

  it("se fija al emitir: fin del mes de emisión + 24 meses, en el día de Chile", async () => {
    // 30 November, 23:30 in Santiago is already 1 December in UTC: the month of issue is still November.
    const a = await issued({ completedAt: new Date("2026-12-01T02:30:00Z") });
    expect((await getCertificateByCode(a.code))!.validUntil).toBe("2028-11-30");
    const leap = await issued({ courseId: 2, completedAt: new Date("2026-02-14T15:00:00Z") });
    expect((await getCertificateByCode(leap.code))!.validUntil).toBe("2028-02-29");
  });

  it("un curso sin vigencia emite certificados sin fecha de vencimiento, y cambiar la vigencia no reescribe los emitidos", async () => {
    const c = await createCourse({ validityMonths: null });
    const a = await issued({ courseId: c.id, completedAt: new Date("2026-11-02T15:00:00Z") });
    expect((await getCertificateByCode(a.code))!.validUntil).toBeNull();
    await db().update(course).set({ validityMonths: 12 }).where(eq(course.id, c.id));
    expect((await getCertificateByCode(a.code))!.validUntil).toBeNull();
    const res = await page(a.shown);
    expect(res.data.certificate.state).toEqual({ kind: "sin-vencimiento" });
  });

  it("la página pública dice vigente, y al mover el reloj más allá del último día dice vencido (un QR leído en 2029)", async () => {
    const a = await issued({ completedAt: new Date("2026-11-21T15:00:00Z") });
    freezeClock(new Date("2028-11-30T23:00:00-03:00"));
    let res = await page(a.shown);
    expect(res.status).toBe(200);
    expect(res.data.certificate.state).toEqual({ kind: "vigente", validUntil: "2028-11-30", daysLeft: 0 });
    freezeClock(new Date("2028-12-01T00:30:00-03:00"));
    res = await page(a.shown);
    expect(res.data.certificate.state).toEqual({ kind: "vencido", validUntil: "2028-11-30" });
    freezeClock(new Date("2029-03-15T12:00:00-03:00"));
    res = await page(a.shown);
    expect(res.data.certificate.state.kind).toBe("vencido");
  });

  it("el PDF imprime «Válido hasta» con la fecha; sin vigencia no lo imprime", async () => {
    const a = await issued({ completedAt: new Date("2026-11-21T15:00:00Z") });
    const text = (await pdfText(await renderCertificatePdf((await getCertificateByCode(a.code))!, "http://localhost:3000"))).text;
    expect(text).toContain("Válido hasta");
    expect(text).toContain("30 de noviembre de 2028");
    const c = await createCourse({ validityMonths: null });
    const b = await issued({ courseId: c.id, completedAt: new Date("2026-11-21T15:00:00Z") });
    const plain = (await pdfText(await renderCertificatePdf((await getCertificateByCode(b.code))!, "http://localhost:3000"))).text;
    expect(plain).not.toContain("Válido hasta");
  });
});

describe("revocar un certificado", () => {
  it("solo un administrador: anónimo, el titular y otro alumno son rechazados sin cambiar nada", async () => {
    const a = await issued({ completedAt: new Date("2026-11-21T15:00:00Z") });
    const stranger = await createUser();
    for (const cookie of [undefined, a.learner.cookie, stranger.cookie]) {
      expect(isRefused(await revoke(a.shown, "fraude", cookie))).toBe(true);
    }
    expect((await getCertificateByCode(a.code))!.revokedAt).toBeNull();
  });

  it("sin motivo, pide el motivo junto al campo; con motivo, revoca, audita y la página pública dice revocado sin el motivo", async () => {
    const admin = await createUser({ role: "admin" });
    const a = await issued({ completedAt: new Date("2026-11-21T15:00:00Z"), name: "Pedro Pérez" });
    const empty = await revoke(a.shown, "   ", admin.cookie);
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ ok: false, reasonError: "Escribe el motivo de la revocación." });
    const long = await revoke(a.shown, "x".repeat(501), admin.cookie);
    expect(long.status).toBe(400);
    expect(long.data.reason).toHaveLength(501);

    freezeClock(new Date("2027-01-05T12:00:00-03:00"));
    const ok = await revoke(a.shown, "Suplantación de identidad en la evaluación", admin.cookie);
    expect(ok.status).toBe(200);
    expect(ok.data.ok).toBe(true);

    const publicView = await page(a.shown);
    expect(publicView.data.certificate.state).toEqual({ kind: "revocado", revokedOn: "2027-01-05" });
    expect(publicView.data.admin).toBeNull();
    expect(JSON.stringify(publicView.data)).not.toContain("Suplantación");
    // The holder does not see the reason either; the admin does.
    expect(JSON.stringify((await page(a.shown, a.learner.cookie)).data)).not.toContain("Suplantación");
    const adminView = await page(a.shown, admin.cookie);
    expect(adminView.data.admin.revocation).toMatchObject({ reason: "Suplantación de identidad en la evaluación", by: admin.email });

    const [audit] = await db()
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, "certificate.revoked"), eq(auditEvent.subjectId, a.shown)));
    expect(audit).toMatchObject({ actorId: admin.id, note: "Suplantación de identidad en la evaluación", subjectType: "certificate" });

    // Revoked stays revoked however much later, and a second revocation changes nothing.
    freezeClock(new Date("2027-06-01T12:00:00-03:00"));
    const again = await revoke(a.shown, "otro motivo", admin.cookie);
    expect(again.status).toBe(400);
    expect(again.data.message).toBe("Este certificado ya estaba revocado.");
    const [row] = await db().select().from(certificate).where(eq(certificate.code, a.code));
    expect(row!.revokedReason).toBe("Suplantación de identidad en la evaluación");
  });

  it("dos revocaciones a la vez: una gana, una sola entrada en la auditoría", async () => {
    const [admin1, admin2] = [await createUser({ role: "admin" }), await createUser({ role: "admin" })];
    const a = await issued({ completedAt: new Date("2026-11-21T15:00:00Z") });
    const results = await Promise.all([revoke(a.shown, "motivo uno", admin1.cookie), revoke(a.shown, "motivo dos", admin2.cookie)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const audits = await db().select().from(auditEvent).where(and(eq(auditEvent.action, "certificate.revoked"), eq(auditEvent.subjectId, a.shown)));
    expect(audits).toHaveLength(1);
  });

  it("un código inexistente responde 404", async () => {
    const admin = await createUser({ role: "admin" });
    const res = await revoke("ZZZZ-ZZZZ-ZZZZ", "motivo", admin.cookie);
    expect(res.status).toBe(404);
  });
});

describe("editor de cursos: vigencia en meses", () => {
  const fields = {
    intent: "save-course",
    title: "Uso de Extintores",
    category: "Emergencias",
    level: "Básico",
    priceClp: "25000",
    description: "Aprende a usar un extintor.",
    taxTreatment: "exempt",
  };
  it("guarda meses, vacía = sin vencimiento, y rechaza un valor inválido conservando lo escrito", async () => {
    const admin = await createUser({ role: "admin" });
    const c = await createCourse();
    const post = (v: string) => call(editorAction, formRequest(`/admin/cursos/${c.id}`, { ...fields, validityMonths: v }, { cookie: admin.cookie }), { id: String(c.id) });
    const bad = await post("dos años");
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.validityMonths).toMatch(/^Ingresa la vigencia en meses/);
    expect(bad.data.values.validityMonths).toBe("dos años");
    expect((await post("36")).data).toMatchObject({ ok: true });
    expect((await db().select().from(course).where(eq(course.id, c.id)))[0]!.validityMonths).toBe(36);
    const view = await call(editorLoader, getRequest(`/admin/cursos/${c.id}`, admin.cookie), { id: String(c.id) });
    expect(view.data.values.validityMonths).toBe("36");
    expect((await post("")).data).toMatchObject({ ok: true });
    expect((await db().select().from(course).where(eq(course.id, c.id)))[0]!.validityMonths).toBeNull();
  });
});
