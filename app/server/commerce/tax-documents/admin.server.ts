// What an admin does with tax documents: see those that need attention (pending, refused by the provider, to
// review, rejected by the SII) and retry one; ask the SII's answer again. Every action is recorded in the
// document's history with the admin's id.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { ActionResult } from "~/domain/action-result";
import { documentStatusLabel, isDocumentState, taxDocumentMessages, type DocumentDraft, type DocumentState, type SiiStatus } from "~/domain/tax-documents";
import { formatDateTime } from "~/domain/format";
import { db } from "../../platform/db/client.server";
import { course, order, taxDocument, taxDocumentEvent, user } from "../../platform/db/schema";
import { now } from "../../platform/clock.server";
import { queueJob } from "../../platform/outbox/outbox.server";
import { attemptOf, documentLabel, idempotencyKey, lockDocument, recordDocumentEvent, type DocumentKind } from "./documents.server";
import { taxDocumentsEnabled } from "./config.server";


/** What an admin sees of one document. */
export interface DocumentView {
  id: number;
  orderNumber: string;
  kind: DocumentKind;
  label: string;
  type: number;
  folio: number | null;
  state: DocumentState;
  statusLabel: string;
  /** How its badge reads: done, waiting (for the provider or the SII), or needing a person. */
  tone: "done" | "waiting" | "attention";
  total: number;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  issuedAt: string;
  hasPdf: boolean;
  canRetry: boolean;
  needsConfirmation: boolean;
}

export function viewOf(row: typeof taxDocument.$inferSelect, orderNumber: string): DocumentView {
  const state = isDocumentState(row.state) ? row.state : "pending";
  return {
    id: row.id,
    orderNumber,
    kind: row.kind === "credit" ? "credit" : "sale",
    label: documentLabel(row),
    type: row.type,
    folio: row.folio,
    state,
    statusLabel: documentStatusLabel(state, row.siiStatus as SiiStatus | null),
    tone: state === "pending" || (state === "issued" && (row.siiStatus === "pending" || row.siiStatus === null)) ? "waiting" : state === "issued" ? "done" : "attention",
    total: row.totalClp,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: formatDateTime(row.createdAt),
    issuedAt: formatDateTime(row.issuedAt),
    hasPdf: row.folio !== null,
    canRetry: state !== "issued",
    needsConfirmation: state === "review",
  };
}

/** Documents waiting or failed, oldest first: what /admin/documentos lists. */
export async function documentsNeedingAttention(limit = 200) {
  const rows = await db()
    .select({ doc: taxDocument, orderNumber: order.number, courseTitle: course.title, buyerName: user.name })
    .from(taxDocument)
    .innerJoin(order, eq(order.id, taxDocument.orderId))
    .innerJoin(course, eq(course.id, order.courseId))
    .innerJoin(user, eq(user.id, order.userId))
    .where(inArray(taxDocument.state, ["pending", "refused", "review", "rejected"]))
    .orderBy(asc(taxDocument.createdAt), asc(taxDocument.id))
    .limit(limit);
  // A rejected document already replaced by a new one of its order is history, not work.
  const replaced = new Set(rows.filter((r) => r.doc.state !== "rejected").map((r) => `${r.doc.orderId}:${r.doc.kind}`));
  return rows
    .filter((r) => r.doc.state !== "rejected" || !replaced.has(`${r.doc.orderId}:${r.doc.kind}`))
    .map((r) => ({ ...viewOf(r.doc, r.orderNumber), courseTitle: r.courseTitle, buyerName: r.buyerName }));
}

/** A document's history, oldest first, with who acted. */
export async function documentHistory(documentId: number) {
  const rows = await db()
    .select({ event: taxDocumentEvent.event, state: taxDocumentEvent.state, note: taxDocumentEvent.note, at: taxDocumentEvent.createdAt, actor: user.name })
    .from(taxDocumentEvent)
    .leftJoin(user, eq(user.id, taxDocumentEvent.actorUserId))
    .where(eq(taxDocumentEvent.documentId, documentId))
    .orderBy(asc(taxDocumentEvent.id));
  return rows.map((r) => ({ ...r, at: formatDateTime(r.at) }));
}

/**
 * Retries a document. Pending or refused: queued again with the same idempotency key (nothing was issued, or
 * the provider remembers what was). To review: only once the admin confirms the provider has no such document,
 * then with a new key. Rejected by the SII: a new document replaces it (a new key, the same content).
 */
export async function retryDocument(documentId: number, adminId: string, options: { confirmedNotIssued?: boolean } = {}): Promise<ActionResult> {
  if (!taxDocumentsEnabled()) return { ok: false, message: taxDocumentMessages.off };
  return db().transaction(async (tx): Promise<ActionResult> => {
    const doc = await lockDocument(tx, documentId);
    if (!doc) return { ok: false, message: taxDocumentMessages.notFound };
    if (doc.state === "issued") return { ok: false, message: taxDocumentMessages.alreadyIssued };
    if (doc.state === "review" && !options.confirmedNotIssued) return { ok: false, message: taxDocumentMessages.confirmRequired, field: "confirmNotIssued" };
    if (doc.state === "rejected") {
      const [orderRow] = await tx.select({ number: order.number }).from(order).where(eq(order.id, doc.orderId)).limit(1);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(taxDocument)
        .where(and(eq(taxDocument.orderId, doc.orderId), eq(taxDocument.kind, doc.kind)));
      const [replacement] = await tx
        .insert(taxDocument)
        .values({
          orderId: doc.orderId,
          kind: doc.kind,
          type: doc.type,
          idempotencyKey: idempotencyKey(orderRow!.number, doc.kind as DocumentKind, n + 1),
          draft: doc.draft as DocumentDraft,
          totalClp: doc.totalClp,
          creditsDocumentId: doc.creditsDocumentId,
          buyerNotified: true,
        })
        .onConflictDoNothing()
        .returning({ id: taxDocument.id });
      if (!replacement) return { ok: false, message: taxDocumentMessages.nothingToRetry };
      await recordDocumentEvent(tx, replacement.id, "queued", "pending", `Reemplaza el documento ${documentLabel(doc)}, rechazado por el SII`, adminId);
      await queueJob({ kind: "taxDocumentIssue", documentId: replacement.id }, tx);
      return { ok: true, message: taxDocumentMessages.retried };
    }
    const newKey = doc.state === "review" ? doc.idempotencyKey.replace(/:\d+$/, `:${attemptOf(doc.idempotencyKey) + 1}`) : doc.idempotencyKey;
    await tx
      .update(taxDocument)
      .set({ state: "pending", idempotencyKey: newKey, ...(doc.state === "review" ? { uncertainSince: null } : {}), updatedAt: now() })
      .where(eq(taxDocument.id, doc.id));
    const note = doc.state === "review" ? "Revisado en el panel del proveedor: no fue emitido. Nuevo intento con otra llave de idempotencia" : null;
    await recordDocumentEvent(tx, doc.id, "retry_requested", "pending", note, adminId);
    await queueJob({ kind: "taxDocumentIssue", documentId: doc.id }, tx);
    return { ok: true, message: taxDocumentMessages.retried };
  });
}

/** Asks the SII's answer for an issued document now. */
export async function requestStatusCheck(documentId: number, adminId: string): Promise<ActionResult> {
  return db().transaction(async (tx): Promise<ActionResult> => {
    const doc = await lockDocument(tx, documentId);
    if (!doc) return { ok: false, message: taxDocumentMessages.notFound };
    if (doc.state !== "issued") return { ok: false, message: taxDocumentMessages.nothingToRetry };
    await recordDocumentEvent(tx, doc.id, "status_requested", "issued", null, adminId);
    // The last of the scheduled looks: this one does not start a new series.
    await queueJob({ kind: "taxDocumentStatus", documentId: doc.id, check: 1_000 }, tx);
    return { ok: true, message: taxDocumentMessages.statusQueued };
  });
}

/** The documents of one order for its admin page, with their history. */
export async function orderDocumentsForAdmin(orderId: number, orderNumber: string) {
  const rows = await db().select().from(taxDocument).where(eq(taxDocument.orderId, orderId)).orderBy(desc(taxDocument.id));
  return Promise.all(rows.map(async (row) => ({ ...viewOf(row, orderNumber), history: await documentHistory(row.id) })));
}

/** The document forms' intents (a sale's page, /admin/documentos): null when the intent is not one of them. */
export async function documentAction(form: FormData, adminId: string): Promise<ActionResult | null> {
  const intent = form.get("intent");
  if (intent !== "retryDocument" && intent !== "checkDocument") return null;
  const raw = form.get("documentId");
  const documentId = typeof raw === "string" && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  if (documentId === null || documentId > 2_147_483_647) return { ok: false, message: taxDocumentMessages.notFound };
  if (intent === "checkDocument") return requestStatusCheck(documentId, adminId);
  return retryDocument(documentId, adminId, { confirmedNotIssued: form.get("confirmNotIssued") === "on" });
}
