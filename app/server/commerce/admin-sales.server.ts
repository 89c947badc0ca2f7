// /admin/ventas and /admin/cupones: every order with filters, totals and the CSV export (same conventions
// as the enrolment CSV: ';' and UTF-8 with BOM), one order with its history, and the coupons.
import { chileIsoDay } from "~/domain/chile-time";
import { and, asc, count, desc, eq, gte, lt, ne, sum, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { csvRow } from "~/domain/csv";
import { METHOD_LABELS, ORDER_STATUS_LABELS, endOfChileDay, isOrderStatus, type OrderStatus, type PaymentMethodType } from "~/domain/commerce";
import { formatDateTime } from "~/domain/format";
import { db } from "../platform/db/client.server";
import { coupon, course, order, orderEvent, payment, refund, taxDocument, user } from "../platform/db/schema";
import { DOCUMENT_TYPE_SHORT, documentStatusLabel, isDocumentState, isDocumentType, type SiiStatus } from "~/domain/tax-documents";
import { recordAudit } from "../platform/audit.server";
import { parseId } from "~/domain/ids";
import { pageOf, pageWindow } from "../platform/db/pagination.server";
import { afterCursor, cursorColumn, keysetCsvStream } from "../platform/db/keyset-csv.server";

export interface SalesFilters {
  status: OrderStatus | null;
  courseId: number | null;
  /** 'yyyy-mm-dd', days in Chile, both included. */
  from: string | null;
  to: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseSalesFilters(params: URLSearchParams): SalesFilters {
  const status = params.get("estado");
  const courseId = params.get("curso");
  const from = params.get("desde");
  const to = params.get("hasta");
  return {
    status: isOrderStatus(status) ? status : null,
    courseId: parseId(courseId),
    from: from && DAY.test(from) && endOfChileDay(from) ? from : null,
    to: to && DAY.test(to) && endOfChileDay(to) ? to : null,
  };
}

/** The start of a Chile calendar day: the end of the day before. */
function startOfChileDay(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const before = new Date(Date.UTC(y, m - 1, d - 1, 12)).toISOString().slice(0, 10);
  return new Date(endOfChileDay(before)!.getTime() + 1);
}

function conditions(f: SalesFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (f.status) parts.push(eq(order.status, f.status));
  if (f.courseId) parts.push(eq(order.courseId, f.courseId));
  if (f.from) parts.push(gte(order.createdAt, startOfChileDay(f.from)));
  if (f.to) parts.push(lt(order.createdAt, new Date(endOfChileDay(f.to)!.getTime() + 1)));
  return parts.length ? and(...parts) : undefined;
}

// An order's live sale document and nota de crédito (at most one each: tax_document_order_kind_uq).
const saleDoc = alias(taxDocument, "sale_doc");
const creditDoc = alias(taxDocument, "credit_doc");
const saleDocJoin = and(eq(saleDoc.orderId, order.id), eq(saleDoc.kind, "sale"), ne(saleDoc.state, "rejected"));
const creditDocJoin = and(eq(creditDoc.orderId, order.id), eq(creditDoc.kind, "credit"), ne(creditDoc.state, "rejected"));

const listColumns = {
  id: order.id,
  number: order.number,
  status: order.status,
  method: order.method,
  amountClp: order.amountClp,
  couponCode: order.couponCode,
  createdAt: order.createdAt,
  paidAt: order.paidAt,
  courseId: order.courseId,
  courseTitle: course.title,
  buyerName: user.name,
  buyerEmail: user.email,
  docType: saleDoc.type,
  docFolio: saleDoc.folio,
  docState: saleDoc.state,
  docSii: saleDoc.siiStatus,
  creditFolio: creditDoc.folio,
  creditState: creditDoc.state,
};

export type SalesRow = {
  id: number;
  number: string;
  status: string;
  statusLabel: string;
  method: string;
  methodLabel: string;
  amountClp: number;
  couponCode: string | null;
  createdAt: string;
  paidAt: string;
  courseTitle: string;
  buyerName: string;
  buyerEmail: string;
  /** The sale's document type ('Boleta exenta'), '' when it has none. */
  documentType: string;
  documentFolio: number | null;
  /** Its state ('Emitido', 'Pendiente de emisión'…), and the nota de crédito's folio after a refund. */
  documentState: string;
  creditNoteFolio: number | null;
  creditNoteState: string;
};

type RawRow = { [K in keyof typeof listColumns]: unknown } & {
  id: number;
  number: string;
  status: string;
  method: string;
  amountClp: number;
  couponCode: string | null;
  createdAt: Date;
  paidAt: Date | null;
  courseTitle: string;
  buyerName: string;
  buyerEmail: string;
  docType: number | null;
  docFolio: number | null;
  docState: string | null;
  docSii: string | null;
  creditFolio: number | null;
  creditState: string | null;
};

const stateLabel = (state: string | null, sii: string | null) => (state && isDocumentState(state) ? documentStatusLabel(state, sii as SiiStatus | null) : "");

function toRow(r: RawRow): SalesRow {
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    statusLabel: isOrderStatus(r.status) ? ORDER_STATUS_LABELS[r.status] : r.status,
    method: r.method,
    methodLabel: METHOD_LABELS[r.method as PaymentMethodType] ?? r.method,
    amountClp: r.amountClp,
    couponCode: r.couponCode,
    createdAt: formatDateTime(r.createdAt),
    paidAt: formatDateTime(r.paidAt),
    courseTitle: r.courseTitle,
    buyerName: r.buyerName,
    buyerEmail: r.buyerEmail,
    documentType: isDocumentType(r.docType) ? DOCUMENT_TYPE_SHORT[r.docType] : "",
    documentFolio: r.docFolio,
    documentState: stateLabel(r.docState, r.docSii),
    creditNoteFolio: r.creditFolio,
    creditNoteState: stateLabel(r.creditState, null),
  };
}

/** A page of orders, newest first, and the totals of everything the filters select. */
export async function listSales(filters: SalesFilters, page: number) {
  const where = conditions(filters);
  const [rows, totals] = await Promise.all([
    db()
      .select(listColumns)
      .from(order)
      .innerJoin(user, eq(user.id, order.userId))
      .innerJoin(course, eq(course.id, order.courseId))
      .leftJoin(saleDoc, saleDocJoin)
      .leftJoin(creditDoc, creditDocJoin)
      .where(where)
      .orderBy(desc(order.createdAt), desc(order.id))
      .limit(pageWindow(page).limit)
      .offset(pageWindow(page).offset),
    db()
      .select({ status: order.status, n: count(), amount: sum(order.amountClp).mapWith(Number) })
      .from(order)
      .where(where)
      .groupBy(order.status),
  ]);
  const byStatus = Object.fromEntries(totals.map((t) => [t.status, { n: t.n, amount: t.amount ?? 0 }]));
  const one = pageOf(rows, page);
  return {
    orders: one.rows.map((r) => toRow(r as RawRow)),
    page,
    hasNext: one.hasNext,
    totals: {
      orders: totals.reduce((a, t) => a + t.n, 0),
      paid: byStatus.paid ?? { n: 0, amount: 0 },
      pending: byStatus.pending ?? { n: 0, amount: 0 },
      refunded: byStatus.refunded ?? { n: 0, amount: 0 },
    },
  };
}

export const SALES_CSV_HEADER = [
  "Pedido",
  "Fecha",
  "Estado",
  "Medio de pago",
  "Monto (CLP)",
  "Cupón",
  "Curso",
  "Comprador",
  "Correo",
  "Pagado el",
  "Documento tributario",
  "Folio",
  "Estado del documento",
  "Folio nota de crédito",
  "Estado nota de crédito",
] as const;

const CSV_BATCH = 500;

/** The filtered orders as CSV, streamed in keyset batches (constant memory at any size). */
export function salesCsvStream(filters: SalesFilters): ReadableStream<Uint8Array> {
  return keysetCsvStream({
    name: "sales",
    header: SALES_CSV_HEADER,
    batchSize: CSV_BATCH,
    batch: (cursor, limit) =>
      db()
        .select({ ...listColumns, ...cursorColumn(order.createdAt) })
        .from(order)
        .innerJoin(user, eq(user.id, order.userId))
        .innerJoin(course, eq(course.id, order.courseId))
        .leftJoin(saleDoc, saleDocJoin)
        .leftJoin(creditDoc, creditDocJoin)
        .where(and(conditions(filters), afterCursor(order.createdAt, order.id, cursor)))
        .orderBy(desc(order.createdAt), desc(order.id))
        .limit(limit),
    line: ({ cursorAt: _c, ...raw }) => {
      const r = toRow(raw as RawRow);
      return csvRow([
        r.number,
        r.createdAt,
        r.statusLabel,
        r.methodLabel,
        r.amountClp,
        r.couponCode,
        r.courseTitle,
        r.buyerName,
        r.buyerEmail,
        r.paidAt,
        r.documentType,
        r.documentFolio,
        r.documentState,
        r.creditNoteFolio,
        r.creditNoteState,
      ]);
    },
  });
}

export function salesCsvFilename(now = new Date()) {
  return `ventas-${chileIsoDay(now)}.csv`;
}

/** One order for the admin: buyer, course, payment, refund and every change of state with who made it. */
export async function getSaleDetail(number: string) {
  const [row] = await db()
    .select({ ...listColumns, subtotalClp: order.subtotalClp, discountClp: order.discountClp, buyOrder: order.buyOrder, quantity: order.quantity, buyerId: order.userId })
    .from(order)
    .innerJoin(user, eq(user.id, order.userId))
    .innerJoin(course, eq(course.id, order.courseId))
    .leftJoin(saleDoc, saleDocJoin)
    .leftJoin(creditDoc, creditDocJoin)
    .where(eq(order.number, number))
    .limit(1);
  if (!row) return null;
  const [[p], [r], events] = await Promise.all([
    db().select().from(payment).where(eq(payment.orderId, row.id)).limit(1),
    db().select().from(refund).where(eq(refund.orderId, row.id)).limit(1),
    db()
      .select({ id: orderEvent.id, from: orderEvent.fromStatus, to: orderEvent.toStatus, note: orderEvent.note, at: orderEvent.createdAt, actor: user.name })
      .from(orderEvent)
      .leftJoin(user, eq(user.id, orderEvent.actorUserId))
      .where(eq(orderEvent.orderId, row.id))
      .orderBy(asc(orderEvent.id)),
  ]);
  const label = (s: string | null) => (s === null ? "—" : isOrderStatus(s) ? ORDER_STATUS_LABELS[s] : s);
  return {
    order: { ...toRow(row as RawRow), subtotalClp: row.subtotalClp, discountClp: row.discountClp, buyOrder: row.buyOrder, quantity: row.quantity, buyerId: row.buyerId },
    payment: p
      ? { authorizationCode: p.authorizationCode, cardLast4: p.cardLast4, paymentTypeCode: p.paymentTypeCode, amountClp: p.amountClp, at: formatDateTime(p.createdAt) }
      : null,
    refund: r ? { amountClp: r.amountClp, kind: r.kind, reason: r.reason, accessKept: r.accessKept, at: formatDateTime(r.createdAt) } : null,
    events: events.map((e) => ({ id: e.id, from: label(e.from), to: label(e.to), note: e.note, at: formatDateTime(e.at), actor: e.actor ?? "Sistema / Webpay" })),
  };
}

// ── Coupons ──────────────────────────────────────────────────────────────────

export async function listCoupons() {
  const rows = await db()
    .select({
      id: coupon.id,
      code: coupon.code,
      kind: coupon.kind,
      value: coupon.value,
      expiresAt: coupon.expiresAt,
      maxUses: coupon.maxUses,
      uses: coupon.uses,
      active: coupon.active,
      courseTitle: course.title,
      createdAt: coupon.createdAt,
    })
    .from(coupon)
    .leftJoin(course, eq(course.id, coupon.courseId))
    .orderBy(desc(coupon.createdAt), desc(coupon.id))
    .limit(500);
  return rows.map((c) => ({ ...c, expiresAt: formatDateTime(c.expiresAt), createdAt: formatDateTime(c.createdAt) }));
}

export async function createCoupon(input: {
  code: string;
  kind: "percent" | "fixed";
  value: number;
  courseId: number | null;
  expiresOn: string | null;
  maxUses: number | null;
  adminId: string;
}): Promise<{ ok: true } | { ok: false; field: string; message: string }> {
  if (input.courseId !== null) {
    const [c] = await db().select({ id: course.id }).from(course).where(eq(course.id, input.courseId)).limit(1);
    if (!c) return { ok: false, field: "courseId", message: "Elige un curso de la lista." };
  }
  const values = {
    code: input.code,
    kind: input.kind,
    value: input.value,
    courseId: input.courseId,
    expiresAt: input.expiresOn ? endOfChileDay(input.expiresOn) : null,
    maxUses: input.maxUses,
  };
  return db().transaction(async (tx) => {
    const [inserted] = await tx
      .insert(coupon)
      .values({ ...values, createdBy: input.adminId })
      .onConflictDoNothing({ target: coupon.code })
      .returning({ id: coupon.id });
    if (!inserted) return { ok: false as const, field: "code", message: "Ya existe un cupón con ese código." };
    await recordAudit(tx, { actorId: input.adminId, action: "coupon.created", subject: { type: "coupon", id: inserted.id, label: input.code }, after: values });
    return { ok: true as const };
  });
}

export async function setCouponActive(id: number, active: boolean, adminId: string) {
  return db().transaction(async (tx) => {
    const [before] = await tx.select({ code: coupon.code, active: coupon.active }).from(coupon).where(eq(coupon.id, id)).for("update").limit(1);
    if (!before) return false;
    await tx.update(coupon).set({ active }).where(eq(coupon.id, id));
    if (before.active !== active) {
      await recordAudit(tx, { actorId: adminId, action: "coupon.active", subject: { type: "coupon", id, label: before.code }, before: { active: before.active }, after: { active } });
    }
    return true;
  });
}
