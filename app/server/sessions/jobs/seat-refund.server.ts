// A skills-session seat bought online and given up (the learner or their company cancelled it in time, the admin
// cancelled the session, or the payment came when the seat could no longer be taken): its order is refunded in
// full through the orders' own refund path (Webpay's refund call, then the refund row, the nota de crédito and the
// mail). Queued in the transaction that gives the seat up; Webpay is called here, outside it. A refund Webpay could
// not confirm fails the job, which the outbox retries; an order already refunded is left as it is. This file also
// registers with the orders how a paid order takes its seat and a refund gives it up.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { refundOrder } from "../../commerce/orders/admin-orders.server";
import { registerSessionSeats } from "../../commerce/orders/session-seats.server";
import { releasePaidSeat, takePaidSeat } from "../bookings.server";
import { db } from "../../platform/db/client.server";
import { order } from "../../platform/db/schema";
import { defineJob } from "../../platform/outbox/jobs.server";

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    // actorId: who gave the seat up (the learner, a manager, the admin); null when the payment itself could not take it.
    skillsSeatRefund: { orderId: number; actorId: string | null; reason: string };
  }
}

/** Refunds a seat's order; throws when Webpay did not confirm it, so that the outbox tries again. */
export async function refundSeatOrder(orderId: number, actorId: string | null, reason: string): Promise<void> {
  const [row] = await db().select({ number: order.number, status: order.status, skillsSessionId: order.skillsSessionId }).from(order).where(eq(order.id, orderId)).limit(1);
  if (!row || row.skillsSessionId === null || row.status === "refunded") return;
  const done = await refundOrder({ number: row.number, adminId: actorId, reason, keepAccess: true });
  if (!done.ok) throw new Error(`seat order ${row.number} not refunded: ${done.message}`);
}

defineJob("skillsSeatRefund", {
  payload: z.object({ orderId: z.number().int(), actorId: z.string().nullable(), reason: z.string().max(300) }),
  run: ({ orderId, actorId, reason }) => refundSeatOrder(orderId, actorId, reason),
});

// How a paid order takes its seat, and a refund gives it up (commerce comes before sessions: it asks through this).
registerSessionSeats({ take: takePaidSeat, release: releasePaidSeat });
