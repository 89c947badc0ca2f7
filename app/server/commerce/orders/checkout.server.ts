// Checkout: an order for a course (or a company's seats). The server alone computes the amount (price and
// coupon); Webpay is reached only through payments/provider.server.ts.
import crypto from "node:crypto";
import { and, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { commerceMessages, newOrderNumber, orderAmounts, orderWithinCeiling, type CouponKind, type PaymentMethodType } from "~/domain/commerce";
import { db, type DbOrTx, type Tx } from "../../platform/db/client.server";
import { coupon, course, order } from "../../platform/db/schema";
import { findEnrolment } from "../../learning/enrolments.server";
import { liveCertificate } from "../../learning/cycles.server";
import { renewalEligibility, renewalPrice } from "~/domain/renewal";
import { chileDay } from "~/domain/chile-time";
import { getSaleModes } from "../../catalogue/sale-mode.server";
import { logger } from "../../platform/logger.server";
import { now } from "../../platform/clock.server";
import { LIMITS, takeQuotas } from "../../platform/rate-limit.server";
import type { PaymentProvider } from "../payments/provider.server";
import { webpayProvider } from "../payments/webpay.server";
import type { BuyerTaxData } from "~/domain/tax-document-forms";
import { saveBuyerTaxData } from "../tax-documents/documents.server";
import { saveCompanyBilling, type CompanyBilling } from "../../companies/billing.server";
import { type OrderRow, returnUrl, orderPath, releaseCouponUse, lockOrder, recordEvent, setStatus, markPaid, queueOrderMail } from "./order-state.server";

// ── Checkout ──────────────────────────────────────────────────────────────────

export type CouponCheck =
  | { ok: true; id: number; code: string; kind: CouponKind; value: number }
  | { ok: false; message: string };

/** Whether a coupon applies to a course now (not whether a use is left: that is taken atomically). */
export async function findUsableCoupon(code: string, courseId: number, tx: DbOrTx = db(), at: Date = now()): Promise<CouponCheck> {
  const [row] = await tx.select().from(coupon).where(eq(coupon.code, code)).limit(1);
  if (!row || !row.active) return { ok: false, message: commerceMessages.couponInvalid };
  if (row.expiresAt && row.expiresAt.getTime() < at.getTime()) return { ok: false, message: commerceMessages.couponExpired };
  if (row.courseId !== null && row.courseId !== courseId) return { ok: false, message: commerceMessages.couponOtherCourse };
  if (row.maxUses !== null && row.uses >= row.maxUses) return { ok: false, message: commerceMessages.couponExhausted };
  return { ok: true, id: row.id, code: row.code, kind: row.kind as CouponKind, value: row.value };
}

/**
 * Takes one use of a coupon, or none if it has no use left. A single conditional UPDATE: PostgreSQL
 * re-checks the condition after waiting for a concurrent buyer's row lock, so the last use goes to one.
 */
async function takeCouponUse(tx: Tx, couponId: number): Promise<boolean> {
  const taken = await tx
    .update(coupon)
    .set({ uses: sql`${coupon.uses} + 1` })
    .where(and(eq(coupon.id, couponId), sql`(${coupon.maxUses} is null or ${coupon.uses} < ${coupon.maxUses})`))
    .returning({ id: coupon.id });
  return taken.length === 1;
}

export type CheckoutInput = {
  userId: string;
  courseId: number;
  method: "webpay" | "transfer";
  couponCode: string | null;
  /** Seats bought for a company by its manager (docs/decisions.md E2): paid, they are credited to it, nobody is enrolled.
   *  `billing`: its giro, address and comuna as confirmed at checkout, kept for its next facturas. */
  company?: { id: number; quantity: number; billing?: CompanyBilling };
  /** What the buyer asked for as tax document (docs/decisions.md F4); kept with the order. */
  taxBuyer?: BuyerTaxData;
  /** The client address (platform/rate-limit.server.ts clientIp), for the checkout limit. */
  ip?: string | null;
};

export type CheckoutResult =
  | { kind: "tooMany" }
  | { kind: "notFound" }
  | { kind: "notForSale" }
  | { kind: "alreadyEnrolled" }
  | { kind: "free" }
  | { kind: "couponError"; message: string }
  | { kind: "amountTooLarge" }
  | { kind: "paid"; number: string }
  | { kind: "transfer"; number: string }
  | { kind: "webpay"; number: string }
  | { kind: "webpayFailed"; number: string };

/**
 * Creates the order of a checkout and, for Webpay, the transaction at Transbank. A buyer, and a client address,
 * start a limited number of checkouts per window (platform/rate-limit.server.ts): each Webpay one calls Transbank.
 */
export async function checkout(input: CheckoutInput, provider: PaymentProvider = webpayProvider()): Promise<CheckoutResult> {
  const quotas: [string, (typeof LIMITS)[keyof typeof LIMITS]][] = [[`checkout:user:${input.userId}`, LIMITS.checkoutPerUser]];
  if (input.ip) quotas.push([`checkout:ip:${input.ip}`, LIMITS.checkoutPerAddress]);
  if (!(await takeQuotas(quotas))) return { kind: "tooMany" };
  const created = await db().transaction(async (tx): Promise<CheckoutResult | { kind: "startWebpay"; order: OrderRow }> => {
    // Three independent reads sent together: one round trip instead of three (a checkout is one of the
    // steps many buyers take at once).
    const [[target], modes, enrolled] = await Promise.all([
      tx
        .select({ id: course.id, title: course.title, priceClp: course.priceClp, renewalPriceClp: course.renewalPriceClp })
        .from(course)
        .where(and(eq(course.id, input.courseId), eq(course.status, "published")))
        .limit(1),
      getSaleModes([input.courseId], tx),
      input.company ? null : findEnrolment(input.userId, input.courseId, tx),
    ]);
    if (!target) return { kind: "notFound" };
    const mode = modes.get(target.id);
    if (mode === "free") return { kind: "free" };
    if (mode !== "paid" || target.priceClp === null) return { kind: "notForSale" };
    // Enrolled already: only a certificate due for renewal makes this order its next cycle (started when paid).
    if (enrolled && !renewalEligibility(await liveCertificate(tx, enrolled.id), chileDay(now())).ok) return { kind: "alreadyEnrolled" };
    // Still enrolled here means renewing: at the course's renewal price, when it has one.
    const unitPrice = enrolled ? renewalPrice(target.priceClp, target.renewalPriceClp) : target.priceClp;
    if (!orderWithinCeiling(unitPrice, input.company?.quantity ?? 1)) return { kind: "amountTooLarge" };

    if (input.method === "transfer" && !input.couponCode && !input.company) {
      // One open transfer order per learner and course: a second checkout shows the first again.
      const open = await findOpenTransferOrder(input.userId, target.id, tx);
      if (open) return { kind: "transfer", number: open };
    }
    if (input.method === "webpay" && !input.couponCode && !input.company) {
      // One pending Webpay order per learner and course while Webpay's form can still take it: a second checkout
      // (a double click, a reload, a script) sends the buyer back to the same form instead of asking Transbank again.
      const open = await findOpenWebpayOrder(input.userId, { courseId: target.id }, tx);
      if (open) return { kind: "webpay", number: open };
    }

    let applied: Extract<CouponCheck, { ok: true }> | null = null;
    if (input.couponCode) {
      const check = await findUsableCoupon(input.couponCode, target.id, tx);
      if (!check.ok) return { kind: "couponError", message: check.message };
      if (!(await takeCouponUse(tx, check.id))) return { kind: "couponError", message: commerceMessages.couponExhausted };
      applied = check;
    }
    const amounts = orderAmounts(unitPrice, input.company?.quantity ?? 1, applied);
    const method: PaymentMethodType = amounts.total === 0 ? "free" : input.method;
    const row = await insertOrder(tx, {
      userId: input.userId,
      courseId: target.id,
      companyId: input.company?.id ?? null,
      quantity: amounts.quantity,
      unitPriceClp: amounts.unitPrice,
      subtotalClp: amounts.subtotal,
      discountClp: amounts.discount,
      amountClp: amounts.total,
      couponId: applied?.id ?? null,
      couponCode: applied?.code ?? null,
      method,
    });
    await Promise.all([
      recordEvent(tx, row.id, null, "pending", input.userId, null),
      input.taxBuyer ? saveBuyerTaxData(tx, row.id, input.taxBuyer) : null,
      input.company?.billing ? saveCompanyBilling(tx, input.company.id, input.company.billing) : null,
    ]);

    if (method === "free") {
      await markPaid(tx, row, { method: "free", amountClp: 0 }, input.userId, `Cupón ${applied?.code ?? ""} cubre el total`);
      return { kind: "paid", number: row.number };
    }
    if (method === "transfer") {
      await queueOrderMail(tx, row, (base) => ({
        ...base,
        kind: "transferInstructions",
        total: row.amountClp,
        expiresAt: null,
        orderPath: orderPath(row.number),
      }));
      return { kind: "transfer", number: row.number };
    }
    return { kind: "startWebpay", order: row };
  });
  if (created.kind !== "startWebpay") return created;
  const row = created.order;
  return (await startWebpay(row, provider)) ? { kind: "webpay", number: row.number } : { kind: "webpayFailed", number: row.number };
}

/** The number of this learner's transfer order for a course that still waits for the money, if any. */
export async function findOpenTransferOrder(userId: string, courseId: number, tx: DbOrTx = db()): Promise<string | null> {
  const [open] = await tx
    .select({ number: order.number })
    .from(order)
    .where(and(eq(order.userId, userId), eq(order.courseId, courseId), eq(order.method, "transfer"), eq(order.status, "pending")))
    .orderBy(desc(order.createdAt))
    .limit(1);
  return open?.number ?? null;
}

/**
 * How long a pending Webpay order's form is offered again. Transbank's form gives a buyer a few minutes before it
 * times out; past this an order is left to its return (or to reconcileWebpayOrder) and a new checkout starts anew.
 */
export const WEBPAY_REUSE_MS = 5 * 60_000;

/**
 * The number of this learner's Webpay order whose form was created moments ago and is unused (a double click): for
 * a course bought for themselves, or for a skills session's seat.
 */
export async function findOpenWebpayOrder(userId: string, target: { courseId: number } | { sessionId: number }, tx: DbOrTx = db()): Promise<string | null> {
  const what =
    "sessionId" in target
      ? eq(order.skillsSessionId, target.sessionId)
      : and(eq(order.courseId, target.courseId), isNull(order.companyId), isNull(order.couponId), isNull(order.skillsSessionId));
  const [open] = await tx
    .select({ number: order.number })
    .from(order)
    .where(
      and(
        eq(order.userId, userId),
        what,
        eq(order.method, "webpay"),
        eq(order.status, "pending"),
        isNotNull(order.token),
        // created_at is stamped by the database: compared with the database's own clock.
        gt(order.createdAt, sql`now() - make_interval(secs => ${WEBPAY_REUSE_MS / 1000})`),
      ),
    )
    .orderBy(desc(order.createdAt))
    .limit(1);
  return open?.number ?? null;
}

/**
 * Webpay's session id for an order (≤ 61 characters), sent back with a cancelled or timed-out return: random,
 * so such a return proves it came through Webpay's form, where the buy order alone (the number on receipts) does not.
 */
function newSessionId(): string {
  return crypto.randomBytes(24).toString("base64url");
}

export async function insertOrder(tx: Tx, values: Omit<typeof order.$inferInsert, "number" | "buyOrder" | "sessionId">): Promise<OrderRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const number = newOrderNumber();
    const buyOrder = number.replace("-", "");
    const [row] = await tx
      .insert(order)
      .values({ ...values, number, buyOrder: values.method === "webpay" ? buyOrder : null, sessionId: values.method === "webpay" ? newSessionId() : null })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw new Error("could not draw a free order number");
}

/** Asks Webpay for a transaction; false (and the order failed, its coupon use given back) if it cannot. */
export async function startWebpay(row: OrderRow, provider: PaymentProvider): Promise<boolean> {
  const result = await provider.create({ buyOrder: row.buyOrder!, sessionId: row.sessionId!, amountClp: row.amountClp, returnUrl: returnUrl() });
  if (result.kind === "created") {
    await db().update(order).set({ token: result.token, webpayUrl: result.url, updatedAt: new Date() }).where(eq(order.id, row.id));
    return true;
  }
  logger.error({ orderId: row.id, result }, "Webpay create failed");
  await db().transaction(async (tx) => {
    const locked = await lockOrder(tx, row.id);
    if (locked?.status !== "pending") return;
    await setStatus(tx, locked, "failed", null, `Webpay no creó la transacción (${result.kind})`);
    await releaseCouponUse(tx, locked.couponId);
  });
  return false;
}

/** The Webpay form for a pending order of this learner: where the browser posts token_ws. */
export async function getWebpayRedirect(number: string, userId: string) {
  const [row] = await db()
    .select({ token: order.token, url: order.webpayUrl, status: order.status, method: order.method })
    .from(order)
    .where(and(eq(order.number, number), eq(order.userId, userId)))
    .limit(1);
  if (!row || row.method !== "webpay" || row.status !== "pending" || !row.token || !row.url) return null;
  return { url: row.url, token: row.token };
}
