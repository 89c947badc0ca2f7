// A company's compliance matrix (docs/certificate-validity.md): for each worker and course of the company, whether
// the worker is covered today. The state of one cell comes from the worker's enrolment in the course through the
// company and its certificate, against today's Chile day.
import { addDays, isoDay, parseIsoDay, type Day } from "./chile-time";
import { EXPIRING_SOON_DAYS } from "./certificate-validity";
import { GROUP_KINDS, parseGroupFilters, type GroupKind } from "./company-groups";
import { parseId } from "./ids";

export const COMPLIANCE_STATES = ["vigente", "por-vencer", "vencido", "revocado", "en-curso", "invitado", "sin-curso"] as const;
export type ComplianceState = (typeof COMPLIANCE_STATES)[number];

export const COMPLIANCE_LABELS: Record<ComplianceState, string> = {
  vigente: "Vigente",
  "por-vencer": "Por vencer",
  vencido: "Vencido",
  revocado: "Revocado",
  "en-curso": "En curso",
  invitado: "Invitación pendiente",
  "sin-curso": "Sin curso",
};

/**
 * A cell with no enrolment yet but an open invitation of the company to that course (not accepted, revoked or
 * expired): the seat is held, the worker has not joined. Not a rule of the certificate, so not the classifier's.
 */
export const INVITED: ComplianceState = "invitado";

/** What a cell knows: an enrolment through the company (or none) and its certificate (or none yet). */
export interface ComplianceCellInput {
  enrolled: boolean;
  certificate: { validUntil: string | null; revokedAt: Date | null } | null;
}

/**
 * The days a cell's last valid day is compared with, today: before `today` it is vencido, up to `soon` (today +
 * EXPIRING_SOON_DAYS) por vencer. ISO days ('yyyy-mm-dd') order as strings and as SQL dates do, so the matrix's query
 * classifies with these same two days (companies/compliance.server.ts) and a test holds both to the classifier.
 */
export interface ComplianceBounds {
  today: string;
  soon: string;
}

export function complianceBounds(today: Day): ComplianceBounds {
  return { today: isoDay(today), soon: isoDay(addDays(today, EXPIRING_SOON_DAYS)) };
}

/**
 * The rule for one cell, with today's bounds computed once (a matrix classifies thousands of cells against the
 * same day). Revoked wins; a certificate counts through its whole last day, and is "por vencer" when that day is at
 * most EXPIRING_SOON_DAYS days away; one without a last day never expires. Enrolled without a certificate is
 * "en curso" (a finished course whose certificate is missing too: it does not cover the worker).
 */
export function complianceClassifier(today: Day): (cell: ComplianceCellInput) => ComplianceState {
  const { today: todayIso, soon: soonIso } = complianceBounds(today);
  return (cell) => {
    const cert = cell.certificate;
    if (!cert) return cell.enrolled ? "en-curso" : "sin-curso";
    if (cert.revokedAt) return "revocado";
    if (!cert.validUntil || !parseIsoDay(cert.validUntil)) return "vigente";
    if (cert.validUntil < todayIso) return "vencido";
    if (cert.validUntil <= soonIso) return "por-vencer";
    return "vigente";
  };
}

/** The state of one cell today. */
export function complianceState(cell: ComplianceCellInput, today: Day): ComplianceState {
  return complianceClassifier(today)(cell);
}

/** Whether a certificate in this state covers the worker today (what the nómina lists). */
export function isCurrent(state: ComplianceState): boolean {
  return state === "vigente" || state === "por-vencer";
}

export interface ComplianceFilters {
  courseId: number | null;
  state: ComplianceState | null;
  /**
   * Today's matrix only (a snapshot keeps no groups): the groups the matrix is scoped to, rows and counts alike. A
   * person is in a group when one of their assignments or open invitations in the company carries it; with several
   * kinds, in each of them.
   */
  groups?: Partial<Record<GroupKind, string>>;
}

/**
 * `?curso=` and `?estado=` of the matrix and its export; a course the company does not have is ignored. With the
 * company's groups (`groupOptions`, today's matrix), `?sucursal=`, `?faena=` and `?cc=` too: a value that is not
 * among the company's own is ignored, as the form shows it ("Todas").
 */
export function parseComplianceFilters(params: URLSearchParams, courseIds: readonly number[], groupOptions?: Readonly<Record<GroupKind, readonly string[]>>): ComplianceFilters {
  const courseId = parseId(params.get("curso"));
  const state = params.get("estado");
  const asked = groupOptions ? parseGroupFilters(params) : {};
  const groups = Object.fromEntries(GROUP_KINDS.filter((k) => asked[k] !== undefined && groupOptions![k].includes(asked[k])).map((k) => [k, asked[k]!]));
  return {
    courseId: courseId !== null && courseIds.includes(courseId) ? courseId : null,
    state: (COMPLIANCE_STATES as readonly string[]).includes(state ?? "") ? (state as ComplianceState) : null,
    ...(Object.keys(groups).length > 0 ? { groups } : {}),
  };
}

/** Whether a worker's row shows under the filters: with a course, that course's cell; without, any cell. */
export function matchesComplianceFilters(stateOf: (courseId: number) => ComplianceState, courseIds: readonly number[], f: ComplianceFilters): boolean {
  if (!f.state) return true;
  if (f.courseId !== null) return stateOf(f.courseId) === f.state;
  return courseIds.some((id) => stateOf(id) === f.state);
}

/**
 * Workers per page of the matrix: the counts above it cover every worker. Fifty rows of ten courses is what a manager
 * reads at once, and the page's server time is its cells' rendering (docs/performance.md, "The compliance matrix").
 */
export const COMPLIANCE_PAGE_SIZE = 50;

/** The admin's report of certificates about to expire: how many days ahead it looks. */
export const EXPIRY_WINDOWS = [30, 90, 180] as const;
export type ExpiryWindow = (typeof EXPIRY_WINDOWS)[number];

/** `?dias=`: one of the windows; anything else is 90. */
export function parseExpiryWindow(value: string | null): ExpiryWindow {
  const n = Number(value);
  return (EXPIRY_WINDOWS as readonly number[]).includes(n) ? (n as ExpiryWindow) : 90;
}

// ── Monthly snapshots (docs/certificate-validity.md, "Monthly snapshots") ──

/** One cell as a snapshot keeps it: its state, last valid day and certificate code. */
export type SnapshotCell = [state: ComplianceState, validUntil: string | null, code: string | null];
/** By course id; a course without an entry was "sin curso". */
export type SnapshotCells = Record<string, SnapshotCell>;

/** The month a Chile day falls in, as its first day: '2026-12-01'. */
export function monthOf(day: Day): string {
  return `${day.y}-${String(day.m).padStart(2, "0")}-01`;
}

/** `?mes=2026-12` → '2026-12-01'; anything else (a day, a month 13, text) → null. */
export function parseSnapshotMonth(value: string | null): string | null {
  const m = /^(\d{4})-(\d{2})$/.exec(value ?? "");
  if (!m) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? `${m[1]}-${m[2]}-01` : null;
}

/** '2026-12-01' → '2026-12' (the value of `?mes=`). */
export function snapshotMonthParam(month: string): string {
  return month.slice(0, 7);
}

/** Whether a stored cell names a known state (a snapshot written by an older version may not). */
export function isComplianceState(value: unknown): value is ComplianceState {
  return (COMPLIANCE_STATES as readonly unknown[]).includes(value);
}
