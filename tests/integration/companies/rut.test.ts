// RUT (docs/decisions.md E3): optional on /perfil, a declaration that locks no other account out, printed on the certificate, masked on
// the public page, and found by the admin's user and enrolment searches.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { enrolment, user } from "~/server/platform/db/schema";
import { issueCertificateForEnrolment } from "~/server/certificates/certificates.server";
import { formatCertificateCode } from "~/domain/certificate-code";
import { rutCheckDigit } from "~/domain/rut";
import { action, loader } from "~/routes/perfil";
import { loader as verifyLoader } from "~/routes/certificado";
import { loader as pdfLoader } from "~/routes/certificado-pdf";
import { loader as usersLoader } from "~/routes/admin/usuarios";
import { loader as enrolmentsLoader } from "~/routes/admin/inscripciones";
import { call } from "../support/call";
import { pdfText } from "../certificates/helpers";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";

let seq = 0;
/** A fresh valid RUT per call, so test files never collide on the unique index. */
function freshRut() {
  const body = 20_000_000 + Math.floor(Math.random() * 5_000_000) * 10 + (seq++ % 10);
  return { body, normal: `${body}-${rutCheckDigit(body)}` };
}
const dotted = (body: number, dv: string) => `${String(body).replace(/\B(?=(\d{3})+(?!\d))/g, ".")}-${dv}`;

const save = (cookie: string, rut: string) =>
  call(action, formRequest("/perfil", { intent: "profile", name: "Con Rut", phone: "", address: "", rut }, { cookie }));

async function rutOf(id: string) {
  const [row] = await db().select({ rut: user.rut }).from(user).where(eq(user.id, id));
  return row!.rut;
}

describe("RUT en el perfil", () => {
  it("se guarda normalizado y se muestra con puntos; vacío lo borra", async () => {
    const u = await createUser();
    const { body, normal } = freshRut();
    const dv = normal.slice(-1);
    const out = await save(u.cookie, `${body}${dv.toLowerCase()}`);
    expect(out.status).toBe(200);
    expect(await rutOf(u.id)).toBe(normal);
    const page = await call(loader, getRequest("/perfil", u.cookie));
    expect(page.data.profile.rut).toBe(dotted(body, dv));
    expect((await save(u.cookie, "  ")).status).toBe(200);
    expect(await rutOf(u.id)).toBeNull();
  });

  it("dígito verificador incorrecto o formato inválido: 400 con el mensaje junto al campo, nada cambia", async () => {
    const u = await createUser();
    const { body, normal } = freshRut();
    await save(u.cookie, normal);
    const wrongDv = rutCheckDigit(body) === "1" ? "2" : "1";
    const bad = await save(u.cookie, `${body}-${wrongDv}`);
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.rut).toBe("El dígito verificador del RUT no es correcto.");
    expect(bad.data.values.rut).toBe(`${body}-${wrongDv}`);
    const garbage = await save(u.cookie, "hola");
    expect(garbage.status).toBe(400);
    expect(garbage.data.fieldErrors.rut).toBe("Ingresa un RUT válido (por ejemplo, 12.345.678-5).");
    expect(await rutOf(u.id)).toBe(normal);
  });

  it("un RUT que otra cuenta declaró no bloquea a nadie ni revela que existe (schema.ts, user.rut)", async () => {
    const a = await createUser();
    const b = await createUser();
    const { body, normal } = freshRut();
    const [ra, rb] = await Promise.all([save(a.cookie, normal), save(b.cookie, dotted(body, normal.slice(-1)))]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(JSON.stringify([ra.data, rb.data])).not.toMatch(/otra cuenta/);
    const owners = await db().select({ id: user.id }).from(user).where(eq(user.rut, normal));
    expect(owners).toHaveLength(2);
  });

  it("sin sesión no se puede guardar", async () => {
    const out = await call(action, formRequest("/perfil", { intent: "profile", name: "X", rut: freshRut().normal }));
    expect(out.status).toBe(302);
  });
});

describe("RUT en certificados y listas de administración", () => {
  it("el PDF lo imprime completo, la página pública lo enmascara; el admin encuentra por RUT", async () => {
    const learner = await createUser({ name: "Ana Rut" });
    const { body, normal } = freshRut();
    const dv = normal.slice(-1);
    await db().update(user).set({ rut: normal }).where(eq(user.id, learner.id));
    const [row] = await db()
      .insert(enrolment)
      .values({ userId: learner.id, courseId: 1, progress: 100, completedAt: new Date("2026-11-20T15:00:00Z") })
      .returning({ id: enrolment.id });
    const { code } = (await issueCertificateForEnrolment(db(), row!.id))!;
    const shown = formatCertificateCode(code);

    const page = await call(verifyLoader, getRequest(`/certificados/${shown}`), { code: shown });
    const masked = `${dotted(body, dv).slice(0, -5)}XXX-${dv}`;
    expect(page.data.certificate.holderRut).toBe(masked);
    expect(JSON.stringify(page.data)).not.toContain(String(body));

    const pdf = (await pdfLoader({ request: getRequest(`/certificados/${shown}/pdf`, learner.cookie), params: { code: shown }, context: {} } as never)) as Response;
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(`RUT ${dotted(body, dv)}`);

    const admin = await createUser({ role: "admin" });
    const users = await call(usersLoader, getRequest(`/admin/usuarios?q=${encodeURIComponent(dotted(body, dv))}`, admin.cookie));
    expect(users.data.users.map((u: { id: string }) => u.id)).toEqual([learner.id]);
    const list = await call(enrolmentsLoader, getRequest(`/admin/inscripciones?rut=${body}${dv}`, admin.cookie));
    expect(list.data.enrolments.map((e: { id: number }) => e.id)).toEqual([row!.id]);
    // A learner cannot use the admin search.
    const refused = await call(usersLoader, getRequest(`/admin/usuarios?q=${normal}`, learner.cookie));
    expect(refused.status).toBe(302);
  });

  it("sin RUT: el certificado no muestra ninguno", async () => {
    const learner = await createUser({ name: "Sin Rut" });
    const [row] = await db().insert(enrolment).values({ userId: learner.id, courseId: 1, progress: 100, completedAt: new Date() }).returning({ id: enrolment.id });
    const { code } = (await issueCertificateForEnrolment(db(), row!.id))!;
    const shown = formatCertificateCode(code);
    const page = await call(verifyLoader, getRequest(`/certificados/${shown}`), { code: shown });
    expect(page.data.certificate.holderRut).toBeNull();
  });
});

describe("RUT: un formulario sin el campo no lo borra", () => {
  it("guardar sin 'rut' conserva el RUT", async () => {
    const u = await createUser();
    const { normal } = freshRut();
    await save(u.cookie, normal);
    const out = await call(action, formRequest("/perfil", { intent: "profile", name: "Otro Nombre", phone: "", address: "" }, { cookie: u.cookie }));
    expect(out.status).toBe(200);
    expect(await rutOf(u.id)).toBe(normal);
  });
});
