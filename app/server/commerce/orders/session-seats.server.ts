// A seat in a priced skills session is sold as an order (orders.skills_session_id), but seats are the sessions
// area's, which comes after commerce (eslint/layers.js): the sessions area registers here how a paid order takes
// its seat and how a refund gives it up, as the areas register their jobs with the platform. Registered by
// app/server/areas.server.ts, loaded at start and by the tests' setup.
import type { Tx } from "../../platform/db/client.server";

export type PaidSeat = { ok: true; bookingId: number } | { ok: false; reason: string };

export interface SessionSeats {
  /** In the transaction that marks the order paid (its row locked): book the seat, or queue the order's refund. */
  take(tx: Tx, order: { id: number; userId: string; skillsSessionId: number }): Promise<PaidSeat>;
  /** In a refund's transaction (the order's row locked): give up the seat the order bought, if still held. */
  release(tx: Tx, orderId: number, actorId: string | null): Promise<void>;
}

let registered: SessionSeats | null = null;

export function registerSessionSeats(seats: SessionSeats): void {
  registered = seats;
}

export function sessionSeats(): SessionSeats {
  if (!registered) throw new Error("no handler for skills-session seats: is the sessions area loaded (app/server/areas.server.ts)?");
  return registered;
}
