// The admin's actions on an order: confirm or reject a transfer, refund a paid order.
import { and, eq } from "drizzle-orm";
import { db } from "../../platform/db/client.server";
import { enrolment, order, refund } from "../../platform/db/schema";
import { freeSeats, lockSeatPool, writeLedger } from "../../companies/seats.server";
import { logger } from "../../platform/logger.server";
import { recordAudit } from "../../platform/audit.server";
import type { PaymentMethod } from "../mail.server";
import type { PaymentProvider } from "../payments/provider.server";
import { webpayProvider } from "../payments/webpay.server";
import type { ActionResult } from "~/domain/action-result";
import { queueCreditNote } from "../tax-documents/documents.server";
import { sessionSeats } from "./session-seats.server";
import { releaseCouponUse, lockOrder, setStatus, markPaid, queueOrderMail } from "./order-state.server";

// ── The admin's actions ───────────────────────────────────────────────────────

const orderSubject = (row: { id: number; number: string }) => ({ type: "order", id: row.id, label: `Pedido ${row.number}` });

const notPending = { ok: false, message: "Este pedido ya no espera una transferencia." } as const;

/** An admin confirms the money of a transfer arrived: paid, enrolled and told, in one transaction. */
export async function confirmTransfer(number: string, adminId: string): Promise<ActionResult> {
  return db().transaction(async (tx) => {
    const [row] = await tx.select().from(order).where(eq(order.number, number)).for("update").limit(1);
    if (!row) return { ok: false, message: "El pedido no existe." };
    if (row.method !== "transfer" || row.status !== "pending") return notPending;
    await markPaid(tx, row, { method: "transfer", amountClp: row.amountClp, recordedBy: adminId }, adminId, "Transferencia confirmada");
    await recordAudit(tx, {
      actorId: adminId,
      action: "order.transfer_confirmed",
      subject: orderSubject(row),
      before: { status: row.status },
      after: { status: "paid", amountClp: row.amountClp },
    });
    if (row.companyId !== null) return { ok: true, message: "Transferencia confirmada: los cupos quedaron disponibles para la empresa y el encargado recibió un correo." };
    return { ok: true, message: "Transferencia confirmada: la persona quedó inscrita y recibió un correo." };
  });
}

/** An admin rejects a transfer order (no money arrived, wrong amount…): closed, coupon use given back, buyer told. */
export async function rejectTransfer(number: string, adminId: string, reason: string | null): Promise<ActionResult> {
  return db().transaction(async (tx) => {
    const [row] = await tx.select().from(order).where(eq(order.number, number)).for("update").limit(1);
    if (!row) return { ok: false, message: "El pedido no existe." };
    if (row.method !== "transfer" || row.status !== "pending") return notPending;
    await setStatus(tx, row, "rejected", adminId, reason);
    await recordAudit(tx, { actorId: adminId, action: "order.transfer_rejected", subject: orderSubject(row), before: { status: row.status }, after: { status: "rejected" }, note: reason });
    await releaseCouponUse(tx, row.couponId);
    await queueOrderMail(tx, row, (base) => ({ ...base, kind: "orderRejected", total: row.amountClp, reason }));
    return { ok: true, message: "Pedido rechazado. Le avisamos a la persona por correo." };
  });
}

type RefundRecord = { kind: "reversed" | "nullified" | "manual"; amountClp: number; authorizationCode: string | null; raw: unknown };

/**
 * Refunds a paid order: Webpay's refund call for a card payment (asking its status when the answer is lost
 * or refused, since an earlier attempt may have gone through), then, in one transaction, the refund row,
 * the status, the end of access (unless kept) and the mail.
 */
export async function refundOrder(
  // adminId: who asked for it — an admin, or for a skills-session seat the person who gave it up (null: the system).
  input: { number: string; adminId: string | null; reason: string; keepAccess: boolean },
  provider: PaymentProvider = webpayProvider(),
): Promise<ActionResult> {
  const [row] = await db().select().from(order).where(eq(order.number, input.number)).limit(1);
  if (!row) return { ok: false, message: "El pedido no existe." };
  if (row.status !== "paid") return { ok: false, message: "Solo se puede reembolsar un pedido pagado." };
  let record: RefundRecord = { kind: "manual", amountClp: row.amountClp, authorizationCode: null, raw: null };
  if (row.method === "webpay") {
    if (!row.token) return { ok: false, message: "El pedido no tiene una transacción de Webpay." };
    const result = await provider.refund(row.token, row.amountClp);
    if (result.kind === "reversed") record = { kind: "reversed", amountClp: result.amountClp, authorizationCode: null, raw: null };
    else if (result.kind === "nullified") record = { kind: "nullified", amountClp: result.amountClp, authorizationCode: result.authorizationCode, raw: result.raw };
    else {
      const state = result.kind === "refundRefused" || result.kind === "networkFailure" ? await provider.status(row.token) : null;
      const done = state?.kind === "found" && (state.transaction.status === "REVERSED" || state.transaction.status === "NULLIFIED");
      if (!done) {
        logger.warn({ orderId: row.id, result }, "Webpay refund not done");
        return {
          ok: false,
          message:
            result.kind === "refundRefused"
              ? `Webpay rechazó el reembolso: ${result.detail}`
              : "No pudimos confirmar el reembolso con Webpay. Inténtalo de nuevo en unos minutos: no se cobrará dos veces.",
        };
      }
      record = { kind: state.transaction.status === "REVERSED" ? "reversed" : "nullified", amountClp: row.amountClp, authorizationCode: null, raw: state.transaction.raw };
    }
  }
  return db().transaction(async (tx) => {
    const locked = await lockOrder(tx, row.id);
    if (!locked || locked.status !== "paid") return { ok: true as const, message: "El pedido ya estaba reembolsado." };
    const [inserted] = await tx
      .insert(refund)
      .values({
        orderId: locked.id,
        amountClp: record.amountClp,
        kind: record.kind,
        reason: input.reason,
        accessKept: input.keepAccess,
        authorizationCode: record.authorizationCode,
        byUserId: input.adminId,
        raw: record.raw,
      })
      .onConflictDoNothing()
      .returning({ id: refund.id });
    if (!inserted) return { ok: true as const, message: "El pedido ya estaba reembolsado." };
    const refundedAt = new Date();
    if (locked.companyId !== null) {
      // Seats already used by workers stay theirs; the seats still free go back with the money.
      await lockSeatPool(tx, locked.companyId, locked.courseId);
      const back = Math.min(locked.quantity, await freeSeats(tx, locked.companyId, locked.courseId));
      if (back > 0) await writeLedger(tx, { companyId: locked.companyId, courseId: locked.courseId, delta: -back, kind: "refund", reason: `Reembolso del pedido ${locked.number}`, byUserId: input.adminId, orderId: null });
    } else if (locked.skillsSessionId !== null) {
      // A seat in a skills session: the course's enrolment is not this order's. Without "keep access" the seat, if
      // still held, is given up (the order's lock first, then the session's, as a payment takes them).
      if (!input.keepAccess) await sessionSeats().release(tx, locked.id, input.adminId);
    } else if (!input.keepAccess) {
      await tx.delete(enrolment).where(and(eq(enrolment.userId, locked.userId), eq(enrolment.courseId, locked.courseId)));
    }
    // The nota de crédito that cancels the sale's document, once that document has its folio (documents.server.ts).
    await queueCreditNote(tx, locked.id, input.adminId);
    const note = `${input.reason}${input.keepAccess ? " (mantiene el acceso)" : " (acceso terminado)"}`;
    await setStatus(tx, locked, "refunded", input.adminId, note, { refundedAt });
    await recordAudit(tx, {
      actorId: input.adminId,
      action: "order.refunded",
      subject: orderSubject(locked),
      before: { status: locked.status },
      after: { status: "refunded", amountClp: record.amountClp, kind: record.kind, accessKept: input.keepAccess },
      note: input.reason,
    });
    await queueOrderMail(tx, locked, (base) => ({
      ...base,
      kind: "refund",
      amount: record.amountClp,
      method: locked.method as PaymentMethod["type"],
      refundedAt,
      reason: input.reason,
      accessKept: input.keepAccess,
    }));
    if (locked.skillsSessionId !== null) {
      return { ok: true as const, message: input.keepAccess ? "Reembolso registrado. La persona mantiene su cupo en la sesión práctica." : "Reembolso registrado. El cupo de la sesión práctica quedó liberado." };
    }
    return {
      ok: true as const,
      message: input.keepAccess ? "Reembolso registrado. La persona mantiene el acceso al curso." : "Reembolso registrado. La persona ya no tiene acceso al curso.",
    };
  });
}
