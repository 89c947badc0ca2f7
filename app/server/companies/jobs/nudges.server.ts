// A company's automatic nudges and the managers' completion digest (companies/nudges.server.ts): the hourly look,
// which queues its own next run (boot queues the first one when none is waiting), and the mails it queues, rendered
// when delivered. Two chains at once (two instances started together) still queue each nudge once; the spare chain
// ends at its next run.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { NUDGE_RULES } from "~/domain/company-follow-up";
import { db, type DbOrTx } from "../../platform/db/client.server";
import { outbox } from "../../platform/db/schema";
import { deliverMail } from "../../platform/mail/transport.server";
import { defineJob } from "../../platform/outbox/jobs.server";
import { queueJob } from "../../platform/outbox/outbox.server";
import { completionDigestFor, nudgeMailFor, queueDueNudges } from "../nudges.server";
import type { NudgeRule } from "~/domain/company-follow-up";

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    companyNudges: { every: "hour" };
    companyNudgeMail: { enrolmentId: number; rule: NudgeRule };
    companyCompletionDigestMail: { companyId: number; userId: string; enrolmentIds: number[] };
  }
}

/** Nudges are per Chile day: an hourly look sends each on its day even after a restart. */
export const COMPANY_NUDGES_EVERY_SECONDS = 3600;

/** Queues the next look unless one is already waiting. */
export async function ensureCompanyNudgesScheduled(tx: DbOrTx = db(), delaySeconds = COMPANY_NUDGES_EVERY_SECONDS): Promise<void> {
  const [waiting] = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.kind, "companyNudges"), eq(outbox.status, "pending")))
    .limit(1);
  if (!waiting) await queueJob({ kind: "companyNudges", every: "hour" }, tx, { delaySeconds });
}

defineJob("companyNudges", {
  payload: z.object({ every: z.literal("hour") }),
  async run() {
    // The next look first, so a run that fails (and is retried) never ends the chain.
    await ensureCompanyNudgesScheduled();
    await queueDueNudges();
  },
});

defineJob("companyNudgeMail", {
  payload: z.object({ enrolmentId: z.number().int(), rule: z.enum(NUDGE_RULES) }),
  async run({ enrolmentId, rule }) {
    const mail = await nudgeMailFor(enrolmentId, rule);
    if (mail) await deliverMail(mail);
  },
});

defineJob("companyCompletionDigestMail", {
  payload: z.object({ companyId: z.number().int(), userId: z.string(), enrolmentIds: z.array(z.number().int()) }),
  async run({ companyId, userId, enrolmentIds }) {
    const mail = await completionDigestFor(companyId, userId, enrolmentIds);
    if (mail) await deliverMail(mail);
  },
});
