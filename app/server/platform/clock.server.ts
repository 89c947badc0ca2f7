// The academy's one clock. Every rule that depends on "now" — expiry, reminders, deadlines, pending sessions,
// retention — asks here, so a test can move time across a boundary without waiting for it. SQL's now() stays
// for infrastructure (outbox leases, rate-limit windows), never for a rule a user can see.
//
// The end-to-end server can be moved too, through POST /__pruebas/reloj, but only when TEST_CLOCK_TOKEN is set
// (never in production: the environment check refuses it there) and only in one process. That moves the clock
// for every test at once; a test that needs time to pass for its own learner only (studying a lesson takes
// minutes: docs/decisions.md F8) sends a per-request offset instead (clock-control.server.ts), which the
// server honours under the same condition and which lives only as long as that request.
import { AsyncLocalStorage } from "node:async_hooks";

let offsetMs = 0;
let frozen: number | null = null;
const requestOffset = new AsyncLocalStorage<number>();

/** The current instant, as the academy's rules see it. */
export function now(): Date {
  return new Date((frozen ?? Date.now() + offsetMs) + (requestOffset.getStore() ?? 0));
}

/** For the end-to-end server only: runs `fn` (one request) with the clock moved by `ms` for it alone. */
export function withRequestClockOffset<T>(ms: number, fn: () => T): T {
  return requestOffset.run(ms, fn);
}

/** For tests: time stands still at `at` (null: runs again, from the real time plus any offset). */
export function freezeClock(at: Date | null): void {
  frozen = at ? at.getTime() : null;
}

/** For tests: moves the clock by `ms` (it keeps running, or stays frozen at the new instant). */
export function advanceClock(ms: number): void {
  if (frozen !== null) frozen += ms;
  else offsetMs += ms;
}

/** For tests: the real time again. */
export function resetClock(): void {
  offsetMs = 0;
  frozen = null;
}

/** How far the clock is from the real time (the e2e control endpoint answers with it). */
export function clockOffsetMs(): number {
  return (frozen ?? Date.now() + offsetMs) - Date.now();
}
