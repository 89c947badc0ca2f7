// The compliance matrix of a large company (docs/certificate-validity.md): the page, its counts and its filters come
// from one SQL statement that classifies every cell. These tests hold that statement to the domain rule (the
// classifier in app/domain/compliance.ts) on the boundary days, and its pages, counts, filters, order and the
// chunked walk of the exports to a brute-force computation in TypeScript over the same rows.
import { and, eq, sql } from "drizzle-orm";
import * as ExcelJSNamespace from "exceljs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as matrixRoute from "~/routes/empresa/cumplimiento";
import * as xlsxRoute from "~/routes/empresa/cumplimiento-xlsx";
import { db, dbHandle, rowsOf } from "~/server/platform/db/client.server";
import { certificate, companyEnrolment, companyInvitation, enrolment, user } from "~/server/platform/db/schema";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { companyCourses, walkComplianceMatrix } from "~/server/companies/compliance.server";
import { chileDay } from "~/domain/chile-time";
import {
  COMPLIANCE_PAGE_SIZE,
  COMPLIANCE_STATES,
  complianceClassifier,
  matchesComplianceFilters,
  type ComplianceFilters,
  type ComplianceState,
} from "~/domain/compliance";
import { formatRut } from "~/domain/rut";
import { call } from "../support/call";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { companyWithManager, freshRut, readableMatrix } from "./support";

const ExcelJS = (ExcelJSNamespace as unknown as { default?: typeof ExcelJSNamespace }).default ?? ExcelJSNamespace;

afterEach(() => resetClock());

/** Freezes the academy's clock at `iso` and returns that instant. */
function freezeAt(iso: string): Date {
  const at = new Date(iso);
  freezeClock(at);
  return at;
}

let admin: Awaited<ReturnType<typeof createUser>>;
const tag = Math.random().toString(36).slice(2, 8);
let seq = 0;

function matrix(cookie: string, companyId: number, query = "") {
  return readableMatrix(call(matrixRoute.loader, getRequest(`/empresa/${companyId}/cumplimiento${query}`, cookie), { companyId: String(companyId) }));
}

type Row = { name: string; rut: string; cells: { courseId: number; state: ComplianceState; validUntil: string; renewing: boolean; renew: string | null }[] };

/** An account written directly (hundreds of them: the matrix only reads its name, RUT and e-mail). */
async function account(name: string, rut: string | null) {
  const id = `matriz-${tag}-${++seq}`;
  await db().insert(user).values({ id, name, email: `${id}@empresa.test`, rut });
  return id;
}

/** An enrolment through the company, at a cycle, with certificates of some cycles (each valid until a day or never). */
async function cell(companyId: number, userId: string, courseId: number, opts: { cycle?: number; certificates?: { cycle: number; validUntil: string | null; revoked?: boolean }[]; certificatesFirst?: boolean } = {}) {
  const [e] = await db()
    .insert(enrolment)
    .values({ userId, courseId, cycle: opts.cycle ?? 1, progress: opts.certificates?.length ? 100 : 30 })
    .returning({ id: enrolment.id });
  const link = () => db().insert(companyEnrolment).values({ companyId, courseId, enrolmentId: e!.id, userId });
  // Either order: the row written after the certificates takes their facts; certificates issued later bring theirs.
  if (!opts.certificatesFirst) await link();
  for (const c of opts.certificates ?? []) {
    await db()
      .insert(certificate)
      .values({
        code: `M${tag}${++seq}`.toUpperCase().slice(0, 20),
        enrolmentId: e!.id,
        cycle: c.cycle,
        holderName: "Titular",
        courseTitle: "Curso",
        hours: 8,
        validUntil: c.validUntil,
        revokedAt: c.revoked ? new Date("2027-01-02T12:00:00Z") : null,
      });
  }
  if (opts.certificatesFirst) await link();
  return e!.id;
}

/** What the domain rule says of every cell of the company, read straight from enrolment and certificate. */
async function expectedStates(companyId: number, at: Date): Promise<Map<string, ComplianceState>> {
  const rows = rowsOf<{ user_id: string; course_id: number; live: number; cycle: number | null; valid_until: string | null; revoked_at: string | null }>(
    await db().execute(sql`
      select ce.user_id, ce.course_id, e.cycle as live, c.cycle, c.valid_until::text as valid_until, c.revoked_at::text as revoked_at
      from company_enrolment ce join enrolment e on e.id = ce.enrolment_id
      left join certificate c on c.enrolment_id = ce.enrolment_id
      where ce.company_id = ${companyId}`),
  );
  const classify = complianceClassifier(chileDay(at));
  const byCell = new Map<string, typeof rows>();
  for (const r of rows) byCell.set(`${r.user_id}:${r.course_id}`, [...(byCell.get(`${r.user_id}:${r.course_id}`) ?? []), r]);
  const states = new Map<string, ComplianceState>();
  for (const [key, cells] of byCell) {
    // The certificate that counts: the newest of the live cycle or the one before.
    const counted = cells.filter((r) => r.cycle !== null && r.cycle >= r.live - 1).sort((a, b) => b.cycle! - a.cycle!)[0];
    states.set(key, classify({ enrolled: true, certificate: counted ? { validUntil: counted.valid_until, revokedAt: counted.revoked_at ? new Date(counted.revoked_at) : null } : null }));
  }
  return states;
}

beforeAll(async () => {
  admin = await createUser({ role: "admin" });
});

describe("la consulta de la matriz y la regla del dominio dicen lo mismo", () => {
  let company: Awaited<ReturnType<typeof companyWithManager>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    company = await companyWithManager(admin.cookie, 0);
    const c = company.companyId;
    const add = async (name: string, opts: Parameters<typeof cell>[3]) => {
      ids[name] = await account(name, freshRut());
      await cell(c, ids[name]!, 1, opts);
    };
    // Days around 15 March 2027 (Chile): its last valid day, 60 and 61 days on, the day before.
    await add("Vencido ayer", { certificates: [{ cycle: 1, validUntil: "2027-03-14" }] });
    await add("Vence hoy", { certificates: [{ cycle: 1, validUntil: "2027-03-15" }] });
    await add("Vence en 60 días", { certificates: [{ cycle: 1, validUntil: "2027-05-14" }], certificatesFirst: true });
    await add("Vence en 61 días", { certificates: [{ cycle: 1, validUntil: "2027-05-15" }] });
    await add("Sin vencimiento", { certificates: [{ cycle: 1, validUntil: null }] });
    await add("Revocado vigente", { certificates: [{ cycle: 1, validUntil: "2029-01-31", revoked: true }] });
    await add("Revocado vencido", { certificates: [{ cycle: 1, validUntil: "2026-01-31", revoked: true }], certificatesFirst: true });
    await add("En curso", {});
    // Renewed: studying cycle 2, the certificate of cycle 1 still counts.
    await add("Renovando", { cycle: 2, certificates: [{ cycle: 1, validUntil: "2027-04-30" }] });
    // Renewed and certified again: cycle 2's certificate counts, not cycle 1's.
    await add("Renovado y certificado", { cycle: 2, certificates: [{ cycle: 1, validUntil: "2027-03-01" }, { cycle: 2, validUntil: "2029-03-31" }] });
    // Two renewals on: cycle 1's certificate no longer counts.
    await add("Ciclo 3 sin certificado", { cycle: 3, certificates: [{ cycle: 1, validUntil: "2028-12-31" }] });
    // Renewed after the row was written: the enrolment's cycle changes under it.
    await add("Renueva después", { certificates: [{ cycle: 1, validUntil: "2027-04-15" }] });
    await db().update(enrolment).set({ cycle: 2 }).where(and(eq(enrolment.userId, ids["Renueva después"]!), eq(enrolment.courseId, 1)));
    // Revoked after the row was written.
    await add("Revocado después", { certificates: [{ cycle: 1, validUntil: "2028-06-30" }] });
    const [e] = await db().select({ id: enrolment.id }).from(enrolment).where(and(eq(enrolment.userId, ids["Revocado después"]!), eq(enrolment.courseId, 1)));
    await db().update(certificate).set({ revokedAt: new Date("2027-02-01T12:00:00Z") }).where(eq(certificate.enrolmentId, e!.id));
  });

  it("en cada borde (vencido ayer, el día del vencimiento, día 60 y 61, sin fecha, revocado, renovando, en curso), un día tras otro", async () => {
    // Noon and the last half hour of a Chile day, and the first half hour of the next (already another day in UTC).
    const instants = [
      "2027-03-14T12:00:00-03:00",
      "2027-03-15T12:00:00-03:00",
      "2027-03-15T23:30:00-03:00",
      "2027-03-16T00:30:00-03:00",
      "2027-05-14T12:00:00-04:00",
      "2027-05-15T12:00:00-04:00",
      "2027-05-16T12:00:00-04:00",
    ];
    const seen = new Set<ComplianceState>();
    for (const iso of instants) {
      const at = freezeAt(iso);
      const res = await matrix(company.manager.cookie, company.companyId);
      expect(res.status).toBe(200);
      const expected = await expectedStates(company.companyId, at);
      const rows = res.data.rows as Row[];
      expect(rows).toHaveLength(Object.keys(ids).length);
      for (const [name, id] of Object.entries(ids)) {
        const state = rows.find((r) => r.name === name)!.cells.find((c) => c.courseId === 1)!.state;
        expect(state, `${name} el ${iso}`).toBe(expected.get(`${id}:1`));
        seen.add(state);
      }
    }
    // The boundaries are really crossed: every state a certificate can give occurs.
    expect([...seen].sort()).toEqual(["en-curso", "por-vencer", "revocado", "vencido", "vigente"]);
  });

  it("los estados esperados, escritos a mano, el 15 de marzo de 2027", async () => {
    freezeClock(new Date("2027-03-15T12:00:00-03:00"));
    const rows = (await matrix(company.manager.cookie, company.companyId)).data.rows as Row[];
    const of = (name: string) => rows.find((r) => r.name === name)!.cells[0]!;
    expect(of("Vencido ayer").state).toBe("vencido");
    expect(of("Vence hoy").state).toBe("por-vencer");
    expect(of("Vence en 60 días").state).toBe("por-vencer");
    expect(of("Vence en 61 días").state).toBe("vigente");
    expect(of("Sin vencimiento").state).toBe("vigente");
    expect(of("Revocado vigente").state).toBe("revocado");
    expect(of("Revocado vencido").state).toBe("revocado");
    expect(of("Revocado después").state).toBe("revocado");
    expect(of("En curso").state).toBe("en-curso");
    expect(of("Renovando")).toMatchObject({ state: "por-vencer", renewing: true, validUntil: "30/04/2027", renew: null });
    expect(of("Renueva después")).toMatchObject({ state: "por-vencer", renewing: true, renew: null });
    expect(of("Renovado y certificado")).toMatchObject({ state: "vigente", renewing: false, validUntil: "31/03/2029" });
    expect(of("Ciclo 3 sin certificado")).toMatchObject({ state: "en-curso", renewing: false, validUntil: "" });
    // Renewable from 90 days before its last day; a certificate without one never is.
    expect(of("Vence hoy").renew).toBe(`1:${ids["Vence hoy"]}`);
    expect(of("Sin vencimiento").renew).toBeNull();
  });

  it("lo que los disparadores copian en company_enrolment es lo que enrolment y certificate dicen hoy", async () => {
    const drift = rowsOf<{ n: number }>(
      await db().execute(sql`
        select count(*)::int as n from company_enrolment ce join enrolment e on e.id = ce.enrolment_id
        left join lateral (select id, cycle, valid_until, revoked_at from certificate where enrolment_id = e.id order by cycle desc limit 1) c on true
        where ce.live_cycle is distinct from e.cycle or ce.certificate_id is distinct from c.id or ce.certificate_cycle is distinct from c.cycle
           or ce.certificate_valid_until is distinct from c.valid_until
           or ce.certificate_revoked is distinct from (case when c.id is null then null else c.revoked_at is not null end)`),
    );
    expect(drift[0]!.n).toBe(0);
    // And a certificate deleted (its enrolment's data erased) takes its facts with it.
    const [e] = await db().select({ id: enrolment.id }).from(enrolment).where(and(eq(enrolment.userId, ids["Vence hoy"]!), eq(enrolment.courseId, 1)));
    await db().delete(certificate).where(eq(certificate.enrolmentId, e!.id));
    const [row] = await db().select().from(companyEnrolment).where(eq(companyEnrolment.enrolmentId, e!.id));
    expect(row).toMatchObject({ certificateId: null, certificateCycle: null, certificateValidUntil: null, certificateRevoked: null, liveCycle: 1 });
    freezeClock(new Date("2027-03-15T12:00:00-03:00"));
    const rows = (await matrix(company.manager.cookie, company.companyId)).data.rows as Row[];
    expect(rows.find((r) => r.name === "Vence hoy")!.cells[0]!.state).toBe("en-curso");
  });
});

describe("una empresa de 250 trabajadores: páginas, conteos y filtros como los da un cálculo a fuerza bruta", () => {
  let company: Awaited<ReturnType<typeof companyWithManager>>;
  /** Every row the matrix should have, in its order, with the state of each course. */
  let people: { name: string; rut: string | null; states: Record<number, ComplianceState> }[];
  const AT = "2027-03-15T12:00:00-03:00";

  beforeAll(async () => {
    company = await companyWithManager(admin.cookie, 0);
    const c = company.companyId;
    freezeClock(new Date(AT));
    const list: typeof people = [];
    // Inserted in a scrambled order; named so that both databases order them alike (numbers zero-padded).
    const order = Array.from({ length: 250 }, (_, i) => (i * 97) % 250);
    for (const i of order) {
      const name = `Persona ${String(i + 1).padStart(3, "0")}`;
      const rut = freshRut();
      const id = await account(name, rut);
      const states: Record<number, ComplianceState> = {};
      const k = i % 5;
      const validUntil = k === 1 ? "2027-01-31" : k === 2 ? "2027-04-30" : "2028-12-31";
      await cell(c, id, 1, k === 0 ? {} : { certificates: [{ cycle: 1, validUntil, revoked: k === 4 }] });
      states[1] = (["en-curso", "vencido", "por-vencer", "vigente", "revocado"] as const)[k]!;
      if (i % 3 !== 0) {
        await cell(c, id, 2, { certificates: [{ cycle: 1, validUntil: "2028-06-30" }] });
        states[2] = "vigente";
      } else {
        states[2] = "sin-curso";
      }
      list.push({ name, rut, states });
    }
    // Three people named alike (a tie broken by RUT, and one without RUT first), to cross a chunk's edge.
    for (const rut of [freshRut(), null, freshRut()]) {
      const id = await account("Persona 100", rut);
      await cell(c, id, 1, {});
      list.push({ name: "Persona 100", rut, states: { 1: "en-curso", 2: "sin-curso" } });
    }
    // An invitation to a worker for the course they lack (a cell of their row), and a person only invited.
    const lacking = list.find((p) => p.states[2] === "sin-curso" && p.name !== "Persona 100")!;
    const [lackingUser] = await db().select({ email: user.email }).from(user).where(and(eq(user.name, lacking.name), eq(user.rut, lacking.rut!)));
    const expiresAt = new Date(new Date(AT).getTime() + 7 * 86_400_000);
    const invitedRut = freshRut();
    await db().insert(companyInvitation).values([
      { kind: "worker", companyId: c, courseId: 2, email: lackingUser!.email, name: lacking.name, rut: lacking.rut, tokenHash: `m-${tag}-1`, expiresAt },
      { kind: "worker", companyId: c, courseId: 1, email: `invitada.${tag}@empresa.test`, name: "Persona 251 Invitada", rut: invitedRut, tokenHash: `m-${tag}-2`, expiresAt },
    ]);
    lacking.states[2] = "invitado";
    list.push({ name: "Persona 251 Invitada", rut: invitedRut, states: { 1: "invitado", 2: "sin-curso" } });
    const byName = new Intl.Collator("es", { sensitivity: "base", numeric: true });
    people = list.sort((a, b) => byName.compare(a.name, b.name) || (a.rut ?? "").localeCompare(b.rut ?? ""));
  });

  const shownBy = (f: ComplianceFilters) => people.filter((p) => matchesComplianceFilters((id) => p.states[id] ?? "sin-curso", [1, 2], f));
  async function allPages(query: string) {
    const names: string[] = [];
    let first: { totalWorkers: number; shownWorkers: number; counts: { id: number; counts: Record<ComplianceState, number> }[] } | undefined;
    for (let page = 1; page < 10; page++) {
      const res = await matrix(company.manager.cookie, company.companyId, `?${query}${query ? "&" : ""}pagina=${page}`);
      expect(res.status).toBe(200);
      first ??= res.data;
      names.push(...(res.data.rows as Row[]).map((r) => r.name));
      expect((res.data.rows as Row[]).length).toBeLessThanOrEqual(COMPLIANCE_PAGE_SIZE);
      if (!res.data.hasNext) break;
    }
    return { names, first: first! };
  }

  it("la última página trae las últimas filas en el orden de la matriz; los conteos por curso son los de la fuerza bruta", async () => {
    freezeClock(new Date(AT));
    const last = Math.ceil(people.length / COMPLIANCE_PAGE_SIZE);
    expect(last).toBeGreaterThan(2);
    const res = await matrix(company.manager.cookie, company.companyId, `?pagina=${last}`);
    expect(res.status).toBe(200);
    const rows = res.data.rows as Row[];
    expect(rows.map((r) => [r.name, r.rut])).toEqual(people.slice((last - 1) * COMPLIANCE_PAGE_SIZE).map((p) => [p.name, p.rut ? formatRut(p.rut) : "—"]));
    expect(res.data.hasNext).toBe(false);
    expect(res.data.totalWorkers).toBe(people.length);
    expect(res.data.totalWorkers).toBe(254);
    for (const courseId of [1, 2]) {
      const expected = Object.fromEntries(COMPLIANCE_STATES.map((s) => [s, people.filter((p) => (p.states[courseId] ?? "sin-curso") === s).length]));
      expect(res.data.counts.find((c: { id: number }) => c.id === courseId).counts, `curso ${courseId}`).toEqual(expected);
    }
    // Each row's cells are its own.
    for (const r of rows) {
      const p = people.find((q) => q.name === r.name && (q.rut ? formatRut(q.rut) : "—") === r.rut)!;
      expect([1, 2].map((id) => r.cells.find((c) => c.courseId === id)!.state)).toEqual([p.states[1], p.states[2]]);
    }
    // Past the end: an empty page, not an error.
    const beyond = await matrix(company.manager.cookie, company.companyId, `?pagina=${last + 4}`);
    expect(beyond.status).toBe(200);
    expect(beyond.data.rows).toEqual([]);
  });

  it("cada filtro (curso × estado), recorrido página a página, da las filas de la fuerza bruta, en orden", async () => {
    freezeClock(new Date(AT));
    for (const courseId of [null, 1, 2]) {
      for (const state of COMPLIANCE_STATES) {
        const query = new URLSearchParams([...(courseId === null ? [] : [["curso", String(courseId)]]), ["estado", state]]).toString();
        const { names, first } = await allPages(query);
        const expected = shownBy({ courseId, state });
        expect(names, query).toEqual(expected.map((p) => p.name));
        expect(first.shownWorkers, query).toBe(expected.length);
        expect(first.totalWorkers, query).toBe(people.length);
      }
    }
  });

  it("el recorrido por tramos de las exportaciones (de 7 en 7, con empates de nombre en los bordes) da todas las filas una vez, en orden", async () => {
    const at = freezeAt(AT);
    const courses = await companyCourses(company.companyId);
    for (const filters of [{ courseId: null, state: null }, { courseId: 1, state: "en-curso" }] as ComplianceFilters[]) {
      const walked: string[] = [];
      let chunks = 0;
      for await (const chunk of walkComplianceMatrix(company.companyId, courses, filters, at, { chunk: 7, certificates: true })) {
        chunks++;
        walked.push(...chunk.map((w) => `${w.name}|${w.rut ?? ""}`));
      }
      const expected = (filters.state ? shownBy(filters) : people).map((p) => `${p.name}|${p.rut ?? ""}`);
      expect(walked).toEqual(expected);
      expect(chunks).toBe(Math.ceil(expected.length / 7));
      expect(walked.length).toBeGreaterThan(7);
    }
  });

  it("el Excel filtrado trae las filas del filtro, en el orden de la página", async () => {
    freezeClock(new Date(AT));
    const res = await call(xlsxRoute.loader, getRequest(`/empresa/${company.companyId}/cumplimiento.xlsx?curso=1&estado=vencido`, company.manager.cookie), {
      companyId: String(company.companyId),
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.response!.arrayBuffer());
    const names: string[] = [];
    book.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) names.push(String(row.getCell(1).value));
    });
    expect(names).toEqual(shownBy({ courseId: 1, state: "vencido" }).map((p) => p.name));
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("el orden de las personas en PostgreSQL", () => {
  it("es el español de Intl.Collator: ñ después de n, tildes como su letra, números por su valor", async () => {
    expect(dbHandle().kind).toBe("postgres");
    const company = await companyWithManager(admin.cookie, 0);
    const names = ["Turno 10", "Ñandú Pérez", "Nube Rojas", "Ángela Soto", "Turno 9", "Andrés Díaz", "oscar Lara", "Óscar Lagos"];
    for (const name of names) await cell(company.companyId, await account(name, freshRut()), 1, {});
    const rows = (await matrix(company.manager.cookie, company.companyId)).data.rows as Row[];
    const byName = new Intl.Collator("es", { sensitivity: "base", numeric: true });
    expect(rows.map((r) => r.name)).toEqual([...names].sort(byName.compare));
    expect(rows.map((r) => r.name).slice(0, 4)).toEqual(["Andrés Díaz", "Ángela Soto", "Nube Rojas", "Ñandú Pérez"]);
  });
});
