// A company's seats and workers (docs/decisions.md E2): creating a company with a valid RUT, naming managers,
// granting seats with a reason; enrolling workers (an account is enrolled and told, an unknown e-mail invited),
// never more than the seats even when managers enrol at the same instant; invitations that expire, are revoked
// (the seat comes back) or replayed; hostile input answered in Spanish, never a 500.
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as adminCompaniesRoute from "~/routes/admin/empresas";
import * as adminCompanyRoute from "~/routes/admin/empresa";
import * as courseRoute from "~/routes/empresa/curso";
import * as enrolmentsRoute from "~/routes/admin/inscripciones";
import { db } from "~/server/platform/db/client.server";
import { company, companyEnrolment, companyInvitation, companyManager, companySeatLedger, enrolment, user } from "~/server/platform/db/schema";
import { freeSeats } from "~/server/companies/seats.server";
import { site } from "~/config/site";
import { call } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import {
  acceptWithPassword,
  adminCompanyAction,
  badRut,
  companyWithManager,
  enrolAccount,
  courseLoader,
  createCompany,
  enrolRequest,
  freshRut,
  grant,
  invitationPage,
  invitationTokenFor,
  lastMailTo,
  workerFields,
} from "./support";

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
});

const free = (companyId: number, courseId = 1) => freeSeats(db(), companyId, courseId);

describe("empresas en la administración", () => {
  it("crea una empresa con RUT normalizado; RUT repetido o inválido: 400 junto al campo", async () => {
    const rut = freshRut(70_000_000);
    const [body, dv] = rut.split("-");
    const dotted = `${body!.replace(/\B(?=(\d{3})+(?!\d))/g, ".")}-${dv!.toLowerCase()}`;
    const id = await createCompany(admin.cookie, { rut: dotted, giro: "Construcción" });
    const [row] = await db().select().from(company).where(eq(company.id, id));
    expect(row).toMatchObject({ rut, giro: "Construcción", createdBy: admin.id });
    const again = await call(adminCompaniesRoute.action, formRequest("/admin/empresas", { intent: "create", name: "Otra", rut, giro: "", contactName: "A", contactEmail: "a@b.cl", contactPhone: "22345678" }, { cookie: admin.cookie }));
    expect(again.status).toBe(400);
    expect(again.data.fieldErrors.rut).toBe("Ya existe una empresa con ese RUT.");
    const bad = await call(adminCompaniesRoute.action, formRequest("/admin/empresas", { intent: "create", name: "Mala", rut: badRut(), giro: "", contactName: "A", contactEmail: "a@b.cl", contactPhone: "22345678" }, { cookie: admin.cookie }));
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.rut).toBe("El dígito verificador del RUT no es correcto.");
    expect(bad.data.values.name).toBe("Mala");
  });

  it("entrada hostil: mensajes en español por campo, nunca un 500 ni un registro a medias", async () => {
    const [before] = await db().select({ n: count() }).from(company);
    const res = await call(
      adminCompaniesRoute.action,
      formRequest("/admin/empresas", { intent: "create", name: "\u0000\u0000", rut: "'; drop table company; --", giro: "x".repeat(5000), contactName: "", contactEmail: "no-es-correo", contactPhone: "abc" }, { cookie: admin.cookie }),
    );
    expect(res.status).toBe(400);
    expect(res.data.fieldErrors).toEqual({
      name: "Ingresa la razón social.",
      rut: "Ingresa un RUT válido (por ejemplo, 12.345.678-5).",
      giro: "Máximo 200 caracteres.",
      contactName: "Ingresa el nombre del contacto.",
      contactEmail: "Ingresa un correo electrónico válido.",
      contactPhone: "Ingresa un teléfono válido (solo números, espacios, + y guiones).",
    });
    const noIntent = await call(adminCompaniesRoute.action, formRequest("/admin/empresas", { name: "x" }, { cookie: admin.cookie }));
    expect(noIntent.status).toBe(400);
    const [after] = await db().select({ n: count() }).from(company);
    expect(after!.n).toBe(before!.n);
  });

  it("asignar cupos exige curso, número y motivo; queda registrado quién y por qué", async () => {
    const id = await createCompany(admin.cookie);
    const missing = await adminCompanyAction(admin.cookie, id, { intent: "grant", courseId: "", seats: "-3", reason: "  " });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.data.fieldErrors).sort()).toEqual(["courseId", "reason", "seats"]);
    const huge = await adminCompanyAction(admin.cookie, id, { intent: "grant", courseId: "1", seats: "1e9", reason: "x" });
    expect(huge.data.fieldErrors.seats).toMatch(/número entero/);
    const unknownCourse = await adminCompanyAction(admin.cookie, id, { intent: "grant", courseId: "9999", seats: "3", reason: "x" });
    expect(unknownCourse.status).toBe(400);
    expect(unknownCourse.data.fieldErrors.courseId).toBe("El curso no existe o no está publicado.");
    await grant(admin.cookie, id, 7);
    const [entry] = await db().select().from(companySeatLedger).where(eq(companySeatLedger.companyId, id));
    expect(entry).toMatchObject({ delta: 7, kind: "grant", reason: "Contrato 2026", byUserId: admin.id, courseId: 1 });
    const page = await call(adminCompanyRoute.loader, getRequest(`/admin/empresas/${id}`, admin.cookie), { id: String(id) });
    expect(page.data.view.seats).toEqual([expect.objectContaining({ courseId: 1, credited: 7, used: 0, free: 7 })]);
    expect(page.data.view.ledger[0]).toMatchObject({ delta: 7, reason: "Contrato 2026", byName: admin.name });
  });

  it("encargados: cuenta existente al tiro; correo desconocido recibe una invitación y entra al portal al aceptarla", async () => {
    const id = await createCompany(admin.cookie);
    const existing = await createUser();
    expect((await adminCompanyAction(admin.cookie, id, { intent: "add-manager", email: existing.email.toUpperCase(), name: "" })).status).toBe(200);
    expect((await lastMailTo(existing.email))?.text).toContain(`/empresa/${id}`);
    const twice = await adminCompanyAction(admin.cookie, id, { intent: "add-manager", email: existing.email, name: "" });
    expect(twice.data.fieldErrors.email).toBe("Esa persona ya es encargada de esta empresa.");
    const adminAsManager = await adminCompanyAction(admin.cookie, id, { intent: "add-manager", email: admin.email, name: "" });
    expect(adminAsManager.status).toBe(400);
    const email = `encargado.${Date.now()}@empresa.test`;
    const invited = await adminCompanyAction(admin.cookie, id, { intent: "add-manager", email, name: "Luis Pérez" });
    expect(invited.data.message).toBe("Enviamos una invitación por correo para que cree su cuenta de encargado.");
    expect((await lastMailTo(email))?.subject).toMatch(/Te damos acceso al portal de/);
    const accepted = await acceptWithPassword(await invitationTokenFor(email));
    expect(accepted).toMatchObject({ status: 302, location: `/empresa/${id}` });
    const managers = await db().select({ userId: companyManager.userId }).from(companyManager).where(eq(companyManager.companyId, id));
    expect(managers).toHaveLength(2);
    // The invitation page shows the privacy notice: the new account records the version it accepted, and no
    // marketing choice (the page asks none).
    const [made] = await db().select().from(user).where(eq(user.email, email));
    expect(made).toMatchObject({ privacyNoticeVersion: site.privacy.noticeVersion, marketingConsent: false, marketingConsentAt: null });
    expect(made!.privacyNoticeAcceptedAt).toBeInstanceOf(Date);
  });
});

describe("inscribir trabajadores", () => {
  it("una cuenta existente recibe una invitación: nada cambia en ella hasta que la acepta; entonces queda inscrita con el RUT; usa un cupo", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 2);
    const worker = await createUser({ name: "Pedro Soto" });
    const rut = freshRut();
    const res = await enrolRequest(manager.cookie, companyId, { name: "Pedro Soto", email: worker.email, rut });
    expect(res.status).toBe(200);
    expect(res.data.message).toBe("Enviamos una invitación por correo. La persona quedará inscrita cuando la acepte.");
    const rutNow = async () => (await db().select({ rut: user.rut }).from(user).where(eq(user.id, worker.id)))[0]!.rut;
    expect(await rutNow()).toBeNull();
    expect(await db().select().from(enrolment).where(eq(enrolment.userId, worker.id))).toEqual([]);
    const mail = await lastMailTo(worker.email);
    expect(mail?.subject).toMatch(/te invita a capacitarte/);
    expect(mail?.text).toContain("Ya tienes una cuenta con este correo");
    expect(await free(companyId)).toBe(1);
    const again = await enrolRequest(manager.cookie, companyId, { name: "Pedro Soto", email: worker.email, rut });
    expect(again.status).toBe(400);
    expect(again.data.fieldErrors.email).toBe("Esta persona ya tiene una invitación vigente de la empresa para este curso.");
    const token = await invitationTokenFor(worker.email);
    const shown = await invitationPage(token, worker.cookie);
    expect(shown.data).toMatchObject({ kind: "signedIn", sameAccount: true, rut: expect.stringMatching(/^\d{1,2}\.\d{3}\.\d{3}-[\dK]$/) });
    const { action } = await import("~/routes/invitacion");
    expect((await call(action, formRequest(`/invitacion/${token}`, { intent: "accept" }, { cookie: worker.cookie }), { token })).status).toBe(302);
    expect(await rutNow()).toBe(rut);
    const enrolledAgain = await enrolRequest(manager.cookie, companyId, { name: "Pedro Soto", email: worker.email, rut });
    expect(enrolledAgain.data.fieldErrors.email).toBe("La empresa ya inscribió a esta persona en el curso.");
    expect(await free(companyId)).toBe(1);
    const page = await courseLoader(manager.cookie, companyId);
    expect(page.data.workers).toEqual([expect.objectContaining({ name: "Pedro Soto", status: "Sin iniciar", attempts: 0, bestScore: "—" })]);
    expect(page.data.seat).toMatchObject({ credited: 2, used: 1, free: 1 });
  });

  it("una cuenta de administración no acepta una invitación de trabajador; el cupo sigue reservado hasta revocarla", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 1);
    const other = await createUser({ role: "admin" });
    expect((await enrolRequest(manager.cookie, companyId, { name: other.name, email: other.email, rut: freshRut() })).status).toBe(200);
    const token = await invitationTokenFor(other.email);
    const { action } = await import("~/routes/invitacion");
    const refused = await call(action, formRequest(`/invitacion/${token}`, { intent: "accept" }, { cookie: other.cookie }), { token });
    expect(refused.status).toBe(409);
    expect(refused.data.message).toMatch(/^Una cuenta de administración no puede inscribirse como trabajador/);
    expect(await db().select().from(enrolment).where(eq(enrolment.userId, other.id))).toEqual([]);
    expect(await free(companyId)).toBe(0);
  });

  it("si el administrador elimina la inscripción de un trabajador, el cupo vuelve a la empresa (una vez, también con dos clics a la vez)", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 1);
    const worker = await createUser({ name: "Rosa Díaz" });
    await enrolAccount(manager.cookie, companyId, worker, freshRut());
    expect(await free(companyId)).toBe(0);
    const [row] = await db().select({ id: enrolment.id }).from(enrolment).where(and(eq(enrolment.userId, worker.id), eq(enrolment.courseId, 1)));
    const remove = () => call(enrolmentsRoute.action, formRequest("/admin/inscripciones", { intent: "remove", enrolmentId: String(row!.id) }, { cookie: admin.cookie }));
    const results = await Promise.all([remove(), remove()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(await free(companyId)).toBe(1);
    const ledger = await db().select().from(companySeatLedger).where(and(eq(companySeatLedger.companyId, companyId), eq(companySeatLedger.kind, "removal")));
    expect(ledger).toEqual([expect.objectContaining({ delta: 1, byUserId: admin.id, reason: "Rosa Díaz (Reanimación Cardiopulmonar solo Compresiones)" })]);
    // The freed seat takes the next worker.
    expect((await enrolRequest(manager.cookie, companyId, workerFields())).status).toBe(200);
    expect(await free(companyId)).toBe(0);
  });

  it("un RUT que tiene otra cuenta, o distinto del de la cuenta, no se le dice al encargado: es una invitación más", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 3);
    const holder = await createUser();
    const rut = freshRut();
    await db().update(user).set({ rut }).where(eq(user.id, holder.id));
    const taken = await enrolRequest(manager.cookie, companyId, workerFields({ rut }));
    expect(taken.status).toBe(200);
    expect(taken.data.message).toBe("Enviamos una invitación por correo. La persona quedará inscrita cuando la acepte.");
    const mismatch = await enrolRequest(manager.cookie, companyId, { name: "X", email: holder.email, rut: freshRut() });
    expect(mismatch.status).toBe(200);
    expect(mismatch.data.message).toBe(taken.data.message);
    // The holder's RUT is untouched, also after accepting.
    const token = await invitationTokenFor(holder.email);
    const { action } = await import("~/routes/invitacion");
    expect((await call(action, formRequest(`/invitacion/${token}`, { intent: "accept" }, { cookie: holder.cookie }), { token })).status).toBe(302);
    expect((await db().select({ rut: user.rut }).from(user).where(eq(user.id, holder.id)))[0]!.rut).toBe(rut);
  });

  it("sin cupos: nadie más se inscribe ni se invita", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 1);
    expect((await enrolRequest(manager.cookie, companyId, workerFields())).status).toBe(200);
    const none = await enrolRequest(manager.cookie, companyId, workerFields());
    expect(none.status).toBe(409);
    expect(none.data.message).toBe("No quedan cupos disponibles para este curso. Compra más cupos o pide una asignación.");
    const { companyId: empty, manager: m2 } = await companyWithManager(admin.cookie, 0);
    expect((await enrolRequest(m2.cookie, empty, workerFields())).status).toBe(409);
  });

  it("inscripciones simultáneas nunca superan los cupos", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 3);
    const existing = await Promise.all(Array.from({ length: 4 }, () => createUser()));
    const attempts = [
      ...existing.map((u) => enrolRequest(manager.cookie, companyId, { name: u.name, email: u.email, rut: freshRut() })),
      ...Array.from({ length: 5 }, () => enrolRequest(manager.cookie, companyId, workerFields())),
    ];
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(6);
    expect(await free(companyId)).toBe(0);
    const [enrolled] = await db().select({ n: count() }).from(companyEnrolment).where(eq(companyEnrolment.companyId, companyId));
    const [invited] = await db().select({ n: count() }).from(companyInvitation).where(eq(companyInvitation.companyId, companyId));
    expect(enrolled!.n + invited!.n).toBe(3);
  });

  it("entrada hostil del encargado: 400 con mensajes en español", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 2);
    const res = await enrolRequest(manager.cookie, companyId, { name: "\u0000", email: "a@b@c", rut: "12.345.678-K" });
    expect(res.status).toBe(400);
    expect(res.data.fieldErrors).toEqual({
      name: "Ingresa el nombre de la persona.",
      email: "Ingresa un correo electrónico válido.",
      rut: "El dígito verificador del RUT no es correcto.",
    });
    const noRut = await enrolRequest(manager.cookie, companyId, workerFields({ rut: "" }));
    expect(noRut.data.fieldErrors.rut).toBe("Ingresa el RUT de la persona.");
    const badCourse = await call(courseRoute.action, formRequest(`/empresa/${companyId}/cursos/abc`, { intent: "enrol", ...workerFields() }, { cookie: manager.cookie }), { companyId: String(companyId), courseId: "abc" });
    expect(badCourse.status).toBe(404);
    const badIntent = await call(courseRoute.action, formRequest(`/empresa/${companyId}/cursos/1`, { intent: "<script>" }, { cookie: manager.cookie }), { companyId: String(companyId), courseId: "1" });
    expect(badIntent.status).toBe(400);
    const badInvitation = await call(courseRoute.action, formRequest(`/empresa/${companyId}/cursos/1`, { intent: "revoke", invitationId: "1 OR 1=1" }, { cookie: manager.cookie }), { companyId: String(companyId), courseId: "1" });
    expect(badInvitation.status).toBe(400);
    expect(await free(companyId)).toBe(2);
  });
});

describe("invitaciones", () => {
  it("aceptar: crea la cuenta con el nombre y RUT invitados, inscribe por la empresa; reusarla no sirve", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 2);
    const w = workerFields({ name: "Ana Díaz" });
    expect((await enrolRequest(manager.cookie, companyId, w)).data.message).toBe("Enviamos una invitación por correo. La persona quedará inscrita cuando la acepte.");
    expect(await free(companyId)).toBe(1);
    const token = await invitationTokenFor(w.email);
    // Only the hash is stored.
    const [stored] = await db().select({ tokenHash: companyInvitation.tokenHash }).from(companyInvitation).where(eq(companyInvitation.email, w.email));
    expect(stored!.tokenHash).not.toContain(token);
    const page = await invitationPage(token);
    expect(page.data).toMatchObject({ kind: "newAccount", name: "Ana Díaz", email: w.email, courseTitle: expect.stringMatching(/Reanimación/) });
    const mismatch = await call((await import("~/routes/invitacion")).action, formRequest(`/invitacion/${token}`, { intent: "create", password: "clave-segura-1", confirmPassword: "otra" }), { token });
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.fieldErrors.confirmPassword).toBe("Las contraseñas no coinciden.");
    const accepted = await acceptWithPassword(token);
    expect(accepted).toMatchObject({ status: 302, location: "/cursos/1/contenido" });
    expect(accepted.response!.headers.getSetCookie().join(";")).toMatch(/session_token/);
    const [account] = await db().select({ id: user.id, name: user.name, rut: user.rut }).from(user).where(eq(user.email, w.email));
    expect(account).toMatchObject({ name: "Ana Díaz", rut: w.rut });
    const [through] = await db().select().from(companyEnrolment).where(eq(companyEnrolment.userId, account!.id));
    expect(through).toMatchObject({ companyId, courseId: 1 });
    expect(await free(companyId)).toBe(1);
    // Replaying the accepted link: refused, no second account or enrolment.
    const replay = await acceptWithPassword(token, "otra-clave-123");
    expect(replay.status).toBe(409);
    expect(replay.data.message).toBe("Esta invitación ya fue usada. Inicia sesión con tu correo y contraseña.");
    expect((await invitationPage(token)).status).toBe(410);
    const [n] = await db().select({ n: count() }).from(enrolment).where(eq(enrolment.userId, account!.id));
    expect(n!.n).toBe(1);
    const table = await courseLoader(manager.cookie, companyId);
    expect(table.data.invitations).toEqual([]);
    expect(table.data.workers.map((x: { email: string }) => x.email)).toEqual([w.email]);
  });

  it("una invitación vencida no se acepta; reenviarla da un enlace nuevo por 7 días y el anterior deja de servir", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 1);
    const w = workerFields();
    await enrolRequest(manager.cookie, companyId, w);
    const oldToken = await invitationTokenFor(w.email);
    await db().update(companyInvitation).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(companyInvitation.email, w.email));
    const expired = await acceptWithPassword(oldToken);
    expect(expired.status).toBe(409);
    expect(expired.data.message).toBe("Esta invitación venció. Pide a tu empresa que te envíe una nueva.");
    expect((await db().select({ n: count() }).from(user).where(eq(user.email, w.email)))[0]!.n).toBe(0);
    // The expired invitation still holds its seat, and is listed as expired.
    const table = await courseLoader(manager.cookie, companyId);
    expect(table.data.invitations).toEqual([expect.objectContaining({ email: w.email, expired: true, stateLabel: "Vencida" })]);
    expect(await free(companyId)).toBe(0);
    const [inv] = await db().select({ id: companyInvitation.id }).from(companyInvitation).where(eq(companyInvitation.email, w.email));
    const resent = await call(courseRoute.action, formRequest(`/empresa/${companyId}/cursos/1`, { intent: "resend", invitationId: String(inv!.id) }, { cookie: manager.cookie }), { companyId: String(companyId), courseId: "1" });
    expect(resent.data.message).toBe("Invitación reenviada. El nuevo enlace vence en 7 días.");
    const newToken = await invitationTokenFor(w.email);
    expect(newToken).not.toBe(oldToken);
    expect((await invitationPage(oldToken)).status).toBe(404);
    expect((await acceptWithPassword(newToken)).status).toBe(302);
  });

  it("revocar devuelve el cupo y el enlace deja de servir; otra empresa no puede revocar ni reenviar", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 1);
    const other = await companyWithManager(admin.cookie, 1);
    const w = workerFields();
    await enrolRequest(manager.cookie, companyId, w);
    const token = await invitationTokenFor(w.email);
    const [inv] = await db().select({ id: companyInvitation.id }).from(companyInvitation).where(eq(companyInvitation.email, w.email));
    const act = (cookie: string, cid: number, intent: string) =>
      call(courseRoute.action, formRequest(`/empresa/${cid}/cursos/1`, { intent, invitationId: String(inv!.id) }, { cookie }), { companyId: String(cid), courseId: "1" });
    expect((await act(other.manager.cookie, other.companyId, "revoke")).status).toBe(409);
    expect((await act(other.manager.cookie, other.companyId, "resend")).status).toBe(409);
    expect(await free(companyId)).toBe(0);
    const revoked = await act(manager.cookie, companyId, "revoke");
    expect(revoked.data.message).toBe("Invitación revocada. El cupo volvió a quedar disponible.");
    expect(await free(companyId)).toBe(1);
    expect((await act(manager.cookie, companyId, "revoke")).status).toBe(409);
    expect(await free(companyId)).toBe(1);
    const late = await acceptWithPassword(token);
    expect(late.status).toBe(409);
    expect(late.data.message).toBe("Esta invitación fue revocada por la empresa.");
    // The seat is used again by someone else.
    expect((await enrolRequest(manager.cookie, companyId, workerFields())).status).toBe(200);
  });

  it("quien ya tiene cuenta inicia sesión y acepta; otra cuenta no puede aceptarla", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 1);
    const w = workerFields();
    await enrolRequest(manager.cookie, companyId, w);
    const token = await invitationTokenFor(w.email);
    const person = await createUser({ email: w.email });
    const stranger = await createUser();
    expect((await invitationPage(token)).data.kind).toBe("hasAccount");
    const { action } = await import("~/routes/invitacion");
    const wrong = await call(action, formRequest(`/invitacion/${token}`, { intent: "accept" }, { cookie: stranger.cookie }), { token });
    expect(wrong.status).toBe(409);
    const ok = await call(action, formRequest(`/invitacion/${token}`, { intent: "accept" }, { cookie: person.cookie }), { token });
    expect(ok).toMatchObject({ status: 302, location: "/cursos/1/contenido" });
    const [row] = await db().select({ n: count() }).from(companyEnrolment).where(and(eq(companyEnrolment.userId, person.id), eq(companyEnrolment.companyId, companyId)));
    expect(row!.n).toBe(1);
  });

  it("tokens falsos o mal formados: 404, nunca un 500", async () => {
    for (const token of ["x", "a".repeat(43), "%00".repeat(20), "../../etc/passwd"]) {
      expect((await invitationPage(token)).status).toBe(404);
      expect((await acceptWithPassword(token)).status).toBe(404);
    }
  });
});

describe("lo que ve cada encargado", () => {
  it("solo las inscripciones hechas por su empresa: no lo que el trabajador estudia por su cuenta ni por otra empresa", async () => {
    const a = await companyWithManager(admin.cookie, 2);
    const b = await companyWithManager(admin.cookie, 2);
    await grant(admin.cookie, b.companyId, 2, 2);
    const worker = await createUser();
    const rut = freshRut();
    await enrolAccount(a.manager.cookie, a.companyId, worker, rut);
    await enrolAccount(b.manager.cookie, b.companyId, worker, rut, 2);
    const aCourse2 = await courseLoader(a.manager.cookie, a.companyId, 2);
    expect(aCourse2.data.workers).toEqual([]);
    const bCourse1 = await courseLoader(b.manager.cookie, b.companyId, 1);
    expect(bCourse1.data.workers).toEqual([]);
    expect((await courseLoader(a.manager.cookie, a.companyId, 1)).data.workers).toHaveLength(1);
    // Filters: by status and by RUT typed with dots.
    const dotted = rut.replace(/^(\d+)(\d{3})(\d{3})-/, "$1.$2.$3-");
    expect((await courseLoader(a.manager.cookie, a.companyId, 1, `?q=${encodeURIComponent(dotted)}`)).data.workers).toHaveLength(1);
    expect((await courseLoader(a.manager.cookie, a.companyId, 1, "?estado=completado")).data.workers).toHaveLength(0);
    expect((await courseLoader(a.manager.cookie, a.companyId, 1, "?estado=sin-iniciar")).data.workers).toHaveLength(1);
  });

  it("la lista de empresas del administrador cuenta encargados, trabajadores y cupos libres", async () => {
    const { companyId } = await companyWithManager(admin.cookie, 4);
    const list = await call(adminCompaniesRoute.loader, getRequest("/admin/empresas", admin.cookie));
    expect(list.data.companies.find((c: { id: number }) => c.id === companyId)).toMatchObject({ managers: 1, workers: 0, freeSeats: 4 });
  });
});
