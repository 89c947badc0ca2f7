// The retention job removes what is past its configured time, reports it, and removes nothing more when run again.
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { auditEvent, contactMessage, coupon, loginAttempt, order, orderEvent, outbox, payment, session, taxBuyer, taxDocument } from "~/server/platform/db/schema";
import { site } from "~/config/site";
import { checkout } from "~/server/commerce/orders/checkout.server";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { runJob } from "~/server/platform/outbox/jobs.server";
import { applyRetention, ensureRetentionScheduled } from "~/server/privacy/jobs/retention.server";
import { createUser } from "../support/users";
import { addCoupon, boleta, factura, paidByTransfer } from "../tax-documents/support";

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe("retention", () => {
  it("removes old sign-in history, mails and handled messages once, keeps the recent ones, and reports it", async () => {
    const person = await createUser();
    await db().insert(session).values([
      { id: "old-session", token: "t-old", userId: person.id, expiresAt: ago(200), ipAddress: "10.0.0.1" },
      { id: "new-session", token: "t-new", userId: person.id, expiresAt: ago(-5) },
    ]);
    await db().insert(loginAttempt).values([{ key: "email:viejo@academia.test", attemptedAt: ago(120) }, { key: "email:nuevo@academia.test", attemptedAt: ago(1) }]);
    await db().insert(outbox).values([
      { kind: "mail", payload: { mail: { to: "viejo@academia.test", subject: "x", text: "x" } }, status: "sent", createdAt: ago(400) },
      { kind: "mail", payload: { mail: { to: "viejo2@academia.test", subject: "x", text: "x" } }, status: "pending", createdAt: ago(400) },
      { kind: "mail", payload: { mail: { to: "nuevo@academia.test", subject: "x", text: "x" } }, status: "sent", createdAt: ago(10) },
    ]);
    await db().insert(contactMessage).values([
      { name: "A", email: "a@academia.test", subject: "s", message: "m", handledAt: ago(800) },
      { name: "B", email: "b@academia.test", subject: "s", message: "m", handledAt: null, createdAt: ago(800) },
    ]);

    const first = await applyRetention();
    expect(first).toMatchObject({ sessions: 1, loginAttempts: 1, mails: 1, contactMessages: 1 });
    const left = (await db().select({ id: session.id }).from(session).where(eq(session.userId, person.id))).map((s) => s.id);
    expect(left).toContain("new-session");
    expect(left).not.toContain("old-session");
    // A mail still waiting to be delivered is never removed, however old.
    expect(await db().select().from(outbox).where(eq(outbox.status, "pending"))).toHaveLength(1);
    expect((await db().select().from(contactMessage)).map((m) => m.name)).toEqual(["B"]);
    const audits = await db().select().from(auditEvent).where(eq(auditEvent.action, "privacy.retention"));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ sessions: 1, mails: 1 });

    const second = await applyRetention();
    expect(Object.values(second).every((n) => n === 0)).toBe(true);
    expect(await db().select().from(auditEvent).where(eq(auditEvent.action, "privacy.retention"))).toHaveLength(1);
  });

  it(`removes orders never paid after ${site.privacy.retention.abandonedOrderDays} days with their buyer data; never one with a payment or a tax document`, async () => {
    const admin = await createUser({ role: "admin" });
    const pendingOrder = async (input: Partial<Parameters<typeof checkout>[0]> = {}) => {
      const buyer = await createUser();
      const result = await checkout({ userId: buyer.id, courseId: 1, method: "transfer", couponCode: null, taxBuyer: factura, ...input });
      if (result.kind !== "transfer") throw new Error(`checkout: ${JSON.stringify(result)}`);
      const [row] = await db().select().from(order).where(eq(order.number, result.number));
      return row!;
    };
    const promo = await addCoupon(`RET${Date.now() % 100000}`, "percent", 10);
    const abandoned = await pendingOrder({ couponCode: promo.code });
    const cancelled = await pendingOrder();
    await db().update(order).set({ status: "cancelled", closedAt: new Date() }).where(eq(order.id, cancelled.id));
    const recent = await pendingOrder();
    const withPayment = await pendingOrder();
    await db().insert(payment).values({ orderId: withPayment.id, method: "transfer", amountClp: withPayment.amountClp });
    const withDocument = await pendingOrder();
    await db().insert(taxDocument).values({ orderId: withDocument.id, kind: "sale", type: 33, idempotencyKey: `${withDocument.number}-sale-1`, draft: {}, totalClp: withDocument.amountClp });
    const paid = await paidByTransfer((await createUser()).id, admin.id, { taxBuyer: boleta });
    expect((await db().select({ uses: coupon.uses }).from(coupon).where(eq(coupon.id, promo.id)))[0]!.uses).toBe(1);

    const days = site.privacy.retention.abandonedOrderDays;
    // The clock moved to a day before the cut-off: nothing is old enough yet.
    freezeClock(new Date(Date.now() + (days - 1) * DAY));
    try {
      expect((await applyRetention()).abandonedOrders).toBe(0);
    } finally {
      resetClock();
    }
    // Two days later, all but the one touched since are past it.
    const later = new Date(Date.now() + (days + 1) * DAY);
    await db().update(order).set({ updatedAt: new Date(later.getTime() - DAY) }).where(eq(order.id, recent.id));
    freezeClock(later);
    try {
      const report = await applyRetention();
      expect(report.abandonedOrders).toBe(2);
      const left = (await db().select({ id: order.id }).from(order).where(inArray(order.id, [abandoned.id, cancelled.id, recent.id, withPayment.id, withDocument.id, paid.id]))).map((o) => o.id);
      expect(left.sort()).toEqual([recent.id, withPayment.id, withDocument.id, paid.id].sort());
      // Their buyer data and history went with them; the pending one's coupon use is given back.
      expect(await db().select().from(taxBuyer).where(inArray(taxBuyer.orderId, [abandoned.id, cancelled.id]))).toEqual([]);
      expect(await db().select().from(orderEvent).where(inArray(orderEvent.orderId, [abandoned.id, cancelled.id]))).toEqual([]);
      expect(await db().select().from(taxBuyer).where(eq(taxBuyer.orderId, withPayment.id))).toHaveLength(1);
      expect((await db().select({ uses: coupon.uses }).from(coupon).where(eq(coupon.id, promo.id)))[0]!.uses).toBe(0);
      const audits = await db().select().from(auditEvent).where(eq(auditEvent.action, "privacy.retention"));
      expect(audits.at(-1)!.after).toMatchObject({ abandonedOrders: 2 });
      // Idempotent: a second run removes nothing more.
      expect((await applyRetention()).abandonedOrders).toBe(0);
    } finally {
      resetClock();
    }
  });

  it("is scheduled once, and each run queues the next", async () => {
    await ensureRetentionScheduled();
    await ensureRetentionScheduled();
    const waiting = () => db().select().from(outbox).where(and(eq(outbox.kind, "privacyRetention"), eq(outbox.status, "pending")));
    expect(await waiting()).toHaveLength(1);
    await runJob("privacyRetention", { every: "day" });
    expect(await waiting()).toHaveLength(2);
    await expect(runJob("privacyRetention", {})).rejects.toThrow(/invalid payload/);
  });
});
