// A local OpenFactura (Haulmer) server: the part of its public REST API the academy uses — emission
// (`POST /v2/dte/document`, `apikey` header, `Idempotency-Key`), a document by token (`GET
// /v2/dte/document/{token}/{value}`: status, pdf, json, xml, cedible) or by RUT, type and folio, and the
// folios an issuer has left — answering in the shapes docsapi-openfactura.haulmer.com publishes. Tests and
// `npm run dev:dte` point the academy at it with OPENFACTURA_BASE_URL; production code never imports it.
// Test controls make failures and outages happen on purpose, deterministically.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { OpenFacturaError } from "./local-openfactura-rules";
import { documentXml, renderDocumentPdf } from "./local-openfactura-pdf";
import { OpenFacturaLedger, SANDBOX_COMPANIES, SII_STATUSES, type LocalCompany, type LocalDocument, type SiiStatus } from "./local-openfactura-state";

export const API_PREFIX = "/v2/dte";
export type Operation = "issue" | "query" | "organization";
const OPERATIONS: readonly Operation[] = ["issue", "query", "organization"];
const MAX_BODY = 1024 * 1024;

/** The gateway's answer to a missing or unknown key (docs, "Autenticación"). */
const INVALID_KEY = { statusCode: 401, message: "Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription." };

export interface LocalOpenFacturaOptions {
  port?: number;
  host?: string;
  /** Taxpayers and their keys; the development environment's two public companies by default. */
  companies?: readonly LocalCompany[];
  /** How long the SII takes to answer for a new document ("Pendiente" until then); 0 by default. */
  siiDelayMs?: number;
  /** The first folio of every issuer and type (1 by default). */
  firstFolio?: number;
  clock?: () => Date;
  log?: (line: string) => void;
}

export interface Hold {
  reached: Promise<void>;
  release(): void;
}

export interface RequestRecord {
  operation: Operation | "unknown";
  method: string;
  path: string;
  apiKey: string | null;
  idempotencyKey: string | null;
  body: unknown;
  status: number | "destroyed";
}

/** What a test sees of an issued document. */
export interface DocumentSnapshot {
  token: string;
  emisorRut: string;
  type: number;
  folio: number;
  issuedAt: string;
  idempotencyKey: string | null;
  status: SiiStatus;
  dte: Record<string, unknown>;
  totals: { net: number; vat: number; exempt: number; total: number };
}

export type Outage = "unavailable" | "reset" | null;

export interface LocalOpenFactura {
  /** Base URL for OPENFACTURA_BASE_URL. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** The next `operation` request's socket is destroyed: before it is applied, or after (the answer is lost). */
  failNext(operation: Operation, when?: "before" | "after"): void;
  delayNext(operation: Operation, ms: number): void;
  /** The next `operation` request waits until release(): lets a test line up concurrent requests. */
  holdNext(operation: Operation): Hold;
  /** The next `operation` request is answered with this status and body, and not applied. */
  respondNext(operation: Operation, status: number, body: unknown): void;
  /** Every API request fails until set back to null: 503 from the gateway, or connections reset. */
  setOutage(mode: Outage): void;
  /** The SII's verdict for the next documents issued, in order (then "Aceptado"). */
  siiVerdictNext(status: Exclude<SiiStatus, "Pendiente">): void;
  /** What the SII reports for an issued document from now on. */
  setSiiStatus(token: string, status: SiiStatus): void;
  advanceClock(ms: number): void;
  documents(): DocumentSnapshot[];
  requests(): RequestRecord[];
  reset(): void;
}

type Intervention =
  | { type: "fail"; when: "before" | "after" }
  | { type: "delay"; ms: number }
  | { type: "hold"; gate: Promise<void>; arrived: () => void }
  | { type: "respond"; status: number; body: unknown };

export async function startLocalOpenFactura(options: LocalOpenFacturaOptions = {}): Promise<LocalOpenFactura> {
  const host = options.host ?? "127.0.0.1";
  const companies = options.companies ?? SANDBOX_COMPANIES;
  const newLedger = () => new OpenFacturaLedger(companies, options.clock, options.siiDelayMs ?? 0, options.firstFolio ?? 1);
  let ledger = newLedger();
  let interventions = emptyInterventions();
  let outage: Outage = null;
  let log: RequestRecord[] = [];

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log?.(`local openfactura: ${String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: { message: "Problema al procesar los datos", code: "OF-22" } });
      else res.destroy();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://local");
    const path = url.pathname.replace(/\/+$/, "") || "/";
    if (path === "/healthz") return sendText(res, 200, "ok");
    if (path.startsWith("/_local/")) return control(req, res, path);
    if (path === `${API_PREFIX}/document` || path.startsWith(`${API_PREFIX}/document/`) || path === `${API_PREFIX}/organization/document`) return api(req, res, path);
    return sendJson(res, 404, { statusCode: 404, message: "Resource not found" });
  }

  // ---- REST API ---------------------------------------------------------------------------------

  async function api(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const method = req.method ?? "GET";
    const parts = path.slice(`${API_PREFIX}/document`.length).split("/").filter(Boolean);
    const operation: RequestRecord["operation"] =
      path === `${API_PREFIX}/organization/document` ? (method === "POST" || method === "GET" ? "organization" : "unknown")
      : parts.length === 0 ? (method === "POST" ? "issue" : "unknown")
      : (parts.length === 2 || parts.length === 4) && method === "GET" ? "query"
      : "unknown";
    const record: RequestRecord = { operation, method, path, apiKey: header(req, "apikey"), idempotencyKey: header(req, "idempotency-key"), body: null, status: 0 };
    log.push(record);
    const reply = (status: number, body: unknown) => {
      record.status = status;
      sendJson(res, status, body);
    };
    const destroy = () => {
      record.status = "destroyed";
      req.socket.destroy();
    };

    if (outage === "reset") return destroy();
    if (outage === "unavailable") return reply(503, { statusCode: 503, message: "Service Unavailable" });
    let raw: string;
    try {
      raw = await readBody(req);
    } catch (error) {
      if (error instanceof OpenFacturaError) return reply(error.httpStatus, error.body());
      throw error;
    }
    const company = ledger.company(record.apiKey);
    if (!company) return reply(401, INVALID_KEY);
    if (operation === "unknown") return reply(405, { statusCode: 405, message: "Method Not Allowed" });

    const intervention = interventions[operation].shift();
    if (intervention?.type === "respond") return reply(intervention.status, intervention.body);
    if (intervention?.type === "delay") await new Promise((resolve) => setTimeout(resolve, intervention.ms));
    if (intervention?.type === "hold") {
      intervention.arrived();
      await intervention.gate;
    }
    if (intervention?.type === "fail" && intervention.when === "before") return destroy();

    try {
      let answer: { status: number; body: unknown };
      if (operation === "issue") {
        const body = parseJson(req, raw);
        record.body = body;
        answer = await issue(company, body, record.idempotencyKey);
      } else if (operation === "query") answer = await query(company, parts);
      else answer = { status: 200, body: folios(company) };
      if (intervention?.type === "fail") return destroy();
      return reply(answer.status, answer.body);
    } catch (error) {
      if (error instanceof OpenFacturaError) {
        if (intervention?.type === "fail") return destroy();
        return reply(error.httpStatus, error.body());
      }
      throw error;
    }
  }

  async function issue(company: LocalCompany, body: Record<string, unknown>, key: string | null) {
    const response = body.response === undefined ? [] : body.response;
    if (!Array.isArray(response) || response.some((r) => typeof r !== "string")) {
      throw new OpenFacturaError(400, "OF-20", "Datos de entrada incorrectos", [{ field: "response", issue: "Debe ser un arreglo de textos en mayúsculas" }]);
    }
    if (key !== null && (key.length === 0 || key.length > 255)) throw new OpenFacturaError(400, "OF-20", "Datos de entrada incorrectos", [{ field: "Idempotency-Key", issue: "Entre 1 y 255 caracteres" }]);
    if (key !== null) {
      // "Si dentro de ese tiempo se reenvía la misma key, se obtiene un error … devuelve el token" (docs, OF-06).
      const token = ledger.issuedFor(company.apiKey, key);
      if (token) throw new OpenFacturaError(400, "OF-06", "Este DTE ya fue emitido (Idempotency-Key)", [], { token });
    }
    const wanted = new Set(response as string[]);
    const format = wanted.has("80MM") || wanted.has("80MMNOLOGO") ? "80MM" : "LETTER";
    const document = ledger.issue(company, body.dte, key, format);
    options.log?.(`issued ${document.type} folio ${document.folio} for ${document.emisorRut} (total ${document.checked.totals.total})`);
    const answer: Record<string, unknown> = { TOKEN: document.token };
    if (wanted.has("FOLIO")) answer.FOLIO = document.folio;
    if (wanted.has("RESOLUCION")) answer.RESOLUCION = { fecha: "2018-03-26", numero: 0 };
    if (wanted.has("XML")) answer.XML = documentXml(document).toString("base64");
    if (wanted.has("PDF")) answer.PDF = (await renderDocumentPdf(document)).toString("base64");
    return { status: 200, body: answer };
  }

  async function query(company: LocalCompany, parts: string[]) {
    const value = parts[parts.length - 1]!;
    const document = parts.length === 2 ? ledger.documents.get(parts[0]!) : ledger.find(parts[0]!, Number(parts[1]), Number(parts[2]));
    // The contract does not say what an unknown token answers; a 404 in the emission errors' shape.
    if (!document || document.apiKey !== company.apiKey) return { status: 404, body: { error: { message: "Documento no encontrado", code: "OF-20" } } };
    const id = parts.length === 2 ? { token: document.token } : { folio: document.folio };
    switch (value) {
      case "status":
        return { status: 200, body: { estado: ledger.status(document), ...id } };
      case "pdf":
        return { status: 200, body: { pdf: (await renderDocumentPdf(document)).toString("base64"), folio: document.folio, ...id } };
      case "cedible":
        return { status: 200, body: { cedible: (await renderDocumentPdf(document)).toString("base64"), ...id } };
      case "xml":
        return { status: 200, body: { xml: documentXml(document).toString("base64"), ...id } };
      case "json":
        return { status: 200, body: { json: document.dte, folio: document.folio, ...id, FchRecepSII: "", FchRecepOF: document.issuedAt.toISOString().replace("T", " ").slice(0, 19) } };
      default:
        throw new OpenFacturaError(400, "OF-20", "Datos de entrada incorrectos", [{ field: "value", issue: "Debe ser status, xml, json, pdf o cedible" }]);
    }
  }

  function folios(company: LocalCompany) {
    return { rut: company.rut, documentos: [33, 34, 39, 41, 56, 61].map((dte) => ({ dte, disponibles: 100_000, vencimiento: "2099-12-31" })) };
  }

  // ---- Controls over HTTP, for a server in another process (end-to-end runs) -------------------

  async function control(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    if (req.method === "GET" && path === "/_local/documents") return sendJson(res, 200, handle_.documents());
    if (req.method === "GET" && path === "/_local/requests") return sendJson(res, 200, handle_.requests());
    if (req.method !== "POST") return sendJson(res, 405, { message: "Method Not Allowed" });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)) || "{}") as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { message: "Invalid JSON" });
    }
    try {
      const operation = body.operation as Operation;
      if (path === "/_local/fail-next") handle_.failNext(operation, body.when === "before" ? "before" : "after");
      else if (path === "/_local/delay-next") handle_.delayNext(operation, Number(body.ms));
      else if (path === "/_local/respond-next") handle_.respondNext(operation, Number(body.status), body.body);
      else if (path === "/_local/outage") handle_.setOutage(body.mode === "unavailable" || body.mode === "reset" ? body.mode : null);
      else if (path === "/_local/sii-verdict-next") handle_.siiVerdictNext(body.status as Exclude<SiiStatus, "Pendiente">);
      else if (path === "/_local/sii-status") handle_.setSiiStatus(String(body.token), body.status as SiiStatus);
      else if (path === "/_local/advance-clock") handle_.advanceClock(Number(body.ms));
      else if (path === "/_local/reset") handle_.reset();
      else return sendJson(res, 404, { message: "Not Found" });
    } catch (error) {
      return sendJson(res, 400, { message: String(error) });
    }
    return sendJson(res, 200, { ok: true });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;

  const queue = (operation: Operation) => {
    if (!OPERATIONS.includes(operation)) throw new Error(`unknown operation ${String(operation)}`);
    return interventions[operation];
  };
  const snapshot = (d: LocalDocument): DocumentSnapshot =>
    structuredClone({
      token: d.token,
      emisorRut: d.emisorRut,
      type: d.type,
      folio: d.folio,
      issuedAt: d.issuedAt.toISOString(),
      idempotencyKey: d.idempotencyKey,
      status: ledger.status(d),
      dte: d.dte,
      totals: d.checked.totals,
    });

  const handle_: LocalOpenFactura = {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    failNext: (operation, when = "after") => queue(operation).push({ type: "fail", when }),
    delayNext: (operation, ms) => queue(operation).push({ type: "delay", ms }),
    holdNext(operation) {
      let release!: () => void;
      let arrived!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      queue(operation).push({ type: "hold", gate, arrived });
      return { reached, release };
    },
    respondNext: (operation, status, body) => queue(operation).push({ type: "respond", status, body }),
    setOutage(mode) {
      outage = mode;
      options.log?.(mode ? `outage: ${mode}` : "outage over");
    },
    siiVerdictNext(status) {
      if (status === ("Pendiente" as SiiStatus) || !SII_STATUSES.includes(status)) throw new Error(`not a verdict: ${String(status)}`);
      ledger.nextVerdicts.push(status);
    },
    setSiiStatus(token, status) {
      const document = ledger.documents.get(token);
      if (!document) throw new Error(`unknown token ${token}`);
      if (!SII_STATUSES.includes(status)) throw new Error(`not a status: ${String(status)}`);
      document.siiOverride = status;
    },
    advanceClock: (ms) => ledger.advance(ms),
    documents: () => [...ledger.documents.values()].map(snapshot),
    requests: () => structuredClone(log),
    reset() {
      ledger = newLedger();
      interventions = emptyInterventions();
      outage = null;
      log = [];
    },
  };
  return handle_;
}

function emptyInterventions(): Record<Operation, Intervention[]> {
  return { issue: [], query: [], organization: [] };
}

// ---- HTTP plumbing ------------------------------------------------------------------------------

function header(req: http.IncomingMessage, name: string) {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
}

function parseJson(req: http.IncomingMessage, raw: string): Record<string, unknown> {
  if (!(req.headers["content-type"] ?? "").toLowerCase().startsWith("application/json")) {
    throw new OpenFacturaError(400, "OF-20", "Datos de entrada incorrectos", [{ field: "Content-Type", issue: "Debe ser application/json" }]);
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new OpenFacturaError(400, "OF-20", "Datos de entrada incorrectos", [{ field: "body", issue: "JSON inválido" }]);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new OpenFacturaError(400, "OF-20", "Datos de entrada incorrectos", [{ field: "body", issue: "JSON inválido" }]);
  return body as Record<string, unknown>;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new OpenFacturaError(413, "OF-20", "Datos de entrada incorrectos", [{ field: "body", issue: "Demasiado grande" }]));
        req.resume();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

function sendText(res: http.ServerResponse, status: number, text: string) {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  res.end(text);
}
