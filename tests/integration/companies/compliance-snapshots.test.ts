// The monthly snapshots of a company's compliance matrix (docs/certificate-validity.md, "Monthly snapshots"): taken
// once per company and Chile month by the hourly job, also when the server was down on the 1st and when several
// takers race; shown read-only on the matrix page and as Excel, to that company's managers only; and a person's
// rows in them exported with their data, anonymised when they are erased, and deleted when the company ends its
// processing of its workers' data.
import { and, eq, sql } from "drizzle-orm";
import * as ExcelJSNamespace from "exceljs";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as matrixRoute from "~/routes/empresa/cumplimiento";
import * as xlsxRoute from "~/routes/empresa/cumplimiento-xlsx";
import * as companyExportRoute from "~/routes/empresa/datos-trabajadores";
import { db } from "~/server/platform/db/client.server";
import { companyEnrolment, companyInvitation, complianceSnapshot, complianceSnapshotRow, enrolment, outbox, user } from "~/server/platform/db/schema";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { issueCertificateForEnrolment, revokeCertificate } from "~/server/certificates/certificates.server";
import { currentSnapshotMonth, loadSnapshot, takeMonthlySnapshots, takeSnapshot } from "~/server/companies/compliance-snapshots.server";
import { ensureComplianceSnapshotsScheduled } from "~/server/companies/jobs/compliance-snapshots.server";
import { runDueJobs } from "~/server/platform/outbox/worker.server";
import { erasePerson, subjectOf } from "~/server/privacy/deletion.server";
import { personalDataZip } from "~/server/privacy/export.server";
import { endCompanyRelationship } from "~/server/privacy/company-relationship.server";
import { formatRut } from "~/domain/rut";
import { call } from "../support/call";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { companyWithManager, enrolRequest, freshRut, readableMatrix } from "./support";

// exceljs is CommonJS: Node's ESM loader puts it all under `default`.
const ExcelJS = (ExcelJSNamespace as unknown as { default?: typeof ExcelJSNamespace }).default ?? ExcelJSNamespace;

afterEach(() => resetClock());
const at = (iso: string) => freezeClock(new Date(iso));

let admin: Awaited<ReturnType<typeof createUser>>;
let A: Awaited<ReturnType<typeof companyWithManager>>;
let B: Awaited<ReturnType<typeof companyWithManager>>;
const people: Record<string, { id: string; email: string; rut: string; cookie: string; enrolmentId: number; code: string | null }> = {};
const ivan = { name: "Iván Invitado", email: `ivan.${Math.random().toString(36).slice(2, 8)}@empresa.test`, rut: freshRut() };

async function worker(companyId: number, name: string, completedAt: Date | null) {
  const person = { ...(await createUser({ name })), rut: freshRut() };
  await db().update(user).set({ rut: person.rut }).where(eq(user.id, person.id));
  const [row] = await db().insert(enrolment).values({ userId: person.id, courseId: 1, progress: completedAt ? 100 : 40, completedAt }).returning({ id: enrolment.id });
  await db().insert(companyEnrolment).values({ companyId, courseId: 1, enrolmentId: row!.id, userId: person.id });
  const code = completedAt ? (await issueCertificateForEnrolment(db(), row!.id))!.code : null;
  people[name] = { id: person.id, email: person.email, rut: person.rut, cookie: person.cookie, enrolmentId: row!.id, code };
  return people[name];
}

function page(cookie: string | undefined, companyId: number, query = "") {
  return readableMatrix(call(matrixRoute.loader, getRequest(`/empresa/${companyId}/cumplimiento${query}`, cookie), { companyId: String(companyId) }));
}
function xlsx(cookie: string | undefined, companyId: number, query = "") {
  return call(xlsxRoute.loader, getRequest(`/empresa/${companyId}/cumplimiento.xlsx${query}`, cookie), { companyId: String(companyId) });
}
async function snapshotsOf(companyId: number) {
  return db().select().from(complianceSnapshot).where(eq(complianceSnapshot.companyId, companyId)).orderBy(complianceSnapshot.month);
}
async function rowsOf(companyId: number, month: string) {
  return db()
    .select({ name: complianceSnapshotRow.name, rut: complianceSnapshotRow.rut, cells: complianceSnapshotRow.cells, userId: complianceSnapshotRow.userId })
    .from(complianceSnapshotRow)
    .innerJoin(complianceSnapshot, eq(complianceSnapshot.id, complianceSnapshotRow.snapshotId))
    .where(and(eq(complianceSnapshot.companyId, companyId), eq(complianceSnapshot.month, month)))
    .orderBy(complianceSnapshotRow.position);
}

type Row = { name: string; rut: string; cells: { courseId: number; state: string; validUntil: string; renew: string | null }[] };

beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  A = await companyWithManager(admin.cookie, 10);
  B = await companyWithManager(admin.cookie, 10);
  // Issued on 21 November 2026 with 24 months: valid through 30 November 2028.
  await worker(A.companyId, "Ana Vigente", new Date("2026-11-21T15:00:00Z"));
  await worker(A.companyId, "Bruno En Curso", null);
  await worker(B.companyId, "Berta Otra Empresa", new Date("2026-11-21T15:00:00Z"));
  const invited = await enrolRequest(A.manager.cookie, A.companyId, ivan);
  expect(invited.status, JSON.stringify(invited.data)).toBe(200);
  // Invitations expire a week after they are sent by the wall clock; these tests move the academy's clock years on.
  await db().update(companyInvitation).set({ expiresAt: new Date("2031-01-01T00:00:00Z") }).where(eq(companyInvitation.email, ivan.email));
});

describe("la foto mensual: una por empresa y mes", () => {
  it("el mes es el de Chile: el 30 de noviembre a las 23:00 en Santiago (ya 1 de diciembre en UTC) sigue siendo noviembre", () => {
    expect(currentSnapshotMonth(new Date("2026-12-01T02:00:00Z"))).toBe("2026-11-01");
    expect(currentSnapshotMonth(new Date("2026-12-01T03:00:00Z"))).toBe("2026-12-01");
    // Winter (UTC-4): 1 July at 00:30 in Santiago.
    expect(currentSnapshotMonth(new Date("2027-07-01T04:30:00Z"))).toBe("2027-07-01");
  });

  it("el 1 de diciembre la mirada toma la foto de cada empresa con cursos; repetirla no escribe otra", async () => {
    at("2026-12-01T00:30:00-03:00");
    const first = await takeMonthlySnapshots();
    expect(first.month).toBe("2026-12-01");
    expect(first.taken).toBeGreaterThanOrEqual(2);
    const [snapA] = await snapshotsOf(A.companyId);
    expect(snapA).toMatchObject({ month: "2026-12-01", workers: 3, truncated: false });
    expect(snapA!.takenAt).toEqual(new Date("2026-12-01T03:30:00Z"));
    expect(snapA!.courses.map((c) => c.id)).toEqual([1]);
    const rows = await rowsOf(A.companyId, "2026-12-01");
    expect(rows.map((r) => r.name)).toEqual(["Ana Vigente", "Bruno En Curso", "Iván Invitado"]);
    expect(rows[0]!.cells).toEqual({ "1": ["vigente", "2028-11-30", people["Ana Vigente"]!.code] });
    expect(rows[1]!.cells).toEqual({ "1": ["en-curso", null, null] });
    // The invited person: the name and RUT the company typed, no account.
    expect(rows[2]).toMatchObject({ rut: ivan.rut, userId: null, cells: { "1": ["invitado", null, null] } });
    expect((await rowsOf(B.companyId, "2026-12-01")).map((r) => r.name)).toEqual(["Berta Otra Empresa"]);

    // Later the same month, and again after a restart: nothing new.
    at("2026-12-01T01:30:00-03:00");
    expect((await takeMonthlySnapshots()).taken).toBe(0);
    at("2026-12-20T12:00:00-03:00");
    expect((await takeMonthlySnapshots()).taken).toBe(0);
    expect(await snapshotsOf(A.companyId)).toHaveLength(1);
    expect(await rowsOf(A.companyId, "2026-12-01")).toHaveLength(3);
  });

  it("la base de datos rechaza una segunda foto del mismo mes (clave única)", async () => {
    await expect(
      db().insert(complianceSnapshot).values({ companyId: A.companyId, month: "2026-12-01", takenAt: new Date(), courses: [], workers: 0 }),
    ).rejects.toThrow();
  });

  it("si el servidor estuvo apagado el 1 de enero, la primera mirada al volver (el 3) toma la foto de enero y dice cuándo", async () => {
    at("2027-01-03T10:15:00-03:00");
    expect((await takeMonthlySnapshots()).taken).toBeGreaterThanOrEqual(2);
    const jan = (await snapshotsOf(A.companyId)).find((s) => s.month === "2027-01-01");
    expect(jan!.takenAt).toEqual(new Date("2027-01-03T13:15:00Z"));
    const res = await page(A.manager.cookie, A.companyId, "?mes=2027-01");
    expect(res.status).toBe(200);
    expect(res.data.snapshot).toEqual({ mes: "2027-01", day: "3 de enero de 2027", time: "10:15" });
  });

  it("varias mirando a la vez (dos instancias, un reinicio) escriben una sola foto por empresa, con sus filas una vez", async () => {
    at("2027-02-01T00:05:00-03:00");
    const results = await Promise.all([takeMonthlySnapshots(), takeMonthlySnapshots(), takeMonthlySnapshots(), takeSnapshot(A.companyId, "2027-02-01")]);
    const feb = (await snapshotsOf(A.companyId)).filter((s) => s.month === "2027-02-01");
    expect(feb).toHaveLength(1);
    expect(await rowsOf(A.companyId, "2027-02-01")).toHaveLength(3);
    expect(await rowsOf(B.companyId, "2027-02-01")).toHaveLength(1);
    // Exactly one taker wrote each company's snapshot.
    const takenByLooks = results.slice(0, 3).reduce((n, r) => n + (r as { taken: number }).taken, 0) + (results[3] ? 1 : 0);
    const companies = await db().selectDistinct({ id: complianceSnapshot.companyId }).from(complianceSnapshot).where(eq(complianceSnapshot.month, "2027-02-01"));
    expect(takenByLooks).toBe(companies.length);
  });

  it("el trabajo del outbox toma la foto y deja su próxima mirada en cola, una sola", async () => {
    at("2027-03-01T00:10:00-03:00");
    // Only this look is due (the mails queued while the data was built are not this test's).
    await db().delete(outbox);
    await ensureComplianceSnapshotsScheduled(db(), 0);
    await ensureComplianceSnapshotsScheduled(db(), 0);
    const pending = () => db().select({ id: outbox.id }).from(outbox).where(and(eq(outbox.kind, "complianceSnapshots"), eq(outbox.status, "pending")));
    expect(await pending()).toHaveLength(1);
    await runDueJobs();
    expect((await snapshotsOf(A.companyId)).map((s) => s.month)).toContain("2027-03-01");
    // Its next look waits an hour.
    expect(await pending()).toHaveLength(1);
  });
});

describe("la foto en la página y en Excel", () => {
  it("muestra la matriz de ese mes, de solo lectura, aunque hoy haya cambiado; la lista ofrece los meses con foto", async () => {
    // After the December snapshot, Ana's certificate was revoked: today's matrix says so, December's does not.
    at("2027-03-10T12:00:00-03:00");
    expect((await revokeCertificate(admin.id, people["Ana Vigente"]!.code!, "Error en la emisión")).ok).toBe(true);
    const today = await page(A.manager.cookie, A.companyId);
    expect(today.data.snapshot).toBeNull();
    expect(today.data.rows.find((r: Row) => r.name === "Ana Vigente").cells[0].state).toBe("revocado");
    expect(today.data.months.map((m: { mes: string }) => m.mes)).toEqual(["2027-03", "2027-02", "2027-01", "2026-12"]);
    expect(today.data.months.at(-1)).toEqual({ mes: "2026-12", day: "1 de diciembre de 2026" });

    const dec = await page(A.manager.cookie, A.companyId, "?mes=2026-12");
    expect(dec.status).toBe(200);
    expect(dec.data.snapshot).toEqual({ mes: "2026-12", day: "1 de diciembre de 2026", time: "00:30" });
    const ana = dec.data.rows.find((r: Row) => r.name === "Ana Vigente");
    expect(ana.cells[0]).toMatchObject({ state: "vigente", validUntil: "30/11/2028", renew: null });
    expect(dec.data.rows.find((r: Row) => r.name === "Iván Invitado")).toMatchObject({ rut: formatRut(ivan.rut), cells: [{ state: "invitado" }] });
    expect(dec.data.counts[0].counts).toMatchObject({ vigente: 1, "en-curso": 1, invitado: 1, revocado: 0 });
    // The nómina is today's document: none on a snapshot.
    expect(dec.data.counts[0].nominaHref).toBeNull();
    // Its filters stay on it.
    const filtered = await page(A.manager.cookie, A.companyId, "?mes=2026-12&estado=invitado");
    expect(filtered.data.rows.map((r: Row) => r.name)).toEqual(["Iván Invitado"]);
    expect(filtered.data.xlsxHref).toBe(`/empresa/${A.companyId}/cumplimiento.xlsx?mes=2026-12&estado=invitado`);
  });

  it("un mes sin foto o mal escrito: 404 con un mensaje, nunca un 500", async () => {
    for (const q of ["?mes=2026-10", "?mes=2026-13", "?mes=diciembre", "?mes=2026-12-01"]) {
      const res = await page(A.manager.cookie, A.companyId, q);
      expect(res.status, q).toBe(404);
      expect((await xlsx(A.manager.cookie, A.companyId, q)).status, q).toBe(404);
    }
  });

  it("Excel de la foto: su nombre de archivo lleva el día en que se tomó; estados y fechas de ese día", async () => {
    at("2027-03-10T12:00:00-03:00");
    const res = await xlsx(A.manager.cookie, A.companyId, "?mes=2026-12");
    expect(res.status).toBe(200);
    expect(res.response!.headers.get("content-disposition")).toMatch(/cumplimiento-foto-2026-12-01\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.response!.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push([1, 2, 3, 4].map((i) => row.getCell(i).value ?? null));
    });
    expect(rows).toEqual([
      ["Ana Vigente", formatRut(people["Ana Vigente"]!.rut), "Vigente", new Date(Date.UTC(2028, 10, 30))],
      ["Bruno En Curso", formatRut(people["Bruno En Curso"]!.rut), "En curso", null],
      ["Iván Invitado", formatRut(ivan.rut), "Invitación pendiente", null],
    ]);
  });

  it("solo la leen sus encargados y los administradores: otra empresa, un trabajador y un alumno reciben 403; sin sesión, al login", async () => {
    const learner = await createUser();
    expect((await page(admin.cookie, A.companyId, "?mes=2026-12")).status).toBe(200);
    expect((await xlsx(admin.cookie, A.companyId, "?mes=2026-12")).status).toBe(200);
    for (const cookie of [B.manager.cookie, learner.cookie, people["Ana Vigente"]!.cookie]) {
      expect((await page(cookie, A.companyId, "?mes=2026-12")).status).toBe(403);
      expect((await xlsx(cookie, A.companyId, "?mes=2026-12")).status).toBe(403);
    }
    const anonymous = await page(undefined, A.companyId, "?mes=2026-12");
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login/);
    // B's own list offers only B's months; B's snapshot has none of A's people.
    const bPage = await page(B.manager.cookie, B.companyId, "?mes=2026-12");
    expect(bPage.data.rows.map((r: Row) => r.name)).toEqual(["Berta Otra Empresa"]);
  });
});

describe("datos personales en las fotos", () => {
  it("la descarga de datos de la empresa las incluye, una línea por trabajador, mes y curso", async () => {
    const res = await call(companyExportRoute.loader, getRequest(`/empresa/${A.companyId}/datos-trabajadores.zip`, A.manager.cookie), { companyId: String(A.companyId) });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.response!.arrayBuffer()));
    const lines = JSON.parse(strFromU8(files["cumplimiento-fotos-mensuales.json"]!)) as Record<string, unknown>[];
    expect(lines).toContainEqual(expect.objectContaining({ mes: "2026-12", nombre: "Ana Vigente", estado: "Vigente", valido_hasta: "2028-11-30", certificado: people["Ana Vigente"]!.code }));
    expect(lines).toContainEqual(expect.objectContaining({ mes: "2026-12", nombre: "Iván Invitado", rut: formatRut(ivan.rut), estado: "Invitación pendiente" }));
    expect(lines.some((l) => l.nombre === "Berta Otra Empresa")).toBe(false);
    expect(strFromU8(files["cumplimiento-fotos-mensuales.csv"]!)).toContain("Ana Vigente");
  });

  it("«Mis datos» de una trabajadora trae sus filas de las fotos y ninguna ajena; al eliminarla quedan sin nombre, RUT ni certificado, con sus estados", async () => {
    const ana = people["Ana Vigente"]!;
    const chunks: Uint8Array[] = [];
    const reader = personalDataZip({ userId: ana.id, email: ana.email.toLowerCase(), rut: ana.rut }).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    const mine = JSON.parse(strFromU8(files["cumplimiento-fotos-mensuales.json"]!)) as { name: string }[];
    expect(mine.length).toBe(4);
    expect(new Set(mine.map((r) => r.name))).toEqual(new Set(["Ana Vigente"]));

    await db().transaction(async (tx) => {
      const subject = await subjectOf(tx, ana.id);
      await erasePerson(tx, subject!);
    });
    const dec = await rowsOf(A.companyId, "2026-12-01");
    expect(dec.map((r) => r.name)).toEqual(["Persona eliminada", "Bruno En Curso", "Iván Invitado"]);
    expect(dec[0]).toMatchObject({ rut: null, cells: { "1": ["vigente", "2028-11-30", null] } });
    const all = await db().execute(sql`select r::text as t from compliance_snapshot_row r`);
    const text = JSON.stringify(all);
    for (const needle of ["Ana Vigente", ana.rut, formatRut(ana.rut), ana.code!]) expect(text).not.toContain(needle);
    // The others' rows are untouched; the month still counts her as vigente.
    expect(dec[1]!.cells).toEqual({ "1": ["en-curso", null, null] });
    const page1 = await page(A.manager.cookie, A.companyId, "?mes=2026-12");
    expect(page1.data.counts[0].counts.vigente).toBe(1);
  });

  it("una persona solo invitada (con cuenta, sin aceptar) que pide eliminar sus datos: sus filas se encuentran por la invitación", async () => {
    const account = await createUser({ name: ivan.name, email: ivan.email });
    await db().transaction(async (tx) => {
      const subject = await subjectOf(tx, account.id);
      await erasePerson(tx, subject!);
    });
    const rows = await rowsOf(A.companyId, "2026-12-01");
    expect(rows.map((r) => r.name)).not.toContain("Iván Invitado");
    expect(JSON.stringify(rows)).not.toContain(ivan.rut);
    expect(rows.filter((r) => r.name === "Persona eliminada")).toHaveLength(2);
  });

  it("si la empresa termina el tratamiento de datos de sus trabajadores, sus fotos se borran (las de otra empresa no)", async () => {
    expect((await snapshotsOf(A.companyId)).length).toBeGreaterThan(0);
    const ended = await endCompanyRelationship(A.companyId, A.manager.id);
    expect(ended.ok).toBe(true);
    expect(await snapshotsOf(A.companyId)).toEqual([]);
    expect(await db().select().from(complianceSnapshotRow).where(sql`${complianceSnapshotRow.snapshotId} not in (select id from compliance_snapshot)`)).toEqual([]);
    expect((await snapshotsOf(B.companyId)).length).toBeGreaterThan(0);
    expect(await loadSnapshot(A.companyId, "2026-12-01")).toBeNull();
  });
});
