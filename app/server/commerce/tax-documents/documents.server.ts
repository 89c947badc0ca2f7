// Tax documents (docs/decisions.md F4): a paid order's boleta or factura and a refunded order's nota de crédito, from
// the moment they are due (queued in the transaction that marks the order paid or refunded) to their folio and
// the SII's answer. Issuing happens in the outbox (jobs.server.ts), so a provider outage delays a document and
// never loses it; the order's number is the provider's idempotency key, so a retry never issues it twice.
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { chileIsoDay } from "~/domain/chile-time";
import { receiverOf, type BuyerTaxData } from "~/domain/tax-document-forms";
import {
  CREDIT_NOTE_TYPE,
  creditNoteDraft,
  DOCUMENT_TYPE_LABELS,
  documentIsDue,
  isTaxTreatment,
  saleDocumentType,
  saleDraft,
  type DocumentDraft,
  type DocumentState,
  type DocumentType,
} from "~/domain/tax-documents";
import { db, type DbOrTx, type Tx } from "../../platform/db/client.server";
import { course, order, refund, skillsSession, taxBuyer, taxDocument, taxDocumentEvent, user } from "../../platform/db/schema";
import { formatDate } from "~/domain/format";
import { placeLabel } from "~/domain/skills-sessions";
import { now } from "../../platform/clock.server";
import { queueJob } from "../../platform/outbox/outbox.server";
import { taxDocumentsEnabled } from "./config.server";

export type TaxDocumentRow = typeof taxDocument.$inferSelect;
export type DocumentKind = "sale" | "credit";
type OrderFacts = Pick<typeof order.$inferSelect, "id" | "number" | "createdAt" | "quantity" | "unitPriceClp" | "subtotalClp" | "discountClp" | "couponCode" | "amountClp" | "courseId" | "userId">;

/** The provider's Idempotency-Key: the order, the kind of document and which attempt (1 unless a person restarted it). */
export function idempotencyKey(orderNumber: string, kind: DocumentKind, attempt: number): string {
  return `${orderNumber}:${kind === "sale" ? "venta" : "nota-credito"}:${attempt}`;
}

export function attemptOf(key: string): number {
  return Number(/:(\d+)$/.exec(key)?.[1] ?? 1);
}

/** A document's name with its folio: 'Boleta exenta electrónica N° 12'. */
export function documentLabel(doc: Pick<TaxDocumentRow, "type" | "folio">): string {
  const name = DOCUMENT_TYPE_LABELS[doc.type as DocumentType] ?? `Documento ${doc.type}`;
  return doc.folio ? `${name} N° ${doc.folio}` : name;
}

export async function recordDocumentEvent(tx: DbOrTx, documentId: number, event: string, state: DocumentState, note: string | null, actorUserId: string | null = null) {
  await tx.insert(taxDocumentEvent).values({ documentId, event, state, note: note?.slice(0, 1000) ?? null, actorUserId });
}

/** The buyer's tax data as kept for an order (inside its transaction, when the order is created). */
export async function saveBuyerTaxData(tx: Tx, orderId: number, data: BuyerTaxData) {
  await tx.insert(taxBuyer).values({ orderId, ...data }).onConflictDoNothing();
}

async function insertDocument(tx: Tx, values: { orderId: number; kind: DocumentKind; type: DocumentType; key: string; draft: DocumentDraft; creditsDocumentId?: number | null }, actorUserId: string | null) {
  const [inserted] = await tx
    .insert(taxDocument)
    .values({
      orderId: values.orderId,
      kind: values.kind,
      type: values.type,
      idempotencyKey: values.key,
      draft: values.draft,
      totalClp: values.draft.totals.total,
      creditsDocumentId: values.creditsDocumentId ?? null,
    })
    // One live document per order and kind (tax_document_order_kind_uq): a second confirmation inserts nothing.
    .onConflictDoNothing()
    .returning({ id: taxDocument.id });
  if (!inserted) return null;
  await Promise.all([recordDocumentEvent(tx, inserted.id, "queued", "pending", null, actorUserId), queueJob({ kind: "taxDocumentIssue", documentId: inserted.id }, tx)]);
  return inserted.id;
}

/** Whether paying this order issues a document (then the document's job sends the receipt). */
export function saleDocumentDue(row: Pick<OrderFacts, "amountClp">): boolean {
  return taxDocumentsEnabled() && documentIsDue(row.amountClp);
}

/**
 * In the transaction that marks an order paid: its sale document, pending, and the job that issues it. Answers
 * whether a document is due (then its job, not the payment, sends the receipt: with the PDF attached).
 */
export async function queueSaleDocument(tx: Tx, row: OrderFacts, paidAt: Date = now()): Promise<boolean> {
  if (!saleDocumentDue(row)) return false;
  const [facts] = await tx
    .select({
      title: course.title,
      treatment: course.taxTreatment,
      buyerName: user.name,
      buyer: taxBuyer,
      session: { startsAt: skillsSession.startsAt, placeKind: skillsSession.placeKind, address: skillsSession.address, comuna: skillsSession.comuna },
    })
    .from(order)
    .innerJoin(course, eq(course.id, order.courseId))
    .leftJoin(skillsSession, eq(skillsSession.id, order.skillsSessionId))
    .innerJoin(user, eq(user.id, order.userId))
    .leftJoin(taxBuyer, eq(taxBuyer.orderId, order.id))
    .where(eq(order.id, row.id))
    .limit(1);
  if (!facts) return false;
  // An order placed before buyers were asked (or without an answer) gets a boleta to the generic RUT.
  const buyer: BuyerTaxData = facts.buyer
    ? { ...facts.buyer, receipt: facts.buyer.receipt === "factura" ? "factura" : "boleta" }
    : { receipt: "boleta", rut: null, businessName: null, giro: null, address: null, comuna: null, purchaseOrder: null, senceActionId: null };
  const type = saleDocumentType(isTaxTreatment(facts.treatment) ? facts.treatment : "exempt", buyer.receipt);
  const draft = saleDraft({
    type,
    issueDate: chileIsoDay(paidAt),
    orderNumber: row.number,
    orderDate: chileIsoDay(row.createdAt),
    courseTitle: facts.title,
    // A seat in a skills session: the line names the session, with its day and place.
    skillsSession: facts.session ? { day: formatDate(facts.session.startsAt), place: placeLabel(facts.session) } : null,
    quantity: row.quantity,
    unitPriceClp: row.unitPriceClp,
    subtotalClp: row.subtotalClp,
    discountClp: row.discountClp,
    couponCode: row.couponCode,
    amountClp: row.amountClp,
    receiver: receiverOf(buyer, { name: facts.buyerName }),
    purchaseOrder: buyer.purchaseOrder,
    senceActionId: buyer.senceActionId,
  });
  await insertDocument(tx, { orderId: row.id, kind: "sale", type, key: idempotencyKey(row.number, "sale", 1), draft }, null);
  return true;
}

/** The order's live document of a kind (not one the SII rejected). */
export async function liveDocument(tx: DbOrTx, orderId: number, kind: DocumentKind): Promise<TaxDocumentRow | null> {
  const [row] = await tx
    .select()
    .from(taxDocument)
    .where(and(eq(taxDocument.orderId, orderId), eq(taxDocument.kind, kind), ne(taxDocument.state, "rejected")))
    .limit(1);
  return row ?? null;
}

/**
 * The nota de crédito of a refunded order, once its sale document has a folio: in the refund's transaction,
 * or later in the transaction that records the sale document's folio (a refund can come first while the
 * provider is down). Nothing to do for an order without a document (none was due) or with its nota already.
 */
export async function queueCreditNote(tx: Tx, orderId: number, actorUserId: string | null = null): Promise<void> {
  const [[refunded], sale, existing] = await Promise.all([
    tx.select({ reason: refund.reason, at: refund.createdAt, number: order.number }).from(refund).innerJoin(order, eq(order.id, refund.orderId)).where(eq(refund.orderId, orderId)).limit(1),
    liveDocument(tx, orderId, "sale"),
    liveDocument(tx, orderId, "credit"),
  ]);
  if (!refunded || !sale || existing || sale.state !== "issued" || sale.folio === null) return;
  const draft = creditNoteDraft({ draft: sale.draft as DocumentDraft, folio: sale.folio }, chileIsoDay(now()), refunded.reason ?? "Reembolso");
  const previous = await tx.select({ n: sql<number>`count(*)::int` }).from(taxDocument).where(and(eq(taxDocument.orderId, orderId), eq(taxDocument.kind, "credit")));
  await insertDocument(
    tx,
    { orderId, kind: "credit", type: CREDIT_NOTE_TYPE, key: idempotencyKey(refunded.number, "credit", (previous[0]?.n ?? 0) + 1), draft, creditsDocumentId: sale.id },
    actorUserId,
  );
}

/** Locks a document's row (state changes happen under it, as an order's do). */
export async function lockDocument(tx: Tx, id: number): Promise<TaxDocumentRow | null> {
  const [row] = await tx.select().from(taxDocument).where(eq(taxDocument.id, id)).for("update").limit(1);
  return row ?? null;
}

export async function findDocument(id: number, tx: DbOrTx = db()): Promise<TaxDocumentRow | null> {
  const [row] = await tx.select().from(taxDocument).where(eq(taxDocument.id, id)).limit(1);
  return row ?? null;
}

/** An order's documents, newest first (a sale's, the notas, and ones the SII rejected). */
export async function documentsOfOrder(orderId: number, tx: DbOrTx = db()): Promise<TaxDocumentRow[]> {
  return tx.select().from(taxDocument).where(eq(taxDocument.orderId, orderId)).orderBy(desc(taxDocument.id));
}
