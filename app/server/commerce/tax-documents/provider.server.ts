// What an electronic tax-document provider does for the academy, in the academy's words: issue a document,
// cancel one by a nota de crédito, fetch a document's PDF, ask the SII's answer. The documents module talks to
// this interface only; OpenFactura (openfactura.server.ts) is its adapter. Every call resolves, never throws, to
// a result that says plainly what happened, so a caller cannot forget a case.
import type { DocumentDraft, SiiStatus } from "~/domain/tax-documents";

export interface Issued {
  kind: "issued";
  folio: number;
  /** The provider's handle for the document (OpenFactura's TOKEN). */
  token: string;
  /** The printed document, when the provider sent it along; fetchPdf() gets it otherwise. */
  pdf: Uint8Array | null;
  /** Whether this answer came from an earlier attempt with the same idempotency key. */
  replayed: boolean;
}

/** The provider refused the document as invalid: nothing was issued, and the same request will fail again. */
export interface Refused {
  kind: "refused";
  code: string | null;
  detail: string;
}

/**
 * The provider could not be reached or could not act now. `outcome` says whether the document may have been
 * issued anyway (a lost answer, a timeout): a retry with the same idempotency key is then safe while the
 * provider remembers the key.
 */
export interface Unavailable {
  kind: "unavailable";
  outcome: "notIssued" | "unknown";
  detail: string;
}

/** The provider refused our credentials: a configuration problem, not the document's. */
export interface Unauthorized {
  kind: "unauthorized";
  detail: string;
}

export type IssueResult = Issued | Refused | Unavailable | Unauthorized;
export type PdfResult = { kind: "pdf"; pdf: Uint8Array } | Refused | Unavailable | Unauthorized;
export type StatusResult = { kind: "status"; status: SiiStatus } | Refused | Unavailable | Unauthorized;

export interface TaxDocumentProvider {
  readonly name: string;
  /** How long the provider remembers an idempotency key (OpenFactura: 24 hours). */
  readonly idempotencyWindowMs: number;
  /** Issues a sale's document; the same key never issues twice while the provider remembers it. */
  issue(draft: DocumentDraft, idempotencyKey: string): Promise<IssueResult>;
  /** Issues the nota de crédito (61) that cancels an issued document; `note` references it. */
  voidByCreditNote(note: DocumentDraft, idempotencyKey: string): Promise<IssueResult>;
  fetchPdf(token: string): Promise<PdfResult>;
  status(token: string): Promise<StatusResult>;
}
