// Certificate expiry reminders (certificates/reminders.server.ts): the hourly look, which queues its own next run
// (boot queues the first one when none is waiting), and the mails it queues, rendered when delivered. Two chains at
// once (two instances started together) still queue each reminder once; the spare chain ends at its next run.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db, type DbOrTx } from "../../platform/db/client.server";
import { outbox } from "../../platform/db/schema";
import { deliverMail } from "../../platform/mail/transport.server";
import { defineJob } from "../../platform/outbox/jobs.server";
import { queueJob } from "../../platform/outbox/outbox.server";
import { certificateExpiryDigestFor, certificateExpiryMailFor, queueDueCertificateReminders } from "../reminders.server";

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    certificateReminders: { every: "hour" };
    certificateExpiryMail: { certificateId: number; threshold: number };
    certificateExpiryDigest: { companyId: number; userId: string; certificateIds: number[] };
  }
}

/** Reminders are per Chile day: an hourly look sends each on its day even after a restart. */
export const CERTIFICATE_REMINDERS_EVERY_SECONDS = 3600;

/** Queues the next look unless one is already waiting. */
export async function ensureCertificateRemindersScheduled(tx: DbOrTx = db(), delaySeconds = CERTIFICATE_REMINDERS_EVERY_SECONDS): Promise<void> {
  const [waiting] = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.kind, "certificateReminders"), eq(outbox.status, "pending")))
    .limit(1);
  if (!waiting) await queueJob({ kind: "certificateReminders", every: "hour" }, tx, { delaySeconds });
}

defineJob("certificateReminders", {
  payload: z.object({ every: z.literal("hour") }),
  async run() {
    // The next look first, so a run that fails (and is retried) never ends the chain; this run's own row is
    // 'sending', so the check sees only another chain's next run.
    await ensureCertificateRemindersScheduled();
    await queueDueCertificateReminders();
  },
});

defineJob("certificateExpiryMail", {
  payload: z.object({ certificateId: z.number().int(), threshold: z.number().int() }),
  async run({ certificateId }) {
    const mail = await certificateExpiryMailFor(certificateId);
    if (mail) await deliverMail(mail);
  },
});

defineJob("certificateExpiryDigest", {
  payload: z.object({ companyId: z.number().int(), userId: z.string(), certificateIds: z.array(z.number().int()) }),
  async run({ companyId, userId, certificateIds }) {
    const mail = await certificateExpiryDigestFor(companyId, userId, certificateIds);
    if (mail) await deliverMail(mail);
  },
});
