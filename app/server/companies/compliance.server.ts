// A company's compliance matrix (docs/certificate-validity.md): its workers × its courses, each cell today's state
// of the worker's certificate. Only what came through the company counts (company_enrolment): a worker the company
// no longer has is absent, and what a worker studies on their own is never shown to the company. People the company
// invited who have not accepted yet are rows too, their invited course "invitación pendiente".
//
// A company may have thousands of workers and a page shows COMPLIANCE_PAGE_SIZE of them, above the counts of every
// cell: one statement classifies the cells in SQL (each company_enrolment row carries its enrolment's live cycle and
// newest certificate, kept by triggers), counts them per course and state, filters and orders the people, and
// returns only the page's rows with their cells. The state of a cell is the domain rule's (complianceBounds): the
// query compares with the same two days the classifier does. The Excel export and the monthly snapshot walk every
// row in the same order, a chunk at a time.
import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { renewalEligibility } from "~/domain/renewal";
import { chileDay, parseIsoDay, type Day } from "~/domain/chile-time";
import {
  COMPLIANCE_LABELS,
  COMPLIANCE_PAGE_SIZE,
  COMPLIANCE_STATES,
  complianceBounds,
  isCurrent,
  matchesComplianceFilters,
  parseComplianceFilters,
  type ComplianceFilters,
  type ComplianceState,
  complianceClassifier,
} from "~/domain/compliance";
import { GROUP_KINDS, groupsLine, type GroupKind } from "~/domain/company-groups";
import { formatDate } from "~/domain/format";
import { formatRut } from "~/domain/rut";
import { renderNominaPdf } from "../certificates/nomina-pdf.server";
import { db, rowsOf } from "../platform/db/client.server";
import { arrayLiteral } from "../platform/db/prepared.server";
import { certificate, companyEnrolment, course, user } from "../platform/db/schema";
import { env } from "../platform/env.server";
import { now } from "../platform/clock.server";
import { streamXlsx, writeXlsx, type CellValue } from "../platform/spreadsheets/xlsx-writer.server";

/** People walked at most by an export or a snapshot (10 000 workers): a bound on memory and time, far above any real client. */
const MAX_PEOPLE = 10_000;
/** Certificates a nómina reads at most: two cycles of each of MAX_PEOPLE workers. */
const MAX_NOMINA_ROWS = 2 * MAX_PEOPLE;
/** People per statement when every row is walked (the export, the snapshot): a company of 5 000 in one. */
const WALK_CHUNK = 5_000;
/** The stored column of each kind of group. */
const GROUP_COLUMNS: Record<GroupKind, string> = { sucursal: "sucursal", faena: "faena", centroCosto: "centro_costo" };

export interface ComplianceCourse {
  id: number;
  title: string;
}

export interface ComplianceCell {
  state: ComplianceState;
  validUntil: string | null;
  /** Canonical certificate code, when there is a certificate. */
  code: string | null;
  /** The worker already renewed: a new cycle is being studied, and this is the earlier certificate (it still counts). */
  renewing: boolean;
  /** Its certificate is due for renewal (docs/certificate-validity.md, "Renewal"), and no renewal has begun. */
  renewable: boolean;
}

export interface ComplianceWorker {
  /** Null for a person only invited: no account of theirs is the company's yet. */
  userId: string | null;
  /** The open invitations behind this row's "invitación pendiente" cells, oldest first. */
  invitationIds: number[];
  name: string;
  rut: string | null;
  /** By course id; a course without an entry is "sin curso". */
  cells: Map<number, ComplianceCell>;
}

/** A whole matrix held in memory: a month's snapshot as it was stored. */
export interface ComplianceMatrix {
  courses: ComplianceCourse[];
  /** In the matrix's order: by name (Spanish order, numbers by value), then RUT. */
  workers: ComplianceWorker[];
  /** By course id: how many workers are in each state (sin curso included). */
  counts: Map<number, Record<ComplianceState, number>>;
  /** Whether the matrix stopped at its bound. */
  truncated: boolean;
}

/** One page of a matrix under its filters, with the counts of every cell. */
export interface CompliancePage {
  courses: ComplianceCourse[];
  counts: Map<number, Record<ComplianceState, number>>;
  /** Every row of the matrix, and those its filters keep. */
  totalWorkers: number;
  shownWorkers: number;
  /** The page's rows, in the matrix's order. */
  workers: ComplianceWorker[];
  hasNext: boolean;
  truncated: boolean;
}

const SIN_CURSO: ComplianceCell = { state: "sin-curso", validUntil: null, code: null, renewing: false, renewable: false };
export const cellOf = (w: ComplianceWorker, courseId: number): ComplianceCell => w.cells.get(courseId) ?? SIN_CURSO;

/** The company's courses: every course it ever held seats for or enrolled someone in, by title. */
export async function companyCourses(companyId: number): Promise<ComplianceCourse[]> {
  // One probe per course of the academy into each index, rather than reading every enrolment of a large company.
  return db()
    .select({ id: course.id, title: course.title })
    .from(course)
    .where(
      sql`(exists (select 1 from company_seat_pool p where p.company_id = ${companyId} and p.course_id = ${course.id})
        or exists (select 1 from company_enrolment ce where ce.company_id = ${companyId} and ce.course_id = ${course.id}))`,
    )
    .orderBy(asc(course.title), asc(course.id));
}

/**
 * The company's groups, each kind's distinct values among its assignments and open invitations, in Spanish order:
 * the matrix's group filters (and the values they accept).
 */
export async function companyGroupOptions(companyId: number, at: Date = now()): Promise<Record<GroupKind, string[]>> {
  const columns = (alias: string) =>
    sql.join(
      GROUP_KINDS.map((k) => sql`(${k}::text, ${sql.identifier(alias)}.${sql.identifier(GROUP_COLUMNS[k])})`),
      sql`, `,
    );
  const result = await db().execute(sql`
    select distinct v.kind, v.value from (
      select g.kind, g.value from company_enrolment ce cross join lateral (values ${columns("ce")}) g(kind, value)
      where ce.company_id = ${companyId}
      union all
      select g.kind, g.value from company_invitation i cross join lateral (values ${columns("i")}) g(kind, value)
      where i.company_id = ${companyId} and i.kind = 'worker' and i.accepted_at is null and i.revoked_at is null and i.expires_at > ${at.toISOString()}::timestamptz
    ) v where v.value is not null`);
  const out: Record<GroupKind, string[]> = { sucursal: [], faena: [], centroCosto: [] };
  for (const r of rowsOf<{ kind: GroupKind; value: string }>(result)) out[r.kind]?.push(r.value);
  for (const k of GROUP_KINDS) out[k].sort((a, b) => a.localeCompare(b, "es"));
  return out;
}

function emptyTally(): Record<ComplianceState, number> {
  return Object.fromEntries(COMPLIANCE_STATES.map((s) => [s, 0])) as Record<ComplianceState, number>;
}

// ── The statement ─────────────────────────────────────────────────────────────

/** Where a walk or a page starts: after this row of the matrix's order. */
interface RowKey {
  name: string;
  rut: string;
  key: string;
}

/**
 * The matrix as SQL, up to the people its filters keep (`shown`). A row is a worker (its key: their account's id) or
 * a person only invited (its key: '@' and the e-mail, which no account id contains). `cell` is every enrolment of the
 * company with its state: a certificate counts while its cycle is the enrolment's live one or the one before (a
 * renewal being studied), and then its state is the domain rule's, with the two days of `complianceBounds`.
 * `inv_cell` is every open invitation shown: a cell of the worker with that e-mail when they have no enrolment in
 * its course, else of a row of its own per address, named as its oldest invitation.
 */
function matrixCtes(companyId: number, courseIds: readonly number[], today: Day, at: Date, filters: ComplianceFilters): SQL {
  const { today: todayIso, soon } = complianceBounds(today);
  const groups = groupConditions(filters);
  const courses = arrayLiteral(courseIds);
  const counts = sql`(ce.certificate_id is not null and ce.certificate_cycle >= ce.live_cycle - 1)`;
  return sql`
    with cell as materialized (
      select ce.user_id, ce.course_id,
        case when ${counts} then ce.certificate_id end as certificate_id,
        case when ${counts} then ce.certificate_valid_until end as valid_until,
        coalesce(${counts} and ce.certificate_cycle < ce.live_cycle, false) as renewing,
        case
          when not coalesce(${counts}, false) then 'en-curso'
          when ce.certificate_revoked then 'revocado'
          when ce.certificate_valid_until is null then 'vigente'
          when ce.certificate_valid_until < ${todayIso}::date then 'vencido'
          when ce.certificate_valid_until <= ${soon}::date then 'por-vencer'
          else 'vigente'
        end as state
      from company_enrolment ce
      where ce.company_id = ${companyId}
    ),
    worker as materialized (
      select u.id as user_id, u.name, u.rut, lower(u.email) as email
      from "user" u where u.id in (select user_id from cell)
    ),
    inv as materialized (
      select i.id, i.email, i.course_id, i.name, i.rut, i.sucursal, i.faena, i.centro_costo
      from company_invitation i
      where i.company_id = ${companyId} and i.kind = 'worker' and i.accepted_at is null and i.revoked_at is null
        and i.expires_at > ${at.toISOString()}::timestamptz and i.course_id = any(${courses}::int[])
    ),
    inv_cell as materialized (
      select coalesce(w.user_id, '@' || i.email) as row_key, i.course_id, i.id as invitation_id
      from inv i left join worker w on w.email = i.email
      where w.user_id is null or not exists (select 1 from cell c where c.user_id = w.user_id and c.course_id = i.course_id)
    ),
${groups ? sql`member as materialized (
      select row_key from (
        select ce.user_id as row_key, ce.sucursal, ce.faena, ce.centro_costo from company_enrolment ce where ce.company_id = ${companyId}
        union all
        select coalesce(w.user_id, '@' || i.email), i.sucursal, i.faena, i.centro_costo from inv i left join worker w on w.email = i.email
      ) g
      where ${sql.join(groups, sql` or `)}
      group by row_key having ${sql.join(groups.map((c) => sql`bool_or(${c})`), sql` and `)}
    ),` : sql``}
    person as materialized (
      select * from (
        select w.user_id as row_key, w.user_id, w.name, w.rut from worker w
        union all
        select '@' || i.email, null, (array_agg(i.name order by i.id))[1], (array_agg(i.rut order by i.id))[1]
        from inv i where not exists (select 1 from worker w where w.email = i.email)
        group by i.email
      ) e
      ${groups ? sql`where e.row_key in (select row_key from member)` : sql``}
    ),
    shown as materialized (
      select * from person p where ${filterSql(filters, courseIds.length)}
    )`;
}

/** With group filters, one condition per kind on a row of assignments or invitations (`g`); without, null. */
function groupConditions(f: ComplianceFilters): SQL[] | null {
  const kinds = GROUP_KINDS.filter((k) => f.groups?.[k] !== undefined);
  return kinds.length === 0 ? null : kinds.map((k) => sql`${sql.identifier(GROUP_COLUMNS[k])} = ${f.groups![k]!}`);
}

/** The people the filters keep: with a course, that course's cell; without, any of the company's courses. */
function filterSql(f: ComplianceFilters, courses: number): SQL {
  if (!f.state) return sql`true`;
  const course = f.courseId === null ? sql`true` : sql`course_id = ${f.courseId}`;
  if (f.state === "invitado") return sql`p.row_key in (select row_key from inv_cell where ${course})`;
  if (f.state !== "sin-curso") return sql`p.row_key in (select user_id from cell where ${course} and state = ${f.state})`;
  if (f.courseId !== null) {
    return sql`p.row_key not in (select user_id from cell where ${course}) and p.row_key not in (select row_key from inv_cell where ${course})`;
  }
  // A row has at most one cell per course: one with fewer cells than courses is "sin curso" in some course.
  return sql`p.row_key not in (select row_key from (select user_id as row_key from cell union all select row_key from inv_cell) a
    group by row_key having count(*) >= ${courses})`;
}

/** The matrix's order, total and stable: name, RUT, then the row's key. */
const ORDER = sql.raw(`name collate es_natural, coalesce(rut, '') collate "C", row_key collate "C"`);

function afterSql(after: RowKey | null): SQL {
  if (!after) return sql`true`;
  return sql`(name collate es_natural > ${after.name}
    or (name collate es_natural = ${after.name} and (coalesce(rut, '') collate "C" > ${after.rut}
      or (coalesce(rut, '') collate "C" = ${after.rut} and row_key collate "C" > ${after.key}))))`;
}

type RawCell = [courseId: number, state: ComplianceState, validUntil: string | null, code: string | null, renewing: boolean, revokedAt: string | null, invitationId: number | null];
type RawRow = [key: string, userId: string | null, name: string, rut: string | null, cells: RawCell[] | null];

/**
 * Rows of the matrix in its order with their cells (a page: `offset`; a walk: `after`), and with `withCounts` the
 * counts of every cell and how many rows there are and how many the filters keep. With `certificates`, each cell's
 * certificate code and revocation are read too (one probe per cell returned): the page and the snapshot need them,
 * the Excel does not.
 */
async function readMatrix(opts: {
  companyId: number;
  courseIds: readonly number[];
  today: Day;
  at: Date;
  filters: ComplianceFilters;
  limit: number;
  offset?: number;
  after?: RowKey | null;
  withCounts: boolean;
  certificates: boolean;
}) {
  const ctes = matrixCtes(opts.companyId, opts.courseIds, opts.today, opts.at, opts.filters);
  // Scoped to groups, the counts are those of the group's people; unscoped, every cell is someone's row.
  const scoped = groupConditions(opts.filters) !== null;
  const countsSql = opts.withCounts
    ? sql`(select count(*) from person)::int as total, (select count(*) from shown)::int as shown,
        (select coalesce(json_agg(json_build_array(course_id, state, n)), '[]'::json) from (
           select course_id, state, count(*)::int as n from cell ${scoped ? sql`where user_id in (select row_key from person)` : sql``} group by course_id, state
           union all
           select course_id, 'invitado', count(*)::int from inv_cell ${scoped ? sql`where row_key in (select row_key from person)` : sql``} group by course_id) k) as counts,`
    : sql``;
  const statement = sql`${ctes},
    page as (
      select row_key, user_id, name, rut, row_number() over (order by ${ORDER}) as ord
      from (select * from shown where ${afterSql(opts.after ?? null)} order by ${ORDER} limit ${opts.limit} offset ${opts.offset ?? 0}) s
    ),
    page_cells as (
      select x.row_key, json_agg(json_build_array(x.course_id, x.state, x.valid_until, x.code, x.renewing, x.revoked_at, x.invitation_id)
                                 order by x.course_id) as cells
      from (
        select c.user_id as row_key, c.course_id, c.state, c.valid_until, ct.code, c.renewing, ct.revoked_at, null::int as invitation_id
        from cell c join page p on p.row_key = c.user_id
        -- One probe per cell returned ("offset 0" keeps the planner from hashing every certificate of the academy instead).
        left join lateral (select code, revoked_at from certificate where id = c.certificate_id and ${sql.raw(String(opts.certificates))} offset 0) ct on true
        union all
        select i.row_key, i.course_id, 'invitado', null, null, false, null, i.invitation_id
        from inv_cell i join page p on p.row_key = i.row_key
      ) x
      group by x.row_key
    )
    select ${countsSql}
      (select coalesce(json_agg(json_build_array(p.row_key, p.user_id, p.name, p.rut, pc.cells) order by p.ord), '[]'::json)
         from page p left join page_cells pc on pc.row_key = p.row_key) as rows`;
  // PostgreSQL's planner prices this statement above its JIT threshold, and compiling it took seconds where running it
  // takes milliseconds: JIT is off for this one statement (SET LOCAL ends with its transaction).
  const result = await db().transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(statement);
  });
  const [row] = rowsOf<{ total?: number; shown?: number; counts?: [number, ComplianceState, number][] | string; rows: RawRow[] | string }>(result);
  // Both drivers decode json; a driver that hands it over as text is read the same.
  const json = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);
  return {
    total: row?.total ?? 0,
    shown: row?.shown ?? 0,
    counts: row?.counts === undefined ? [] : json(row.counts),
    rows: row ? json(row.rows) : [],
  };
}

/** A row as the page and the exports read it; the renewal rule is applied here, once per cell shown. */
function workerOf(r: RawRow, today: Day): ComplianceWorker & { sortKey: RowKey } {
  const cells = new Map<number, ComplianceCell>();
  const invitationIds: number[] = [];
  for (const [courseId, state, validUntil, code, renewing, revokedAt, invitationId] of r[4] ?? []) {
    if (invitationId !== null) invitationIds.push(invitationId);
    // valid_until is set only when a certificate counts; renewable is known only when its code was read.
    const cert = code === null ? null : { validUntil, revokedAt: revokedAt === null ? null : new Date(revokedAt) };
    cells.set(courseId, { state, validUntil, code, renewing, renewable: !renewing && cert !== null && renewalEligibility(cert, today).ok });
  }
  invitationIds.sort((a, b) => a - b);
  return { userId: r[1], invitationIds, name: r[2], rut: r[3], cells, sortKey: { name: r[2], rut: r[3] ?? "", key: r[0] } };
}

/** Today's matrix, one page of it under the filters, with the counts of every cell (as of `at`, Chile's calendar). */
export async function complianceMatrixPage(companyId: number, courses: ComplianceCourse[], filters: ComplianceFilters, page: number, at: Date = now()): Promise<CompliancePage> {
  const today = chileDay(at);
  const courseIds = courses.map((c) => c.id);
  if (courseIds.length === 0) return { courses, counts: new Map(), totalWorkers: 0, shownWorkers: 0, workers: [], hasNext: false, truncated: false };
  const offset = (page - 1) * COMPLIANCE_PAGE_SIZE;
  const read = await readMatrix({ companyId, courseIds, today, at, filters, limit: COMPLIANCE_PAGE_SIZE, offset, withCounts: true, certificates: true });
  const counts = new Map(courses.map((c) => [c.id, emptyTally()]));
  for (const [courseId, state, n] of read.counts) {
    const tally = counts.get(courseId);
    if (tally) tally[state] += n;
  }
  // A person with no cell in a course is "sin curso" there.
  for (const tally of counts.values()) tally["sin-curso"] = read.total - COMPLIANCE_STATES.reduce((sum, s) => sum + tally[s], 0);
  return {
    courses,
    counts,
    totalWorkers: read.total,
    shownWorkers: read.shown,
    workers: read.rows.map((r) => workerOf(r, today)),
    hasNext: offset + COMPLIANCE_PAGE_SIZE < read.shown,
    truncated: false,
  };
}

/**
 * Every row of today's matrix under the filters, in its order, a chunk at a time (each chunk starts after the last
 * row of the one before, so a chunk's statement sorts only what is left). Stops at MAX_PEOPLE.
 */
export async function* walkComplianceMatrix(
  companyId: number,
  courses: ComplianceCourse[],
  filters: ComplianceFilters,
  at: Date = now(),
  opts: { chunk?: number; certificates?: boolean } = {},
): AsyncGenerator<ComplianceWorker[], { truncated: boolean }> {
  const chunk = opts.chunk ?? WALK_CHUNK;
  const today = chileDay(at);
  const courseIds = courses.map((c) => c.id);
  if (courseIds.length === 0) return { truncated: false };
  let after: RowKey | null = null;
  let walked = 0;
  for (;;) {
    const size = Math.min(chunk, MAX_PEOPLE - walked);
    // One row more than the chunk tells whether another chunk follows, without a statement that finds nothing.
    const read = await readMatrix({ companyId, courseIds, today, at, filters, limit: size + 1, after, withCounts: false, certificates: opts.certificates ?? true });
    const rows = read.rows.slice(0, size).map((r) => workerOf(r, today));
    if (rows.length > 0) yield rows;
    walked += rows.length;
    if (read.rows.length <= size) return { truncated: false };
    if (walked >= MAX_PEOPLE) return { truncated: true };
    after = rows.at(-1)!.sortKey;
  }
}

/** A matrix held in memory (a snapshot), one page of it under the filters: what the page shows either way. */
export function pageOfMatrix(matrix: ComplianceMatrix, filters: ComplianceFilters, page: number): CompliancePage {
  const courseIds = matrix.courses.map((c) => c.id);
  const shown = matrix.workers.filter((w) => matchesComplianceFilters((id) => cellOf(w, id).state, courseIds, filters));
  const offset = (page - 1) * COMPLIANCE_PAGE_SIZE;
  return {
    courses: matrix.courses,
    counts: matrix.counts,
    totalWorkers: matrix.workers.length,
    shownWorkers: shown.length,
    workers: shown.slice(offset, offset + COMPLIANCE_PAGE_SIZE),
    hasNext: offset + COMPLIANCE_PAGE_SIZE < shown.length,
    truncated: matrix.truncated,
  };
}

/** By course: how many workers are in each state (sin curso included). */
export function countCells(courses: readonly ComplianceCourse[], workers: readonly ComplianceWorker[]): Map<number, Record<ComplianceState, number>> {
  const counts = new Map<number, Record<ComplianceState, number>>();
  for (const c of courses) {
    const tally = emptyTally();
    for (const w of workers) tally[cellOf(w, c.id).state]++;
    counts.set(c.id, tally);
  }
  return counts;
}

/** The nómina's order of names (Spanish, numbers by value): the matrix's collation, es_natural, on PostgreSQL. */
const byName = new Intl.Collator("es", { sensitivity: "base", numeric: true });

export interface NominaRow {
  name: string;
  rut: string | null;
  code: string;
  validUntil: string | null;
}

/**
 * The company's workers who hold a current certificate of a course today (vigente or por vencer), by name: the
 * nómina's rows. Name and RUT as printed on each certificate (the account's RUT when the certificate printed none);
 * a certificate whose holder had their data deleted is left out, since its public page no longer names them.
 */
export async function currentCertificateHolders(companyId: number, courseId: number, at: Date = now()): Promise<NominaRow[]> {
  const rows = await db()
    .select({
      name: certificate.holderName,
      holderRut: certificate.holderRut,
      accountRut: user.rut,
      code: certificate.code,
      validUntil: certificate.validUntil,
      withheld: certificate.holderWithheld,
      enrolmentId: certificate.enrolmentId,
      cycle: certificate.cycle,
    })
    .from(companyEnrolment)
    .innerJoin(user, eq(user.id, companyEnrolment.userId))
    .innerJoin(certificate, eq(certificate.enrolmentId, companyEnrolment.enrolmentId))
    .where(and(eq(companyEnrolment.companyId, companyId), eq(companyEnrolment.courseId, courseId), isNull(certificate.revokedAt)))
    .orderBy(desc(certificate.cycle))
    .limit(MAX_NOMINA_ROWS);
  const classify = complianceClassifier(chileDay(at));
  // One line per worker: a renewed worker's newest current certificate (the earlier one may still count too).
  const listed = new Set<number>();
  return rows
    .filter((r) => !r.withheld && isCurrent(classify({ enrolled: true, certificate: { validUntil: r.validUntil, revokedAt: null } })))
    .filter((r) => {
      if (listed.has(r.enrolmentId)) return false;
      listed.add(r.enrolmentId);
      return true;
    })
    .map((r) => ({ name: r.name, rut: r.holderRut ?? r.accountRut, code: r.code, validUntil: r.validUntil }))
    .sort((a, b) => byName.compare(a.name, b.name) || a.code.localeCompare(b.code));
}

// ── Exports ───────────────────────────────────────────────────────────────────

/** A Chile day 'yyyy-mm-dd' as the Date a spreadsheet shows as that day (the writer reads dates in UTC). */
function sheetDay(iso: string | null): Date | null {
  const day = iso ? parseIsoDay(iso) : null;
  return day ? new Date(Date.UTC(day.y, day.m - 1, day.d)) : null;
}

/** The workbook's columns under the filters: per course (one, with `?curso=`) its state and last valid day. */
function sheetColumns(courses: readonly ComplianceCourse[], filters: ComplianceFilters) {
  const shown = filters.courseId === null ? courses : courses.filter((c) => c.id === filters.courseId);
  return {
    shown,
    columns: [
      { header: "Nombre", width: 32 },
      { header: "RUT", width: 14 },
      ...shown.flatMap((c) => [
        { header: `${c.title}: estado`, width: 22 },
        { header: `${c.title}: válido hasta`, width: 16, format: "date" as const },
      ]),
    ],
  };
}

function sheetRow(w: ComplianceWorker, courses: readonly ComplianceCourse[]): CellValue[] {
  return [
    w.name,
    w.rut ? formatRut(w.rut) : "",
    ...courses.flatMap((c) => {
      const cell = cellOf(w, c.id);
      return [COMPLIANCE_LABELS[cell.state], sheetDay(cell.validUntil)];
    }),
  ];
}

/** A snapshot's matrix under the page's filters, every page, as an Excel workbook. */
export function complianceXlsx(matrix: ComplianceMatrix, search: URLSearchParams, pageHeader: string): Uint8Array {
  const courseIds = matrix.courses.map((c) => c.id);
  const filters = parseComplianceFilters(search, courseIds);
  const { shown, columns } = sheetColumns(matrix.courses, filters);
  const workers = matrix.workers.filter((w) => matchesComplianceFilters((id) => cellOf(w, id).state, courseIds, filters));
  return writeXlsx({ name: "Cumplimiento", columns, rows: workers.map((w) => sheetRow(w, shown)), pageHeader: pageHeader.slice(0, 200) });
}

/**
 * Today's matrix under the page's filters, every page, as Excel, streamed: its rows are read a chunk at a time in
 * the matrix's order and each chunk is written and compressed before the next is read. The first chunk is read
 * before the stream is handed over, so a failing read still answers an error rather than a cut download.
 */
export async function todayComplianceXlsx(companyId: number, companyName: string, search: URLSearchParams, at: Date = now()): Promise<ReadableStream<Uint8Array>> {
  const [courses, groups] = await Promise.all([companyCourses(companyId), companyGroupOptions(companyId, at)]);
  const filters = parseComplianceFilters(search, courses.map((c) => c.id), groups);
  const { shown, columns } = sheetColumns(courses, filters);
  const walk = walkComplianceMatrix(companyId, courses, filters, at, { certificates: false });
  const first = await walk.next();
  async function* batches() {
    try {
      for (let next = first; !next.done; next = await walk.next()) yield next.value.map((w) => sheetRow(w, shown));
    } finally {
      // A download cancelled half-way ends the walk too.
      await walk.return({ truncated: false });
    }
  }
  const pageHeader = [`Cumplimiento · ${companyName}`, filters.groups ? groupsLine(filters.groups) : null, formatDate(at)].filter(Boolean).join(" · ").slice(0, 200);
  return streamXlsx({ name: "Cumplimiento", columns, pageHeader }, batches());
}

/** A course's nómina de personal capacitado for the company, as a streamed PDF. */
export async function nominaPdf(company: { id: number; name: string; rut: string }, c: ComplianceCourse, at: Date = now()): Promise<ReadableStream<Uint8Array>> {
  const rows = await currentCertificateHolders(company.id, c.id, at);
  return renderNominaPdf({ companyName: company.name, companyRut: company.rut, courseTitle: c.title, issuedAt: at, publicUrl: env().PUBLIC_URL, rows });
}
