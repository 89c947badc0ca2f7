// Checkout of a seat in a priced skills session (docs/skills-sessions.md, "Priced sessions"): an order of one seat
// of that session (order.skills_session_id; the course is the session's), paid by Webpay. The seat is not held
// while the learner is at Webpay: it is taken in the transaction that marks the order paid (order-state.server.ts
// → sessions/bookings.server.ts takePaidSeat), and a payment that finds no seat is refunded in full.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { commerceMessages, orderWithinCeiling } from "~/domain/commerce";
import { sessionMessages as M } from "~/domain/skills-sessions";
import type { BuyerTaxData } from "~/domain/tax-document-forms";
import { now } from "../../platform/clock.server";
import { db, type DbOrTx } from "../../platform/db/client.server";
import { enrolment, skillsBooking, skillsSession } from "../../platform/db/schema";
import { LIMITS, takeQuotas } from "../../platform/rate-limit.server";
import type { PaymentProvider } from "../payments/provider.server";
import { webpayProvider } from "../payments/webpay.server";
import { saveBuyerTaxData } from "../tax-documents/documents.server";
import { findOpenWebpayOrder, insertOrder, startWebpay } from "./checkout.server";
import { type OrderRow, recordEvent } from "./order-state.server";

export type SeatCheckoutResult =
  | { kind: "tooMany" }
  | { kind: "refused"; message: string; status: number }
  | { kind: "webpay"; number: string }
  | { kind: "webpayFailed"; number: string };

/** Why a learner cannot buy a seat of this session now, or null. The payment's transaction checks it all again. */
type SeatFacts = Pick<typeof skillsSession.$inferSelect, "id" | "courseId" | "placeKind" | "status" | "startsAt" | "priceClp" | "seatsTaken" | "capacity">;

export async function seatRefusal(tx: DbOrTx, userId: string, session: SeatFacts | null): Promise<{ message: string; status: number } | null> {
  if (!session || session.placeKind !== "venue") return { message: M.notFound, status: 404 };
  if (session.status !== "open") return { message: M.notOpen, status: 409 };
  if (session.startsAt <= now()) return { message: M.started, status: 409 };
  if (session.priceClp === null) return { message: M.notFound, status: 404 };
  const [[theory], [live]] = await Promise.all([
    tx
      .select({ id: enrolment.id })
      .from(enrolment)
      .where(and(eq(enrolment.userId, userId), eq(enrolment.courseId, session.courseId), isNotNull(enrolment.completedAt)))
      .limit(1),
    tx
      .select({ id: skillsBooking.id })
      .from(skillsBooking)
      .where(and(eq(skillsBooking.userId, userId), eq(skillsBooking.courseId, session.courseId), inArray(skillsBooking.status, ["booked", "waiting", "offered"])))
      .limit(1),
  ]);
  if (!theory) return { message: M.notEligible, status: 403 };
  if (live) return { message: M.alreadyBooked, status: 409 };
  // Offers not yet confirmed hold a seat too; a lapsed one is released by the payment's own look.
  if (session.seatsTaken >= session.capacity) return { message: M.paidFull, status: 409 };
  return null;
}

/**
 * Creates the order of one seat and its Webpay transaction. Webpay only: a transfer takes days to confirm while
 * the seat is not held, so the learner would mostly pay for a date already full. No coupon: coupons are a course's.
 */
export async function checkoutSeat(
  input: { userId: string; sessionId: number; taxBuyer?: BuyerTaxData; ip?: string | null },
  provider: PaymentProvider = webpayProvider(),
): Promise<SeatCheckoutResult> {
  const quotas: [string, (typeof LIMITS)[keyof typeof LIMITS]][] = [[`checkout:user:${input.userId}`, LIMITS.checkoutPerUser]];
  if (input.ip) quotas.push([`checkout:ip:${input.ip}`, LIMITS.checkoutPerAddress]);
  if (!(await takeQuotas(quotas))) return { kind: "tooMany" };
  const created = await db().transaction(async (tx): Promise<SeatCheckoutResult | { kind: "startWebpay"; order: OrderRow }> => {
    const [session] = await tx.select().from(skillsSession).where(eq(skillsSession.id, input.sessionId)).limit(1);
    const refused = await seatRefusal(tx, input.userId, session ?? null);
    if (refused) return { kind: "refused", ...refused };
    const open = await findOpenWebpayOrder(input.userId, { sessionId: session!.id }, tx);
    if (open) return { kind: "webpay", number: open };
    const price = session!.priceClp!;
    if (!orderWithinCeiling(price, 1)) return { kind: "refused", message: commerceMessages.amountTooLarge, status: 409 };
    const row = await insertOrder(tx, {
      userId: input.userId,
      courseId: session!.courseId,
      skillsSessionId: session!.id,
      companyId: null,
      quantity: 1,
      unitPriceClp: price,
      subtotalClp: price,
      discountClp: 0,
      amountClp: price,
      couponId: null,
      couponCode: null,
      method: "webpay",
    });
    await Promise.all([recordEvent(tx, row.id, null, "pending", input.userId, null), input.taxBuyer ? saveBuyerTaxData(tx, row.id, input.taxBuyer) : null]);
    return { kind: "startWebpay", order: row };
  });
  if (created.kind !== "startWebpay") return created;
  return (await startWebpay(created.order, provider)) ? { kind: "webpay", number: created.order.number } : { kind: "webpayFailed", number: created.order.number };
}
