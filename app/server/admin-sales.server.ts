// /admin/ventas and /admin/cupones: every order with filters, totals and the CSV export (same conventions
// as the enrolment CSV: ';' and UTF-8 with BOM), one order with its history, and the coupons.
import { and, asc, count, desc, eq, gte, lt, sql, sum, type SQL } from "drizzle-orm";
import { CSV_BOM, csvRow } from "~/domain/csv";
import { METHOD_LABELS, ORDER_STATUS_LABELS, endOfChileDay, isOrderStatus, type OrderStatus, type PaymentMethodType } from "~/domain/commerce";
import { formatDateTime } from "~/domain/format";
import { PAGE_SIZE } from "~/domain/admin-forms";
import { db } from "./db/client.server";
import { coupon, course, order, orderEvent, payment, refund, user } from "./db/schema";
import { logger } from "./logger.server";
import { parseId } from "~/domain/ids";

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
};

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
      .where(where)
      .orderBy(desc(order.createdAt), desc(order.id))
      .limit(PAGE_SIZE + 1)
      .offset((page - 1) * PAGE_SIZE),
    db()
      .select({ status: order.status, n: count(), amount: sum(order.amountClp).mapWith(Number) })
      .from(order)
      .where(where)
      .groupBy(order.status),
  ]);
  const byStatus = Object.fromEntries(totals.map((t) => [t.status, { n: t.n, amount: t.amount ?? 0 }]));
  return {
    orders: rows.slice(0, PAGE_SIZE).map((r) => toRow(r as RawRow)),
    page,
    hasNext: rows.length > PAGE_SIZE,
    totals: {
      orders: totals.reduce((a, t) => a + t.n, 0),
      paid: byStatus.paid ?? { n: 0, amount: 0 },
      pending: byStatus.pending ?? { n: 0, amount: 0 },
      refunded: byStatus.refunded ?? { n: 0, amount: 0 },
    },
  };
}

export const SALES_CSV_HEADER = ["Pedido", "Fecha", "Estado", "Medio de pago", "Monto (CLP)", "Cupón", "Curso", "Comprador", "Correo", "Pagado el"] as const;

const CSV_BATCH = 500;

/** The filtered orders as CSV, streamed in keyset batches (constant memory at any size). */
export function salesCsvStream(filters: SalesFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: { at: string; id: number } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_BOM + csvRow(SALES_CSV_HEADER)));
          return;
        }
        const after = cursor ? sql`(${order.createdAt}, ${order.id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined;
        const rows = await db()
          .select({ ...listColumns, cursorAt: sql<string>`${order.createdAt}::text` })
          .from(order)
          .innerJoin(user, eq(user.id, order.userId))
          .innerJoin(course, eq(course.id, order.courseId))
          .where(and(conditions(filters), after))
          .orderBy(desc(order.createdAt), desc(order.id))
          .limit(CSV_BATCH);
        if (rows.length === 0) {
          controller.close();
          return;
        }
        const last = rows[rows.length - 1]!;
        cursor = { at: last.cursorAt, id: last.id };
        const lines = rows.map(({ cursorAt: _c, ...raw }) => {
          const r = toRow(raw as RawRow);
          return csvRow([r.number, r.createdAt, r.statusLabel, r.methodLabel, r.amountClp, r.couponCode, r.courseTitle, r.buyerName, r.buyerEmail, r.paidAt]);
        });
        controller.enqueue(encoder.encode(lines.join("")));
        if (rows.length < CSV_BATCH) controller.close();
      } catch (error) {
        logger.error({ err: error }, "sales CSV export failed");
        controller.error(error);
      }
    },
  });
}

export function salesCsvFilename(now = new Date()) {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santiago", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `ventas-${day}.csv`;
}

/** One order for the admin: buyer, course, payment, refund and every change of state with who made it. */
export async function getSaleDetail(number: string) {
  const [row] = await db()
    .select({ ...listColumns, subtotalClp: order.subtotalClp, discountClp: order.discountClp, buyOrder: order.buyOrder, quantity: order.quantity })
    .from(order)
    .innerJoin(user, eq(user.id, order.userId))
    .innerJoin(course, eq(course.id, order.courseId))
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
    order: { ...toRow(row as RawRow), subtotalClp: row.subtotalClp, discountClp: row.discountClp, buyOrder: row.buyOrder, quantity: row.quantity },
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
  const inserted = await db()
    .insert(coupon)
    .values({
      code: input.code,
      kind: input.kind,
      value: input.value,
      courseId: input.courseId,
      expiresAt: input.expiresOn ? endOfChileDay(input.expiresOn) : null,
      maxUses: input.maxUses,
      createdBy: input.adminId,
    })
    .onConflictDoNothing({ target: coupon.code })
    .returning({ id: coupon.id });
  if (inserted.length === 0) return { ok: false, field: "code", message: "Ya existe un cupón con ese código." };
  return { ok: true };
}

export async function setCouponActive(id: number, active: boolean) {
  const updated = await db().update(coupon).set({ active }).where(eq(coupon.id, id)).returning({ id: coupon.id });
  return updated.length === 1;
}
