// Webpay's return: what comes back to return_url settles the order, with the answer Webpay gives (never
// the browser's word), under the order's row lock.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { type OrderStatus } from "~/domain/commerce";
import { db } from "../../platform/db/client.server";
import { order } from "../../platform/db/schema";
import { logger } from "../../platform/logger.server";
import type { CommitPaymentResult, PaymentProvider, PaymentTransaction } from "../payments/provider.server";
import { isApproved, webpayProvider } from "../payments/webpay.server";
import { type OrderRow, releaseCouponUse, lockOrder, setStatus, markPaid } from "./order-state.server";

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
 * the outcome: a token is committed (or its status asked) at Webpay, and the answer is what counts. A
 * "cancelled" or "timed out" return is anyone's GET (the buy order is the number printed on receipts): it
 * must carry the order's session id as Webpay sends it back, and even then only Webpay's own answer that
 * the form ended closes the order.
 */
export async function handleWebpayReturn(params: URLSearchParams, provider: PaymentProvider = webpayProvider()): Promise<WebpayOutcome> {
  const back = provider.parseReturn(params);
  if (back.kind === "invalid") return { kind: "invalid" };
  if (back.kind === "timedOut") {
    const row = await findOrder(eq(order.buyOrder, back.buyOrder));
    if (!row || !sameSession(row, back.sessionId)) return { kind: "invalid" };
    return settleAbandoned(row, provider, { type: "timedOut", note: "Tiempo agotado en el formulario de Webpay (confirmado por Webpay)" });
  }
  const row = await findOrder(eq(order.token, back.token));
  if (!row) return { kind: "invalid" };
  if (back.kind === "cancelled") {
    if (!sameSession(row, back.sessionId) || back.buyOrder !== row.buyOrder) return { kind: "invalid" };
    return settleAbandoned(row, provider, { type: "cancelled", note: "Anulado por la persona en Webpay (confirmado por Webpay)" });
  }
  // A reloaded return page or a second tab: a settled order is not committed again.
  if (row.status === "paid" || row.status === "refunded") return outcomeOf(row);
  if (back.kind === "formError") return settleFromStatus(row, provider);

  return settleCommit(row, await provider.commit(back.token), provider);
}

/** Webpay's TBK_ID_SESION is the session id this order was created with (a secret of the order: see checkout). */
function sameSession(row: OrderRow, sessionId: string | null): boolean {
  if (!row.sessionId || sessionId === null) return false;
  const a = Buffer.from(row.sessionId);
  const b = Buffer.from(sessionId);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * A return that says the cardholder gave up: Webpay is asked by committing the token (its status reads
 * INITIALIZED for a form still open and for one that ended alike; only the commit tells them apart). The
 * order closes only when Webpay says the form ended unpaid; a payment that went through is honoured.
 */
async function settleAbandoned(row: OrderRow, provider: PaymentProvider, verdict: Extract<Verdict, { type: "cancelled" | "timedOut" }>): Promise<WebpayOutcome> {
  if (row.status !== "pending") return outcomeOf(row);
  if (!row.token) return { kind: "unconfirmed", number: row.number };
  const committed = await provider.commit(row.token);
  if (committed.kind === "notCompleted") return settle(row, verdict);
  return settleCommit(row, committed, provider);
}

async function settleCommit(row: OrderRow, committed: CommitPaymentResult, provider: PaymentProvider): Promise<WebpayOutcome> {
  switch (committed.kind) {
    case "authorized":
      return settle(row, { type: "authorized", transaction: committed.transaction });
    case "rejected":
      return settle(row, { type: "rejected", transaction: committed.transaction, note: `Rechazado por Webpay (código ${committed.transaction.responseCode ?? "?"})` });
    case "alreadyCommitted":
      return settleTransaction(row, committed.transaction);
    case "notCompleted":
      return settle(row, { type: "cancelled", note: "Webpay informa que el pago no se completó" });
    case "formOpen":
      // The cardholder may still be paying: the order waits for Webpay's real return.
      return refreshOutcome(row);
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
