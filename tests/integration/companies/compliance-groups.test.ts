// The compliance matrix scoped to a group of the company's workers (sucursal, faena, centro de costo; docs/admin-guide.md,
// "Empresas"): a person is in a group when one of their assignments or open invitations in the company carries it;
// the rows and the counts are the group's; the course and state filters work on top; the Excel follows; a value
// that is not among the company's own (another company's, or none) is ignored; renewing still works; a snapshot
// keeps no groups.
import { eq } from "drizzle-orm";
import * as ExcelJSNamespace from "exceljs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as matrixRoute from "~/routes/empresa/cumplimiento";
import * as xlsxRoute from "~/routes/empresa/cumplimiento-xlsx";
import { issueCertificateForEnrolment } from "~/server/certificates/certificates.server";
import { takeSnapshot } from "~/server/companies/compliance-snapshots.server";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { db } from "~/server/platform/db/client.server";
import { companyEnrolment, companyInvitation, enrolment } from "~/server/platform/db/schema";
import { call } from "../support/call";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { companyWithManager, enrolRequest, freshRut, grant, readableMatrix } from "./support";

const ExcelJS = (ExcelJSNamespace as unknown as { default?: typeof ExcelJSNamespace }).default ?? ExcelJSNamespace;

afterEach(() => resetClock());

type Groups = { sucursal?: string | null; faena?: string | null; centroCosto?: string | null };

let admin: Awaited<ReturnType<typeof createUser>>;
let A: Awaited<ReturnType<typeof companyWithManager>>;
let B: Awaited<ReturnType<typeof companyWithManager>>;
const tag = Math.random().toString(36).slice(2, 7);
const ids: Record<string, string> = {};

/** A worker of a company in a course through it, with the assignment's groups; certified on `completedAt`. */
async function worker(companyId: number, name: string, courseId: number, completedAt: string | null, groups: Groups) {
  const person = ids[name] ? { id: ids[name] } : await createUser({ name });
  ids[name] = person.id;
  const [row] = await db()
    .insert(enrolment)
    .values({ userId: person.id, courseId, progress: completedAt ? 100 : 30, completedAt: completedAt ? new Date(completedAt) : null })
    .returning({ id: enrolment.id });
  await db().insert(companyEnrolment).values({ companyId, courseId, enrolmentId: row!.id, userId: person.id, ...groups });
  if (completedAt) await issueCertificateForEnrolment(db(), row!.id);
}

/** A person only invited (no account), their invitation carrying the groups. */
async function invited(cookie: string, companyId: number, name: string, groups: Groups) {
  const email = `${name.toLowerCase().replace(/\s+/g, ".")}.${tag}@empresa.test`;
  expect((await enrolRequest(cookie, companyId, { name, email, rut: freshRut() })).status).toBe(200);
  await db().update(companyInvitation).set(groups).where(eq(companyInvitation.email, email));
}

const matrix = (cookie: string, companyId: number, query = "") =>
  readableMatrix(call(matrixRoute.loader, getRequest(`/empresa/${companyId}/cumplimiento${query}`, cookie), { companyId: String(companyId) }));
const names = (data: { rows: { name: string }[] }) => data.rows.map((r) => r.name);
const countsOf = (data: { counts: { id: number; counts: Record<string, number> }[] }, courseId: number) => data.counts.find((c) => c.id === courseId)!.counts;

beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  A = await companyWithManager(admin.cookie, 10);
  await grant(admin.cookie, A.companyId, 5, 2);
  B = await companyWithManager(admin.cookie, 10);
  freezeClock(new Date("2026-11-21T15:00:00Z"));
  // Ana: Antofagasta, faena Escondida, certified (due for renewal two years on).
  await worker(A.companyId, "Ana Antofagasta", 1, "2026-11-21T15:00:00Z", { sucursal: "Antofagasta", faena: "Escondida" });
  // Bruno: course 1 from Santiago, course 2 from Antofagasta — in both groups, with his whole row.
  await worker(A.companyId, "Bruno Dos Sucursales", 1, null, { sucursal: "Santiago" });
  await worker(A.companyId, "Bruno Dos Sucursales", 2, null, { sucursal: "Antofagasta", centroCosto: "CC-7" });
  // Carla: no group; her certificate expired.
  await worker(A.companyId, "Carla Sin Grupo", 1, "2024-10-10T15:00:00Z", {});
  resetClock();
  // Dora: invited to course 1 from Antofagasta, no account yet.
  await invited(A.manager.cookie, A.companyId, "Dora Invitada", { sucursal: "Antofagasta" });
  // Company B: one in its own Iquique, one in an Antofagasta of its own.
  await worker(B.companyId, "Berta Iquique", 1, null, { sucursal: "Iquique" });
  await worker(B.companyId, "Bea Antofagasta Otra", 1, null, { sucursal: "Antofagasta" });
});

describe("matriz de cumplimiento por grupo", () => {
  it("ofrece los grupos de la empresa (y solo los suyos) como filtros", async () => {
    const res = await matrix(A.manager.cookie, A.companyId);
    expect(res.status).toBe(200);
    expect(res.data.groupOptions).toEqual({ sucursal: ["Antofagasta", "Santiago"], faena: ["Escondida"], centroCosto: ["CC-7"] });
    expect(res.data.totalWorkers).toBe(4);
    expect(res.data.groupScope).toBeNull();
  });

  it("con ?sucursal=, las filas y las cifras por curso son las del grupo", async () => {
    const res = await matrix(A.manager.cookie, A.companyId, "?sucursal=Antofagasta");
    expect(res.data.filters.groups).toEqual({ sucursal: "Antofagasta" });
    expect(res.data.groupScope).toBe("Sucursal Antofagasta");
    expect(names(res.data)).toEqual(["Ana Antofagasta", "Bruno Dos Sucursales", "Dora Invitada"]);
    expect(res.data.totalWorkers).toBe(3);
    expect(countsOf(res.data, 1)).toEqual({ vigente: 1, "por-vencer": 0, vencido: 0, revocado: 0, "en-curso": 1, invitado: 1, "sin-curso": 0 });
    expect(countsOf(res.data, 2)).toEqual({ vigente: 0, "por-vencer": 0, vencido: 0, revocado: 0, "en-curso": 1, invitado: 0, "sin-curso": 2 });

    const santiago = await matrix(A.manager.cookie, A.companyId, "?sucursal=Santiago");
    expect(names(santiago.data)).toEqual(["Bruno Dos Sucursales"]);
    expect(countsOf(santiago.data, 1)).toMatchObject({ vencido: 0, "en-curso": 1, invitado: 0, "sin-curso": 0 });
  });

  it("varios grupos a la vez: la persona está en cada uno; curso y estado filtran encima del grupo", async () => {
    expect(names((await matrix(A.manager.cookie, A.companyId, "?sucursal=Antofagasta&faena=Escondida")).data)).toEqual(["Ana Antofagasta"]);
    expect(names((await matrix(A.manager.cookie, A.companyId, "?sucursal=Santiago&cc=CC-7")).data)).toEqual(["Bruno Dos Sucursales"]);
    const onTop = await matrix(A.manager.cookie, A.companyId, "?sucursal=Antofagasta&curso=1&estado=en-curso");
    expect(names(onTop.data)).toEqual(["Bruno Dos Sucursales"]);
    expect(onTop.data).toMatchObject({ totalWorkers: 3, shownWorkers: 1 });
    const sinCurso = await matrix(A.manager.cookie, A.companyId, "?sucursal=Antofagasta&curso=2&estado=sin-curso");
    expect(names(sinCurso.data)).toEqual(["Ana Antofagasta", "Dora Invitada"]);
  });

  it("el valor de otra empresa, o uno que la empresa no tiene, se ignora: nada de la otra empresa aparece", async () => {
    for (const query of ["?sucursal=Iquique", "?sucursal=No%20existe", "?faena=Escondida%27%3B--", `?sucursal=${"x".repeat(81)}`]) {
      const res = await matrix(A.manager.cookie, A.companyId, query);
      expect(res.status, query).toBe(200);
      expect(res.data.filters.groups, query).toBeUndefined();
      expect(res.data.totalWorkers, query).toBe(4);
      expect(names(res.data), query).not.toContain("Berta Iquique");
    }
    // A value both companies use: only this company's people in it.
    const shared = await matrix(A.manager.cookie, A.companyId, "?sucursal=Antofagasta");
    expect(names(shared.data)).not.toContain("Bea Antofagasta Otra");
    const theirs = await matrix(B.manager.cookie, B.companyId, "?sucursal=Antofagasta");
    expect(names(theirs.data)).toEqual(["Bea Antofagasta Otra"]);
    expect(countsOf(theirs.data, 1)).toMatchObject({ "en-curso": 1, invitado: 0, "sin-curso": 0 });
  });

  it("el Excel de hoy sigue el grupo de la página", async () => {
    const res = await call(xlsxRoute.loader, getRequest(`/empresa/${A.companyId}/cumplimiento.xlsx?sucursal=Antofagasta&curso=1`, A.manager.cookie), {
      companyId: String(A.companyId),
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.response!.arrayBuffer()) as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: string[] = [];
    sheet.eachRow((row, i) => {
      if (i > 1) rows.push(String(row.getCell(1).value));
    });
    expect(rows).toEqual(["Ana Antofagasta", "Bruno Dos Sucursales", "Dora Invitada"]);
    expect(sheet.headerFooter.oddHeader ?? "").toContain("Sucursal Antofagasta");
  });

  it("renovar a los elegidos funciona con el filtro de grupo puesto", async () => {
    freezeClock(new Date("2028-10-15T15:00:00Z"));
    const page = await matrix(A.manager.cookie, A.companyId, "?sucursal=Antofagasta");
    const value = `1:${ids["Ana Antofagasta"]}`;
    expect(page.data.rows.flatMap((r: { cells: { renew: string | null }[] }) => r.cells).some((c: { renew: string | null }) => c.renew === value)).toBe(true);
    const done = await call(matrixRoute.action, formRequest(`/empresa/${A.companyId}/cumplimiento?sucursal=Antofagasta`, { renovar: [value] }, { cookie: A.manager.cookie }), {
      companyId: String(A.companyId),
    });
    expect(done).toMatchObject({ status: 200, data: { ok: true } });
    const after = await matrix(A.manager.cookie, A.companyId, "?sucursal=Antofagasta");
    const ana = after.data.rows.find((r: { name: string }) => r.name === "Ana Antofagasta");
    expect(ana.cells.find((c: { courseId: number }) => c.courseId === 1)).toMatchObject({ renewing: true });
  });

  it("una foto mensual no guarda grupos: el filtro no se ofrece y un ?sucursal= no cambia la foto", async () => {
    expect(await takeSnapshot(A.companyId, "2026-12-01", new Date("2026-12-01T12:00:00Z"))).toBe(true);
    const res = await matrix(A.manager.cookie, A.companyId, "?mes=2026-12&sucursal=Antofagasta");
    expect(res.status).toBe(200);
    expect(res.data.snapshot).toBeTruthy();
    expect(res.data.filters.groups).toBeUndefined();
    expect(res.data.groupScope).toBeNull();
    expect(res.data.hasGroups).toBe(true);
    expect(res.data.totalWorkers).toBe(4);
  });
});
