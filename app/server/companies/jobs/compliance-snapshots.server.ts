// The monthly snapshots' look (companies/compliance-snapshots.server.ts), every hour: it queues its own next run,
// and the start queues the first one when none is waiting, so a server that was down on the 1st takes the month's
// snapshots a minute after it starts. Two chains at once (two instances started together) still write one snapshot
// per company and month; the spare chain ends at its next run.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db, type DbOrTx } from "../../platform/db/client.server";
import { outbox } from "../../platform/db/schema";
import { logger } from "../../platform/logger.server";
import { defineJob } from "../../platform/outbox/jobs.server";
import { queueJob } from "../../platform/outbox/outbox.server";
import { takeMonthlySnapshots } from "../compliance-snapshots.server";

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    complianceSnapshots: { every: "hour" };
  }
}

/** Snapshots are per Chile month: an hourly look takes them within the first hour of the 1st. */
export const COMPLIANCE_SNAPSHOTS_EVERY_SECONDS = 3600;

/** Queues the next look unless one is already waiting. */
export async function ensureComplianceSnapshotsScheduled(tx: DbOrTx = db(), delaySeconds = COMPLIANCE_SNAPSHOTS_EVERY_SECONDS): Promise<void> {
  const [waiting] = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.kind, "complianceSnapshots"), eq(outbox.status, "pending")))
    .limit(1);
  if (!waiting) await queueJob({ kind: "complianceSnapshots", every: "hour" }, tx, { delaySeconds });
}

defineJob("complianceSnapshots", {
  payload: z.object({ every: z.literal("hour") }),
  async run() {
    // The next look first, so a run that fails (and is retried) never ends the chain; this run's own row is
    // 'sending', so the check sees only another chain's next run.
    await ensureComplianceSnapshotsScheduled();
    const { month, taken } = await takeMonthlySnapshots();
    if (taken > 0) logger.info({ month, taken }, "compliance snapshots taken");
  },
});
