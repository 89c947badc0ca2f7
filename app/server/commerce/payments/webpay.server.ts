// Webpay Plus through Transbank's official SDK (transbank-sdk, REST API v1.2). The SDK answers with
// raw JSON or throws a TransbankError whose only structure is its message; this module turns both
// into the results of provider.server.ts, so nothing above it sees an SDK shape.
import { createRequire } from "node:module";
import type * as TransbankSdk from "transbank-sdk";
import { z } from "zod";
import { env, type Env } from "../../platform/env.server";
import { logger } from "../../platform/logger.server";
import {
  checkCreateInput,
  type CommitPaymentResult,
  type CreatePaymentInput,
  type CreatePaymentResult,
  type InvalidInput,
  type NetworkFailure,
  type PaymentProvider,
  type PaymentReturn,
  type PaymentStatusResult,
  type PaymentTransaction,
  type RefundPaymentResult,
  BUY_ORDER_MAX,
  SESSION_ID_MAX,
} from "./provider.server";
import { parseRefund, parseTransaction } from "./webpay-responses.server";

// The SDK is CommonJS whose named exports Node's ESM loader cannot detect, so `import { WebpayPlus }`
// fails at run time; require() works the same under Vite, Vitest and the built server.
const sdk = createRequire(import.meta.url)("transbank-sdk") as typeof TransbankSdk;

export const WEBPAY_DEFAULT_TIMEOUT_MS = 20_000;
/** Transbank's tokens are 64 characters (referencia/webpay: "token … Largo: 64"). */
const TOKEN_PATTERN = /^[A-Za-z0-9]{64}$/;

export interface WebpayConfig {
  commerceCode: string;
  apiKey: string;
  environment: "integration" | "production";
  /** Overrides the environment's host (a local Webpay server in tests and offline development). */
  baseUrl?: string;
  timeoutMs?: number;
}

/** The configuration env() describes; Transbank's public integration credentials when none are set. */
export function webpayConfig(config: Env = env()): WebpayConfig {
  return {
    environment: config.WEBPAY_ENVIRONMENT,
    commerceCode: config.WEBPAY_COMMERCE_CODE ?? sdk.IntegrationCommerceCodes.WEBPAY_PLUS,
    apiKey: config.WEBPAY_API_KEY ?? sdk.IntegrationApiKeys.WEBPAY,
    baseUrl: config.WEBPAY_BASE_URL?.replace(/\/+$/, ""),
  };
}

let cached: { env: Env; provider: PaymentProvider } | undefined;
/** The provider for the current configuration (rebuilt when tests replace env()). */
export function webpayProvider(): PaymentProvider {
  const current = env();
  if (cached?.env !== current) {
    const config = webpayConfig(current);
    if (current.NODE_ENV === "production" && config.environment === "integration") {
      logger.warn(
        { webpayHost: config.baseUrl ?? sdk.Environment.Integration },
        "Webpay runs in Transbank's integration environment: test cards only, no real money is charged",
      );
    }
    cached = { env: current, provider: createWebpayProvider(config) };
  }
  return cached.provider;
}

type Attempt = { ok: true; body: unknown } | { ok: false; failure: SdkFailure };
type SdkFailure =
  | { type: "http"; status: number; message: string }
  | { type: "network"; cause: NetworkFailure["cause"]; detail: string }
  | { type: "validation"; detail: string };

export function createWebpayProvider(config: WebpayConfig): PaymentProvider {
  const timeoutMs = config.timeoutMs ?? WEBPAY_DEFAULT_TIMEOUT_MS;
  const host = config.baseUrl ?? (config.environment === "production" ? sdk.Environment.Production : sdk.Environment.Integration);
  const transaction = new sdk.WebpayPlus.Transaction(new sdk.Options(config.commerceCode, config.apiKey, host, timeoutMs));

  // axios's timeout only watches an idle socket; the deadline also bounds a server that drips bytes.
  async function attempt(call: () => Promise<unknown>): Promise<Attempt> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<Attempt>((resolve) => {
      timer = setTimeout(
        () => resolve({ ok: false, failure: { type: "network", cause: "timeout", detail: `no answer within ${timeoutMs} ms` } }),
        timeoutMs + 1_000,
      );
    });
    const request = call().then(
      (body): Attempt => ({ ok: true, body }),
      (error: unknown): Attempt => ({ ok: false, failure: classify(error) }),
    );
    try {
      return await Promise.race([request, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  function failure(f: SdkFailure, operation: string) {
    if (f.type === "validation") return { kind: "invalidInput", field: sdkField(f.detail), detail: f.detail } as const;
    if (f.type === "network") {
      logger.warn({ operation, cause: f.cause, detail: f.detail }, "Webpay unreachable");
      return { kind: "networkFailure", cause: f.cause, detail: f.detail } as const;
    }
    if (f.status === 401) {
      logger.error({ operation, detail: f.message }, "Webpay refused the commerce credentials");
      return { kind: "unauthorized", detail: f.message } as const;
    }
    if (f.status >= 500) {
      logger.warn({ operation, status: f.status, detail: f.message }, "Webpay server error");
      return { kind: "networkFailure", cause: "server_error", detail: `HTTP ${f.status}: ${f.message}` } as const;
    }
    return { kind: "requestRefused", httpStatus: f.status, detail: f.message } as const;
  }

  const provider: PaymentProvider = {
    name: "webpay",

    async create(input: CreatePaymentInput): Promise<CreatePaymentResult> {
      const invalid = checkCreateInput(input);
      if (invalid) return invalid;
      const result = await attempt(() => transaction.create(input.buyOrder, input.sessionId, input.amountClp, input.returnUrl));
      if (!result.ok) return failure(result.failure, "create");
      const body = z.object({ token: z.string().regex(TOKEN_PATTERN), url: z.url() }).safeParse(result.body);
      if (!body.success) return { kind: "networkFailure", cause: "bad_response", detail: "create answered without a token and url" };
      const { token, url } = body.data;
      return { kind: "created", token, url, redirect: { method: "POST", url, fields: { token_ws: token } } };
    },

    async commit(token: string): Promise<CommitPaymentResult> {
      if (!TOKEN_PATTERN.test(token)) return { kind: "invalidInput", field: "token", detail: "not a Webpay token" };
      const result = await attempt(() => transaction.commit(token));
      if (result.ok) {
        const committed = parseTransaction(token, result.body);
        if (!committed) return { kind: "networkFailure", cause: "bad_response", detail: "commit answered with an unexpected body" };
        return isApproved(committed) ? { kind: "authorized", transaction: committed } : { kind: "rejected", transaction: committed };
      }
      const f = result.failure;
      if (f.type !== "http" || f.status !== 422) return failure(f, "commit");
      // Transbank's 422 wording varies over time; the transaction's own status says what it means.
      const state = await provider.status(token);
      if (state.kind !== "found") return state.kind === "notFound" || state.kind === "expired" ? failure(f, "commit") : state;
      if (state.transaction.status !== "INITIALIZED") return { kind: "alreadyCommitted", transaction: state.transaction };
      if (/locked by another process/i.test(f.message)) return { kind: "inProgress", detail: f.message };
      // Only an answer that says the form ended ("invalid finished state: aborted", transbank-sdk-nodejs #94) closes
      // an order; "Invalid status '0' … while authorizing" is a form still in use, and wording we do not know proves
      // nothing either way.
      if (/aborted/i.test(f.message)) return { kind: "notCompleted", transaction: state.transaction, detail: f.message };
      return { kind: "formOpen", transaction: state.transaction, detail: f.message };
    },

    async status(token: string): Promise<PaymentStatusResult> {
      if (!TOKEN_PATTERN.test(token)) return { kind: "invalidInput", field: "token", detail: "not a Webpay token" };
      const result = await attempt(() => transaction.status(token));
      if (result.ok) {
        const found = parseTransaction(token, result.body);
        return found ? { kind: "found", transaction: found } : { kind: "networkFailure", cause: "bad_response", detail: "status answered with an unexpected body" };
      }
      const f = result.failure;
      if (f.type === "http" && f.status === 404) return { kind: "notFound", detail: f.message };
      if (f.type === "http" && f.status === 422 && /max time|7 days/i.test(f.message)) return { kind: "expired", detail: f.message };
      return failure(f, "status");
    },

    async refund(token: string, amountClp: number): Promise<RefundPaymentResult> {
      if (!TOKEN_PATTERN.test(token)) return { kind: "invalidInput", field: "token", detail: "not a Webpay token" };
      if (!Number.isSafeInteger(amountClp) || amountClp <= 0) {
        return { kind: "invalidInput", field: "amountClp", detail: "amountClp must be a whole number of pesos greater than 0" };
      }
      const result = await attempt(() => transaction.refund(token, amountClp));
      if (!result.ok) {
        const f = result.failure;
        if (f.type === "http" && (f.status === 404 || f.status === 422)) return { kind: "refundRefused", httpStatus: f.status, detail: f.message };
        return failure(f, "refund");
      }
      return parseRefund(result.body, amountClp);
    },

    parseReturn: parseWebpayReturn,
  };
  return provider;
}

/** Transbank's rule for an approved payment: status AUTHORIZED and response_code exactly 0. */
export function isApproved(transaction: PaymentTransaction) {
  return transaction.status === "AUTHORIZED" && transaction.responseCode === 0;
}

/**
 * The four ways Webpay comes back (documentacion/webpay-plus, "Resumen de flujos"): token_ws alone
 * (paid or rejected), TBK_TOKEN with the order (cancelled), the order alone (timed out), or all of
 * them (an error in the payment form). Webpay uses GET for some and POST for others: accept both.
 */
export function parseWebpayReturn(params: URLSearchParams): PaymentReturn {
  for (const name of RETURN_FIELDS) if (params.getAll(name).length > 1) return { kind: "invalid" }; // never Webpay's
  const tokenWs = params.get("token_ws");
  const tbkToken = params.get("TBK_TOKEN");
  const buyOrder = params.get("TBK_ORDEN_COMPRA");
  const sessionId = params.get("TBK_ID_SESION");
  if (tokenWs !== null && !TOKEN_PATTERN.test(tokenWs)) return { kind: "invalid" };
  if (tbkToken !== null && !TOKEN_PATTERN.test(tbkToken)) return { kind: "invalid" };
  if (buyOrder !== null && (buyOrder.length === 0 || buyOrder.length > BUY_ORDER_MAX)) return { kind: "invalid" };
  if (sessionId !== null && sessionId.length > SESSION_ID_MAX) return { kind: "invalid" };

  if (tokenWs && !tbkToken) return { kind: "completed", token: tokenWs };
  if (!tokenWs && tbkToken) return { kind: "cancelled", token: tbkToken, buyOrder, sessionId };
  if (tokenWs && tbkToken) return tokenWs === tbkToken ? { kind: "formError", token: tokenWs, buyOrder, sessionId } : { kind: "invalid" };
  if (buyOrder) return { kind: "timedOut", buyOrder, sessionId };
  return { kind: "invalid" };
}

const RETURN_FIELDS = ["token_ws", "TBK_TOKEN", "TBK_ORDEN_COMPRA", "TBK_ID_SESION"] as const;

/** The SDK's own checks name the argument: "'sessionId' is too long, the maximum length is 61". */
function sdkField(message: string): InvalidInput["field"] {
  const name = /'(\w+)'/.exec(message)?.[1];
  if (name === "buyOrder" || name === "sessionId" || name === "returnUrl") return name;
  return name === "amount" ? "amountClp" : "token";
}

/**
 * A TransbankError carries only "<axios error>\n<error_message>\n" (transbank-sdk
 * lib/transbank/common/request_service.ts): the HTTP status lives in axios's text. The SDK's own
 * argument checks throw a plain Error before any request.
 */
function classify(error: unknown): SdkFailure {
  const text = error instanceof Error ? error.message : String(error);
  if (!(error instanceof Error) || error.name !== "TransbankError") return { type: "validation", detail: text };
  const [title = "", message = ""] = text.split("\n");
  const status = /status code (\d{3})/.exec(title);
  if (status) return { type: "http", status: Number(status[1]), message: message.trim() };
  const cause = /timeout|ETIMEDOUT|ECONNABORTED/i.test(title) ? "timeout" : "connection";
  return { type: "network", cause, detail: title.replace(/^AxiosError:\s*/, "").trim() || "no response" };
}
