// A local Webpay Plus server: Transbank's REST API v1.2 (the one transbank-sdk 6 speaks) and the
// browser's payment form, close enough that the official SDK cannot tell it from the integration
// environment. Tests and `npm run dev:webpay` point the app at it with WEBPAY_BASE_URL; production
// code never imports it. Test controls make failures happen on purpose, deterministically.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { checkFields, header, parseJsonBody, readBody, sendHtml, sendJson, sendText } from "./local-webpay-http";
import { refundBody, transactionBody } from "./local-webpay-json";
import { errorPage, paymentFormPage, returnForm, returnPage, type ReturnForm } from "./local-webpay-pages";
import {
  INTEGRATION_API_KEY,
  INTEGRATION_COMMERCE_CODE,
  TEST_CARDS,
  WebpayApiError,
  WebpayLedger,
  type LocalTransaction,
} from "./local-webpay-state";

export const API_PATH = "/rswebpaytransaction/api/webpay/v1.2"; // referencia/webpay; transbank-sdk ApiConstants
export type Operation = "create" | "commit" | "status" | "refund";
export type ReturnKind = "completed" | "cancelled" | "timedOut" | "formError";

/**
 * How Webpay comes back to return_url (documentacion/webpay-plus, "Resumen de flujos"): by GET since
 * API 1.1, except a cancelled payment in the integration environment, which still arrives by POST.
 * The form-error return ("volver al sitio") arrives by POST in production logs of Transbank's own
 * WooCommerce plugin (transbank-plugin-woocommerce-webpay-rest #248).
 */
const RETURN_METHODS: Record<"integration" | "production", Record<ReturnKind, "GET" | "POST">> = {
  integration: { completed: "GET", cancelled: "POST", timedOut: "GET", formError: "POST" },
  production: { completed: "GET", cancelled: "GET", timedOut: "GET", formError: "POST" },
};

export interface LocalWebpayOptions {
  port?: number;
  host?: string;
  /** Where browsers reach this server, when not at http://host:port. */
  publicUrl?: string;
  /** Commerces it accepts; Transbank's Webpay Plus integration commerce by default. */
  commerces?: { commerceCode: string; apiKey: string }[];
  /** Which environment's return methods to imitate (integration by default). */
  environment?: "integration" | "production";
  returnMethods?: Partial<Record<ReturnKind, "GET" | "POST">>;
  formLifetimeMs?: number;
  clock?: () => Date;
  log?: (line: string) => void;
}

export interface Hold {
  /** Resolves when the held request has arrived (and, for a commit, holds the token's lock). */
  reached: Promise<void>;
  release(): void;
}

export interface ApiRequestRecord {
  operation: Operation | "capture" | "unknown";
  method: string;
  path: string;
  commerceCode: string | null;
  body: unknown;
  status: number | "destroyed";
}

export type TransactionSnapshot = LocalTransaction & { returns: ReturnForm[] };

export interface LocalWebpay {
  /** Base URL for WEBPAY_BASE_URL and the SDK's Options environment. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** The next `operation` request's socket is destroyed without an answer, before or after it is applied. */
  failNext(operation: Operation, when?: "before" | "after"): void;
  /** The next `operation` request waits this long before it is applied and answered. */
  delayNext(operation: Operation, ms: number): void;
  /** The next `operation` request waits until release(): lets a test line up concurrent requests. */
  holdNext(operation: Operation): Hold;
  /** The next `operation` request is answered with this status and body, and not applied. */
  respondNext(operation: Operation, status: number, body: unknown): void;
  /** The token's payment form lifetime is over: the form and a commit now treat it as timed out. */
  expireToken(token: string): void;
  /** Moves this server's clock forward (reversal window, 7-day status, form lifetime). */
  advanceClock(ms: number): void;
  transactions(): TransactionSnapshot[];
  transaction(token: string): TransactionSnapshot | undefined;
  requests(): ApiRequestRecord[];
  reset(): void;
}

type Intervention =
  | { type: "fail"; when: "before" | "after" }
  | { type: "delay"; ms: number }
  | { type: "hold"; gate: Promise<void>; arrived: () => void }
  | { type: "respond"; status: number; body: unknown };


export async function startLocalWebpay(options: LocalWebpayOptions = {}): Promise<LocalWebpay> {
  const host = options.host ?? "127.0.0.1";
  const keys = new Map((options.commerces ?? [{ commerceCode: INTEGRATION_COMMERCE_CODE, apiKey: INTEGRATION_API_KEY }]).map((c) => [c.commerceCode, c.apiKey]));
  const methods = { ...RETURN_METHODS[options.environment ?? "integration"], ...options.returnMethods };
  let ledger = new WebpayLedger(options.clock, options.formLifetimeMs);
  let interventions: Record<Operation, Intervention[]> = { create: [], commit: [], status: [], refund: [] };
  let returns = new Map<string, ReturnForm[]>();
  let log: ApiRequestRecord[] = [];
  let publicUrl = options.publicUrl?.replace(/\/+$/, "") ?? "";

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log?.(`local webpay: ${String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error_message: "Internal Server Error" });
      else res.destroy();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://local");
    const path = url.pathname.replace(/\/+$/, "") || "/";
    if (path === "/healthz") return sendText(res, 200, "ok");
    if (path.startsWith("/_local/")) return control(req, res, path);
    if (path === "/webpayserver/initTransaction") return paymentForm(req, res, url);
    if (path === "/webpayserver/pay") return pay(req, res);
    if (path === `${API_PATH}/transactions` || path.startsWith(`${API_PATH}/transactions/`)) return api(req, res, path);
    return sendJson(res, 404, { error_message: "Not Found" });
  }

  // ---- REST API -------------------------------------------------------------------------------

  async function api(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const [token, sub, extra] = path.slice(`${API_PATH}/transactions`.length).split("/").filter(Boolean);
    const method = req.method ?? "GET";
    const operation: ApiRequestRecord["operation"] =
      token === undefined ? (method === "POST" ? "create" : "unknown")
      : sub === undefined ? (method === "PUT" ? "commit" : method === "GET" ? "status" : "unknown")
      : sub === "refunds" && method === "POST" ? "refund"
      : sub === "capture" && method === "PUT" ? "capture"
      : "unknown";
    const record: ApiRequestRecord = { operation, method, path, commerceCode: null, body: null, status: 0 };
    log.push(record);
    const reply = (status: number, body: unknown) => {
      record.status = status;
      sendJson(res, status, body);
    };
    const destroy = () => {
      record.status = "destroyed";
      req.socket.destroy();
    };

    let intervention: Intervention | undefined;
    try {
      const raw = await readBody(req);
      const commerceCode = header(req, "tbk-api-key-id");
      record.commerceCode = commerceCode;
      // referencia/webpay, "Códigos de error": 401 "API Key y/o API Secret inválidos".
      if (!commerceCode || keys.get(commerceCode) !== header(req, "tbk-api-key-secret")) return reply(401, { error_message: "Not Authorized" });
      if (extra !== undefined || (sub !== undefined && sub !== "refunds" && sub !== "capture")) return reply(404, { error_message: "Not Found" });
      if (operation === "unknown") return reply(405, { error_message: "Method Not Allowed" });

      const body = operation === "create" || operation === "refund" ? parseJsonBody(req, raw) : null;
      record.body = body;
      if (operation === "capture") {
        ledger.find(commerceCode, token ?? "");
        // The integration Webpay Plus commerce captures at once (transbank-sdk-php's live tests).
        return reply(422, { error_message: "Operation not allowed" });
      }
      intervention = interventions[operation].shift();
      if (intervention?.type === "respond") return reply(intervention.status, intervention.body);

      if (operation === "create") {
        if (!(await wait(intervention))) return destroy();
        const created = ledger.create(commerceCode, checkFields(body ?? {}, ["buy_order", "session_id", "amount", "return_url"]));
        options.log?.(`created ${created.buyOrder} $${created.amount} → ${created.token}`);
        if (intervention?.type === "fail") return destroy();
        return reply(200, { token: created.token, url: `${publicUrl}/webpayserver/initTransaction` });
      }
      const transaction = ledger.find(commerceCode, token ?? "");
      if (operation === "commit") {
        ledger.beginCommit(transaction);
        if (!(await wait(intervention))) {
          ledger.abortCommit(transaction);
          return destroy();
        }
        ledger.applyCommit(transaction);
        options.log?.(`committed ${transaction.buyOrder}: ${transaction.status}`);
        if (intervention?.type === "fail") return destroy();
        return reply(200, transactionBody(transaction));
      }
      if (operation === "status") {
        if (!(await wait(intervention))) return destroy();
        ledger.checkStatusWindow(transaction);
        if (intervention?.type === "fail") return destroy();
        return reply(200, transactionBody(transaction));
      }
      if (!(await wait(intervention))) return destroy();
      const refund = ledger.refund(transaction, checkFields(body ?? {}, ["amount"]));
      options.log?.(`refund ${transaction.buyOrder} $${refund.amount}: ${refund.type}`);
      if (intervention?.type === "fail") return destroy();
      return reply(200, refundBody(refund, transaction));
    } catch (error) {
      // A held request that Webpay refuses (e.g. a commit of an unpaid token) still counts as arrived.
      if (intervention?.type === "hold") intervention.arrived();
      if (error instanceof WebpayApiError) return reply(error.httpStatus, { error_message: error.message });
      throw error;
    }
  }

  /** Applies a delay or hold; false when the request must die before it is applied. */
  async function wait(intervention: Intervention | undefined) {
    if (intervention?.type === "delay") await new Promise((resolve) => setTimeout(resolve, intervention.ms));
    if (intervention?.type === "hold") {
      intervention.arrived();
      await intervention.gate;
    }
    return !(intervention?.type === "fail" && intervention.when === "before");
  }

  // ---- Browser: payment form and return --------------------------------------------------------

  async function paymentForm(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    // The commerce POSTs token_ws (documentacion/webpay-plus, step 4); a GET is accepted too.
    const params = req.method === "POST" ? new URLSearchParams(await readBody(req)) : url.searchParams;
    const transaction = ledger.byToken.get(params.get("token_ws") ?? "");
    if (!transaction) return sendHtml(res, 404, errorPage("La transacción no existe o el token no es válido."));
    if (ledger.formOpen(transaction)) return sendHtml(res, 200, paymentFormPage(transaction));
    return finished(res, transaction);
  }

  async function pay(req: http.IncomingMessage, res: http.ServerResponse) {
    if (req.method !== "POST") return sendHtml(res, 405, errorPage("Método no permitido."));
    const form = new URLSearchParams(await readBody(req));
    const transaction = ledger.byToken.get(form.get("token_ws") ?? "");
    if (!transaction) return sendHtml(res, 404, errorPage("La transacción no existe o el token no es válido."));
    const action = form.get("action");
    const card = TEST_CARDS.find((c) => c.id === (form.get("card") ?? "visa"));
    if (!card || (action !== "pay" && action !== "reject" && action !== "cancel" && action !== "timeout")) {
      return sendHtml(res, 400, errorPage("Formulario de pago incompleto."));
    }
    if (!ledger.formOpen(transaction)) return finished(res, transaction);
    ledger.completeForm(transaction, action, card);
    if (action === "cancel") return goBack(res, transaction, "cancelled");
    if (action === "timeout") return goBack(res, transaction, "timedOut");
    return goBack(res, transaction, "completed");
  }

  /** A form that can no longer be used: a timeout goes back as one; anything else is Webpay's error page. */
  function finished(res: http.ServerResponse, transaction: LocalTransaction) {
    if (transaction.phase === "timedOut") return goBack(res, transaction, "timedOut");
    const back = returnForm(transaction.returnUrl, methods.formError, returnFields(transaction, "formError"));
    return sendHtml(res, 409, errorPage("Esta transacción ya fue procesada.", back));
  }

  function goBack(res: http.ServerResponse, transaction: LocalTransaction, kind: ReturnKind) {
    const form = returnForm(transaction.returnUrl, methods[kind], returnFields(transaction, kind));
    returns.set(transaction.token, [...(returns.get(transaction.token) ?? []), form]);
    options.log?.(`form ${transaction.buyOrder}: ${kind} → ${form.method} ${form.action}`);
    return sendHtml(res, 200, returnPage(form));
  }

  // ---- Controls over HTTP, for a server in another process (end-to-end runs) -------------------

  async function control(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    if (path === "/_local/transactions" && req.method === "GET") return sendJson(res, 200, handle_.transactions());
    if (req.method !== "POST") return sendJson(res, 405, { error_message: "Method Not Allowed" });
    const body = JSON.parse((await readBody(req)) || "{}") as Record<string, unknown>;
    const operation = body.operation as Operation;
    if (path === "/_local/fail-next") handle_.failNext(operation, body.when === "before" ? "before" : "after");
    else if (path === "/_local/delay-next") handle_.delayNext(operation, Number(body.ms));
    else if (path === "/_local/respond-next") handle_.respondNext(operation, Number(body.status), body.body);
    else if (path === "/_local/expire") handle_.expireToken(String(body.token));
    else if (path === "/_local/advance-clock") handle_.advanceClock(Number(body.ms));
    else if (path === "/_local/reset") handle_.reset();
    else return sendJson(res, 404, { error_message: "Not Found" });
    return sendJson(res, 200, { ok: true });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  publicUrl ||= url;

  function checkOperation(operation: Operation) {
    if (!(operation in interventions)) throw new Error(`unknown operation ${String(operation)}`);
    return interventions[operation];
  }
  const snapshot = (t: LocalTransaction): TransactionSnapshot => structuredClone({ ...t, returns: returns.get(t.token) ?? [] });

  const handle_: LocalWebpay = {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    failNext: (operation, when = "after") => checkOperation(operation).push({ type: "fail", when }),
    delayNext: (operation, ms) => checkOperation(operation).push({ type: "delay", ms }),
    holdNext(operation) {
      let release!: () => void;
      let arrived!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      checkOperation(operation).push({ type: "hold", gate, arrived });
      return { reached, release };
    },
    respondNext: (operation, status, body) => checkOperation(operation).push({ type: "respond", status, body }),
    expireToken(token) {
      const transaction = ledger.byToken.get(token);
      if (!transaction) throw new Error(`unknown token ${token}`);
      transaction.formExpired = true;
    },
    advanceClock: (ms) => ledger.advance(ms),
    transactions: () => [...ledger.byToken.values()].map(snapshot),
    transaction(token) {
      const transaction = ledger.byToken.get(token);
      return transaction && snapshot(transaction);
    },
    requests: () => structuredClone(log),
    reset() {
      ledger = new WebpayLedger(options.clock, options.formLifetimeMs);
      interventions = { create: [], commit: [], status: [], refund: [] };
      returns = new Map();
      log = [];
    },
  };
  return handle_;
}

function returnFields(transaction: LocalTransaction, kind: ReturnKind): Record<string, string> {
  const order = { TBK_ORDEN_COMPRA: transaction.buyOrder, TBK_ID_SESION: transaction.sessionId };
  if (kind === "completed") return { token_ws: transaction.token };
  if (kind === "cancelled") return { TBK_TOKEN: transaction.token, ...order };
  if (kind === "timedOut") return order;
  return { token_ws: transaction.token, TBK_TOKEN: transaction.token, ...order };
}
