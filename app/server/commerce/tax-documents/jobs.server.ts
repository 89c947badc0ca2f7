// The outbox's tax-document work: issue a pending document at the provider, ask the SII's answer later, and
// deliver a document's mail with its PDF. A failure the provider may recover from throws, so the outbox retries
// it with its backoff; everything the attempt learnt is recorded first (attempts, the error, the history).
import { eq } from "drizzle-orm";
import { documentFilename, type DocumentDraft, type DocumentType, type SiiStatus } from "~/domain/tax-documents";
import { db } from "../../platform/db/client.server";
import { taxDocument } from "../../platform/db/schema";
import { now } from "../../platform/clock.server";
import { logger } from "../../platform/logger.server";
import { queueJob } from "../../platform/outbox/outbox.server";
import { getAsset, readAssetBytes, storeAsset } from "../../platform/storage/storage.server";
import type { Mail } from "../../platform/mail/transport.server";
import { orderDocumentMailFor, receiptMailFor } from "../orders/order-state.server";
import { documentLabel, findDocument, lockDocument, queueCreditNote, recordDocumentEvent, type TaxDocumentRow } from "./documents.server";
import { taxDocumentProvider } from "./openfactura.server";
import type { TaxDocumentProvider } from "./provider.server";

/** Thrown so the outbox retries: the document is still pending. */
export class DocumentNotIssuedYet extends Error {}

/** When the SII's answer is asked after issuing: 1 min, 10 min, 1 h, 6 h, then once a day for a week. */
export const STATUS_CHECK_DELAYS_S = [60, 600, 3600, 6 * 3600, 24 * 3600, 24 * 3600, 24 * 3600, 24 * 3600, 24 * 3600, 24 * 3600];

/** The part of the provider's idempotency window a retry may still use; past it, a person checks first. */
const SAFETY_MARGIN_MS = 3_600_000;

/** Issues one pending document (the outbox's 'taxDocumentIssue' job). */
export async function issueDocument(documentId: number, provider: TaxDocumentProvider | null = taxDocumentProvider()): Promise<void> {
  const doc = await findDocument(documentId);
  if (!doc || doc.state !== "pending") return;
  if (!provider) {
    logger.warn({ documentId }, "tax documents are off: a pending document waits until DTE_PROVIDER is set again");
    return;
  }
  if (doc.uncertainSince && now().getTime() - doc.uncertainSince.getTime() >= provider.idempotencyWindowMs - SAFETY_MARGIN_MS) {
    await toReview(doc);
    return;
  }
  const draft = doc.draft as DocumentDraft;
  const result = doc.kind === "credit" ? await provider.voidByCreditNote(draft, doc.idempotencyKey) : await provider.issue(draft, doc.idempotencyKey);

  if (result.kind === "issued") {
    let pdf = result.pdf;
    if (!pdf) {
      const fetched = await provider.fetchPdf(result.token);
      if (fetched.kind === "pdf") pdf = fetched.pdf;
    }
    // The file is written before the transaction; its row goes in with the folio (a retry finds the same file).
    const stored = pdf ? await storeAsset(Buffer.from(pdf), { filename: documentFilename(doc.type as DocumentType, result.folio), mime: "application/pdf" }) : null;
    await db().transaction(async (tx) => {
      const locked = await lockDocument(tx, doc.id);
      if (!locked || locked.state !== "pending") return;
      await tx
        .update(taxDocument)
        .set({
          state: "issued",
          folio: result.folio,
          providerToken: result.token,
          issuedAt: now(),
          pdfAssetId: stored?.id ?? null,
          siiStatus: "pending",
          attempts: locked.attempts + 1,
          lastError: null,
          buyerNotified: true,
          updatedAt: now(),
        })
        .where(eq(taxDocument.id, doc.id));
      await recordDocumentEvent(tx, doc.id, "issued", "issued", `Folio ${result.folio}${result.replayed ? " (emitido en un intento anterior)" : ""}`);
      await queueJob({ kind: "taxDocumentMail", documentId: doc.id, receipt: doc.kind === "sale" && !locked.buyerNotified }, tx);
      await queueJob({ kind: "taxDocumentStatus", documentId: doc.id, check: 0 }, tx, { delaySeconds: STATUS_CHECK_DELAYS_S[0] });
      // A refund that came while this document was on its way: its nota de crédito can be issued now.
      if (doc.kind === "sale") await queueCreditNote(tx, doc.orderId);
    });
    return;
  }

  const refused = result.kind === "refused";
  const unknown = result.kind === "unavailable" && result.outcome === "unknown";
  const detail = result.kind === "unauthorized" ? `El proveedor rechazó las credenciales (revisa OPENFACTURA_API_KEY): ${result.detail}` : result.detail;
  await db().transaction(async (tx) => {
    const locked = await lockDocument(tx, doc.id);
    if (!locked || locked.state !== "pending") return;
    // The buyer is not kept waiting for the receipt: it goes now, saying the document follows.
    const tellBuyer = locked.kind === "sale" && !locked.buyerNotified;
    await tx
      .update(taxDocument)
      .set({
        state: refused ? "refused" : "pending",
        attempts: locked.attempts + 1,
        lastError: detail.slice(0, 1000),
        uncertainSince: locked.uncertainSince ?? (unknown ? now() : null),
        buyerNotified: locked.buyerNotified || tellBuyer,
        updatedAt: now(),
      })
      .where(eq(taxDocument.id, doc.id));
    await recordDocumentEvent(tx, doc.id, refused ? "refused" : "attempt_failed", refused ? "refused" : "pending", detail);
    if (tellBuyer) await queueJob({ kind: "taxDocumentMail", documentId: doc.id, receipt: true }, tx);
  });
  if (!refused) throw new DocumentNotIssuedYet(`tax document ${doc.id} not issued yet: ${detail}`);
  logger.error({ documentId: doc.id, detail }, "the provider refused a tax document");
}

/** Past the provider's idempotency window with an unknown outcome: a person must look before any new attempt. */
async function toReview(doc: TaxDocumentRow) {
  await db().transaction(async (tx) => {
    const locked = await lockDocument(tx, doc.id);
    if (!locked || locked.state !== "pending") return;
    await tx.update(taxDocument).set({ state: "review", updatedAt: now() }).where(eq(taxDocument.id, doc.id));
    await recordDocumentEvent(tx, doc.id, "review", "review", "Un intento sin respuesta quedó fuera de la ventana de idempotencia del proveedor: revisar en su panel antes de reintentar");
  });
  logger.error({ documentId: doc.id }, "tax document needs a person: outcome unknown past the provider's idempotency window");
}

/** Asks the SII's answer for an issued document (the outbox's 'taxDocumentStatus' job); asks again later while pending. */
export async function refreshDocumentStatus(documentId: number, check: number, provider: TaxDocumentProvider | null = taxDocumentProvider()): Promise<SiiStatus | null> {
  const doc = await findDocument(documentId);
  if (!doc || doc.state !== "issued" || !doc.providerToken || !provider) return null;
  const result = await provider.status(doc.providerToken);
  const status = result.kind === "status" ? result.status : null;
  await db().transaction(async (tx) => {
    const locked = await lockDocument(tx, doc.id);
    if (!locked || locked.state !== "issued") return;
    if (status && status !== locked.siiStatus) {
      const rejected = status === "rejected";
      await tx
        .update(taxDocument)
        .set({ siiStatus: status, ...(rejected ? { state: "rejected" as const } : {}), updatedAt: now() })
        .where(eq(taxDocument.id, doc.id));
      await recordDocumentEvent(tx, doc.id, rejected ? "rejected" : "status", rejected ? "rejected" : "issued", `SII: ${status}`);
    }
    const next = STATUS_CHECK_DELAYS_S[check + 1];
    if ((status === null || status === "pending") && next !== undefined) {
      await queueJob({ kind: "taxDocumentStatus", documentId: doc.id, check: check + 1 }, tx, { delaySeconds: next });
    }
  });
  if (status === "rejected") logger.error({ documentId: doc.id }, "the SII rejected a tax document");
  return status;
}

/** A document's PDF: the stored copy, or the provider's (then stored). Null when neither can be had now. */
export async function documentPdf(doc: TaxDocumentRow, provider: TaxDocumentProvider | null = taxDocumentProvider()): Promise<Buffer | null> {
  if (doc.pdfAssetId !== null) {
    const stored = await getAsset(doc.pdfAssetId);
    if (stored) {
      try {
        const bytes = await readAssetBytes(stored);
        if (bytes) return bytes;
        logger.error({ documentId: doc.id }, "a tax document's stored PDF is missing: asking the provider");
      } catch (error) {
        logger.error({ err: error, documentId: doc.id }, "a tax document's stored PDF could not be read: asking the provider");
      }
    }
  }
  if (!doc.providerToken || doc.folio === null || !provider) return null;
  const fetched = await provider.fetchPdf(doc.providerToken);
  if (fetched.kind !== "pdf") return null;
  const bytes = Buffer.from(fetched.pdf);
  const stored = await storeAsset(bytes, { filename: documentFilename(doc.type as DocumentType, doc.folio), mime: "application/pdf" });
  if (doc.pdfAssetId === null) await db().update(taxDocument).set({ pdfAssetId: stored.id, updatedAt: now() }).where(eq(taxDocument.id, doc.id));
  return bytes;
}

/**
 * The mail about a document, rendered when the outbox delivers it: the order's receipt (with the PDF, or saying
 * the document follows), or the document alone once issued. Null when there is nothing to send.
 */
export async function documentMailFor(documentId: number, receipt: boolean): Promise<Mail | null> {
  const doc = await findDocument(documentId);
  if (!doc) return null;
  const issued = doc.state === "issued" || doc.state === "rejected" ? doc : null;
  const pdf = issued ? await documentPdf(issued) : null;
  if (!receipt && !pdf) throw new DocumentNotIssuedYet(`the PDF of tax document ${doc.id} is not available yet`);
  const attachments = pdf ? [{ filename: documentFilename(doc.type as DocumentType, doc.folio!), contentType: "application/pdf", contentBase64: pdf.toString("base64") }] : [];
  const taxDocumentLine = { label: documentLabel(doc), attached: pdf !== null };
  const mail = receipt ? await receiptMailFor(doc.orderId, taxDocumentLine) : await orderDocumentMailFor(doc.orderId, { label: documentLabel(doc), credit: doc.kind === "credit" });
  return mail ? { ...mail, attachments } : null;
}
