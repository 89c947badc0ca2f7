// A company's compliance matrix (docs/certificate-validity.md): its workers × its courses, each cell today's state
// of the worker's certificate. Only what came through the company counts (company_enrolment): a worker the company
// no longer has is absent, and what a worker studies on their own is never shown to the company. People the company
// invited who have not accepted yet are rows too, their invited course "invitación pendiente". Three queries
// whatever the company's size (its courses; every cell of its workers; its open invitations), classified in memory
// by the domain rule.
import { and, asc, desc, eq, gt, gte, isNull, sql } from "drizzle-orm";
import { renewalEligibility } from "~/domain/renewal";
import { chileDay, parseIsoDay } from "~/domain/chile-time";
import {
  COMPLIANCE_LABELS,
  COMPLIANCE_STATES,
  INVITED,
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
import { certificate, companyEnrolment, companyInvitation, course, enrolment, user } from "../platform/db/schema";
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
  /** Null for a person only invited: no account of theirs is the company's yet. */
  userId: string | null;
  /** The open invitations behind this row's "invitación pendiente" cells. */
  invitationIds: number[];
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

const INVITED_CELL: ComplianceCell = { state: INVITED, validUntil: null, code: null, renewing: false, renewable: false };

/**
 * The company's worker invitations still open at `at` (not accepted, not revoked, not expired), oldest first: what
 * the manager typed (name, RUT) is all the company knows of these people until they accept.
 */
function openWorkerInvitations(companyId: number, at: Date) {
  return db()
    .select({ id: companyInvitation.id, courseId: companyInvitation.courseId, email: companyInvitation.email, name: companyInvitation.name, rut: companyInvitation.rut })
    .from(companyInvitation)
    .where(
      and(
        eq(companyInvitation.companyId, companyId),
        eq(companyInvitation.kind, "worker"),
        isNull(companyInvitation.acceptedAt),
        isNull(companyInvitation.revokedAt),
        gt(companyInvitation.expiresAt, at),
      ),
    )
    .orderBy(asc(companyInvitation.id))
    .limit(MAX_CELLS + 1);
}

/** The matrix as of `at` (the academy's clock: tests move it), in Chile's calendar. */
export async function complianceMatrix(companyId: number, at: Date = now()): Promise<ComplianceMatrix> {
  const [courses, invitations, rows] = await Promise.all([
    companyCourses(companyId),
    openWorkerInvitations(companyId, at),
    db()
      .select({
        userId: companyEnrolment.userId,
        courseId: companyEnrolment.courseId,
        name: user.name,
        email: user.email,
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
  const truncated = rows.length > MAX_CELLS || invitations.length > MAX_CELLS;
  const today = chileDay(at);
  const classify = complianceClassifier(today);
  const byUser = new Map<string, ComplianceWorker>();
  const cycleOfCell = new Map<string, number>();
  const byEmail = new Map<string, ComplianceWorker>();
  for (const r of rows.slice(0, MAX_CELLS)) {
    let w = byUser.get(r.userId);
    if (!w) {
      w = { userId: r.userId, invitationIds: [], name: r.name, rut: r.rut, cells: new Map() };
      byUser.set(r.userId, w);
      byEmail.set(r.email.toLowerCase(), w);
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
  // An invitation to someone already the company's worker (by the account's e-mail) is a cell of their row; the
  // others are one row per invited address. An accepted invitation is not open: its worker is a row above.
  const invited = new Map<string, ComplianceWorker>();
  for (const inv of invitations.slice(0, MAX_CELLS)) {
    if (inv.courseId === null) continue;
    let w = byEmail.get(inv.email) ?? invited.get(inv.email);
    if (!w) {
      w = { userId: null, invitationIds: [], name: inv.name, rut: inv.rut, cells: new Map() };
      invited.set(inv.email, w);
    }
    if (w.cells.has(inv.courseId)) continue;
    w.cells.set(inv.courseId, INVITED_CELL);
    w.invitationIds.push(inv.id);
  }
  const workers = [...byUser.values(), ...invited.values()].sort((a, b) => byName.compare(a.name, b.name) || (a.rut ?? "").localeCompare(b.rut ?? ""));
  return { courses, workers, counts: countCells(courses, workers), truncated };
}

/** By course: how many workers are in each state (sin curso included). */
export function countCells(courses: readonly ComplianceCourse[], workers: readonly ComplianceWorker[]): Map<number, Record<ComplianceState, number>> {
  const counts = new Map<number, Record<ComplianceState, number>>();
  for (const c of courses) {
    const tally = Object.fromEntries(COMPLIANCE_STATES.map((s) => [s, 0])) as Record<ComplianceState, number>;
    for (const w of workers) tally[cellOf(w, c.id).state]++;
    counts.set(c.id, tally);
  }
  return counts;
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

/**
 * A matrix (today's or a snapshot's) under the page's filters, every page, as an Excel workbook: per course its
 * state and last valid day.
 */
export function complianceXlsx(matrix: ComplianceMatrix, search: URLSearchParams, pageHeader: string): Uint8Array {
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
    pageHeader: pageHeader.slice(0, 200),
  });
}

/** Today's matrix as Excel. */
export async function todayComplianceXlsx(companyId: number, companyName: string, search: URLSearchParams, at: Date = now()): Promise<Uint8Array> {
  return complianceXlsx(await complianceMatrix(companyId, at), search, `Cumplimiento · ${companyName} · ${formatDate(at)}`);
}

/** A course's nómina de personal capacitado for the company, as a streamed PDF. */
export async function nominaPdf(company: { id: number; name: string; rut: string }, c: ComplianceCourse, at: Date = now()): Promise<ReadableStream<Uint8Array>> {
  const rows = await currentCertificateHolders(company.id, c.id, at);
  return renderNominaPdf({ companyName: company.name, companyRut: company.rut, courseTitle: c.title, issuedAt: at, publicUrl: env().PUBLIC_URL, rows });
}
