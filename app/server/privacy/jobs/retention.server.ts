// The retention job (docs/privacy.md): once a day, removes what the configured retention says is past its time
// (app/config/site.ts, `privacy.retention`) and records what it removed in the audit log. Idempotent: each rule is a
// delete of rows older than a cut-off, so a second run (or two instances running it at once) removes nothing more.
// It queues its own next run a day later; boot queues the first one when none is waiting.
import { and, eq, inArray, isNotNull, isNull, lt, notExists, sql } from "drizzle-orm";
import { z } from "zod";
import { site } from "~/config/site";
import { db, type DbOrTx, type Tx } from "../../platform/db/client.server";
import {
  companySeatLedger,
  contactMessage,
  loginAttempt,
  order,
  outbox,
  payment,
  refund,
  session,
  taxBuyer,
  taxDocument,
  verification,
} from "../../platform/db/schema";
import { releaseCouponUse } from "../../commerce/orders/order-state.server";
import { now } from "../../platform/clock.server";
import { recordAudit } from "../../platform/audit.server";
import { logger } from "../../platform/logger.server";
import { defineJob } from "../../platform/outbox/jobs.server";
import { deleteInactiveAccounts, warnInactiveAccounts } from "../inactive-accounts.server";
import { queueJob } from "../../platform/outbox/outbox.server";

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    privacyRetention: { every: "day" };
  }
}

const DAY = 86_400_000;
const daysAgo = (at: Date, days: number) => new Date(at.getTime() - days * DAY);
const monthsAgo = (at: Date, months: number) => {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};

export type RetentionReport = Record<
  "sessions" | "loginAttempts" | "verifications" | "mails" | "contactMessages" | "abandonedOrders" | "inactiveWarned" | "inactiveDeleted",
  number
>;

/**
 * Orders never paid, untouched since `before`, with nothing another law keeps: no payment, refund or tax document
 * (Código Tributario: those and their order stay six years), no seats credited, no enrolment. Their history goes with
 * them (on delete cascade), their buyer data first. A pending one still held a coupon use: it is given back.
 */
async function removeAbandonedOrders(tx: Tx, before: Date): Promise<number> {
  const rows = await tx
    .select({ id: order.id, status: order.status, couponId: order.couponId })
    .from(order)
    .where(
      and(
        isNull(order.paidAt),
        inArray(order.status, ["pending", "rejected", "cancelled", "failed"]),
        lt(order.updatedAt, before),
        isNull(order.enrolmentId),
        notExists(tx.select({ x: sql`1` }).from(payment).where(eq(payment.orderId, order.id))),
        notExists(tx.select({ x: sql`1` }).from(refund).where(eq(refund.orderId, order.id))),
        notExists(tx.select({ x: sql`1` }).from(taxDocument).where(eq(taxDocument.orderId, order.id))),
        notExists(tx.select({ x: sql`1` }).from(companySeatLedger).where(eq(companySeatLedger.orderId, order.id))),
      ),
    )
    // An order a payment is settling right now is locked by it: left for the next run.
    .for("update", { skipLocked: true });
  if (rows.length === 0) return 0;
  for (const row of rows) if (row.status === "pending") await releaseCouponUse(tx, row.couponId);
  const ids = rows.map((row) => row.id);
  await tx.delete(taxBuyer).where(inArray(taxBuyer.orderId, ids));
  return (await tx.delete(order).where(inArray(order.id, ids)).returning({ id: order.id })).length;
}

/**
 * Applies every retention rule once; answers how many rows each removed. Inactive accounts go first, each deletion in
 * its own transaction (inactive-accounts.server.ts); the rest in one, with the day's report.
 */
export async function applyRetention(rules = site.privacy.retention): Promise<RetentionReport> {
  const inactiveDeleted = await deleteInactiveAccounts(rules);
  const inactiveWarned = await warnInactiveAccounts(rules);
  const at = now();
  return db().transaction(async (tx) => {
    const count = async (query: Promise<unknown[]>) => (await query).length;
    const report: RetentionReport = {
      // Sessions expire by the wall clock (accounts/session.server.ts), so they are cleared by it too: a clock moved
      // ahead (tests across a certificate's expiry) must not sign everyone out.
      sessions: await count(tx.delete(session).where(lt(session.expiresAt, daysAgo(new Date(), rules.expiredSessionDays))).returning({ id: session.id })),
      loginAttempts: await count(tx.delete(loginAttempt).where(lt(loginAttempt.attemptedAt, daysAgo(at, rules.loginAttemptDays))).returning({ id: loginAttempt.id })),
      verifications: await count(tx.delete(verification).where(lt(verification.expiresAt, daysAgo(at, 1))).returning({ id: verification.id })),
      mails: await count(
        tx
          .delete(outbox)
          .where(and(inArray(outbox.status, ["sent", "failed"]), lt(outbox.createdAt, monthsAgo(at, rules.mailMonths)), sql`${outbox.kind} <> 'privacyRetention'`))
          .returning({ id: outbox.id }),
      ),
      contactMessages: await count(
        tx.delete(contactMessage).where(and(isNotNull(contactMessage.handledAt), lt(contactMessage.handledAt, monthsAgo(at, rules.handledContactMonths)))).returning({ id: contactMessage.id }),
      ),
      abandonedOrders: await removeAbandonedOrders(tx, daysAgo(at, rules.abandonedOrderDays)),
      inactiveWarned,
      inactiveDeleted,
    };
    const removed = Object.values(report).reduce((a, b) => a + b, 0);
    if (removed > 0) {
      await recordAudit(tx, { actorId: null, action: "privacy.retention", subject: { type: "retention", id: at.toISOString().slice(0, 10) }, after: report });
    }
    logger.info({ report }, "retention applied");
    return report;
  });
}

/** Queues the daily run unless one is already waiting (boot calls it; so does each run, for the next day). */
export async function ensureRetentionScheduled(tx: DbOrTx = db(), delaySeconds = 60): Promise<void> {
  const [waiting] = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.kind, "privacyRetention"), inArray(outbox.status, ["pending", "sending"])))
    .limit(1);
  if (!waiting) await queueJob({ kind: "privacyRetention", every: "day" }, tx, { delaySeconds });
}

defineJob("privacyRetention", {
  payload: z.object({ every: z.literal("day") }),
  async run() {
    await applyRetention();
    // The next run: this job's own row is still 'sending', so the check above would see it; queue directly.
    await queueJob({ kind: "privacyRetention", every: "day" }, db(), { delaySeconds: DAY / 1000 });
  },
});
