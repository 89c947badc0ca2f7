// A company's compliance matrix (docs/certificate-validity.md): its workers × its courses, each cell today's state
// of the worker's certificate. Only what came through the company counts (company_enrolment): a worker the company
// no longer has is absent, and what a worker studies on their own is never shown to the company. Two queries
// whatever the company's size (its courses; every cell of its workers), classified in memory by the domain rule.
import { and, asc, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { renewalEligibility } from "~/domain/renewal";
import { chileDay, parseIsoDay } from "~/domain/chile-time";
import {
  COMPLIANCE_LABELS,
  COMPLIANCE_STATES,
  complianceClassifier,
  isCurrent,
  matchesComplianceFilters,
  parseComplianceFilters,
  type ComplianceState,
} from "~/domain/compliance";
import { formatDate } from "~/domain/format";
import { formatRut } from "~/domain/rut";
import { renderNominaPdf } from "../certificates/nomina-pdf.server";
import { db } from "../platform/db/client.server";
import { certificate, companyEnrolment, course, enrolment, user } from "../platform/db/schema";
import { env } from "../platform/env.server";
import { now } from "../platform/clock.server";
import { writeXlsx } from "../platform/spreadsheets/xlsx-writer.server";

/** Cells read at most (10 000 workers × 10 courses): a bound on memory and time, far above any real client. */
const MAX_CELLS = 100_000;

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
  userId: string;
  name: string;
  rut: string | null;
  /** By course id; a course without an entry is "sin curso". */
  cells: Map<number, ComplianceCell>;
}

export interface ComplianceMatrix {
  courses: ComplianceCourse[];
  /** By name (Spanish order), then RUT. */
  workers: ComplianceWorker[];
  /** By course id: how many workers are in each state (sin curso included). */
  counts: Map<number, Record<ComplianceState, number>>;
  /** Whether the matrix stopped at MAX_CELLS. */
  truncated: boolean;
}

const SIN_CURSO: ComplianceCell = { state: "sin-curso", validUntil: null, code: null, renewing: false, renewable: false };
export const cellOf = (w: ComplianceWorker, courseId: number): ComplianceCell => w.cells.get(courseId) ?? SIN_CURSO;

const byName = new Intl.Collator("es", { sensitivity: "base", numeric: true });

/** The company's courses: every course it ever held seats for or enrolled someone in, by title. */
export async function companyCourses(companyId: number): Promise<ComplianceCourse[]> {
  return db()
    .select({ id: course.id, title: course.title })
    .from(course)
    .where(
      sql`${course.id} in (select course_id from company_seat_pool where company_id = ${companyId} union select course_id from company_enrolment where company_id = ${companyId})`,
    )
    .orderBy(asc(course.title), asc(course.id));
}

/** The matrix as of `at` (the academy's clock: tests move it), in Chile's calendar. */
export async function complianceMatrix(companyId: number, at: Date = now()): Promise<ComplianceMatrix> {
  const [courses, rows] = await Promise.all([
    companyCourses(companyId),
    db()
      .select({
        userId: companyEnrolment.userId,
        courseId: companyEnrolment.courseId,
        name: user.name,
        rut: user.rut,
        code: certificate.code,
        validUntil: certificate.validUntil,
        revokedAt: certificate.revokedAt,
        certCycle: certificate.cycle,
        liveCycle: enrolment.cycle,
      })
      .from(companyEnrolment)
      .innerJoin(user, eq(user.id, companyEnrolment.userId))
      .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
      // The live cycle's certificate, and the one before it: while a renewal is studied, the earlier one still counts.
      .leftJoin(certificate, and(eq(certificate.enrolmentId, companyEnrolment.enrolmentId), gte(certificate.cycle, sql`${enrolment.cycle} - 1`)))
      .where(eq(companyEnrolment.companyId, companyId))
      .limit(MAX_CELLS + 1),
  ]);
  const truncated = rows.length > MAX_CELLS;
  const today = chileDay(at);
  const classify = complianceClassifier(today);
  const byUser = new Map<string, ComplianceWorker>();
  const cycleOfCell = new Map<string, number>();
  for (const r of rows.slice(0, MAX_CELLS)) {
    let w = byUser.get(r.userId);
    if (!w) {
      w = { userId: r.userId, name: r.name, rut: r.rut, cells: new Map() };
      byUser.set(r.userId, w);
    }
    // Two rows for an enrolment whose renewed cycle has its certificate too: the newest wins.
    const key = `${r.userId}:${r.courseId}`;
    if (r.certCycle !== null && (cycleOfCell.get(key) ?? 0) > r.certCycle) continue;
    if (r.certCycle !== null) cycleOfCell.set(key, r.certCycle);
    const cert = r.code ? { validUntil: r.validUntil, revokedAt: r.revokedAt } : null;
    const renewing = r.certCycle !== null && r.certCycle < r.liveCycle;
    w.cells.set(r.courseId, {
      state: classify({ enrolled: true, certificate: cert }),
      validUntil: r.code ? r.validUntil : null,
      code: r.code,
      renewing,
      renewable: !renewing && renewalEligibility(cert, today).ok,
    });
  }
  const workers = [...byUser.values()].sort((a, b) => byName.compare(a.name, b.name) || (a.rut ?? "").localeCompare(b.rut ?? ""));
  const counts = new Map<number, Record<ComplianceState, number>>();
  for (const c of courses) {
    const tally = Object.fromEntries(COMPLIANCE_STATES.map((s) => [s, 0])) as Record<ComplianceState, number>;
    for (const w of workers) tally[cellOf(w, c.id).state]++;
    counts.set(c.id, tally);
  }
  return { courses, workers, counts, truncated };
}

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
    .limit(MAX_CELLS);
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

/** The matrix (under the page's filters, every page) as an Excel workbook: per course its state and last valid day. */
export async function complianceXlsx(companyId: number, companyName: string, search: URLSearchParams, at: Date = now()): Promise<Uint8Array> {
  const matrix = await complianceMatrix(companyId, at);
  const courseIds = matrix.courses.map((c) => c.id);
  const filters = parseComplianceFilters(search, courseIds);
  const columns = filters.courseId === null ? matrix.courses : matrix.courses.filter((c) => c.id === filters.courseId);
  const workers = matrix.workers.filter((w) => matchesComplianceFilters((id) => cellOf(w, id).state, courseIds, filters));
  return writeXlsx({
    name: "Cumplimiento",
    columns: [
      { header: "Nombre", width: 32 },
      { header: "RUT", width: 14 },
      ...columns.flatMap((c) => [
        { header: `${c.title}: estado`, width: 22 },
        { header: `${c.title}: válido hasta`, width: 16, format: "date" as const },
      ]),
    ],
    rows: workers.map((w) => [
      w.name,
      w.rut ? formatRut(w.rut) : "",
      ...columns.flatMap((c) => {
        const cell = cellOf(w, c.id);
        return [COMPLIANCE_LABELS[cell.state], sheetDay(cell.validUntil)];
      }),
    ]),
    pageHeader: `Cumplimiento · ${companyName} · ${formatDate(at)}`.slice(0, 200),
  });
}

/** A course's nómina de personal capacitado for the company, as a streamed PDF. */
export async function nominaPdf(company: { id: number; name: string; rut: string }, c: ComplianceCourse, at: Date = now()): Promise<ReadableStream<Uint8Array>> {
  const rows = await currentCertificateHolders(company.id, c.id, at);
  return renderNominaPdf({ companyName: company.name, companyRut: company.rut, courseTitle: c.title, issuedAt: at, publicUrl: env().PUBLIC_URL, rows });
}
