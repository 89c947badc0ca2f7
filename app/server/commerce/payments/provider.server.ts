// What a card-payment provider does for the academy, in the academy's words. Orders and checkout talk
// to this interface only; Webpay Plus (webpay.server.ts) is its first implementation. Every call
// resolves (never throws) to a result that says plainly what happened, so a caller cannot forget a case.

/** Transbank's limits (transbankdevelopers.cl/referencia/webpay, "Crear una transacción"). */
export const BUY_ORDER_MAX = 26;
export const SESSION_ID_MAX = 61;
export const RETURN_URL_MAX = 255; // the reference says 256; the official SDK refuses more than 255
/** Characters Transbank accepts in a buy order: letters, digits and |_=&%.,~:/?[+!@()>- */
export const BUY_ORDER_PATTERN = /^[A-Za-z0-9|_=&%.,~:/?[+!@()>-]+$/;

export interface CreatePaymentInput {
  /** The order's unique reference at the provider (≤ 26 characters, see BUY_ORDER_PATTERN). */
  buyOrder: string;
  /** Free text returned untouched at the end (≤ 61 characters). */
  sessionId: string;
  /** Whole Chilean pesos, > 0. Always the server's own figure, never a form's. */
  amountClp: number;
  /** Absolute URL the cardholder's browser comes back to (≤ 255 characters). */
  returnUrl: string;
}

/** How the browser must be sent to the provider's payment form (an auto-submitting form). */
export interface PaymentRedirect {
  method: "POST";
  url: string;
  fields: Record<string, string>;
}

/** Transbank's transaction states (referencia/webpay, "Confirmar una transacción": status). */
export type ProviderTransactionStatus =
  | "INITIALIZED"
  | "AUTHORIZED"
  | "REVERSED"
  | "FAILED"
  | "NULLIFIED"
  | "PARTIALLY_NULLIFIED"
  | "CAPTURED";

/** A transaction as the provider reports it after commit or on a status query. */
export interface PaymentTransaction {
  token: string;
  status: ProviderTransactionStatus;
  buyOrder: string;
  sessionId: string;
  amountClp: number;
  /** 0 = approved; negative = the issuer's or Transbank's rejection code. Null before payment. */
  responseCode: number | null;
  authorizationCode: string | null;
  /** VN credit, VD debit, VP prepaid, VC/SI/S2/NC instalments. */
  paymentTypeCode: string | null;
  cardLast4: string | null;
  installmentsNumber: number;
  installmentsAmountClp: number | null;
  /** MMDD, Transbank's accounting day. */
  accountingDate: string | null;
  transactionDate: Date | null;
  /** What is left after a partial nullification. */
  balanceClp: number | null;
  /** The provider's JSON as received: store it with the payment for the audit trail. */
  raw: Record<string, unknown>;
}

/** The provider could not be reached or did not answer usefully: whether it acted is unknown. */
export interface NetworkFailure {
  kind: "networkFailure";
  cause: "connection" | "timeout" | "server_error" | "bad_response";
  detail: string;
}
/** The provider refused our credentials: a configuration problem, not the buyer's. */
export interface Unauthorized {
  kind: "unauthorized";
  detail: string;
}
/** The provider refused the request as invalid (HTTP 4xx other than the cases a result names). */
export interface RequestRefused {
  kind: "requestRefused";
  httpStatus: number;
  detail: string;
}
/** Our own check refused the input before any request was made. */
export interface InvalidInput {
  kind: "invalidInput";
  field: "buyOrder" | "sessionId" | "amountClp" | "returnUrl" | "token";
  detail: string;
}
export type CallFailure = NetworkFailure | Unauthorized | RequestRefused | InvalidInput;

export type CreatePaymentResult =
  | { kind: "created"; token: string; url: string; redirect: PaymentRedirect }
  | CallFailure;

export type CommitPaymentResult =
  /** status AUTHORIZED and response_code 0: the money is taken. */
  | { kind: "authorized"; transaction: PaymentTransaction }
  /** The card was rejected (status FAILED or a non-zero response code). */
  | { kind: "rejected"; transaction: PaymentTransaction }
  /** Someone committed this token before; the transaction says how it ended. */
  | { kind: "alreadyCommitted"; transaction: PaymentTransaction }
  /** The payment form ended without a payment (the cardholder cancelled, or it timed out): it never will be paid. */
  | { kind: "notCompleted"; transaction: PaymentTransaction | null; detail: string }
  /**
   * The payment form has not ended (the cardholder may still be on it), or Webpay's answer does not say it
   * ended: nothing to settle yet — a "cancelled" or "timed out" return claiming otherwise is not believed.
   */
  | { kind: "formOpen"; transaction: PaymentTransaction | null; detail: string }
  /** Another commit of this token is running right now; ask status() again shortly. */
  | { kind: "inProgress"; detail: string }
  | CallFailure;

export type PaymentStatusResult =
  | { kind: "found"; transaction: PaymentTransaction }
  | { kind: "notFound"; detail: string }
  /** Transbank answers status queries for 7 days only. */
  | { kind: "expired"; detail: string }
  | CallFailure;

export type RefundPaymentResult =
  /** Full amount, within 3 hours of the commit: as if the sale never happened. */
  | { kind: "reversed"; amountClp: number }
  /** Partial, or later than 3 hours: a nullification with its own authorisation. */
  | {
      kind: "nullified";
      amountClp: number;
      authorizationCode: string | null;
      authorizationDate: Date | null;
      balanceClp: number | null;
      raw: Record<string, unknown>;
    }
  /** The provider refused the refund (over the balance, not authorised, already refunded…). */
  | { kind: "refundRefused"; httpStatus: number | null; detail: string }
  | CallFailure;

/** What came back to return_url, read from the query string (GET) or the form body (POST). */
export type PaymentReturn =
  /** The normal end (paid or rejected): commit the token to learn which. */
  | { kind: "completed"; token: string }
  /** The cardholder pressed "Anular compra": nothing to commit. */
  | { kind: "cancelled"; token: string; buyOrder: string | null; sessionId: string | null }
  /** The payment form timed out: no token comes back, only the order. */
  | { kind: "timedOut"; buyOrder: string; sessionId: string | null }
  /** The form failed and the cardholder used "volver al sitio": ask status() for the truth. */
  | { kind: "formError"; token: string; buyOrder: string | null; sessionId: string | null }
  /** Nothing a provider would send (a forged or mangled return). */
  | { kind: "invalid" };

export interface PaymentProvider {
  readonly name: string;
  create(input: CreatePaymentInput): Promise<CreatePaymentResult>;
  commit(token: string): Promise<CommitPaymentResult>;
  status(token: string): Promise<PaymentStatusResult>;
  refund(token: string, amountClp: number): Promise<RefundPaymentResult>;
  /** Reads a return to return_url; accepts the parameters of a GET or of a POSTed form alike. */
  parseReturn(params: URLSearchParams): PaymentReturn;
}

/** The checks every provider call shares, so the buyer's data never reaches the network when wrong. */
export function checkCreateInput(input: CreatePaymentInput): InvalidInput | null {
  if (input.buyOrder.length === 0 || input.buyOrder.length > BUY_ORDER_MAX || !BUY_ORDER_PATTERN.test(input.buyOrder)) {
    return { kind: "invalidInput", field: "buyOrder", detail: `buyOrder must be 1–${BUY_ORDER_MAX} characters of ${BUY_ORDER_PATTERN.source}` };
  }
  if (input.sessionId.trim().length === 0 || input.sessionId.length > SESSION_ID_MAX) {
    return { kind: "invalidInput", field: "sessionId", detail: `sessionId must be 1–${SESSION_ID_MAX} characters` };
  }
  if (!Number.isSafeInteger(input.amountClp) || input.amountClp <= 0) {
    return { kind: "invalidInput", field: "amountClp", detail: "amountClp must be a whole number of pesos greater than 0" };
  }
  if (input.returnUrl.length > RETURN_URL_MAX || !isHttpUrl(input.returnUrl)) {
    return { kind: "invalidInput", field: "returnUrl", detail: `returnUrl must be an absolute http(s) URL of at most ${RETURN_URL_MAX} characters` };
  }
  return null;
}

function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
