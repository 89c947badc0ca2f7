// The transactions a local Webpay Plus server holds, and Transbank's rules for them, as published at
// transbankdevelopers.cl (referencia/webpay, documentacion/webpay-plus, producto/webpay) and as
// observed by integrators where the reference is silent (each such case says so).
import crypto from "node:crypto";

export const INTEGRATION_COMMERCE_CODE = "597055555532"; // documentacion/como_empezar, "Códigos de comercio"
export const INTEGRATION_API_KEY = "579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C";

/** The integration environment's test cards (documentacion/como_empezar, "Tarjetas de prueba"). */
export const TEST_CARDS = [
  { id: "visa", brand: "VISA", number: "4051885600446623", kind: "credit", approves: true },
  { id: "amex", brand: "AMEX", number: "370000000002032", kind: "credit", approves: true },
  { id: "mastercard", brand: "MASTERCARD", number: "5186059559590568", kind: "credit", approves: false },
  { id: "redcompra-1", brand: "Redcompra", number: "4051884239937763", kind: "debit", approves: true },
  { id: "redcompra-2", brand: "Redcompra", number: "4511346660037060", kind: "debit", approves: true },
  { id: "redcompra-rechazo", brand: "Redcompra", number: "5186008541233829", kind: "debit", approves: false },
  { id: "prepago-visa", brand: "Prepago VISA", number: "4051886000056590", kind: "prepaid", approves: true },
  { id: "prepago-mastercard", brand: "Prepago MASTERCARD", number: "5186174110629480", kind: "prepaid", approves: false },
] as const;
export type TestCard = (typeof TEST_CARDS)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** "el token … tiene un periodo reducido de vida de 5 minutos" (documentacion/webpay-plus). */
export const FORM_LIFETIME_MS = 5 * 60_000;
/** "Para poder ejecutar una reversa ésta debe ser realizada antes de las 3 horas" (producto/webpay). */
const REVERSAL_WINDOW_MS = 3 * HOUR;
/** Status answers for 7 days (documentacion/webpay-plus, "Obtener estado"). */
const STATUS_WINDOW_MS = 7 * DAY;
/** "El comercio tiene un plazo de 90 días desde la fecha de venta para anular" (producto/webpay). */
const NULLIFY_WINDOW_MS = 90 * DAY;

export type Phase = "created" | "paid" | "declined" | "cancelled" | "timedOut" | "committed";
export type WebpayStatus = "INITIALIZED" | "AUTHORIZED" | "FAILED" | "REVERSED" | "NULLIFIED" | "PARTIALLY_NULLIFIED";

export interface LocalRefund {
  type: "REVERSED" | "NULLIFIED";
  amount: number;
  at: Date;
  authorizationCode: string | null;
}

export interface LocalTransaction {
  token: string;
  commerceCode: string;
  buyOrder: string;
  sessionId: string;
  amount: number;
  returnUrl: string;
  createdAt: Date;
  phase: Phase;
  /** The payment form's lifetime ended (by the clock or by expireToken()). */
  formExpired: boolean;
  status: WebpayStatus;
  card: TestCard | null;
  formCompletedAt: Date | null;
  committedAt: Date | null;
  commitAttempts: number;
  /** A commit is being processed: a second one gets Transbank's lock error. */
  committing: boolean;
  responseCode: number | null;
  authorizationCode: string | null;
  balance: number;
  refunds: LocalRefund[];
}

/** An API error as Transbank sends it: an HTTP status and `{ "error_message": … }`. */
export class WebpayApiError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
  }
}

const BUY_ORDER = /^[A-Za-z0-9|_=&%.,~:/?[+!@()>-]{1,26}$/; // referencia/webpay, "Parámetros Transaction.create"
const TOKEN = /^[0-9a-f]{64}$/;

export class WebpayLedger {
  readonly byToken = new Map<string, LocalTransaction>();
  private offsetMs = 0;

  constructor(
    private readonly clock: () => Date = () => new Date(),
    readonly formLifetimeMs = FORM_LIFETIME_MS,
  ) {}

  now() {
    return new Date(this.clock().getTime() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }

  create(commerceCode: string, body: Record<string, unknown>): LocalTransaction {
    const { buy_order, session_id, amount, return_url } = body;
    for (const [name, value] of Object.entries({ buy_order, session_id, amount, return_url })) {
      if (value === undefined || value === null || value === "") throw new WebpayApiError(422, `${name} is required!`);
    }
    if (typeof buy_order !== "string" || !BUY_ORDER.test(buy_order)) throw invalid("buy_order");
    if (typeof session_id !== "string" || session_id.length > 61) throw invalid("session_id");
    // Whole pesos for a CLP commerce; "Largo máximo: 17".
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0 || String(amount).length > 17) throw invalid("amount");
    if (typeof return_url !== "string" || return_url.length > 256 || !isHttpUrl(return_url)) throw invalid("return_url");
    const transaction: LocalTransaction = {
      token: crypto.randomBytes(32).toString("hex"),
      commerceCode,
      buyOrder: buy_order,
      sessionId: session_id,
      amount,
      returnUrl: return_url,
      createdAt: this.now(),
      phase: "created",
      formExpired: false,
      status: "INITIALIZED",
      card: null,
      formCompletedAt: null,
      committedAt: null,
      commitAttempts: 0,
      committing: false,
      responseCode: null,
      authorizationCode: null,
      balance: amount,
      refunds: [],
    };
    this.byToken.set(transaction.token, transaction);
    return transaction;
  }

  /** The API's view of a token: malformed → 422, unknown or another commerce's → 404. */
  find(commerceCode: string, token: string): LocalTransaction {
    if (!TOKEN.test(token)) throw invalid("token");
    const transaction = this.byToken.get(token);
    if (!transaction || transaction.commerceCode !== commerceCode) throw new WebpayApiError(404, "Transaction not found");
    return transaction;
  }

  /** Whether the payment form can still be used; an expired one counts as a timeout. */
  formOpen(transaction: LocalTransaction) {
    if (transaction.phase !== "created") return false;
    if (this.now().getTime() - transaction.createdAt.getTime() > this.formLifetimeMs) transaction.formExpired = true;
    if (transaction.formExpired) transaction.phase = "timedOut";
    return transaction.phase === "created";
  }

  completeForm(transaction: LocalTransaction, outcome: "pay" | "reject" | "cancel" | "timeout", card: TestCard) {
    if (outcome === "cancel") transaction.phase = "cancelled";
    else if (outcome === "timeout") transaction.phase = "timedOut";
    else {
      const approved = outcome === "pay" && card.approves;
      transaction.phase = approved ? "paid" : "declined";
      transaction.card = card;
      transaction.formCompletedAt = this.now();
    }
  }

  /** Starts a commit; Transbank's 422s for every state but a finished payment form. */
  beginCommit(transaction: LocalTransaction) {
    transaction.commitAttempts += 1;
    // Observed for a concurrent or repeated commit (integrators' reports; the reference has no text).
    if (transaction.committing || transaction.phase === "committed") throw new WebpayApiError(422, "Transaction already locked by another process");
    if (transaction.phase === "created" && this.formOpen(transaction)) {
      // transbank-sdk-php's tests against the integration environment.
      throw new WebpayApiError(422, "Invalid status '0' for transaction while authorizing. Commerce will be notified by webpay to authorize");
    }
    if (transaction.phase !== "paid" && transaction.phase !== "declined") {
      // transbank-sdk-nodejs issue #94 (2024): commit of a cancelled or timed-out transaction.
      throw new WebpayApiError(422, "Transaction has an invalid finished state: aborted");
    }
    transaction.committing = true;
  }

  applyCommit(transaction: LocalTransaction) {
    const approved = transaction.phase === "paid";
    transaction.committing = false;
    transaction.phase = "committed";
    transaction.committedAt = this.now();
    transaction.status = approved ? "AUTHORIZED" : "FAILED";
    transaction.responseCode = approved ? 0 : -1;
    // The integration environment answers 1213 to every approval (Transbank's SDK test fixtures).
    transaction.authorizationCode = approved ? "1213" : "000000";
    transaction.balance = approved ? transaction.amount : 0;
  }

  abortCommit(transaction: LocalTransaction) {
    transaction.committing = false;
  }

  checkStatusWindow(transaction: LocalTransaction) {
    if (this.now().getTime() - transaction.createdAt.getTime() > STATUS_WINDOW_MS) {
      throw new WebpayApiError(422, "The transactions date has passed max time (7 days) to recover the status");
    }
  }

  refund(transaction: LocalTransaction, body: Record<string, unknown>): LocalRefund {
    const { amount } = body;
    if (amount === undefined || amount === null) throw new WebpayApiError(422, "amount is required!");
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0) throw invalid("amount");
    // Codes 292/310/311/284/16 of the reference's refund table; their REST wording is not published.
    if (transaction.status === "REVERSED" || transaction.status === "NULLIFIED") throw new WebpayApiError(422, "Transaction already nullified");
    if (transaction.status !== "AUTHORIZED" && transaction.status !== "PARTIALLY_NULLIFIED") throw new WebpayApiError(422, "Transaction not authorized");
    if (amount > transaction.balance) throw new WebpayApiError(422, "Amount to refund is bigger than authorized");
    const sinceCommit = this.now().getTime() - (transaction.committedAt ?? transaction.createdAt).getTime();
    if (sinceCommit > NULLIFY_WINDOW_MS) throw new WebpayApiError(422, "Nullification period exceeded");

    const full = transaction.refunds.length === 0 && amount === transaction.amount;
    const refund: LocalRefund =
      full && sinceCommit < REVERSAL_WINDOW_MS
        ? { type: "REVERSED", amount, at: this.now(), authorizationCode: null }
        : { type: "NULLIFIED", amount, at: this.now(), authorizationCode: String(100000 + transaction.refunds.length) };
    // "En transacciones con tarjeta de débito o prepago solo es posible anular por el monto total."
    if (refund.type === "NULLIFIED" && transaction.card?.kind !== "credit" && amount !== transaction.balance) {
      throw new WebpayApiError(422, "Partial nullification is not allowed for this transaction");
    }
    transaction.refunds.push(refund);
    transaction.balance -= amount;
    transaction.status = refund.type === "REVERSED" ? "REVERSED" : transaction.balance === 0 ? "NULLIFIED" : "PARTIALLY_NULLIFIED";
    return refund;
  }
}

function invalid(field: string) {
  return new WebpayApiError(422, `Invalid value for parameter: ${field}`);
}

function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
