// A company's manager ends the company's processing of its workers' data, through the real route: its links to the
// workers end and its open invitations are revoked with their seats back; the workers keep their enrolments and
// certificates; money stays. Only that company's managers can do it (not another's, a learner, an admin who is not
// one of them, or nobody signed in), it asks for a confirmation, and a replay or a double submit changes nothing more.
import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { auditEvent, certificate, companyEnrolment, companyInvitation, companySeatLedger, enrolment } from "~/server/platform/db/schema";
import { freeSeats } from "~/server/companies/seats.server";
import * as route from "~/routes/empresa/terminar-tratamiento";
import { loader as exportLoader } from "~/routes/empresa/datos-trabajadores";
import { call } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { companyWithManager, enrolAccount, enrolRequest, freshRut, workerFields } from "../companies/support";

const end = (cookie: string, companyId: number, fields: Record<string, string> = { intent: "end", confirm: "yes" }) =>
  call(route.action, formRequest(`/empresa/${companyId}/terminar-tratamiento`, fields, { cookie }), { companyId: String(companyId) });

const page = (cookie: string, companyId: number) => call(route.loader, getRequest(`/empresa/${companyId}/terminar-tratamiento`, cookie), { companyId: String(companyId) });

async function exported(cookie: string, companyId: number) {
  const outcome = await call(exportLoader, getRequest(`/empresa/${companyId}/datos-trabajadores.zip`, cookie), { companyId: String(companyId) });
  const files = unzipSync(new Uint8Array(await outcome.response!.arrayBuffer()));
  return JSON.parse(strFromU8(files["trabajadores.json"]!)) as { nombre: string }[];
}

const seats = (companyId: number) => db().transaction((tx) => freeSeats(tx, companyId, 1));

describe("a manager ends the company's processing of its workers' data", () => {
  it("ends the links and open invitations in one step, keeps what is the workers' and what the law keeps, and only for its managers", async () => {
    const admin = await createUser({ role: "admin" });
    const { companyId, manager } = await companyWithManager(admin.cookie, 4);
    const { companyId: otherId, manager: otherManager } = await companyWithManager(admin.cookie, 2);
    const ana = await createUser({ name: "Ana Trabajadora" });
    const beto = await createUser({ name: "Beto Trabajador" });
    await enrolAccount(manager.cookie, companyId, ana, freshRut());
    await enrolAccount(manager.cookie, companyId, beto, freshRut());
    const invited = workerFields({ name: "Carla Invitada" });
    expect((await enrolRequest(manager.cookie, companyId, invited)).status).toBe(200);
    const stranger = await createUser({ name: "Diego Otra Empresa" });
    await enrolAccount(otherManager.cookie, otherId, stranger, freshRut());
    const [anaEnrolment] = await db().select().from(enrolment).where(eq(enrolment.userId, ana.id));
    await db().insert(certificate).values({ code: "RELA-CION-0001", enrolmentId: anaEnrolment!.id, holderName: ana.name, courseTitle: "RCP", hours: 2 });
    expect(await seats(companyId)).toBe(1);

    // The page says what would end, and gives the form to the company's manager only.
    const shown = await page(manager.cookie, companyId);
    expect(shown.data).toMatchObject({ summary: { workers: 2, enrolments: 2, openInvitations: 1 }, manager: true });
    expect((await page(admin.cookie, companyId)).data).toMatchObject({ manager: false });

    // Nobody else can end it: another company's manager, a worker, an admin who is not a manager, nobody signed in.
    expect((await end(otherManager.cookie, companyId)).status).toBe(403);
    expect((await end(ana.cookie, companyId)).status).toBe(403);
    expect((await end(admin.cookie, companyId)).status).toBe(403);
    expect((await end("", companyId)).status).toBe(302);
    // Without the confirmation, it asks for it next to the box.
    const unconfirmed = await end(manager.cookie, companyId, { intent: "end" });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.data.fieldErrors.confirm).toBe("Marca la casilla para confirmar que entiendes lo que pasará.");
    expect(await db().select().from(companyEnrolment).where(eq(companyEnrolment.companyId, companyId))).toHaveLength(2);

    // The manager ends it; a second submit at the same time finds nothing left.
    const [first, second] = await Promise.all([end(manager.cookie, companyId), end(manager.cookie, companyId)]);
    const outcomes = [first, second].sort((a, b) => a.status - b.status);
    expect(outcomes.map((o) => o.status)).toEqual([200, 409]);
    expect(outcomes[0]!.data.message).toBe(
      "Listo: terminamos el tratamiento de los datos de 2 trabajadores y revocamos 1 invitación pendiente (sus cupos volvieron a la empresa). Ellos conservan sus cuentas, cursos y certificados.",
    );

    expect(await db().select().from(companyEnrolment).where(eq(companyEnrolment.companyId, companyId))).toEqual([]);
    expect(await exported(manager.cookie, companyId)).toEqual([]);
    // The invitation is revoked, its seat back; what the company typed about each invited person is gone.
    expect(await seats(companyId)).toBe(2);
    const invitations = await db().select().from(companyInvitation).where(and(eq(companyInvitation.companyId, companyId), eq(companyInvitation.kind, "worker")));
    expect(invitations).toHaveLength(3);
    for (const inv of invitations) {
      expect(inv).toMatchObject({ name: "Invitación cerrada", rut: null });
      expect(inv.email).toMatch(/@cerrada\.invalid$/);
    }
    expect(invitations.find((i) => !i.acceptedAt)!.revokedAt).not.toBeNull();
    // The workers keep their enrolments and certificate; the seat history stays.
    expect(await db().select().from(enrolment).where(eq(enrolment.userId, ana.id))).toHaveLength(1);
    expect(await db().select().from(enrolment).where(eq(enrolment.userId, beto.id))).toHaveLength(1);
    expect(await db().select().from(certificate).where(eq(certificate.code, "RELA-CION-0001"))).toHaveLength(1);
    expect((await db().select().from(companySeatLedger).where(eq(companySeatLedger.companyId, companyId))).length).toBeGreaterThanOrEqual(4);
    // The other company is untouched.
    expect(await exported(otherManager.cookie, otherId)).toEqual([expect.objectContaining({ nombre: "Diego Otra Empresa" })]);

    // Audited once, by the manager, with the counts.
    const audits = await db().select().from(auditEvent).where(eq(auditEvent.action, "privacy.company_relationship_ended"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: manager.id, subjectId: String(companyId), after: { workers: 2, enrolments: 2, invitations: 1 } });

    // A replay later changes nothing and says so; the page now says there is nothing to end.
    const replay = await end(manager.cookie, companyId);
    expect(replay.status).toBe(409);
    expect(replay.data.message).toBe("La empresa ya no tiene trabajadores vinculados ni invitaciones pendientes: no quedaba nada que terminar.");
    expect(await db().select().from(auditEvent).where(eq(auditEvent.action, "privacy.company_relationship_ended"))).toHaveLength(1);
    expect((await page(manager.cookie, companyId)).data).toMatchObject({ summary: { workers: 0, enrolments: 0, openInvitations: 0 } });

    // The company can enrol again: a new invitation starts a new relationship.
    expect((await enrolRequest(manager.cookie, companyId, workerFields())).status).toBe(200);
  });
});
