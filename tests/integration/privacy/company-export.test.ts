// A company's managers export their workers' data: only the company's own workers, a worker with a pending
// blocking request without personal data, an erased one not at all; someone else's manager or a learner is refused.
import { strFromU8, unzipSync } from "fflate";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { companyEnrolment, enrolment, privacyAccessLog, user } from "~/server/platform/db/schema";
import { openOwnRequest } from "~/server/privacy/requests.server";
import { loader } from "~/routes/empresa/datos-trabajadores";
import { call } from "../support/call";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { companyWithManager } from "../companies/support";

async function worker(companyId: number, name: string, rut: string) {
  const person = await createUser({ name });
  await db().update(user).set({ rut, phone: "+56 9 1111 2222" }).where(eq(user.id, person.id));
  const [row] = await db().insert(enrolment).values({ userId: person.id, courseId: 1, progress: 40 }).returning({ id: enrolment.id });
  await db().insert(companyEnrolment).values({ companyId, courseId: 1, enrolmentId: row!.id, userId: person.id });
  return person;
}

async function download(cookie: string, companyId: number) {
  const outcome = await call(loader, getRequest(`/empresa/${companyId}/datos-trabajadores.zip`, cookie), { companyId: String(companyId) });
  if (!outcome.response || outcome.status !== 200) return { status: outcome.status, files: null };
  const files = unzipSync(new Uint8Array(await outcome.response.arrayBuffer()));
  return { status: outcome.status, files };
}

describe("a company's workers export", () => {
  it("gives its managers their workers, withholds a blocked one, and refuses anyone else", async () => {
    const admin = await createUser({ role: "admin" });
    const { companyId, manager } = await companyWithManager(admin.cookie, 0);
    const { companyId: otherCompany, manager: otherManager } = await companyWithManager(admin.cookie, 0);
    const ana = await worker(companyId, "Ana Trabajadora", "12345678-5");
    const blocked = await worker(companyId, "Beto Bloqueado", "11111111-1");
    const stranger = await worker(otherCompany, "Carla Otra Empresa", "22222222-2");
    expect((await openOwnRequest(blocked, "blocking", "")).ok).toBe(true);

    const { status, files } = await download(manager.cookie, companyId);
    expect(status).toBe(200);
    const rows = JSON.parse(strFromU8(files!["trabajadores.json"]!)) as Record<string, unknown>[];
    expect(rows).toContainEqual(expect.objectContaining({ nombre: "Ana Trabajadora", correo: ana.email, rut: "12.345.678-5", avance: 40, datos_bloqueados: false }));
    expect(rows).toContainEqual(expect.objectContaining({ nombre: "(datos bloqueados)", correo: null, rut: null, telefono: null, datos_bloqueados: true }));
    const csv = strFromU8(files!["trabajadores.csv"]!);
    expect(csv).not.toContain(blocked.email);
    expect(csv).not.toContain(stranger.email);
    expect(csv).toContain(ana.email);

    const [logged] = await db().select().from(privacyAccessLog).where(eq(privacyAccessLog.subjectCompanyId, companyId));
    expect(logged).toMatchObject({ actorId: manager.id, action: "manager.export" });

    expect((await download(otherManager.cookie, companyId)).status).toBe(403);
    expect((await download(ana.cookie, companyId)).status).toBe(403);
    expect((await download("", companyId)).status).toBe(302);
  });
});
