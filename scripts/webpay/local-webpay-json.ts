// The JSON bodies Webpay Plus answers with (referencia/webpay: "Respuesta Transaction.commit",
// "Respuesta Transaction.status", "Respuesta Transaction.refund").
import type { LocalRefund, LocalTransaction } from "./local-webpay-state";

const SANTIAGO = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santiago", month: "2-digit", day: "2-digit" });

/** "accounting_date … Largo: 4, formato MMDD". */
function accountingDate(date: Date) {
  const parts = Object.fromEntries(SANTIAGO.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.month}${parts.day}`;
}

function paymentTypeCode(transaction: LocalTransaction) {
  // VN = venta normal (credit, no instalments), VD = débito, VP = prepago (producto/webpay, "Tipos de pago").
  if (transaction.card?.kind === "debit") return "VD";
  if (transaction.card?.kind === "prepaid") return "VP";
  return "VN";
}

/** Commit and status share one shape; an unpaid transaction has no card, codes or vci yet. */
export function transactionBody(transaction: LocalTransaction): Record<string, unknown> {
  if (transaction.phase !== "committed") {
    // Cancelled and timed-out transactions still read INITIALIZED (transbank-sdk-nodejs #94 and #37).
    return {
      amount: transaction.amount,
      status: "INITIALIZED",
      buy_order: transaction.buyOrder,
      session_id: transaction.sessionId,
      accounting_date: accountingDate(transaction.createdAt),
      transaction_date: transaction.createdAt.toISOString(),
      installments_number: 0,
    };
  }
  const when = transaction.formCompletedAt ?? transaction.createdAt;
  const body: Record<string, unknown> = {
    vci: "TSY",
    amount: transaction.amount,
    status: transaction.status,
    buy_order: transaction.buyOrder,
    session_id: transaction.sessionId,
    card_detail: { card_number: transaction.card?.number.slice(-4) ?? null },
    accounting_date: accountingDate(when),
    transaction_date: when.toISOString(),
    authorization_code: transaction.authorizationCode,
    payment_type_code: paymentTypeCode(transaction),
    response_code: transaction.responseCode,
    installments_number: 0,
  };
  if (transaction.refunds.some((r) => r.type === "NULLIFIED")) body.balance = transaction.balance;
  return body;
}

export function refundBody(refund: LocalRefund, transaction: LocalTransaction): Record<string, unknown> {
  // "Si es REVERSED no se devolverán datos de la transacción".
  if (refund.type === "REVERSED") return { type: "REVERSED" };
  return {
    type: "NULLIFIED",
    authorization_code: refund.authorizationCode,
    authorization_date: refund.at.toISOString(),
    nullified_amount: refund.amount,
    balance: transaction.balance,
    response_code: 0,
  };
}
