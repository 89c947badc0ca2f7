// OpenFactura (Haulmer) as the academy's tax-document provider, through its public REST API
// (docsapi-openfactura.haulmer.com): `POST /v2/dte/document` with the `apikey` header and an `Idempotency-Key`,
// `GET /v2/dte/document/{token}/{status|pdf|json}`. A draft becomes the SII-named JSON the API takes; the API's
// answers and failures become provider.server.ts's results. Plain fetch: OpenFactura publishes no Node SDK,
// and four JSON calls need none.
import { CREDIT_NOTE_TYPE, isExemptType, VAT_RATE_PERCENT, type DocumentDraft, type SiiStatus } from "~/domain/tax-documents";
import { logger } from "../../platform/logger.server";
import { currentDteConfig, type Issuer } from "./config.server";
import type { IssueResult, PdfResult, Refused, StatusResult, TaxDocumentProvider, Unauthorized, Unavailable } from "./provider.server";

export const OPENFACTURA_TIMEOUT_MS = 20_000;
/** "Duración: 24 horas" (emission docs, "Idempotencia"). */
export const OPENFACTURA_IDEMPOTENCY_MS = 24 * 3_600_000;

export interface OpenFacturaConfig {
  baseUrl: string;
  apiKey: string;
  issuer: Issuer;
  timeoutMs?: number;
}

const SII_STATUS: Record<string, SiiStatus> = {
  Pendiente: "pending",
  Aceptado: "accepted",
  "Aceptado con Reparo": "acceptedWithObjections",
  Rechazado: "rejected",
};

/**
 * Errors OpenFactura names that are about its side, not the document (emission docs, "Códigos de error"): a
 * database error or one not available (OF-13, OF-21), a processing problem (OF-22), emission blocked for a
 * while (OF-23), no folios left (OF-07). Retried; anything else OF-xx is the document's and is not.
 */
const PROVIDER_SIDE = new Set(["OF-07", "OF-13", "OF-21", "OF-22", "OF-23"]);

/** The SII-named JSON of a draft (the emission docs' examples, and the SII's formats for what they omit). */
export function openFacturaDte(draft: DocumentDraft, issuer: Issuer): Record<string, unknown> {
  const boleta = draft.type === 39 || draft.type === 41;
  const exempt = isExemptType(draft.type) || draft.lines.every((l) => l.exempt);
  const { receiver, totals } = draft;
  const idDoc: Record<string, unknown> = { TipoDTE: draft.type, Folio: 0, FchEmis: draft.issueDate };
  // Boletas: "Boletas de venta y servicios" (IndServicio 3); their lines are gross by definition.
  if (boleta) idDoc.IndServicio = 3;
  else {
    idDoc.FmaPago = 1; // contado: the academy documents what was already paid
    // The academy's prices include IVA: the lines go gross (MntBruto = 1) and the net is derived from the total.
    if (!exempt) idDoc.MntBruto = 1;
  }
  const branch = issuer.branchCode ? { CdgSIISucur: issuer.branchCode } : {};
  const emisor = boleta
    ? { RUTEmisor: issuer.rut, RznSocEmisor: issuer.name, GiroEmisor: issuer.giro, ...branch, DirOrigen: issuer.address, CmnaOrigen: issuer.comuna }
    : { RUTEmisor: issuer.rut, RznSoc: issuer.name, GiroEmis: issuer.giro, Acteco: Number(issuer.activity), ...branch, DirOrigen: issuer.address, CmnaOrigen: issuer.comuna };
  const receptor: Record<string, unknown> = { RUTRecep: receiver.rut };
  if (receiver.name) receptor.RznSocRecep = receiver.name;
  if (!boleta) Object.assign(receptor, { GiroRecep: receiver.giro, DirRecep: receiver.address, CmnaRecep: receiver.comuna });
  const totales = exempt
    ? { MntExe: totals.exempt, MntTotal: totals.total }
    : { MntNeto: totals.net, ...(boleta ? {} : { TasaIVA: String(VAT_RATE_PERCENT) }), IVA: totals.vat, ...(totals.exempt ? { MntExe: totals.exempt } : {}), MntTotal: totals.total };
  const dte: Record<string, unknown> = {
    Encabezado: { IdDoc: idDoc, Emisor: emisor, Receptor: receptor, Totales: { ...totales, VlrPagar: totals.total } },
    Detalle: draft.lines.map((line, i) => ({
      NroLinDet: i + 1,
      NmbItem: line.name,
      ...(line.description ? { DscItem: line.description } : {}),
      QtyItem: line.quantity,
      PrcItem: line.unitPrice,
      MontoItem: line.amount,
      ...(line.exempt ? { IndExe: 1 } : {}),
    })),
  };
  if (draft.discount) {
    dte.DscRcgGlobal = [{ NroLinDR: 1, TpoMov: "D", GlosaDR: draft.discount.label, TpoValor: "$", ValorDR: draft.discount.amount, ...(exempt ? { IndExeDR: 1 } : {}) }];
  }
  if (draft.references.length) {
    dte.Referencia = draft.references.map((ref, i) => ({
      NroLinRef: i + 1,
      TpoDocRef: ref.type,
      FolioRef: ref.folio,
      FchRef: ref.date,
      ...(ref.code ? { CodRef: ref.code } : {}),
      ...(ref.reason ? { RazonRef: ref.reason } : {}),
    }));
  }
  return dte;
}

type Answer = { ok: true; status: number; body: unknown } | { ok: false; failure: Unavailable };

export function createOpenFacturaProvider(config: OpenFacturaConfig): TaxDocumentProvider {
  const timeoutMs = config.timeoutMs ?? OPENFACTURA_TIMEOUT_MS;

  async function call(method: "GET" | "POST", path: string, init: { body?: unknown; idempotencyKey?: string } = {}): Promise<Answer> {
    let res: Response;
    try {
      res = await fetch(`${config.baseUrl}/v2/dte${path}`, {
        method,
        headers: {
          apikey: config.apiKey,
          accept: "application/json",
          ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
          ...(init.idempotencyKey ? { "Idempotency-Key": init.idempotencyKey } : {}),
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      // Refused before it was sent: the provider cannot have acted. Anything later (a reset, a timeout) may have.
      const notSent = cause === "ECONNREFUSED" || cause === "ENOTFOUND" || cause === "EAI_AGAIN";
      const timedOut = (error as Error).name === "TimeoutError";
      return { ok: false, failure: { kind: "unavailable", outcome: notSent ? "notIssued" : "unknown", detail: timedOut ? `sin respuesta en ${timeoutMs} ms` : `conexión fallida (${cause ?? (error as Error).message})` } };
    }
    const text = await res.text().catch(() => "");
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text.slice(0, 300);
    }
    return { ok: true, status: res.status, body };
  }

  /** A non-2xx answer (or a 2xx without what it should hold) as a result. */
  function failure(status: number, body: unknown): Refused | Unavailable | Unauthorized {
    const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
    const message = typeof error?.message === "string" ? error.message : typeof (body as { message?: unknown })?.message === "string" ? String((body as { message: string }).message) : `HTTP ${status}`;
    const details = Array.isArray(error?.details)
      ? (error.details as { field?: unknown; issue?: unknown }[]).map((d) => `${String(d.field)}: ${String(d.issue)}`).join("; ")
      : "";
    const detail = `${typeof error?.code === "string" ? `${error.code} ` : ""}${message}${details ? ` (${details})` : ""}`.slice(0, 1000);
    if (status === 401 || status === 403) return { kind: "unauthorized", detail };
    if (status === 429 || status === 503) return { kind: "unavailable", outcome: "notIssued", detail };
    if (status >= 500) return { kind: "unavailable", outcome: "unknown", detail };
    const code = typeof error?.code === "string" ? error.code : null;
    if (code && PROVIDER_SIDE.has(code)) return { kind: "unavailable", outcome: "notIssued", detail };
    if (status >= 400 && status < 500) return { kind: "refused", code, detail };
    return { kind: "unavailable", outcome: "unknown", detail: `respuesta inesperada (HTTP ${status})` };
  }

  async function issueDte(draft: DocumentDraft, idempotencyKey: string): Promise<IssueResult> {
    const answer = await call("POST", "/document", { body: { response: ["FOLIO", "PDF"], dte: openFacturaDte(draft, config.issuer) }, idempotencyKey });
    if (!answer.ok) return answer.failure;
    const body = answer.body as { TOKEN?: unknown; FOLIO?: unknown; PDF?: unknown; error?: { code?: unknown; token?: unknown } } | null;
    if (answer.status === 200 && typeof body?.TOKEN === "string") {
      const folio = Number(body.FOLIO);
      if (Number.isSafeInteger(folio) && folio > 0) {
        return { kind: "issued", folio, token: body.TOKEN, pdf: typeof body.PDF === "string" ? Buffer.from(body.PDF, "base64") : null, replayed: false };
      }
      return recover(body.TOKEN);
    }
    // OF-06: this key already issued a document, and the answer names its token: that document is ours.
    if (answer.status === 400 && body?.error?.code === "OF-06" && typeof body.error.token === "string") return recover(body.error.token);
    return failure(answer.status, answer.body);
  }

  /** The folio (and PDF) of a document known by its token: a replayed key, or an answer without its folio. */
  async function recover(token: string): Promise<IssueResult> {
    const answer = await call("GET", `/document/${encodeURIComponent(token)}/json`);
    if (!answer.ok) return { ...answer.failure, outcome: "unknown" };
    const folio = Number((answer.body as { folio?: unknown } | null)?.folio);
    if (answer.status !== 200 || !Number.isSafeInteger(folio) || folio <= 0) {
      const failed = failure(answer.status, answer.body);
      // The document exists (the provider said so): whatever went wrong reading it back, retrying is right.
      return failed.kind === "unauthorized" ? failed : { kind: "unavailable", outcome: "unknown", detail: `documento ${token} emitido, pero no se pudo leer su folio: ${failed.detail}` };
    }
    const pdf = await fetchPdf(token);
    return { kind: "issued", folio, token, pdf: pdf.kind === "pdf" ? pdf.pdf : null, replayed: true };
  }

  async function fetchPdf(token: string): Promise<PdfResult> {
    const answer = await call("GET", `/document/${encodeURIComponent(token)}/pdf`);
    if (!answer.ok) return answer.failure;
    const pdf = (answer.body as { pdf?: unknown } | null)?.pdf;
    if (answer.status === 200 && typeof pdf === "string" && pdf.length > 0) return { kind: "pdf", pdf: Buffer.from(pdf, "base64") };
    return failure(answer.status === 200 ? 502 : answer.status, answer.body);
  }

  async function status(token: string): Promise<StatusResult> {
    const answer = await call("GET", `/document/${encodeURIComponent(token)}/status`);
    if (!answer.ok) return answer.failure;
    const estado = (answer.body as { estado?: unknown } | null)?.estado;
    if (answer.status === 200 && typeof estado === "string" && estado in SII_STATUS) return { kind: "status", status: SII_STATUS[estado]! };
    if (answer.status === 200) logger.warn({ estado }, "OpenFactura answered an unknown document status");
    return failure(answer.status === 200 ? 502 : answer.status, answer.body);
  }

  return {
    name: "OpenFactura",
    idempotencyWindowMs: OPENFACTURA_IDEMPOTENCY_MS,
    issue: (draft, key) => {
      if (draft.type === CREDIT_NOTE_TYPE) throw new TypeError("a nota de crédito goes through voidByCreditNote");
      return issueDte(draft, key);
    },
    voidByCreditNote: (note, key) => {
      if (note.type !== CREDIT_NOTE_TYPE || !note.references.some((r) => r.code === 1)) throw new TypeError("voidByCreditNote takes a nota de crédito that cancels its reference");
      return issueDte(note, key);
    },
    fetchPdf,
    status,
  };
}

let cached: { config: ReturnType<typeof currentDteConfig>; provider: TaxDocumentProvider } | undefined;
/** The provider of the current configuration, or null when tax documents are off. */
export function taxDocumentProvider(): TaxDocumentProvider | null {
  const config = currentDteConfig();
  if (!config.enabled) return null;
  if (cached?.config !== config) cached = { config, provider: createOpenFacturaProvider(config) };
  return cached.provider;
}
