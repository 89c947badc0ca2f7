// Where a tax document shows: its buyer's order page ("Mis compras"), the company portal (the orders its managers
// placed for it) and the admin's pages. Every lookup names whose document it is (the buyer, the company), so a
// document id from another order answers nothing.
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { formatClp, formatCount, formatDateTime } from "~/domain/format";
import { ORDER_STATUS_LABELS, isOrderStatus } from "~/domain/commerce";
import { documentFilename, type DocumentType } from "~/domain/tax-documents";
import { db } from "../../platform/db/client.server";
import { course, order, taxDocument } from "../../platform/db/schema";
import { documentLabel, type TaxDocumentRow } from "./documents.server";
import { documentPdf } from "./jobs.server";

/** A document as its buyer (or the buyer's company) sees it. */
export interface BuyerDocument {
  id: number;
  label: string;
  credit: boolean;
  /** Issued: downloadable; otherwise on its way. */
  issued: boolean;
  issuedAt: string;
}

function forBuyer(row: TaxDocumentRow): BuyerDocument {
  return { id: row.id, label: documentLabel(row), credit: row.kind === "credit", issued: row.state === "issued", issuedAt: formatDateTime(row.issuedAt) };
}

/** An order's documents for its buyer: the live ones (a document the SII rejected was replaced, or will be). */
export async function buyerDocuments(orderId: number): Promise<BuyerDocument[]> {
  const rows = await db()
    .select()
    .from(taxDocument)
    .where(and(eq(taxDocument.orderId, orderId), ne(taxDocument.state, "rejected")))
    .orderBy(taxDocument.id);
  return rows.map(forBuyer);
}

/** A downloadable document's PDF and file name, or null (not this owner's, not issued, or not available now). */
async function pdfOf(row: TaxDocumentRow | undefined): Promise<{ pdf: Buffer; filename: string } | null> {
  if (!row || row.folio === null || (row.state !== "issued" && row.state !== "rejected")) return null;
  const pdf = await documentPdf(row);
  return pdf ? { pdf, filename: documentFilename(row.type as DocumentType, row.folio) } : null;
}

/** The buyer's download: the document must belong to one of this person's orders. */
export async function buyerDocumentPdf(orderNumber: string, userId: string, documentId: number) {
  const [row] = await db()
    .select({ doc: taxDocument })
    .from(taxDocument)
    .innerJoin(order, eq(order.id, taxDocument.orderId))
    .where(and(eq(taxDocument.id, documentId), eq(order.number, orderNumber), eq(order.userId, userId)))
    .limit(1);
  return pdfOf(row?.doc);
}

/** A company's download: the document must belong to an order placed for this company. */
export async function companyDocumentPdf(companyId: number, documentId: number) {
  const [row] = await db()
    .select({ doc: taxDocument })
    .from(taxDocument)
    .innerJoin(order, eq(order.id, taxDocument.orderId))
    .where(and(eq(taxDocument.id, documentId), eq(order.companyId, companyId)))
    .limit(1);
  return pdfOf(row?.doc);
}

/** The admin's download, from the sale's page. */
export async function adminDocumentPdf(orderNumber: string, documentId: number) {
  const [row] = await db()
    .select({ doc: taxDocument })
    .from(taxDocument)
    .innerJoin(order, eq(order.id, taxDocument.orderId))
    .where(and(eq(taxDocument.id, documentId), eq(order.number, orderNumber)))
    .limit(1);
  return pdfOf(row?.doc);
}

/** The seat purchases of a company that were paid, newest first, with their documents (the company portal). */
export async function companyPurchases(companyId: number, limit = 50) {
  const orders = await db()
    .select({ id: order.id, number: order.number, status: order.status, quantity: order.quantity, amountClp: order.amountClp, paidAt: order.paidAt, courseTitle: course.title })
    .from(order)
    .innerJoin(course, eq(course.id, order.courseId))
    .where(and(eq(order.companyId, companyId), inArray(order.status, ["paid", "refunded"])))
    .orderBy(desc(order.paidAt), desc(order.id))
    .limit(limit);
  const docs = orders.length
    ? await db()
        .select()
        .from(taxDocument)
        .where(and(inArray(taxDocument.orderId, orders.map((o) => o.id)), ne(taxDocument.state, "rejected")))
        .orderBy(taxDocument.id)
    : [];
  return orders.map((o) => ({
    number: o.number,
    courseTitle: o.courseTitle,
    seats: formatCount(o.quantity),
    total: formatClp(o.amountClp),
    paidAt: formatDateTime(o.paidAt),
    statusLabel: isOrderStatus(o.status) ? ORDER_STATUS_LABELS[o.status] : o.status,
    documents: docs.filter((d) => d.orderId === o.id).map(forBuyer),
  }));
}
