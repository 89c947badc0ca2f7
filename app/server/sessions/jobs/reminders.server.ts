// The reminders' look (sessions/reminders.server.ts), every few minutes: it queues its own next run, and the start
// queues the first one when none is waiting. Two runs at once (two instances started together) queue each
// reminder once all the same; the spare chain ends at its next run.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db, type DbOrTx } from "../../platform/db/client.server";
import { outbox } from "../../platform/db/schema";
import { defineJob } from "../../platform/outbox/jobs.server";
import { queueJob } from "../../platform/outbox/outbox.server";
import { queueDueReminders } from "../reminders.server";

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    skillsReminders: { every: "5min" };
  }
}

/** How often the look runs: the 2-hour reminder goes out between 2 hours and 1 h 55 min before the start. */
export const REMINDERS_EVERY_SECONDS = 300;

/** Queues the next look unless one is already waiting. */
export async function ensureRemindersScheduled(tx: DbOrTx = db(), delaySeconds = REMINDERS_EVERY_SECONDS): Promise<void> {
  const [waiting] = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.kind, "skillsReminders"), eq(outbox.status, "pending")))
    .limit(1);
  if (!waiting) await queueJob({ kind: "skillsReminders", every: "5min" }, tx, { delaySeconds });
}

defineJob("skillsReminders", {
  payload: z.object({ every: z.literal("5min") }),
  async run() {
    // The next look first, so a run that fails (and is retried) never ends the chain. This run's own row is
    // 'sending', not 'pending': the check sees only another chain's next run.
    await ensureRemindersScheduled();
    await queueDueReminders();
  },
});
