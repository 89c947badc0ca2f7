// The learner's orders: their list and one order's page (never another person's).
import { and, asc, desc, eq } from "drizzle-orm";
import { db } from "../../platform/db/client.server";
import { company, course, order, orderEvent, payment, skillsBooking, skillsSession } from "../../platform/db/schema";
import type { PaymentProvider } from "../payments/provider.server";
import { reconcileWebpayOrder } from "./webpay-return.server";

// ── The learner's orders ──────────────────────────────────────────────────────

export async function listOrdersOfUser(userId: string) {
  return db()
    .select({
      number: order.number,
      courseId: order.courseId,
      courseTitle: course.title,
      skillsSessionId: order.skillsSessionId,
      amountClp: order.amountClp,
      method: order.method,
      status: order.status,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
    })
    .from(order)
    .innerJoin(course, eq(course.id, order.courseId))
    .where(eq(order.userId, userId))
    .orderBy(desc(order.createdAt), desc(order.id))
    .limit(200);
}

/** One order of this learner (never another's), with what its page shows. */
export async function getOrderForUser(number: string, userId: string, provider?: PaymentProvider) {
  const [found] = await db()
    .select()
    .from(order)
    .where(and(eq(order.number, number), eq(order.userId, userId)))
    .limit(1);
  if (!found) return null;
  const row = await reconcileWebpayOrder(found, provider);
  const [[c], [p], events, [buyerCompany], [seat]] = await Promise.all([
    db().select({ title: course.title }).from(course).where(eq(course.id, row.courseId)).limit(1),
    db().select().from(payment).where(eq(payment.orderId, row.id)).limit(1),
    db().select({ toStatus: orderEvent.toStatus, createdAt: orderEvent.createdAt }).from(orderEvent).where(eq(orderEvent.orderId, row.id)).orderBy(asc(orderEvent.id)),
    // Seats are bought for a company: its receipt names it (razón social and RUT).
    row.companyId === null ? Promise.resolve([]) : db().select({ name: company.name, rut: company.rut }).from(company).where(eq(company.id, row.companyId)).limit(1),
    // A skills session's seat: the session's date and place, and the seat the payment took (if it could).
    row.skillsSessionId === null
      ? Promise.resolve([])
      : db()
          .select({
            id: skillsSession.id,
            startsAt: skillsSession.startsAt,
            placeKind: skillsSession.placeKind,
            address: skillsSession.address,
            comuna: skillsSession.comuna,
            bookingStatus: skillsBooking.status,
          })
          .from(skillsSession)
          .leftJoin(skillsBooking, eq(skillsBooking.orderId, row.id))
          .where(eq(skillsSession.id, row.skillsSessionId))
          .limit(1),
  ]);
  return { order: row, courseTitle: c?.title ?? "", payment: p ?? null, events, company: buyerCompany ?? null, session: seat ?? null };
}
