// The outbox: mail and deferred account work, queued in the caller's transaction.
//
// Why: a message that is sent inline is lost when SMTP is down or the disk is full, and the request that
// caused it has already said "done". Written in the same transaction as what caused it, a job exists
// exactly when its cause does; outbox-worker.server.ts delivers it with retries and backoff.
import type { Mail } from "./mail.server";
import type { CompanyMailMessage } from "./mail/messages.server";
import { db, type DbOrTx } from "./db/client.server";
import { outbox } from "./db/schema";

export type Job =
  | { kind: "mail"; mail: Mail }
  /** Look the account up, create its reset token and queue the reset mail (auth-hooks.server.ts). */
  | { kind: "passwordReset"; email: string }
  | { kind: "passwordChangedNotice"; userId: string }
  /** The welcome mail of a new account (queued right after sign-up). */
  | { kind: "welcome"; userId: string }
  /** The enrolment confirmation with the first lesson's link (queued in the enrolment's transaction). */
  | { kind: "enrolmentConfirmation"; enrolmentId: number }
  /** Render the certificate mail (with its PDF) and deliver it. */
  | { kind: "certificateIssued"; code: string }
  /** A company mail, stored as its data and rendered by the worker: a 1 000-row upload then queues its mails in
   *  two inserts instead of rendering 1 000 of them while it holds the company's seat lock. */
  | { kind: "companyMail"; to: string; message: CompanyMailMessage };

type Payload<K extends Job["kind"]> = Omit<Extract<Job, { kind: K }>, "kind">;

const wakeListeners = new Set<() => void>();

/** The worker of this process listens here, to deliver a new job without waiting for its next poll. */
export function onJobQueued(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

export async function queueJob(job: Job, tx: DbOrTx = db()): Promise<void> {
  const { kind, ...payload } = job;
  await tx.insert(outbox).values({ kind, payload: payload as Payload<typeof kind> });
  for (const wake of wakeListeners) wake();
}

const INSERT_CHUNK = 500;

/** Many jobs in a few inserts (bulk work such as a company's roster upload). */
export async function queueJobs(jobs: Job[], tx: DbOrTx = db()): Promise<void> {
  for (let i = 0; i < jobs.length; i += INSERT_CHUNK) {
    const rows = jobs.slice(i, i + INSERT_CHUNK).map(({ kind, ...payload }) => ({ kind, payload: payload as Payload<typeof kind> }));
    await tx.insert(outbox).values(rows);
  }
  if (jobs.length) for (const wake of wakeListeners) wake();
}

export function queueMail(mail: Mail, tx: DbOrTx = db()): Promise<void> {
  return queueJob({ kind: "mail", mail }, tx);
}
