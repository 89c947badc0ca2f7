// The academy's one clock. Every rule that depends on "now" — expiry, reminders, deadlines, pending sessions,
// retention — asks here, so a test can move time across a boundary without waiting for it. SQL's now() stays
// for infrastructure (outbox leases, rate-limit windows), never for a rule a user can see.
//
// The end-to-end server can be moved too, through POST /__pruebas/reloj, but only when TEST_CLOCK_TOKEN is set
// (never in production: the environment check refuses it there) and only in one process.
let offsetMs = 0;
let frozen: number | null = null;

/** The current instant, as the academy's rules see it. */
export function now(): Date {
  return new Date(frozen ?? Date.now() + offsetMs);
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
