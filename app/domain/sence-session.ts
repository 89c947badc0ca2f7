// A learner's SENCE session as the academy keeps it, and what a callback may do to it.
//
//   pending ──start OK──▶ open ──(close sent)──▶ open, closing ──close OK──▶ closed
//      │  └─start error─▶ failed                     └─close error─▶ open (the session is still open at SENCE)
//      └─15 min without an answer─▶ expired
//
// A callback is trusted only as the answer to a request the academy made: it names the session by its
// single-use correlation id (IdSesionAlumno), echoes what was sent, and arrives while the session waits for
// that answer. Anything else — a replay, an echo that differs, an answer nobody waits for — changes nothing.
import { echoMismatches, type SenceCallback, type SentEcho } from "./sence-callback";

/**
 * A learner who leaves Clave Única without finishing gets no callback at all (manual §2, "no retornará
 * parámetros de éxito ni de fracaso"), so a pending session needs a deadline of the academy's own. Fifteen
 * minutes leaves time to recover a forgotten Clave Única; the manual sets no figure.
 */
export const SENCE_PENDING_MINUTES = 15;
export const SENCE_PENDING_MS = SENCE_PENDING_MINUTES * 60 * 1000;

export const SENCE_SESSION_STATUSES = ["pending", "open", "closed", "failed", "expired"] as const;
export type SenceSessionStatus = (typeof SENCE_SESSION_STATUSES)[number];

export interface SenceSessionState {
  status: SenceSessionStatus;
  /** When the academy sent the learner to SENCE to start. */
  requestedAt: Date;
  /** When the academy last sent the learner to SENCE to close (null: not asked). */
  closeRequestedAt: Date | null;
  /** What the academy sent, which a callback must echo. */
  sent: SentEcho;
}

export function pendingExpiresAt(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + SENCE_PENDING_MS);
}

/** The status as of `now`: a pending session past its deadline counts as expired before anything writes it. */
export function currentStatus(state: Pick<SenceSessionState, "status" | "requestedAt">, now: Date): SenceSessionStatus {
  if (state.status === "pending" && now.getTime() >= pendingExpiresAt(state.requestedAt).getTime()) return "expired";
  return state.status;
}

/** Whether the learner is waiting for a close answer (the close was asked less than 15 minutes ago). */
export function closeInProgress(state: Pick<SenceSessionState, "status" | "closeRequestedAt">, now: Date): boolean {
  return state.status === "open" && state.closeRequestedAt !== null && now.getTime() < state.closeRequestedAt.getTime() + SENCE_PENDING_MS;
}

/** Course content is open to a worker under a SENCE action only while a session is open (docs/decisions.md F3). */
export function studyAllowed(state: Pick<SenceSessionState, "status" | "requestedAt"> | null, now: Date): boolean {
  return state !== null && currentStatus(state, now) === "open";
}

export type SenceIgnoreReason = "mismatch" | "replay" | "unexpected" | "late";

export type SenceTransition =
  | { change: "open"; senceSessionId: string }
  | { change: "fail"; codes: string[] }
  | { change: "close" }
  | { change: "close-failed"; codes: string[] }
  | { change: "none"; reason: SenceIgnoreReason; detail?: string };

/**
 * What a callback does to a session (the caller holds the session's row lock, so two callbacks at once are
 * decided one after the other). `isLatest`: no newer session exists for the same learner and action.
 */
export function senceTransition(state: SenceSessionState, callback: SenceCallback, now: Date, isLatest: boolean): SenceTransition {
  const wrong = echoMismatches(callback, state.sent);
  if (wrong.length > 0) return { change: "none", reason: "mismatch", detail: wrong.join(",") };

  const status = currentStatus(state, now);
  // Which request the callback answers: for an error, what the academy asked (its shape is not reliable:
  // SENCE may leave IdSesionSence out of an error); for a success, the shape must agree with it.
  const waitingFor = status === "pending" || status === "expired" ? "start" : status === "open" && state.closeRequestedAt ? "close" : null;

  if (waitingFor === null) return { change: "none", reason: status === "open" || status === "closed" || status === "failed" ? "replay" : "unexpected" };

  if (waitingFor === "start") {
    if (callback.outcome === "ok" && callback.shape !== "start") return { change: "none", reason: "unexpected", detail: "close-shape" };
    if (status === "expired") {
      // SENCE registered a start the learner finished after our deadline: honour it while it is still the
      // learner's latest attempt, or SENCE would hold a session the academy never shows.
      if (callback.outcome === "ok" && isLatest) return { change: "open", senceSessionId: callback.idSesionSence ?? "" };
      return { change: "none", reason: "late" };
    }
    return callback.outcome === "ok" ? { change: "open", senceSessionId: callback.idSesionSence ?? "" } : { change: "fail", codes: callback.codes };
  }

  if (callback.outcome === "ok" && callback.shape !== "close") return { change: "none", reason: "replay", detail: "start-shape" };
  return callback.outcome === "ok" ? { change: "close" } : { change: "close-failed", codes: callback.codes };
}

/** Whole minutes between a session's start and end (the attendance report's connected time). */
export function connectedMinutes(startedAt: Date, endedAt: Date): number {
  return Math.max(0, Math.floor((endedAt.getTime() - startedAt.getTime()) / 60_000));
}

/**
 * The franquicia requires at least 75 % attendance (Reglamento de la Ley 19.518, art. 29, read from a
 * secondary source: docs/sence.md). For e-learning the academy reports course progress against it.
 */
export const SENCE_MIN_PROGRESS = 75;
