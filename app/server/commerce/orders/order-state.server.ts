// Orders (docs/decisions.md E1): the order row, its state changes and its mails. Every change happens under the
// order's row lock and records an order_event; an order is marked paid together with its one payment and
// its one enrolment (or a company's seats), so whatever the order of returns, retries and reloads, an order
// has one payment and one enrolment.
import { and, eq, sql } from "drizzle-orm";
import { type OrderStatus } from "~/domain/commerce";
import { db, type DbOrTx, type Tx } from "../../platform/db/client.server";
import { company, coupon, course, order, orderEvent, payment, skillsSession, user } from "../../platform/db/schema";
import { formatRut } from "~/domain/rut";
import { enrolInCourse, type EnrolResult } from "../../learning/enrolments.server";
import { startNextCycle } from "../../learning/cycles.server";
import { creditSeats } from "../../companies/seats.server";
import { env } from "../../platform/env.server";
import { logger } from "../../platform/logger.server";
import { renderMail } from "../../platform/mail/render-mail.server";
import type { MailMessage } from "../../platform/mail/messages.server";
import type { PaymentMethod, ReceiptTaxDocument, SeatPurchaseRef, SessionSeatRef } from "../mail.server";
import type { Mail } from "../../platform/mail/transport.server";
import { queueMail } from "../../platform/outbox/outbox.server";
import { courseContentPath } from "~/domain/course-paths";
import { queueSaleDocument, saleDocumentDue } from "../tax-documents/documents.server";
import { sessionSeats } from "./session-seats.server";
import { placeLabel } from "~/domain/skills-sessions";

export type OrderRow = typeof order.$inferSelect;

export const returnUrl = () => `${env().PUBLIC_URL}/pagos/webpay/retorno`;
export const orderPath = (number: string) => `/compras/${number}`;
/** Where a paid order's buyer starts: the course, or for a company's seats the company's portal. */
const startPathOf = (row: Pick<OrderRow, "companyId" | "courseId" | "skillsSessionId">) =>
  row.skillsSessionId !== null ? `/sesiones/${row.skillsSessionId}` : row.companyId !== null ? `/empresa/${row.companyId}/cursos/${row.courseId}` : courseContentPath(row.courseId);

/** Gives back the coupon use an order took (its order failed, was cancelled or rejected). */
export async function releaseCouponUse(tx: Tx, couponId: number | null) {
  if (couponId === null) return;
  await tx
    .update(coupon)
    .set({ uses: sql`greatest(${coupon.uses} - 1, 0)` })
    .where(eq(coupon.id, couponId));
}

// ── State changes (always under the order's row lock) ─────────────────────────

export async function lockOrder(tx: Tx, id: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(order).where(eq(order.id, id)).for("update").limit(1);
  return row ?? null;
}

export async function recordEvent(tx: Tx, orderId: number, from: OrderStatus | null, to: OrderStatus, actorUserId: string | null, note: string | null) {
  await tx.insert(orderEvent).values({ orderId, fromStatus: from, toStatus: to, actorUserId, note });
}

export async function setStatus(tx: Tx, row: OrderRow, to: OrderStatus, actorUserId: string | null, note: string | null, extra: Partial<typeof order.$inferInsert> = {}) {
  const now = new Date();
  const closing = to === "rejected" || to === "cancelled" || to === "failed";
  // Sent together (postgres.js pipelines the statements of a transaction's connection): one round trip, which
  // counts when the caller holds hot rows until it commits (markPaid, after the enrolment).
  await Promise.all([
    tx
      .update(order)
      .set({ status: to, updatedAt: now, ...(closing ? { closedAt: now } : {}), ...extra })
      .where(eq(order.id, row.id)),
    recordEvent(tx, row.id, row.status as OrderStatus, to, actorUserId, note),
  ]);
}

export type PaymentValues = Omit<typeof payment.$inferInsert, "orderId">;

/**
 * Marks an order paid, with its one payment and its one enrolment, and queues the receipt. The payment's
 * unique order_id and the enrolment's unique (user, course) hold even if two callers got this far.
 */
export async function markPaid(tx: Tx, row: OrderRow, values: PaymentValues, actorUserId: string | null, note: string | null) {
  // The payment and the buyer's name for the mail, sent together (one round trip).
  const [[inserted], buyer] = await Promise.all([
    tx.insert(payment).values({ ...values, orderId: row.id }).onConflictDoNothing().returning({ id: payment.id }),
    readBuyer(tx, row),
  ]);
  if (!inserted) return;
  if (row.skillsSessionId !== null) return markSeatPaid(tx, { ...row, skillsSessionId: row.skillsSessionId }, values, buyer, actorUserId, note);
  const paidAt = new Date();
  const method = paymentMethodOf(row.method, values);
  // With a tax document due, the receipt waits for it and goes with its PDF attached (tax-documents/jobs.server.ts).
  const documentDue = saleDocumentDue(row);
  // Everything else comes before the enrolment or the seats: their triggers take the course's summary rows
  // (a free slot of each, stat_slot in migration 0017), held until this transaction commits. Rendering the mail
  // there (CPU, and under load a wait for the event loop) made concurrent payments of a course queue behind each
  // other, each holding a database connection the other pages then waited for (bench, 200 learners: the
  // payment step's p50 was 1.6 s). After the enrolment: one round trip (setStatus) and the commit.
  const mail = documentDue ? null : await renderOrderMail(buyer, row, (base) => receiptMessage(base, row, paidAt, method, null));
  const wasReleased = row.status === "cancelled" || row.status === "failed" || row.status === "rejected";
  // A late authorisation beats an earlier close that gave the coupon's use back: the payment is honoured (the
  // buyer paid the price they were offered; a refund would undo a sale for our own bookkeeping), the use is
  // taken again only if one is left, and otherwise the order's history says so — a coupon never counts more
  // uses than its maximum.
  let couponNote: string | null = null;
  if (wasReleased && row.couponId !== null) {
    const retaken = await tx
      .update(coupon)
      .set({ uses: sql`${coupon.uses} + 1` })
      .where(and(eq(coupon.id, row.couponId), sql`(${coupon.maxUses} is null or ${coupon.uses} < ${coupon.maxUses})`))
      .returning({ id: coupon.id });
    if (retaken.length === 0) {
      couponNote = `Pago tardío honrado con el cupón ${row.couponCode ?? ""} ya agotado: este uso no se contó`;
      logger.warn({ orderId: row.id, couponId: row.couponId }, "late payment honoured past its coupon's maximum uses");
    }
  }
  // The receipt (or the document that brings it) is queued in the same round trip as the enrolment's (or the
  // seats') first statement.
  const [, enrolled] = await Promise.all([
    documentDue ? queueSaleDocument(tx, row, paidAt) : mail ? queueMail(mail, tx) : null,
    row.companyId !== null
      ? // Seats for a company are credited to it (once per order: the ledger's unique order_id); nobody is enrolled.
        creditSeats(tx, { companyId: row.companyId, courseId: row.courseId, count: row.quantity, kind: "purchase", orderId: row.id, byUserId: actorUserId ?? row.userId }).then(
          (): EnrolResult => ({ status: "course-not-found" }),
        )
      : enrolInCourse({ userId: row.userId, courseId: row.courseId }, tx),
  ]);
  const enrolmentId = enrolled.status === "course-not-found" ? null : enrolled.enrolmentId;
  if (enrolled.status === "course-not-found" && row.companyId === null) logger.error({ orderId: row.id }, "paid order for an unpublished course: no enrolment");
  // A learner already enrolled whose certificate is due for renewal bought its next cycle (docs/certificate-validity.md,
  // "Renewal"), started here with the payment; otherwise the order only notes that they were enrolled.
  const renewed =
    enrolled.status === "already-enrolled" ? await startNextCycle(tx, { enrolmentId: enrolled.enrolmentId, via: "purchase", orderId: row.id, byUserId: row.userId }) : null;
  const notes = [
    note,
    couponNote,
    renewed?.ok ? `Renovación: comienza el ciclo ${renewed.cycle} de la inscripción` : null,
    enrolled.status === "already-enrolled" && !renewed?.ok ? "La persona ya estaba inscrita en el curso" : null,
  ]
    .filter(Boolean)
    .join(". ");
  await setStatus(tx, row, "paid", actorUserId, notes || null, { paidAt, enrolmentId, closedAt: null });
}

/**
 * The rest of markPaid for a seat in a priced skills session (docs/skills-sessions.md, "Priced sessions"): the seat
 * is taken in this transaction (the order's lock, then the session's). Taken, the receipt goes out (with the sale's
 * tax document when one is due) and the booking's own mail brings the calendar file. Not taken (the session
 * filled, was cancelled or started while the learner was at Webpay), the order is paid and its refund queued:
 * no receipt and no sale document for a sale undone at once, and the refund's mail says why.
 */
async function markSeatPaid(tx: Tx, row: OrderRow & { skillsSessionId: number }, values: PaymentValues, buyer: Buyer | null, actorUserId: string | null, note: string | null) {
  const paidAt = new Date();
  const seat = await sessionSeats().take(tx, row);
  if (seat.ok) {
    if (saleDocumentDue(row)) await queueSaleDocument(tx, row, paidAt);
    else {
      const mail = await renderOrderMail(buyer, row, (base) => receiptMessage(base, row, paidAt, paymentMethodOf(row.method, values), null));
      if (mail) await queueMail(mail, tx);
    }
  }
  const notes = [note, seat.ok ? "Cupo reservado en la sesión práctica" : `Sin cupo: ${seat.reason}; se reembolsa`].filter(Boolean).join(". ");
  await setStatus(tx, row, "paid", actorUserId, notes, { paidAt, closedAt: null });
}

type MailBase = { name: string; orderNumber: string; course: { id: number; title: string }; quantity: number; seats: SeatPurchaseRef | null; session: SessionSeatRef | null };

function paymentMethodOf(type: string, values: { cardLast4?: string | null; authorizationCode?: string | null }): PaymentMethod {
  if (type === "webpay") return { type: "webpay", cardLast4: values.cardLast4 ?? null, authorizationCode: values.authorizationCode ?? null };
  return type === "transfer" ? { type: "transfer" } : { type: "free" };
}

/** The receipt of a paid order: by Webpay (or a coupon), the purchase receipt; by transfer, its confirmation. */
function receiptMessage(base: MailBase, row: OrderRow, paidAt: Date, method: PaymentMethod, taxDocument: ReceiptTaxDocument | null): MailMessage {
  return row.method === "transfer"
    ? { ...base, kind: "transferConfirmed", total: row.amountClp, startPath: startPathOf(row), orderPath: orderPath(row.number), taxDocument }
    : {
        ...base,
        kind: "purchaseReceipt",
        paidAt,
        subtotal: row.subtotalClp,
        coupon: row.couponCode ? { code: row.couponCode, discount: row.discountClp } : null,
        total: row.amountClp,
        method,
        startPath: startPathOf(row),
        orderPath: orderPath(row.number),
        taxDocument,
      };
}

/** A paid order's receipt, rendered when its tax document's job sends it (with the document, or saying it follows). */
export async function receiptMailFor(orderId: number, taxDocument: ReceiptTaxDocument): Promise<Mail | null> {
  const [row] = await db().select().from(order).where(eq(order.id, orderId)).limit(1);
  if (!row?.paidAt) return null;
  const [[paid], buyer] = await Promise.all([
    db().select({ cardLast4: payment.cardLast4, authorizationCode: payment.authorizationCode }).from(payment).where(eq(payment.orderId, orderId)).limit(1),
    readBuyer(db(), row),
  ]);
  return renderOrderMail(buyer, row, (base) => receiptMessage(base, row, row.paidAt!, paymentMethodOf(row.method, paid ?? {}), taxDocument));
}

/** The mail that brings an order's tax document on its own: a boleta or factura issued late, or a nota de crédito. */
export async function orderDocumentMailFor(orderId: number, document: { label: string; credit: boolean }): Promise<Mail | null> {
  const [row] = await db().select().from(order).where(eq(order.id, orderId)).limit(1);
  if (!row) return null;
  return renderOrderMail(await readBuyer(db(), row), row, (base) => ({ ...base, kind: "taxDocument", documentLabel: document.label, credit: document.credit, orderPath: orderPath(row.number) }));
}

/** Renders a mail about an order for its buyer and queues it in the same transaction. */
export async function queueOrderMail(tx: Tx, row: OrderRow, build: (base: MailBase) => MailMessage) {
  const mail = await renderOrderMail(await readBuyer(tx, row), row, build);
  if (mail) await queueMail(mail, tx);
}

type Buyer = {
  name: string;
  email: string;
  title: string;
  companyName: string | null;
  companyRut: string | null;
  session: { startsAt: Date; placeKind: string; address: string; comuna: string } | null;
};

/** The buyer's name and address, the course's title, for seats the company's, for a session's seat its date and place; null when the buyer is gone. */
async function readBuyer(tx: DbOrTx, row: OrderRow): Promise<Buyer | null> {
  const [who] = await tx
    .select({
      name: user.name,
      email: user.email,
      title: course.title,
      companyName: company.name,
      companyRut: company.rut,
      session: { startsAt: skillsSession.startsAt, placeKind: skillsSession.placeKind, address: skillsSession.address, comuna: skillsSession.comuna },
    })
    .from(user)
    .innerJoin(course, eq(course.id, row.courseId))
    .leftJoin(company, row.companyId === null ? sql`false` : eq(company.id, row.companyId))
    .leftJoin(skillsSession, row.skillsSessionId === null ? sql`false` : eq(skillsSession.id, row.skillsSessionId))
    .where(eq(user.id, row.userId))
    .limit(1);
  return who ?? null;
}

/** A mail about an order for its buyer, rendered; null when the buyer is gone. */
async function renderOrderMail(who: Buyer | null, row: OrderRow, build: (base: MailBase) => MailMessage): Promise<Mail | null> {
  if (!who) return null;
  const seats = who.companyName !== null && who.companyRut !== null ? { companyName: who.companyName, companyRut: formatRut(who.companyRut), unitPrice: row.unitPriceClp } : null;
  const session = who.session && row.skillsSessionId !== null ? { id: row.skillsSessionId, startsAt: who.session.startsAt, place: placeLabel(who.session) } : null;
  const message = build({ name: who.name, orderNumber: row.number, course: { id: row.courseId, title: who.title }, quantity: row.quantity, seats, session });
  return { to: who.email, ...(await renderMail(message, { baseUrl: env().PUBLIC_URL })) };
}
