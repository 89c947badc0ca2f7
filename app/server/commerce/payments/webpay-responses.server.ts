// Webpay Plus response bodies (referencia/webpay: "Respuesta Transaction.commit", "…status",
// "…refund") read defensively: a body that does not match is reported, never guessed at.
import { z } from "zod";
import type { PaymentTransaction, RefundPaymentResult } from "./provider.server";

const text = z.string().nullish();
const number = z.number().nullish();

const transactionSchema = z.looseObject({
  vci: text,
  amount: z.number().nonnegative(),
  status: z.enum(["INITIALIZED", "AUTHORIZED", "REVERSED", "FAILED", "NULLIFIED", "PARTIALLY_NULLIFIED", "CAPTURED"]),
  buy_order: z.string(),
  session_id: z.string(),
  card_detail: z.looseObject({ card_number: text }).nullish(),
  accounting_date: text,
  transaction_date: text,
  authorization_code: text,
  payment_type_code: text,
  response_code: number,
  installments_amount: number,
  installments_number: number,
  balance: number,
});

export function parseTransaction(token: string, body: unknown): PaymentTransaction | null {
  const parsed = transactionSchema.safeParse(body);
  if (!parsed.success) return null;
  const t = parsed.data;
  const card = t.card_detail?.card_number ?? null;
  return {
    token,
    status: t.status,
    buyOrder: t.buy_order,
    sessionId: t.session_id,
    amountClp: t.amount,
    responseCode: t.response_code ?? null,
    authorizationCode: t.authorization_code ?? null,
    paymentTypeCode: t.payment_type_code ?? null,
    // Transbank sends the last four digits (the full number only to commerces it authorises).
    cardLast4: card ? card.slice(-4) : null,
    installmentsNumber: t.installments_number ?? 0,
    installmentsAmountClp: t.installments_amount ?? null,
    accountingDate: t.accounting_date ?? null,
    transactionDate: toDate(t.transaction_date),
    balanceClp: t.balance ?? null,
    raw: body as Record<string, unknown>,
  };
}

const refundSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("REVERSED") }),
  z.looseObject({
    type: z.literal("NULLIFIED"),
    authorization_code: text,
    authorization_date: text,
    nullified_amount: number,
    balance: number,
    response_code: number,
  }),
]);

export function parseRefund(body: unknown, requestedClp: number): RefundPaymentResult {
  const parsed = refundSchema.safeParse(body);
  if (!parsed.success) return { kind: "networkFailure", cause: "bad_response", detail: "refund answered with an unexpected body" };
  const refund = parsed.data;
  if (refund.type === "REVERSED") return { kind: "reversed", amountClp: requestedClp };
  // "response_code … Si es exitoso es 0, de lo contrario la reversa/anulación no fue realizada".
  if (refund.response_code !== 0) {
    return { kind: "refundRefused", httpStatus: null, detail: `nullification answered response_code ${String(refund.response_code)}` };
  }
  return {
    kind: "nullified",
    amountClp: refund.nullified_amount ?? requestedClp,
    authorizationCode: refund.authorization_code ?? null,
    authorizationDate: toDate(refund.authorization_date),
    balanceClp: refund.balance ?? null,
    raw: body as Record<string, unknown>,
  };
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
