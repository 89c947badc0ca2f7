// The company's compliance matrix and its exports (docs/certificate-validity.md) through the real routes and query:
// each cell's state from the certificate and the academy's clock, only the company's own workers and enrolments,
// the Excel and the nómina PDF, and who may read them.
import { desc, eq } from "drizzle-orm";
import * as ExcelJSNamespace from "exceljs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as matrixRoute from "~/routes/empresa/cumplimiento";
import * as xlsxRoute from "~/routes/empresa/cumplimiento-xlsx";
import * as nominaRoute from "~/routes/empresa/nomina-pdf";
import * as expiringRoute from "~/routes/admin/vencimientos";
import { db } from "~/server/platform/db/client.server";
import { certificate, companyEnrolment, companyInvitation, enrolment, user } from "~/server/platform/db/schema";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { issueCertificateForEnrolment, revokeCertificate } from "~/server/certificates/certificates.server";
import { renderNominaPdf, nominaPageCount } from "~/server/certificates/nomina-pdf.server";
import { removeEnrolment } from "~/server/companies/enrolment-removal.server";
import { revokeInvitation } from "~/server/companies/workers.server";
import { formatCertificateCode } from "~/domain/certificate-code";
import { formatRut } from "~/domain/rut";
import { call, isRefused } from "../support/call";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { pdfText } from "../certificates/helpers";
import { companyWithManager, enrolAccount, enrolRequest, freshRut, grant, readableMatrix } from "./support";

// exceljs is CommonJS: Node's ESM loader puts it all under `default`.
const ExcelJS = (ExcelJSNamespace as unknown as { default?: typeof ExcelJSNamespace }).default ?? ExcelJSNamespace;

afterEach(() => resetClock());

let admin: Awaited<ReturnType<typeof createUser>>;
let A: Awaited<ReturnType<typeof companyWithManager>>;
let B: Awaited<ReturnType<typeof companyWithManager>>;
const people: Record<string, { id: string; rut: string; cookie: string; codes: Record<number, string> }> = {};

/** A worker of a company in a course, enrolled through it; completed on `completedAt` (its certificate issued then). */
async function worker(companyId: number, name: string, courseId: number, completedAt: Date | null) {
  const person = { ...(await createUser({ name })), rut: freshRut() };
  await db().update(user).set({ rut: person.rut }).where(eq(user.id, person.id));
  const [row] = await db()
    .insert(enrolment)
    .values({ userId: person.id, courseId, progress: completedAt ? 100 : 40, completedAt })
    .returning({ id: enrolment.id });
  await db().insert(companyEnrolment).values({ companyId, courseId, enrolmentId: row!.id, userId: person.id });
  const entry = (people[name] ??= { id: person.id, rut: person.rut, cookie: person.cookie, codes: {} });
  if (completedAt) entry.codes[courseId] = (await issueCertificateForEnrolment(db(), row!.id))!.code;
  return { ...entry, enrolmentId: row!.id };
}

const at = (iso: string) => freezeClock(new Date(iso));

function matrix(cookie: string | undefined, companyId: number, query = "") {
  return readableMatrix(call(matrixRoute.loader, getRequest(`/empresa/${companyId}/cumplimiento${query}`, cookie), { companyId: String(companyId) }));
}
function xlsx(cookie: string | undefined, companyId: number, query = "") {
  return call(xlsxRoute.loader, getRequest(`/empresa/${companyId}/cumplimiento.xlsx${query}`, cookie), { companyId: String(companyId) });
}
function nomina(cookie: string | undefined, companyId: number, courseId: number) {
  return call(nominaRoute.loader, getRequest(`/empresa/${companyId}/cumplimiento/${courseId}/nomina.pdf`, cookie), {
    companyId: String(companyId),
    courseId: String(courseId),
  });
}

type Row = { name: string; rut: string; cells: { courseId: number; state: string; validUntil: string }[] };
const rowOf = (data: { rows: Row[] }, name: string) => data.rows.find((r) => r.name === name);
const stateOf = (data: { rows: Row[] }, name: string, courseId: number) => rowOf(data, name)?.cells.find((c) => c.courseId === courseId)?.state;

beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  A = await companyWithManager(admin.cookie, 10);
  await grant(admin.cookie, A.companyId, 5, 2);
  B = await companyWithManager(admin.cookie, 10);
  // Company A, course 1 (24 months): certificates issued on different days.
  await worker(A.companyId, "Ana Vigente", 1, new Date("2026-11-21T15:00:00Z")); // valid through 2028-11-30
  await worker(A.companyId, "Bruno En Curso", 1, null);
  await worker(A.companyId, "Carla Vencida", 1, new Date("2024-10-10T15:00:00Z")); // valid through 2026-10-31
  const diego = await worker(A.companyId, "Diego Revocado", 1, new Date("2026-05-05T15:00:00Z"));
  expect((await revokeCertificate(admin.id, diego.codes[1]!, "Suplantación en la evaluación")).ok).toBe(true);
  // Course 2: Elena's certificate runs out on 2027-01-31; Ana took course 2 on her own (not through the company).
  await worker(A.companyId, "Elena Por Vencer", 2, new Date("2025-01-15T15:00:00Z"));
  const [own] = await db().insert(enrolment).values({ userId: people["Ana Vigente"]!.id, courseId: 2, progress: 100, completedAt: new Date("2026-11-22T15:00:00Z") }).returning({ id: enrolment.id });
  await issueCertificateForEnrolment(db(), own!.id);
  // Two who left company A: one detached from it (her certificate stays hers), one whose enrolment an admin removed.
  const zoe = await worker(A.companyId, "Zoe Desvinculada", 1, new Date("2026-11-21T15:00:00Z"));
  await db().delete(companyEnrolment).where(eq(companyEnrolment.enrolmentId, zoe.enrolmentId));
  const yago = await worker(A.companyId, "Yago Retirado", 1, new Date("2026-11-21T15:00:00Z"));
  expect((await removeEnrolment(yago.enrolmentId, admin.id)).ok).toBe(true);
  // Company B's worker.
  await worker(B.companyId, "Berta Otra Empresa", 1, new Date("2026-11-21T15:00:00Z"));
});

describe("matriz de cumplimiento", () => {
  it("clasifica cada celda con la consulta real: vigente, por vencer, vencido, revocado, en curso, sin curso", async () => {
    at("2027-01-10T12:00:00-03:00");
    const res = await matrix(A.manager.cookie, A.companyId);
    expect(res.status).toBe(200);
    const data = res.data;
    expect(data.courses.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([1, 2]));
    expect(stateOf(data, "Ana Vigente", 1)).toBe("vigente");
    expect(rowOf(data, "Ana Vigente")!.cells.find((c) => c.courseId === 1)!.validUntil).toBe("30/11/2028");
    expect(stateOf(data, "Bruno En Curso", 1)).toBe("en-curso");
    expect(stateOf(data, "Carla Vencida", 1)).toBe("vencido");
    expect(stateOf(data, "Diego Revocado", 1)).toBe("revocado");
    expect(stateOf(data, "Elena Por Vencer", 2)).toBe("por-vencer");
    expect(stateOf(data, "Elena Por Vencer", 1)).toBe("sin-curso");
    // What Ana studied on her own is not the company's to see.
    expect(stateOf(data, "Ana Vigente", 2)).toBe("sin-curso");
    expect(rowOf(data, "Ana Vigente")!.rut).toBe(formatRut(people["Ana Vigente"]!.rut));
    const course1 = data.counts.find((c: { id: number }) => c.id === 1);
    expect(course1.counts).toEqual({ vigente: 1, "por-vencer": 0, vencido: 1, revocado: 1, "en-curso": 1, invitado: 0, "sin-curso": 1 });
    expect(course1.current).toBe(1);
    expect(data.counts.find((c: { id: number }) => c.id === 2).counts).toMatchObject({ "por-vencer": 1, "sin-curso": 4 });
    expect(data.totalWorkers).toBe(5);
  });

  it("un trabajador que dejó la empresa no aparece (desvinculado o con su inscripción eliminada); el certificado de quien se desvinculó sigue siendo suyo", async () => {
    const res = await matrix(A.manager.cookie, A.companyId);
    const names = res.data.rows.map((r: Row) => r.name);
    expect(names).not.toContain("Zoe Desvinculada");
    expect(names).not.toContain("Yago Retirado");
    expect(names).not.toContain("Berta Otra Empresa");
    const [kept] = await db().select({ code: certificate.code }).from(certificate).where(eq(certificate.code, people["Zoe Desvinculada"]!.codes[1]!));
    expect(kept).toBeTruthy();
  });

  it("al mover el reloj a través del vencimiento: vigente → por vencer (60 días antes) → por vencer el último día → vencido al día siguiente", async () => {
    const steps: [string, string][] = [
      ["2028-09-30T12:00:00-03:00", "vigente"],
      ["2028-10-01T12:00:00-03:00", "por-vencer"],
      ["2028-11-30T23:30:00-03:00", "por-vencer"],
      ["2028-12-01T00:30:00-03:00", "vencido"],
    ];
    for (const [when, state] of steps) {
      at(when);
      const res = await matrix(A.manager.cookie, A.companyId);
      expect(stateOf(res.data, "Ana Vigente", 1), when).toBe(state);
    }
  });

  it("filtra por curso y estado desde el query string; un valor inventado se ignora", async () => {
    at("2027-01-10T12:00:00-03:00");
    let res = await matrix(A.manager.cookie, A.companyId, "?curso=1&estado=vencido");
    expect(res.data.rows.map((r: Row) => r.name)).toEqual(["Carla Vencida"]);
    expect(res.data.columns.map((c: { id: number }) => c.id)).toEqual([1]);
    res = await matrix(A.manager.cookie, A.companyId, "?estado=por-vencer");
    expect(res.data.rows.map((r: Row) => r.name)).toEqual(["Elena Por Vencer"]);
    res = await matrix(A.manager.cookie, A.companyId, "?curso=2&estado=sin-curso");
    expect(res.data.rows.map((r: Row) => r.name)).toEqual(["Ana Vigente", "Bruno En Curso", "Carla Vencida", "Diego Revocado"]);
    res = await matrix(A.manager.cookie, A.companyId, "?curso=999&estado=inventado");
    expect(res.status).toBe(200);
    expect(res.data.filters).toEqual({ courseId: null, state: null });
    expect(res.data.rows).toHaveLength(5);
  });
});

describe("quién puede leer la matriz y sus exportaciones", () => {
  it("la encargada de A recibe 403 en la matriz, el Excel y la nómina de B", async () => {
    expect((await matrix(A.manager.cookie, B.companyId)).status).toBe(403);
    expect((await xlsx(A.manager.cookie, B.companyId)).status).toBe(403);
    expect((await nomina(A.manager.cookie, B.companyId, 1)).status).toBe(403);
  });

  it("un alumno sin empresa y un trabajador de la empresa son rechazados en la matriz y en ambas exportaciones; sin sesión, al login", async () => {
    const learner = await createUser();
    // A learner with no company, and a worker of company A (a worker is not a manager).
    for (const cookie of [learner.cookie, people["Ana Vigente"]!.cookie]) {
      expect((await matrix(cookie, A.companyId)).status).toBe(403);
      expect((await xlsx(cookie, A.companyId)).status).toBe(403);
      expect((await nomina(cookie, A.companyId, 1)).status).toBe(403);
    }

    const anonymous = await matrix(undefined, A.companyId);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login/);
    expect((await nomina(undefined, A.companyId, 1)).status).toBe(302);
  });

  it("una empresa que no existe: 403 (como cualquier empresa ajena); un curso que no es de la empresa: 404", async () => {
    expect((await matrix(A.manager.cookie, 999_999)).status).toBe(403);
    expect((await matrix(admin.cookie, 999_999)).status).toBe(404);
    expect((await nomina(A.manager.cookie, A.companyId, 3)).status).toBe(404);
    expect((await nomina(A.manager.cookie, A.companyId, 999_999)).status).toBe(404);
  });
});

describe("exportaciones", () => {
  it("Excel: un trabajador por fila, estado y fecha por curso, con los filtros de la página", async () => {
    at("2027-01-10T12:00:00-03:00");
    const res = await xlsx(A.manager.cookie, A.companyId);
    expect(res.status).toBe(200);
    expect(res.response!.headers.get("content-type")).toMatch(/spreadsheetml/);
    expect(res.response!.headers.get("content-disposition")).toMatch(/cumplimiento-2027-01-10\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.response!.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 2)).toEqual(["Nombre", "RUT"]);
    const names: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) names.push(String(row.getCell(1).value));
    });
    expect(names).toEqual(["Ana Vigente", "Bruno En Curso", "Carla Vencida", "Diego Revocado", "Elena Por Vencer"]);
    // Course columns follow the page's order; find course 1's by its title.
    const titles = header.filter((h): h is string => typeof h === "string" && h.endsWith(": estado"));
    const matrixData = (await matrix(A.manager.cookie, A.companyId)).data;
    const col1 = header.indexOf(`${matrixData.courses.find((c: { id: number }) => c.id === 1).title}: estado`) + 1;
    expect(titles.length).toBe(matrixData.courses.length);
    const ana = sheet.getRow(2);
    expect(ana.getCell(2).value).toBe(formatRut(people["Ana Vigente"]!.rut));
    expect(ana.getCell(col1).value).toBe("Vigente");
    expect(ana.getCell(col1 + 1).value).toEqual(new Date(Date.UTC(2028, 10, 30)));
    expect(sheet.getRow(4).getCell(col1).value).toBe("Vencido");

    const filtered = await xlsx(A.manager.cookie, A.companyId, "?curso=1&estado=revocado");
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(await filtered.response!.arrayBuffer());
    expect(book2.worksheets[0]!.rowCount).toBe(2);
    expect(book2.worksheets[0]!.getRow(2).getCell(1).value).toBe("Diego Revocado");
    expect(book2.worksheets[0]!.getRow(2).getCell(3).value).toBe("Revocado");
  });

  it("nómina PDF: empresa y RUT, curso, fecha; solo quienes tienen hoy el certificado vigente, con RUT, código, URL y fecha; el pie dice qué es", async () => {
    at("2027-01-10T12:00:00-03:00");
    const res = await nomina(A.manager.cookie, A.companyId, 1);
    expect(res.status).toBe(200);
    expect(res.response!.headers.get("content-type")).toBe("application/pdf");
    const { text, numPages } = await pdfText(new Uint8Array(await res.response!.arrayBuffer()));
    expect(numPages).toBe(1);
    expect(text).toContain("Nómina de personal capacitado");
    expect(text).toContain("10 de enero de 2027");
    const ana = people["Ana Vigente"]!;
    expect(text).toContain("Ana Vigente");
    expect(text).toContain(formatRut(ana.rut));
    expect(text).toContain(formatCertificateCode(ana.codes[1]!));
    expect(text).toContain(`/certificados/${formatCertificateCode(ana.codes[1]!)}`);
    // Whole in its own column and in the URL.
    expect(text.split(formatCertificateCode(ana.codes[1]!)).length - 1).toBe(2);
    expect(text).toContain("30/11/2028");
    for (const absent of ["Bruno", "Carla", "Diego", "Zoe", "Yago", "Berta", "Elena"]) expect(text).not.toContain(absent);
    expect(text).toMatch(/a partir de sus registros/);
    expect(text).toMatch(/No es un certificado/);
    expect(text).toMatch(/se verifica en su URL/);
    expect(text).toContain("Página 1 de 1");

    const course2 = await pdfText(new Uint8Array(await (await nomina(A.manager.cookie, A.companyId, 2)).response!.arrayBuffer()));
    expect(course2.text).toContain("Elena Por Vencer");
    expect(course2.text).not.toContain("Ana Vigente");

    // Once Ana's certificate has run out, the nómina says nobody holds a current one.
    at("2028-12-01T09:00:00-03:00");
    const later = await pdfText(new Uint8Array(await (await nomina(A.manager.cookie, A.companyId, 1)).response!.arrayBuffer()));
    expect(later.text).not.toContain("Ana Vigente");
    expect(later.text).toContain("Ningún trabajador");
  });

  it("una nómina larga pasa a varias páginas, cada una con su pie y «Página N de M»", async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({ name: `Persona ${String(i + 1).padStart(3, "0")}`, rut: null, code: "ABCDEFGHJK12", validUntil: "2028-11-30" }));
    const stream = renderNominaPdf({ companyName: "Constructora Grande SpA", companyRut: "76543210-3", courseTitle: "RCP", issuedAt: new Date("2027-01-10T15:00:00Z"), publicUrl: "https://academia.test", rows });
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    const { text, numPages } = await pdfText(bytes);
    expect(numPages).toBe(nominaPageCount(120));
    expect(numPages).toBeGreaterThan(3);
    expect(text).toContain(`Página ${numPages} de ${numPages}`);
    expect(text).toContain("Persona 001");
    expect(text).toContain("Persona 120");
    expect(text.match(/No es un certificado/g)).toHaveLength(numPages);
  });
});

describe("informe de certificados por vencer (administración)", () => {
  function report(cookie: string | undefined, query = "") {
    return call(expiringRoute.loader, getRequest(`/admin/vencimientos${query}`, cookie));
  }
  const rowFor = (data: { rows: { courseId: number; companyId: number | null; certificates: number }[] }, courseId: number, companyId: number | null) =>
    data.rows.find((r) => r.courseId === courseId && r.companyId === companyId)?.certificates ?? 0;

  it("cuenta por curso y empresa los certificados no revocados que vencen en 30, 90 o 180 días", async () => {
    at("2028-10-15T12:00:00-03:00");
    // Ana's, Zoe's (no longer the company's: counted as a learner on her own) and Berta's certificates of course 1
    // run out on 2028-11-30, 46 days ahead; Diego's (revoked) never counts.
    let res = await report(admin.cookie, "?dias=30");
    expect(res.status).toBe(200);
    expect(res.data.days).toBe(30);
    expect(rowFor(res.data, 1, A.companyId)).toBe(0);
    res = await report(admin.cookie, "?dias=90");
    expect(rowFor(res.data, 1, A.companyId)).toBe(1);
    expect(rowFor(res.data, 1, B.companyId)).toBe(1);
    expect(rowFor(res.data, 1, null)).toBeGreaterThanOrEqual(1);
    // An unknown window is 90 days.
    expect((await report(admin.cookie, "?dias=7")).data.days).toBe(90);
    at("2026-12-15T12:00:00-03:00");
    // Elena's course-2 certificate runs out on 2027-01-31, 47 days ahead.
    res = await report(admin.cookie, "?dias=30");
    expect(rowFor(res.data, 2, A.companyId)).toBe(0);
    res = await report(admin.cookie, "?dias=180");
    expect(rowFor(res.data, 2, A.companyId)).toBe(1);
  });

  it("solo para administradores", async () => {
    expect(isRefused(await report(A.manager.cookie))).toBe(true);
    expect(isRefused(await report(undefined))).toBe(true);
  });
});

describe("personas invitadas por la empresa", () => {
  let C: Awaited<ReturnType<typeof companyWithManager>>;
  let D: Awaited<ReturnType<typeof companyWithManager>>;
  const ivanRut = freshRut();
  const ritaRut = freshRut();
  const tag = Math.random().toString(36).slice(2, 8);
  const ivanEmail = `ivan.${tag}@empresa.test`;

  async function invite(managerCookie: string, companyId: number, name: string, email: string, rut: string, courseId = 1) {
    const res = await enrolRequest(managerCookie, companyId, { name, email, rut }, courseId);
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    const [row] = await db().select().from(companyInvitation).where(eq(companyInvitation.email, email.toLowerCase())).orderBy(desc(companyInvitation.id)).limit(1);
    return row!;
  }

  beforeAll(async () => {
    C = await companyWithManager(admin.cookie, 10);
    await grant(admin.cookie, C.companyId, 5, 2);
    D = await companyWithManager(admin.cookie, 10);
    // Rita: a worker of C in course 1 (she accepted), invited to course 2 as well.
    const rita = await createUser({ name: "Rita Real" });
    await enrolAccount(C.manager.cookie, C.companyId, rita, ritaRut, 1);
    await invite(C.manager.cookie, C.companyId, "Rita Real", rita.email, ritaRut, 2);
    // Iván: invited to both courses, has not accepted.
    await invite(C.manager.cookie, C.companyId, "Iván Invitado", ivanEmail, ivanRut, 1);
    await invite(C.manager.cookie, C.companyId, "Iván Invitado", ivanEmail, ivanRut, 2);
    // Revoked: not a row.
    const revoked = await invite(C.manager.cookie, C.companyId, "Rafa Revocado", `rafa.${tag}@empresa.test`, freshRut(), 1);
    expect((await revokeInvitation(C.companyId, revoked.id, C.manager.id)).ok).toBe(true);
    // Accepted: one row, the real worker's.
    const acepta = await createUser({ name: "Alba Aceptó" });
    await enrolAccount(C.manager.cookie, C.companyId, acepta, freshRut(), 1);
    // Another company's invitation.
    await invite(D.manager.cookie, D.companyId, "Olga Otra Empresa", `olga.${tag}@empresa.test`, freshRut(), 1);
  });

  it("son filas con su nombre y RUT; el curso al que se les invitó dice «invitación pendiente», los demás «sin curso»", async () => {
    resetClock();
    const res = await matrix(C.manager.cookie, C.companyId);
    expect(res.status).toBe(200);
    const data = res.data;
    expect(data.rows.map((r: Row) => r.name)).toEqual(["Alba Aceptó", "Iván Invitado", "Rita Real"]);
    expect(rowOf(data, "Iván Invitado")!.rut).toBe(formatRut(ivanRut));
    expect(stateOf(data, "Iván Invitado", 1)).toBe("invitado");
    expect(stateOf(data, "Iván Invitado", 2)).toBe("invitado");
    // Rita once: her own row, enrolled in course 1 and invited to course 2.
    expect(data.rows.filter((r: Row) => r.name === "Rita Real")).toHaveLength(1);
    expect(stateOf(data, "Rita Real", 1)).toBe("en-curso");
    expect(stateOf(data, "Rita Real", 2)).toBe("invitado");
    expect(stateOf(data, "Alba Aceptó", 1)).toBe("en-curso");
    expect(stateOf(data, "Alba Aceptó", 2)).toBe("sin-curso");
    // Nothing to renew on an invitation.
    expect(rowOf(data, "Iván Invitado")!.cells.map((c) => (c as { renew?: unknown }).renew)).toEqual([null, null]);
    const counts = (id: number) => data.counts.find((c: { id: number }) => c.id === id).counts;
    expect(counts(1)).toMatchObject({ "en-curso": 2, invitado: 1, "sin-curso": 0 });
    expect(counts(2)).toMatchObject({ invitado: 2, "sin-curso": 1 });
    expect(data.totalWorkers).toBe(3);
    // Company D's matrix has its own invitation and none of C's.
    const other = await matrix(D.manager.cookie, D.companyId);
    expect(other.data.rows.map((r: Row) => r.name)).toEqual(["Olga Otra Empresa"]);
    expect(stateOf(other.data, "Olga Otra Empresa", 1)).toBe("invitado");
  });

  it("el filtro «invitación pendiente» las muestra; una invitación vencida (reloj de la academia) deja de ser fila", async () => {
    resetClock();
    let res = await matrix(C.manager.cookie, C.companyId, "?estado=invitado");
    expect(res.data.rows.map((r: Row) => r.name)).toEqual(["Iván Invitado", "Rita Real"]);
    res = await matrix(C.manager.cookie, C.companyId, "?curso=1&estado=invitado");
    expect(res.data.rows.map((r: Row) => r.name)).toEqual(["Iván Invitado"]);
    const [inv] = await db().select().from(companyInvitation).where(eq(companyInvitation.email, ivanEmail)).orderBy(companyInvitation.id).limit(1);
    at(new Date(inv!.expiresAt.getTime() + 60_000).toISOString());
    res = await matrix(C.manager.cookie, C.companyId);
    const names = res.data.rows.map((r: Row) => r.name);
    // Both of Iván's invitations were sent a moment apart: a minute past the first's expiry, both have run out.
    expect(names).not.toContain("Iván Invitado");
    expect(stateOf(res.data, "Rita Real", 2)).toBe("sin-curso");
  });

  it("Excel: la fila de la persona invitada con su RUT y «Invitación pendiente»; la nómina PDF no la nombra", async () => {
    resetClock();
    const res = await xlsx(C.manager.cookie, C.companyId, "?curso=1");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.response!.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1, 4));
    });
    expect(rows).toContainEqual(["Iván Invitado", formatRut(ivanRut), "Invitación pendiente"]);
    const pdf = await pdfText(new Uint8Array(await (await nomina(C.manager.cookie, C.companyId, 1)).response!.arrayBuffer()));
    expect(pdf.text).not.toContain("Iván");
  });
});
