// Orders: the learner's purchase of a course (decisions.md E1). The server alone computes the amount
// (price and coupon); the enrolment an order pays for is written in the same transaction that marks it
// paid, under a row lock on the order, so whatever the order of returns, retries and reloads, an order
// has one payment and one enrolment. Webpay is reached only through payments/provider.server.ts.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  commerceMessages,
  newOrderNumber,
  orderAmounts,
  type CouponKind,
  type OrderStatus,
  type PaymentMethodType,
} from "~/domain/commerce";
import { db, type DbOrTx, type Tx } from "./db/client.server";
import { coupon, course, enrolment, order, orderEvent, payment, refund, user } from "./db/schema";
import { enrolInCourse, findEnrolment, type EnrolResult } from "./enrolments.server";
import { creditSeats, freeSeats, lockSeatPool, writeLedger } from "./company-seats.server";
import { getSaleModes } from "./sale-mode.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { renderMail } from "./mail/render-mail.server";
import type { MailMessage, PaymentMethod } from "./mail/messages.server";
import { queueMail } from "./outbox.server";
import type { PaymentProvider, PaymentTransaction } from "./payments/provider.server";
import { isApproved, webpayProvider } from "./payments/webpay.server";
import type { ActionResult } from "~/domain/action-result";
import { courseContentPath } from "~/domain/course-paths";

export type OrderRow = typeof order.$inferSelect;

export const returnUrl = () => `${env().PUBLIC_URL}/pagos/webpay/retorno`;
export const orderPath = (number: string) => `/compras/${number}`;
/** Where a paid order's buyer starts: the course, or for a company's seats the company's portal. */
const startPathOf = (row: Pick<OrderRow, "companyId" | "courseId">) => (row.companyId !== null ? `/empresa/${row.companyId}/cursos/${row.courseId}` : courseContentPath(row.courseId));

// ── Checkout ──────────────────────────────────────────────────────────────────

export type CouponCheck =
  | { ok: true; id: number; code: string; kind: CouponKind; value: number }
  | { ok: false; message: string };

/** Whether a coupon applies to a course now (not whether a use is left: that is taken atomically). */
export async function findUsableCoupon(code: string, courseId: number, tx: DbOrTx = db(), now = new Date()): Promise<CouponCheck> {
  const [row] = await tx.select().from(coupon).where(eq(coupon.code, code)).limit(1);
  if (!row || !row.active) return { ok: false, message: commerceMessages.couponInvalid };
  if (row.expiresAt && row.expiresAt.getTime() < now.getTime()) return { ok: false, message: commerceMessages.couponExpired };
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

async function releaseCouponUse(tx: Tx, couponId: number | null) {
  if (couponId === null) return;
  await tx
    .update(coupon)
    .set({ uses: sql`greatest(${coupon.uses} - 1, 0)` })
    .where(eq(coupon.id, couponId));
}

export type CheckoutInput = {
  userId: string;
  courseId: number;
  method: "webpay" | "transfer";
  couponCode: string | null;
  /** Seats bought for a company by its manager (decisions.md E2): paid, they are credited to it, nobody is enrolled. */
  company?: { id: number; quantity: number };
};

export type CheckoutResult =
  | { kind: "notFound" }
  | { kind: "notForSale" }
  | { kind: "alreadyEnrolled" }
  | { kind: "free" }
  | { kind: "couponError"; message: string }
  | { kind: "paid"; number: string }
  | { kind: "transfer"; number: string }
  | { kind: "webpay"; number: string }
  | { kind: "webpayFailed"; number: string };

/** Creates the order of a checkout and, for Webpay, the transaction at Transbank. */
export async function checkout(input: CheckoutInput, provider: PaymentProvider = webpayProvider()): Promise<CheckoutResult> {
  const created = await db().transaction(async (tx): Promise<CheckoutResult | { kind: "startWebpay"; order: OrderRow }> => {
    const [target] = await tx
      .select({ id: course.id, title: course.title, priceClp: course.priceClp })
      .from(course)
      .where(and(eq(course.id, input.courseId), eq(course.status, "published")))
      .limit(1);
    if (!target) return { kind: "notFound" };
    const mode = (await getSaleModes([target.id], tx)).get(target.id);
    if (mode === "free") return { kind: "free" };
    if (mode !== "paid" || target.priceClp === null) return { kind: "notForSale" };
    if (!input.company && (await findEnrolment(input.userId, target.id, tx))) return { kind: "alreadyEnrolled" };

    if (input.method === "transfer" && !input.couponCode && !input.company) {
      // One open transfer order per learner and course: a second checkout shows the first again.
      const open = await findOpenTransferOrder(input.userId, target.id, tx);
      if (open) return { kind: "transfer", number: open };
    }

    let applied: Extract<CouponCheck, { ok: true }> | null = null;
    if (input.couponCode) {
      const check = await findUsableCoupon(input.couponCode, target.id, tx);
      if (!check.ok) return { kind: "couponError", message: check.message };
      if (!(await takeCouponUse(tx, check.id))) return { kind: "couponError", message: commerceMessages.couponExhausted };
      applied = check;
    }
    const amounts = orderAmounts(target.priceClp, input.company?.quantity ?? 1, applied);
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
    await recordEvent(tx, row.id, null, "pending", input.userId, null);

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

async function insertOrder(tx: Tx, values: Omit<typeof order.$inferInsert, "number" | "buyOrder" | "sessionId">): Promise<OrderRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const number = newOrderNumber();
    const buyOrder = number.replace("-", "");
    const [row] = await tx
      .insert(order)
      .values({ ...values, number, buyOrder: values.method === "webpay" ? buyOrder : null, sessionId: values.method === "webpay" ? `pedido-${number}` : null })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw new Error("could not draw a free order number");
}

/** Asks Webpay for a transaction; false (and the order failed, its coupon use given back) if it cannot. */
async function startWebpay(row: OrderRow, provider: PaymentProvider): Promise<boolean> {
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

// ── State changes (always under the order's row lock) ─────────────────────────

async function lockOrder(tx: Tx, id: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(order).where(eq(order.id, id)).for("update").limit(1);
  return row ?? null;
}

export async function recordEvent(tx: Tx, orderId: number, from: OrderStatus | null, to: OrderStatus, actorUserId: string | null, note: string | null) {
  await tx.insert(orderEvent).values({ orderId, fromStatus: from, toStatus: to, actorUserId, note });
}

async function setStatus(tx: Tx, row: OrderRow, to: OrderStatus, actorUserId: string | null, note: string | null, extra: Partial<typeof order.$inferInsert> = {}) {
  const now = new Date();
  const closing = to === "rejected" || to === "cancelled" || to === "failed";
  await tx
    .update(order)
    .set({ status: to, updatedAt: now, ...(closing ? { closedAt: now } : {}), ...extra })
    .where(eq(order.id, row.id));
  await recordEvent(tx, row.id, row.status as OrderStatus, to, actorUserId, note);
}

type PaymentValues = Omit<typeof payment.$inferInsert, "orderId">;

/**
 * Marks an order paid, with its one payment and its one enrolment, and queues the receipt. The payment's
 * unique order_id and the enrolment's unique (user, course) hold even if two callers got this far.
 */
async function markPaid(tx: Tx, row: OrderRow, values: PaymentValues, actorUserId: string | null, note: string | null) {
  const [inserted] = await tx.insert(payment).values({ ...values, orderId: row.id }).onConflictDoNothing().returning({ id: payment.id });
  if (!inserted) return;
  // Seats for a company are credited to it (once per order: the ledger's unique order_id); nobody is enrolled.
  if (row.companyId !== null) await creditSeats(tx, { companyId: row.companyId, courseId: row.courseId, count: row.quantity, kind: "purchase", orderId: row.id, byUserId: actorUserId ?? row.userId });
  const enrolled: EnrolResult = row.companyId !== null ? { status: "course-not-found" } : await enrolInCourse({ userId: row.userId, courseId: row.courseId }, tx);
  const enrolmentId = enrolled.status === "course-not-found" ? null : enrolled.enrolmentId;
  if (enrolled.status === "course-not-found" && row.companyId === null) logger.error({ orderId: row.id }, "paid order for an unpublished course: no enrolment");
  const wasReleased = row.status === "cancelled" || row.status === "failed" || row.status === "rejected";
  // A late authorisation beats an earlier cancel: the coupon use it gave back is taken again (money was taken).
  if (wasReleased && row.couponId !== null) await tx.update(coupon).set({ uses: sql`${coupon.uses} + 1` }).where(eq(coupon.id, row.couponId));
  const paidAt = new Date();
  const notes = [note, enrolled.status === "already-enrolled" ? "La persona ya estaba inscrita en el curso" : null].filter(Boolean).join(". ");
  await setStatus(tx, row, "paid", actorUserId, notes || null, { paidAt, enrolmentId, closedAt: null });
  const method: PaymentMethod =
    row.method === "webpay"
      ? { type: "webpay", cardLast4: values.cardLast4 ?? null, authorizationCode: values.authorizationCode ?? null }
      : row.method === "transfer"
        ? { type: "transfer" }
        : { type: "free" };
  await queueOrderMail(tx, row, (base) =>
    row.method === "transfer"
      ? { ...base, kind: "transferConfirmed", total: row.amountClp, startPath: startPathOf(row), orderPath: orderPath(row.number) }
      : {
          ...base,
          kind: "purchaseReceipt",
          paidAt,
          subtotal: row.subtotalClp,
          coupon: row.couponCode ? { code: row.couponCode, discount: row.discountClp } : null,
          total: row.amountClp,
          method,
          startPath: startPathOf(row),
          orderPath: orderPath(row.number),
        },
  );
}

type MailBase = { name: string; orderNumber: string; course: { id: number; title: string }; quantity: number };

/** Renders a mail about an order for its buyer and queues it in the same transaction. */
export async function queueOrderMail(tx: Tx, row: OrderRow, build: (base: MailBase) => MailMessage) {
  const [who] = await tx
    .select({ name: user.name, email: user.email, title: course.title })
    .from(user)
    .innerJoin(course, eq(course.id, row.courseId))
    .where(eq(user.id, row.userId))
    .limit(1);
  if (!who) return;
  const message = build({ name: who.name, orderNumber: row.number, course: { id: row.courseId, title: who.title }, quantity: row.quantity });
  const rendered = await renderMail(message, { baseUrl: env().PUBLIC_URL });
  await queueMail({ to: who.email, ...rendered }, tx);
}

// ── Webpay's return ───────────────────────────────────────────────────────────

export type WebpayOutcome =
  | { kind: "paid"; number: string }
  | { kind: "rejected"; number: string }
  | { kind: "cancelled"; number: string }
  | { kind: "timedOut"; number: string }
  | { kind: "unconfirmed"; number: string }
  | { kind: "invalid" };

type Verdict =
  | { type: "authorized"; transaction: PaymentTransaction }
  | { type: "rejected"; transaction: PaymentTransaction | null; note: string }
  | { type: "cancelled"; note: string }
  | { type: "timedOut"; note: string };

/**
 * Everything that can come back to return_url (GET query or POST body). Never trusts the browser for
 * the outcome: a token is committed (or its status asked) at Webpay, and the answer is what counts.
 */
export async function handleWebpayReturn(params: URLSearchParams, provider: PaymentProvider = webpayProvider()): Promise<WebpayOutcome> {
  const back = provider.parseReturn(params);
  if (back.kind === "invalid") return { kind: "invalid" };
  if (back.kind === "timedOut") {
    const row = await findOrder(eq(order.buyOrder, back.buyOrder));
    if (!row) return { kind: "invalid" };
    return settle(row, { type: "timedOut", note: "Tiempo agotado en el formulario de Webpay" });
  }
  const row = await findOrder(eq(order.token, back.token));
  if (!row) return { kind: "invalid" };
  if (back.kind === "cancelled") return settle(row, { type: "cancelled", note: "Anulado por la persona en Webpay" });
  // A reloaded return page or a second tab: a settled order is not committed again.
  if (row.status === "paid" || row.status === "refunded") return outcomeOf(row);
  if (back.kind === "formError") return settleFromStatus(row, provider);

  const committed = await provider.commit(back.token);
  switch (committed.kind) {
    case "authorized":
      return settle(row, { type: "authorized", transaction: committed.transaction });
    case "rejected":
      return settle(row, { type: "rejected", transaction: committed.transaction, note: `Rechazado por Webpay (código ${committed.transaction.responseCode ?? "?"})` });
    case "alreadyCommitted":
      return settleTransaction(row, committed.transaction);
    case "notCompleted":
      return settle(row, { type: "cancelled", note: "Webpay informa que el pago no se completó" });
    case "inProgress":
      // Another return of the same token is committing right now: its answer will settle the order.
      return waitForSettlement(row);
    default:
      logger.warn({ orderId: row.id, result: committed }, "Webpay commit without an answer: asking its status");
      return settleFromStatus(row, provider, true);
  }
}

async function findOrder(where: ReturnType<typeof eq>) {
  const [row] = await db().select().from(order).where(where).limit(1);
  return row ?? null;
}

/** The commit's outcome is unknown (network): the transaction's status says; an uncommitted one is committed once more. */
async function settleFromStatus(row: OrderRow, provider: PaymentProvider, retryCommit = false): Promise<WebpayOutcome> {
  if (!row.token) return { kind: "unconfirmed", number: row.number };
  const state = await provider.status(row.token);
  if (state.kind !== "found") return { kind: "unconfirmed", number: row.number };
  if (state.transaction.status === "INITIALIZED" && retryCommit) {
    const again = await provider.commit(row.token);
    if (again.kind === "authorized" || again.kind === "rejected" || again.kind === "alreadyCommitted") return settleTransaction(row, again.transaction);
    if (again.kind === "notCompleted") return settle(row, { type: "cancelled", note: "Webpay informa que el pago no se completó" });
    return { kind: "unconfirmed", number: row.number };
  }
  return settleTransaction(row, state.transaction);
}

function settleTransaction(row: OrderRow, transaction: PaymentTransaction): Promise<WebpayOutcome> {
  if (isApproved(transaction)) return settle(row, { type: "authorized", transaction });
  if (transaction.status === "FAILED") return settle(row, { type: "rejected", transaction, note: "Rechazado por Webpay" });
  return refreshOutcome(row);
}

async function waitForSettlement(row: OrderRow): Promise<WebpayOutcome> {
  for (let i = 0; i < 40; i++) {
    const current = await findOrder(eq(order.id, row.id));
    if (current && current.status !== "pending") return outcomeOf(current);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { kind: "unconfirmed", number: row.number };
}

async function refreshOutcome(row: OrderRow): Promise<WebpayOutcome> {
  return outcomeOf((await findOrder(eq(order.id, row.id))) ?? row);
}

function outcomeOf(row: OrderRow): WebpayOutcome {
  switch (row.status) {
    case "paid":
    case "refunded":
      return { kind: "paid", number: row.number };
    case "rejected":
      return { kind: "rejected", number: row.number };
    case "cancelled":
      return { kind: "cancelled", number: row.number };
    case "failed":
      return { kind: "timedOut", number: row.number };
    default:
      return { kind: "unconfirmed", number: row.number };
  }
}

/** Applies Webpay's verdict to an order, under its row lock; a settled order is left as it is. */
async function settle(row: OrderRow, verdict: Verdict): Promise<WebpayOutcome> {
  const final = await db().transaction(async (tx) => {
    const locked = await lockOrder(tx, row.id);
    if (!locked) return row;
    if (verdict.type === "authorized") {
      const t = verdict.transaction;
      if (locked.status === "paid" || locked.status === "refunded") return locked;
      if (t.buyOrder !== locked.buyOrder || t.amountClp !== locked.amountClp) {
        // Never enrol on a payment that is not this order's: the admin sees it and refunds it.
        logger.error({ orderId: locked.id, buyOrder: t.buyOrder, amountClp: t.amountClp }, "Webpay authorisation does not match its order");
        await setStatus(tx, locked, "failed", null, `Pago autorizado que no coincide con el pedido (${t.buyOrder}, ${t.amountClp}): revisar y reembolsar`);
        if (locked.status === "pending") await releaseCouponUse(tx, locked.couponId);
        return { ...locked, status: "failed" };
      }
      await markPaid(
        tx,
        locked,
        {
          method: "webpay",
          amountClp: t.amountClp,
          authorizationCode: t.authorizationCode,
          cardLast4: t.cardLast4,
          paymentTypeCode: t.paymentTypeCode,
          installments: t.installmentsNumber,
          transactionDate: t.transactionDate,
          raw: t.raw,
        },
        null,
        "Autorizado por Webpay",
      );
      return { ...locked, status: "paid" };
    }
    if (locked.status !== "pending") return locked;
    const to: OrderStatus = verdict.type === "rejected" ? "rejected" : verdict.type === "cancelled" ? "cancelled" : "failed";
    await setStatus(tx, locked, to, null, verdict.note);
    await releaseCouponUse(tx, locked.couponId);
    return { ...locked, status: to };
  });
  return outcomeOf(final);
}

/**
 * A pending Webpay order whose return never arrived (closed tab, lost network): asks Webpay once, when its
 * buyer opens the order. Only an approved or failed transaction changes the order.
 */
export async function reconcileWebpayOrder(row: OrderRow, provider: PaymentProvider = webpayProvider()): Promise<OrderRow> {
  if (row.method !== "webpay" || row.status !== "pending" || !row.token) return row;
  const state = await provider.status(row.token);
  if (state.kind !== "found") return row;
  if (isApproved(state.transaction) || state.transaction.status === "FAILED") {
    await settleTransaction(row, state.transaction);
    return (await findOrder(eq(order.id, row.id))) ?? row;
  }
  return row;
}

// ── The learner's orders ──────────────────────────────────────────────────────

export async function listOrdersOfUser(userId: string) {
  return db()
    .select({
      number: order.number,
      courseId: order.courseId,
      courseTitle: course.title,
      amountClp: order.amountClp,
      method: order.method,
      status: order.status,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
    })
    .from(order)
    .innerJoin(course, eq(course.id, order.courseId))
    .where(eq(order.userId, userId))
    .orderBy(desc(order.createdAt), desc(order.id))
    .limit(200);
}

/** One order of this learner (never another's), with what its page shows. */
export async function getOrderForUser(number: string, userId: string, provider?: PaymentProvider) {
  const [found] = await db()
    .select()
    .from(order)
    .where(and(eq(order.number, number), eq(order.userId, userId)))
    .limit(1);
  if (!found) return null;
  const row = await reconcileWebpayOrder(found, provider);
  const [[c], [p], events] = await Promise.all([
    db().select({ title: course.title }).from(course).where(eq(course.id, row.courseId)).limit(1),
    db().select().from(payment).where(eq(payment.orderId, row.id)).limit(1),
    db().select({ toStatus: orderEvent.toStatus, createdAt: orderEvent.createdAt }).from(orderEvent).where(eq(orderEvent.orderId, row.id)).orderBy(asc(orderEvent.id)),
  ]);
  return { order: row, courseTitle: c?.title ?? "", payment: p ?? null, events };
}


// ── The admin's actions ───────────────────────────────────────────────────────

const notPending = { ok: false, message: "Este pedido ya no espera una transferencia." } as const;

/** An admin confirms the money of a transfer arrived: paid, enrolled and told, in one transaction. */
export async function confirmTransfer(number: string, adminId: string): Promise<ActionResult> {
  return db().transaction(async (tx) => {
    const [row] = await tx.select().from(order).where(eq(order.number, number)).for("update").limit(1);
    if (!row) return { ok: false, message: "El pedido no existe." };
    if (row.method !== "transfer" || row.status !== "pending") return notPending;
    await markPaid(tx, row, { method: "transfer", amountClp: row.amountClp, recordedBy: adminId }, adminId, "Transferencia confirmada");
    if (row.companyId !== null) return { ok: true, message: "Transferencia confirmada: los cupos quedaron disponibles para la empresa y el encargado recibió un correo." };
    return { ok: true, message: "Transferencia confirmada: la persona quedó inscrita y recibió un correo." };
  });
}

/** An admin rejects a transfer order (no money arrived, wrong amount…): closed, coupon use given back, buyer told. */
export async function rejectTransfer(number: string, adminId: string, reason: string | null): Promise<ActionResult> {
  return db().transaction(async (tx) => {
    const [row] = await tx.select().from(order).where(eq(order.number, number)).for("update").limit(1);
    if (!row) return { ok: false, message: "El pedido no existe." };
    if (row.method !== "transfer" || row.status !== "pending") return notPending;
    await setStatus(tx, row, "rejected", adminId, reason);
    await releaseCouponUse(tx, row.couponId);
    await queueOrderMail(tx, row, (base) => ({ ...base, kind: "orderRejected", total: row.amountClp, reason }));
    return { ok: true, message: "Pedido rechazado. Le avisamos a la persona por correo." };
  });
}

type RefundRecord = { kind: "reversed" | "nullified" | "manual"; amountClp: number; authorizationCode: string | null; raw: unknown };

/**
 * Refunds a paid order: Webpay's refund call for a card payment (asking its status when the answer is lost
 * or refused, since an earlier attempt may have gone through), then, in one transaction, the refund row,
 * the status, the end of access (unless kept) and the mail.
 */
export async function refundOrder(
  input: { number: string; adminId: string; reason: string; keepAccess: boolean },
  provider: PaymentProvider = webpayProvider(),
): Promise<ActionResult> {
  const [row] = await db().select().from(order).where(eq(order.number, input.number)).limit(1);
  if (!row) return { ok: false, message: "El pedido no existe." };
  if (row.status !== "paid") return { ok: false, message: "Solo se puede reembolsar un pedido pagado." };
  let record: RefundRecord = { kind: "manual", amountClp: row.amountClp, authorizationCode: null, raw: null };
  if (row.method === "webpay") {
    if (!row.token) return { ok: false, message: "El pedido no tiene una transacción de Webpay." };
    const result = await provider.refund(row.token, row.amountClp);
    if (result.kind === "reversed") record = { kind: "reversed", amountClp: result.amountClp, authorizationCode: null, raw: null };
    else if (result.kind === "nullified") record = { kind: "nullified", amountClp: result.amountClp, authorizationCode: result.authorizationCode, raw: result.raw };
    else {
      const state = result.kind === "refundRefused" || result.kind === "networkFailure" ? await provider.status(row.token) : null;
      const done = state?.kind === "found" && (state.transaction.status === "REVERSED" || state.transaction.status === "NULLIFIED");
      if (!done) {
        logger.warn({ orderId: row.id, result }, "Webpay refund not done");
        return {
          ok: false,
          message:
            result.kind === "refundRefused"
              ? `Webpay rechazó el reembolso: ${result.detail}`
              : "No pudimos confirmar el reembolso con Webpay. Inténtalo de nuevo en unos minutos: no se cobrará dos veces.",
        };
      }
      record = { kind: state.transaction.status === "REVERSED" ? "reversed" : "nullified", amountClp: row.amountClp, authorizationCode: null, raw: state.transaction.raw };
    }
  }
  return db().transaction(async (tx) => {
    const locked = await lockOrder(tx, row.id);
    if (!locked || locked.status !== "paid") return { ok: true as const, message: "El pedido ya estaba reembolsado." };
    const [inserted] = await tx
      .insert(refund)
      .values({
        orderId: locked.id,
        amountClp: record.amountClp,
        kind: record.kind,
        reason: input.reason,
        accessKept: input.keepAccess,
        authorizationCode: record.authorizationCode,
        byUserId: input.adminId,
        raw: record.raw,
      })
      .onConflictDoNothing()
      .returning({ id: refund.id });
    if (!inserted) return { ok: true as const, message: "El pedido ya estaba reembolsado." };
    const refundedAt = new Date();
    if (locked.companyId !== null) {
      // Seats already used by workers stay theirs; the seats still free go back with the money.
      await lockSeatPool(tx, locked.companyId, locked.courseId);
      const back = Math.min(locked.quantity, await freeSeats(tx, locked.companyId, locked.courseId));
      if (back > 0) await writeLedger(tx, { companyId: locked.companyId, courseId: locked.courseId, delta: -back, kind: "refund", reason: `Reembolso del pedido ${locked.number}`, byUserId: input.adminId, orderId: null });
    } else if (!input.keepAccess) {
      await tx.delete(enrolment).where(and(eq(enrolment.userId, locked.userId), eq(enrolment.courseId, locked.courseId)));
    }
    const note = `${input.reason}${input.keepAccess ? " (mantiene el acceso)" : " (acceso terminado)"}`;
    await setStatus(tx, locked, "refunded", input.adminId, note, { refundedAt });
    await queueOrderMail(tx, locked, (base) => ({
      ...base,
      kind: "refund",
      amount: record.amountClp,
      method: locked.method as PaymentMethod["type"],
      refundedAt,
      reason: input.reason,
      accessKept: input.keepAccess,
    }));
    return {
      ok: true as const,
      message: input.keepAccess ? "Reembolso registrado. La persona mantiene el acceso al curso." : "Reembolso registrado. La persona ya no tiene acceso al curso.",
    };
  });
}
