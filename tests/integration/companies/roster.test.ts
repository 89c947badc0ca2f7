// Many workers at once: a CSV or XLSX file, a preview that names every row's problems and writes nothing,
// the fixed rows checked again, then every valid row enrolled or invited in one transaction (1 000 rows in
// seconds); and the downloads (CSV, XLSX, certificates ZIP) that only the company's manager gets.
import * as ExcelJSNamespace from "exceljs";
import { unzipSync } from "fflate";
import { and, count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as rosterRoute from "~/routes/empresa/carga";
import * as downloadRoute from "~/routes/empresa/descarga";
import { checkRoster, MAX_ROSTER_ROWS, rosterFromTable } from "~/domain/company-roster";
import { readCsvText } from "~/server/platform/spreadsheets/csv-reader.server";
import type { TableRow } from "~/server/platform/spreadsheets/table.server";
import { db } from "~/server/platform/db/client.server";
import { companyEnrolment, companyInvitation, enrolment, outbox, user } from "~/server/platform/db/schema";
import { freeSeats } from "~/server/companies/seats.server";
import { issueCertificateForEnrolment } from "~/server/certificates/certificates.server";
import { call } from "../support/call";
import { BASE, formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import * as invitationRoute from "~/routes/invitacion";
import { badRut, companyWithManager, enrolRequest, freshRut, grant, invitationTokenFor } from "./support";

// exceljs is CommonJS: Node's ESM loader puts it all under `default`.
const ExcelJS = (ExcelJSNamespace as unknown as { default?: typeof ExcelJSNamespace }).default ?? ExcelJSNamespace;

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
});

function upload(cookie: string, companyId: number, file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> | string }, courseId = 1) {
  const form = new FormData();
  form.append("intent", "preview");
  form.append("file", new File([file.bytes], file.name, { type: file.type }));
  const request = new Request(`${BASE}/empresa/${companyId}/cursos/${courseId}/carga`, { method: "POST", body: form, headers: { origin: BASE, cookie } });
  return call(rosterRoute.action, request, { companyId: String(companyId), courseId: String(courseId) });
}

function postRows(cookie: string, companyId: number, intent: "recheck" | "import", rows: { line: number; name: string; email: string; rut: string }[], courseId = 1) {
  return call(
    rosterRoute.action,
    formRequest(
      `/empresa/${companyId}/cursos/${courseId}/carga`,
      { intent, line: rows.map((r) => String(r.line)), name: rows.map((r) => r.name), email: rows.map((r) => r.email), rut: rows.map((r) => r.rut) },
      { cookie },
    ),
    { companyId: String(companyId), courseId: String(courseId) },
  );
}

const person = (i: number, tag = Math.random().toString(36).slice(2, 7)) => ({ name: `Persona ${i}`, email: `persona${i}.${tag}@empresa.test`, rut: freshRut() });

describe("leer la lista", () => {
  const limits = { maxRows: MAX_ROSTER_ROWS + 1, maxColumns: 50, maxCellChars: 500, maxUnpackedBytes: 1 << 20 };
  const rowsOf = (csv: string): TableRow[] => {
    const read = readCsvText(csv, limits);
    if (!read.ok) throw new Error(read.reason);
    return read.rows;
  };
  it("CSV con ; o , comillas, BOM y encabezados en cualquier orden y con tildes", () => {
    expect(rowsOf('\uFEFFNombre;Correo;RUT\r\n"Soto; Pedro";p@x.cl;12.345.678-5\r\n')).toEqual([
      { line: 1, cells: ["Nombre", "Correo", "RUT"] },
      { line: 2, cells: ["Soto; Pedro", "p@x.cl", "12.345.678-5"] },
    ]);
    expect(rowsOf('rut,correo electrónico,nombre\n12345678-5,a@b.cl,"Ana ""La"" Díaz"')).toEqual([
      { line: 1, cells: ["rut", "correo electrónico", "nombre"] },
      { line: 2, cells: ["12345678-5", "a@b.cl", 'Ana "La" Díaz'] },
    ]);
    const read = rosterFromTable(rowsOf("RUT;Correo Electrónico;Nombre Completo\n12345678-5;a@b.cl;Ana\n;;\n"));
    expect(read).toEqual({ ok: true, rows: [{ line: 2, name: "Ana", email: "a@b.cl", rut: "12345678-5" }] });
    expect(rosterFromTable(rowsOf("a;b;c\n1;2;3"))).toEqual({ ok: false, message: "No encontramos los encabezados nombre, correo y RUT en la primera fila del archivo." });
  });

  it("cada problema de cada fila, con su nombre", () => {
    const rows = [
      { line: 2, name: "Ana", email: "ana@x.cl", rut: "12.345.678-5" },
      { line: 3, name: "", email: "no-correo", rut: "12.345.678-9" },
      { line: 4, name: "Ana Bis", email: "ANA@x.cl", rut: "12345678-5" },
      { line: 5, name: "Ya", email: "ya@x.cl", rut: "11.111.111-1" },
      { line: 6, name: "Sin cupo", email: "sin@x.cl", rut: "" },
      { line: 7, name: "Tarde", email: "tarde@x.cl", rut: "22.222.222-2" },
    ];
    const checked = checkRoster(rows, { enrolled: new Set(["ya@x.cl"]), invited: new Set(), free: 1 });
    expect(checked.map((r) => r.problems)).toEqual([
      [],
      ["Falta el nombre.", "El correo no es válido.", "El dígito verificador del RUT no es correcto."],
      ["Correo repetido en el archivo (también en la fila 2).", "RUT repetido en el archivo (también en la fila 2)."],
      ["Ya está inscrito en este curso por la empresa."],
      ["Falta el RUT."],
      ["No quedan cupos para esta fila."],
    ]);
  });
});

describe("carga masiva por la ruta", () => {
  it("vista previa sin escribir nada; corregir; inscribir las válidas en una transacción", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 5);
    const existing = await createUser();
    const rows = [person(1), person(2), { name: existing.name, email: existing.email, rut: freshRut() }, person(4), person(5)];
    const wrong = { ...rows[1]!, rut: badRut() };
    const csv = ["nombre;correo;rut", ...[rows[0]!, wrong, rows[2]!, rows[3]!, { ...rows[4]!, email: rows[0]!.email }].map((r) => `${r.name};${r.email};${r.rut}`)].join("\n");
    const [outboxBefore] = await db().select({ n: count() }).from(outbox);
    const preview = await upload(manager.cookie, companyId, { name: "lista.csv", type: "text/csv", bytes: csv });
    expect(preview.status).toBe(200);
    expect(preview.data.kind).toBe("preview");
    expect(preview.data.valid).toBe(3);
    expect(preview.data.rows[1].problems).toEqual(["El dígito verificador del RUT no es correcto."]);
    expect(preview.data.rows[4].problems).toEqual(["Correo repetido en el archivo (también en la fila 2)."]);
    // Nothing written by the preview.
    expect(await freeSeats(db(), companyId, 1)).toBe(5);
    expect((await db().select({ n: count() }).from(outbox))[0]!.n).toBe(outboxBefore!.n);
    const fixed = preview.data.rows.map((r: { line: number; name: string; email: string; rut: string }, i: number) => (i === 1 ? { ...r, rut: rows[1]!.rut } : i === 4 ? { ...r, email: rows[4]!.email } : r));
    const again = await postRows(manager.cookie, companyId, "recheck", fixed);
    expect(again.data.valid).toBe(5);
    const done = await postRows(manager.cookie, companyId, "import", fixed);
    expect(done.status).toBe(200);
    expect(done.data).toMatchObject({ kind: "done", message: "Listo: enviamos 5 invitaciones. Cada persona quedará inscrita cuando acepte la suya." });
    expect(await freeSeats(db(), companyId, 1)).toBe(0);
    // The existing account is invited like the others: not enrolled, its RUT untouched until it accepts.
    const [u] = await db().select({ rut: user.rut }).from(user).where(eq(user.id, existing.id));
    expect(u!.rut).toBeNull();
    expect(await db().select().from(enrolment).where(eq(enrolment.userId, existing.id))).toEqual([]);
    const [inv] = await db().select({ n: count() }).from(companyInvitation).where(eq(companyInvitation.companyId, companyId));
    expect(inv!.n).toBe(5);
    // Importing the same list again: every row is already enrolled or invited, nothing is written.
    const twice = await postRows(manager.cookie, companyId, "import", fixed);
    expect(twice.status).toBe(409);
    expect(twice.data.rows.every((r: { problems: string[] }) => r.problems.length === 1)).toBe(true);
  });

  it("un XLSX se lee igual; archivos que no son CSV ni XLSX, vacíos o dañados: mensaje en español", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 2);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Hoja1");
    sheet.addRow(["Nombre", "Correo", "RUT"]);
    const p = person(9);
    sheet.addRow([p.name, { text: p.email, hyperlink: `mailto:${p.email}` }, p.rut]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const preview = await upload(manager.cookie, companyId, { name: "lista.xlsx", type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", bytes });
    expect(preview.data).toMatchObject({ kind: "preview", valid: 1 });
    expect(preview.data.rows[0]).toMatchObject({ name: p.name, email: p.email });
    for (const [file, message] of [
      [{ name: "foto.png", type: "image/png", bytes: new Uint8Array([1, 2, 3]) }, "El archivo debe ser CSV (.csv) o Excel (.xlsx)."],
      [{ name: "roto.xlsx", type: "application/octet-stream", bytes: new Uint8Array([0x50, 0x4b, 3, 4, 9, 9, 9]) }, "No pudimos leer el archivo. Guárdalo como CSV (separado por ; o ,) o como Excel (.xlsx) e inténtalo de nuevo."],
      [{ name: "vacio.csv", type: "text/csv", bytes: "nombre;correo;rut\n" }, "El archivo no tiene filas de trabajadores."],
    ] as const) {
      const res = await upload(manager.cookie, companyId, file);
      expect(res.status).toBe(400);
      expect(res.data).toEqual({ kind: "error", message });
    }
    const none = await postRows(manager.cookie, companyId, "import", []);
    expect(none.status).toBe(400);
  });

  it("1 000 filas: vista previa e inscripción, todas en una transacción, con sus 1 000 correos en la cola", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 0);
    await grant(admin.cookie, companyId, 1000);
    const tag = Math.random().toString(36).slice(2, 7);
    const rows = Array.from({ length: 1000 }, (_, i) => ({ line: i + 2, ...person(i, tag) }));
    const csv = ["nombre;correo;rut", ...rows.map((r) => `${r.name};${r.email};${r.rut}`)].join("\n");
    let t = Date.now();
    const preview = await upload(manager.cookie, companyId, { name: "mil.csv", type: "text/csv", bytes: csv });
    const previewMs = Date.now() - t;
    expect(preview.data.valid).toBe(1000);
    t = Date.now();
    const done = await postRows(manager.cookie, companyId, "import", rows);
    const importMs = Date.now() - t;
    expect(done.data.message).toBe("Listo: enviamos 1.000 invitaciones. Cada persona quedará inscrita cuando acepte la suya.");
    expect(await freeSeats(db(), companyId, 1)).toBe(0);
    const [inv] = await db().select({ n: count() }).from(companyInvitation).where(eq(companyInvitation.companyId, companyId));
    expect(inv!.n).toBe(1000);
    // Figures only: speed is judged by npm run bench, not by a timed test on a busy machine.
    console.info(`1 000 filas: vista previa ${previewMs} ms, inscripción ${importMs} ms`);
    // The mails are queued as data in two inserts and rendered by the worker.
    const [jobs] = await db().select({ n: count() }).from(outbox).where(and(eq(outbox.kind, "companyMail"), sql`${outbox.payload}->>'to' like ${`%${tag}%`}`));
    expect(jobs!.n).toBe(1000);
  });

  it("una carga y varias inscripciones a la vez nunca superan los cupos", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 5);
    const rows = Array.from({ length: 5 }, (_, i) => ({ line: i + 2, ...person(i) }));
    const singles = Array.from({ length: 3 }, (_, i) => person(100 + i));
    const [bulk] = await Promise.all([
      postRows(manager.cookie, companyId, "import", rows),
      ...singles.map((s) => enrolRequest(manager.cookie, companyId, s)),
    ]);
    expect([200, 409]).toContain(bulk.status);
    expect(await freeSeats(db(), companyId, 1)).toBe(0);
    const [enrolled] = await db().select({ n: count() }).from(companyEnrolment).where(eq(companyEnrolment.companyId, companyId));
    const [invited] = await db().select({ n: count() }).from(companyInvitation).where(eq(companyInvitation.companyId, companyId));
    expect(enrolled!.n + invited!.n).toBe(5);
  });

  it("solo el encargado de la empresa (o un administrador) usa la carga", async () => {
    const { companyId } = await companyWithManager(admin.cookie, 2);
    const other = await companyWithManager(admin.cookie, 2);
    const learner = await createUser();
    for (const cookie of [learner.cookie, other.manager.cookie]) {
      const res = await postRows(cookie, companyId, "import", [{ line: 2, ...person(1) }]);
      expect(res.status).toBe(403);
    }
    const anon = await postRows("", companyId, "import", [{ line: 2, ...person(1) }]);
    expect(anon.status).toBe(302);
    expect(await freeSeats(db(), companyId, 1)).toBe(2);
  });
});

describe("descargas", () => {
  it("la plantilla CSV se descarga y se vuelve a subir tal cual", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 1);
    const res = await call(downloadRoute.loader, getRequest(`/empresa/${companyId}/cursos/1/descargas/plantilla.csv`, manager.cookie), {
      companyId: String(companyId),
      courseId: "1",
      file: "plantilla.csv",
    });
    expect(res.response!.headers.get("content-disposition")).toContain("plantilla-trabajadores.csv");
    const text = await res.response!.text();
    const preview = await upload(manager.cookie, companyId, { name: "plantilla-trabajadores.csv", type: "text/csv", bytes: text });
    expect(preview.data.rows).toEqual([
      { line: 2, name: "María Pérez Soto", email: "maria.perez@empresa.cl", rut: "12.345.678-5", sucursal: "Antofagasta", faena: "", centroCosto: "", problems: [] },
    ]);
  });


  it("CSV y Excel de trabajadores, y el ZIP de certificados; solo de la empresa", async () => {
    const { companyId, manager } = await companyWithManager(admin.cookie, 3);
    const other = await companyWithManager(admin.cookie, 1);
    const worker = await createUser({ name: "=HYPERLINK(\"http://x\")" });
    const rut = freshRut();
    await postRows(manager.cookie, companyId, "import", [{ line: 2, name: worker.name, email: worker.email, rut }]);
    const token = await invitationTokenFor(worker.email);
    expect((await call(invitationRoute.action, formRequest(`/invitacion/${token}`, { intent: "accept" }, { cookie: worker.cookie }), { token })).status).toBe(302);
    const [ce] = await db().select({ enrolmentId: companyEnrolment.enrolmentId }).from(companyEnrolment).where(eq(companyEnrolment.userId, worker.id));
    const get = (cookie: string, file: string, cid = companyId) =>
      call(downloadRoute.loader, getRequest(`/empresa/${cid}/cursos/1/descargas/${file}`, cookie), { companyId: String(cid), courseId: "1", file });
    expect((await get(manager.cookie, "certificados.zip")).status).toBe(404);
    await db().update(enrolment).set({ progress: 100, completedAt: new Date() }).where(eq(enrolment.id, ce!.enrolmentId));
    await issueCertificateForEnrolment(db(), ce!.enrolmentId);

    const csv = await get(manager.cookie, "trabajadores.csv");
    const csvText = await csv.response!.text();
    expect(csvText).toContain("Nombre;Correo electrónico;RUT;Estado");
    expect(csvText).toContain(`'=HYPERLINK`);
    expect(csvText).toContain("Completado");

    const xlsx = await get(manager.cookie, "trabajadores.xlsx");
    expect(xlsx.response!.headers.get("content-type")).toMatch(/spreadsheetml/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.response!.arrayBuffer());
    const row = book.worksheets[0]!.getRow(2);
    expect(row.getCell(1).value).toBe(worker.name);
    expect(row.getCell(1).formula).toBeUndefined();
    expect(row.getCell(4).value).toBe("Completado");
    expect(row.getCell(5).value).toBe(100);

    const zip = await get(manager.cookie, "certificados.zip");
    expect(zip.response!.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await zip.response!.arrayBuffer()));
    const names = Object.keys(files);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^hyperlink-http-x-certificado-.+\.pdf$/);
    expect(Buffer.from(files[names[0]!]!.subarray(0, 5)).toString("latin1")).toBe("%PDF-");

    for (const file of ["trabajadores.csv", "trabajadores.xlsx", "certificados.zip"]) {
      expect((await get(other.manager.cookie, file)).status).toBe(403);
      expect((await get(worker.cookie, file)).status).toBe(403);
    }
    expect((await get(manager.cookie, "otra-cosa.exe")).status).toBe(404);
    const [n] = await db().select({ n: count() }).from(companyEnrolment).where(and(eq(companyEnrolment.companyId, other.companyId)));
    expect(n!.n).toBe(0);
  });
});
