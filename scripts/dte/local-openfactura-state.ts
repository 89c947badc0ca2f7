// The documents a local OpenFactura server holds: who may issue (an API key per taxpayer), the folios it hands
// out, the Idempotency-Key it remembers and what the SII answers for each document. Deterministic on purpose:
// folios count from one per issuer and type, tokens derive from issuer, type and folio, and time comes from an
// injectable clock, so a test can name the folio it expects.
import crypto from "node:crypto";
import { OpenFacturaError, checkDte, type CheckedDocument } from "./local-openfactura-rules";

/** The development environment's public companies and keys (docs, "Ambiente de desarrollo"; no account needed). */
export const SANDBOX_COMPANIES: readonly LocalCompany[] = [
  { apiKey: "928e15a2d14d4a6292345f04960f4bd3", rut: "76795561-8", name: "HAULMER SPA" },
  { apiKey: "41eb78998d444dbaa4922c410ef14057", rut: "76430498-5", name: "HOSTY SPA" },
];

export interface LocalCompany {
  apiKey: string;
  rut: string;
  name: string;
}

/** What `GET …/{token}/status` answers for an issued document (docs, "Estados"). */
export type SiiStatus = "Pendiente" | "Aceptado" | "Rechazado" | "Aceptado con Reparo";
export const SII_STATUSES: readonly SiiStatus[] = ["Pendiente", "Aceptado", "Rechazado", "Aceptado con Reparo"];

/** "Duración: 24 horas" (docs, "Idempotencia"). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;

export interface LocalDocument {
  token: string;
  apiKey: string;
  emisorRut: string;
  type: number;
  folio: number;
  /** The dte as issued, with its folio. */
  dte: Record<string, unknown>;
  checked: CheckedDocument;
  issuedAt: Date;
  idempotencyKey: string | null;
  /** When the SII's verdict becomes visible, and what it is. */
  siiAnswersAt: Date;
  siiVerdict: Exclude<SiiStatus, "Pendiente">;
  /** Set by a test: the status reported from now on. */
  siiOverride: SiiStatus | null;
  /** The PDF format asked for at emission (the docs: a later PDF uses it). */
  format: "LETTER" | "80MM";
}

export class OpenFacturaLedger {
  readonly documents = new Map<string, LocalDocument>();
  private readonly folios = new Map<string, number>();
  private readonly keys = new Map<string, { token: string; at: Date }>();
  private offsetMs = 0;
  /** Verdicts the next issued documents get, in order (a test's queue); "Aceptado" when empty. */
  readonly nextVerdicts: Exclude<SiiStatus, "Pendiente">[] = [];

  constructor(
    readonly companies: readonly LocalCompany[],
    private readonly clock: () => Date = () => new Date(),
    private readonly siiDelayMs = 0,
    private readonly firstFolio = 1,
  ) {}

  now(): Date {
    return new Date(this.clock().getTime() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }

  company(apiKey: string | null): LocalCompany | null {
    return this.companies.find((c) => c.apiKey === apiKey) ?? null;
  }

  /** The token an Idempotency-Key already issued, within its 24 hours. */
  issuedFor(apiKey: string, key: string): string | null {
    const seen = this.keys.get(`${apiKey} ${key}`);
    if (!seen || this.now().getTime() - seen.at.getTime() >= IDEMPOTENCY_WINDOW_MS) return null;
    return seen.token;
  }

  /** Checks and issues a document: its folio, token and (later) the SII's verdict. */
  issue(company: LocalCompany, dte: unknown, idempotencyKey: string | null, format: "LETTER" | "80MM"): LocalDocument {
    const checked = checkDte(dte);
    // OF-03 "Validación de Permisos": an API key issues for its own taxpayer only.
    if (checked.emisorRut !== company.rut.toUpperCase()) {
      throw new OpenFacturaError(400, "OF-03", "Validación de Permisos", [{ field: "RUTEmisor", issue: `La API Key no corresponde al emisor ${checked.emisorRut}` }]);
    }
    this.checkReferences(company, checked);
    const counter = `${checked.emisorRut} ${checked.type}`;
    const folio = (this.folios.get(counter) ?? this.firstFolio - 1) + 1;
    this.folios.set(counter, folio);
    const token = crypto.createHash("sha256").update(`${checked.emisorRut}:${checked.type}:${folio}`).digest("hex");
    const copy = structuredClone(dte) as Record<string, unknown>;
    ((copy.Encabezado as Record<string, unknown>).IdDoc as Record<string, unknown>).Folio = folio;
    const issuedAt = this.now();
    const document: LocalDocument = {
      token,
      apiKey: company.apiKey,
      emisorRut: checked.emisorRut,
      type: checked.type,
      folio,
      dte: copy,
      checked,
      issuedAt,
      idempotencyKey,
      siiAnswersAt: new Date(issuedAt.getTime() + this.siiDelayMs),
      siiVerdict: this.nextVerdicts.shift() ?? "Aceptado",
      siiOverride: null,
      format,
    };
    this.documents.set(token, document);
    if (idempotencyKey) this.keys.set(`${company.apiKey} ${idempotencyKey}`, { token, at: issuedAt });
    return document;
  }

  /**
   * Stricter than the published contract (which shows references but not how they are checked): a nota's
   * document must have been issued here by the same taxpayer, and the notas against it may not credit more
   * than it was for. The SII checks as much when it receives the nota.
   */
  private checkReferences(company: LocalCompany, checked: CheckedDocument) {
    if (checked.type !== 61 && checked.type !== 56) return;
    for (const ref of checked.references) {
      const target = this.find(company.rut, Number(ref.type), Number(ref.folio));
      if (!target) throw new OpenFacturaError(400, "OF-09", "Validación de Relaciones", [{ field: "Referencia.FolioRef", issue: `No existe el documento ${ref.type} folio ${ref.folio}` }]);
      if (ref.date !== null && ref.date !== target.checked.fchEmis) {
        throw new OpenFacturaError(400, "OF-09", "Validación de Relaciones", [{ field: "Referencia.FchRef", issue: `La fecha del documento ${ref.type} folio ${ref.folio} es ${target.checked.fchEmis}` }]);
      }
      if (checked.type === 61) {
        const credited = [...this.documents.values()]
          .filter((d) => d.type === 61 && d.emisorRut === target.emisorRut && d.checked.references.some((r) => Number(r.type) === target.type && Number(r.folio) === target.folio))
          .reduce((sum, d) => sum + d.checked.totals.total, 0);
        if (credited + checked.totals.total > target.checked.totals.total) {
          throw new OpenFacturaError(400, "OF-09", "Validación de Relaciones", [{ field: "MntTotal", issue: `Las notas de crédito superan el total del documento ${ref.type} folio ${ref.folio}` }]);
        }
      }
    }
  }

  find(rut: string, type: number, folio: number): LocalDocument | null {
    for (const d of this.documents.values()) if (d.emisorRut === rut.toUpperCase() && d.type === type && d.folio === folio) return d;
    return null;
  }

  status(document: LocalDocument): SiiStatus {
    if (document.siiOverride) return document.siiOverride;
    return this.now().getTime() >= document.siiAnswersAt.getTime() ? document.siiVerdict : "Pendiente";
  }
}
