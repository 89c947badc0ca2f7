// The outbox: mail and deferred account work, queued in the caller's transaction.
//
// Why: a message that is sent inline is lost when SMTP is down or the disk is full, and the request that
// caused it has already said "done". Written in the same transaction as what caused it, a job exists
// exactly when its cause does; platform/outbox/worker.server.ts delivers it with retries and backoff.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { deliverMail, type Mail } from "../mail/transport.server";
import { deliveryColumns } from "../mail/deliveries.server";
import { db, type DbOrTx } from "../db/client.server";
import { outbox } from "../db/schema";
import { defineJob, type Job } from "./jobs.server";

export type { Job };

type Payload<K extends Job["kind"]> = Omit<Extract<Job, { kind: K }>, "kind">;

const mailSchema = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  replyTo: z.string().optional(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), contentBase64: z.string() })).optional(),
});

declare module "./jobs.server" {
  interface JobKinds {
    /** A mail already rendered: delivered as it is. */
    mail: { mail: Mail };
  }
}

defineJob("mail", { payload: z.object({ mail: mailSchema }), run: ({ mail }) => deliverMail(mail), resendable: true });

/** A rendered mail names its recipient before it is sent: it can be found in the log while it waits or fails. */
function knownDelivery(job: Job) {
  return job.kind === "mail" ? deliveryColumns([{ to: job.mail.to, subject: job.mail.subject }]) : {};
}

const wakeListeners = new Set<() => void>();

/** The worker of this process listens here, to deliver a new job without waiting for its next poll. */
export function onJobQueued(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

/** Wakes this process's worker for a job written without queueJob (an admin's resend of a stored job). */
export function onJobQueuedNotify() {
  for (const wake of wakeListeners) wake();
}

/** `delaySeconds`: not before then (a later look at something that takes time elsewhere, such as the SII's answer). */
export async function queueJob(job: Job, tx: DbOrTx = db(), options: { delaySeconds?: number } = {}): Promise<void> {
  const { kind, ...payload } = job;
  const delay = Math.max(0, Math.round(options.delaySeconds ?? 0));
  await tx
    .insert(outbox)
    .values({ kind, payload: payload as Payload<typeof kind>, ...knownDelivery(job), ...(delay ? { runAt: sql`now() + make_interval(secs => ${delay})` } : {}) });
  if (!delay) for (const wake of wakeListeners) wake();
}

const INSERT_CHUNK = 500;

/** Many jobs in a few inserts (bulk work such as a company's roster upload). */
export async function queueJobs(jobs: Job[], tx: DbOrTx = db()): Promise<void> {
  for (let i = 0; i < jobs.length; i += INSERT_CHUNK) {
    const rows = jobs.slice(i, i + INSERT_CHUNK).map((job) => {
      const { kind, ...payload } = job;
      return { kind, payload: payload as Payload<typeof kind>, ...knownDelivery(job) };
    });
    await tx.insert(outbox).values(rows);
  }
  if (jobs.length) for (const wake of wakeListeners) wake();
}

export function queueMail(mail: Mail, tx: DbOrTx = db()): Promise<void> {
  return queueJob({ kind: "mail", mail }, tx);
}
