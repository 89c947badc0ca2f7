// What the pages show of SENCE sessions, built from the stored rows with the session rules (sence-session.ts):
// the learner's panel on the content page, and each worker's line of an action's attendance report. The server
// builds these shapes and the components draw them.
import { senceErrors, type SenceErrorInfo } from "./sence-errors";
import { closeInProgress, connectedMinutes, currentStatus, pendingExpiresAt, SENCE_MIN_PROGRESS, type SenceSessionStatus } from "./sence-session";
import type { SenceEnvironment } from "./sence-protocol";

/** A session row as stored, the parts the views read. */
export interface SenceSessionRecord {
  id: number;
  status: string;
  requestedAt: Date;
  startedAt: Date | null;
  closeRequestedAt: Date | null;
  closedAt: Date | null;
  errorCodes: string[];
  senceSessionId: string | null;
}

export interface SenceLearnerView {
  /** The latest session's state as of now; "none" before the first. */
  status: SenceSessionStatus | "none";
  environment: SenceEnvironment;
  /** ISO instants, shown in Chile's time by the page. */
  startedAt: string | null;
  closedAt: string | null;
  pendingUntil: string | null;
  connectedMinutes: number | null;
  /** A close was sent and its answer is awaited. */
  closing: boolean;
  /** Why SENCE refused the latest start (status failed) or close (still open). */
  errors: SenceErrorInfo[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function learnerView(latest: SenceSessionRecord | null, environment: SenceEnvironment, now: Date): SenceLearnerView {
  if (!latest) return { status: "none", environment, startedAt: null, closedAt: null, pendingUntil: null, connectedMinutes: null, closing: false, errors: [] };
  const status = currentStatus({ status: latest.status as SenceSessionStatus, requestedAt: latest.requestedAt }, now);
  const showErrors = status === "failed" || (status === "open" && latest.errorCodes.length > 0);
  return {
    status,
    environment,
    startedAt: iso(latest.startedAt),
    closedAt: iso(latest.closedAt),
    pendingUntil: status === "pending" ? pendingExpiresAt(latest.requestedAt).toISOString() : null,
    connectedMinutes: latest.startedAt && latest.closedAt ? connectedMinutes(latest.startedAt, latest.closedAt) : null,
    closing: closeInProgress({ status: latest.status as SenceSessionStatus, closeRequestedAt: latest.closeRequestedAt }, now),
    errors: showErrors ? senceErrors(latest.errorCodes) : [],
  };
}

export interface AttendanceSession {
  status: SenceSessionStatus;
  requestedAt: string;
  startedAt: string | null;
  closedAt: string | null;
  connectedMinutes: number | null;
  senceSessionId: string | null;
  errorCodes: string[];
}

export interface AttendanceWorker {
  participantId: number;
  name: string;
  email: string;
  run: string;
  progress: number;
  removed: boolean;
  sessions: AttendanceSession[];
  /** Sessions SENCE opened (the sworn statement, DJ, needs at least one). */
  startedSessions: number;
  /** Minutes of the closed sessions. */
  connectedMinutes: number;
  belowMinimum: boolean;
}

/** One worker's line of the attendance report. */
export function attendanceWorker(
  person: { participantId: number; name: string; email: string; run: string; progress: number; removed: boolean },
  sessions: readonly SenceSessionRecord[],
  now: Date,
): AttendanceWorker {
  const shown = sessions.map((s): AttendanceSession => {
    const status = currentStatus({ status: s.status as SenceSessionStatus, requestedAt: s.requestedAt }, now);
    return {
      status,
      requestedAt: s.requestedAt.toISOString(),
      startedAt: iso(s.startedAt),
      closedAt: iso(s.closedAt),
      connectedMinutes: s.startedAt && s.closedAt ? connectedMinutes(s.startedAt, s.closedAt) : null,
      senceSessionId: s.senceSessionId,
      errorCodes: s.errorCodes,
    };
  });
  return {
    ...person,
    sessions: shown,
    startedSessions: shown.filter((s) => s.startedAt !== null).length,
    connectedMinutes: shown.reduce((sum, s) => sum + (s.connectedMinutes ?? 0), 0),
    belowMinimum: person.progress < SENCE_MIN_PROGRESS,
  };
}
