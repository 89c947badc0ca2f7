// Delivers what the outbox holds (outbox.server.ts): one worker per server process, polling the table and
// woken when this process queues a job. Several processes or instances share the table safely: a job is
// claimed with FOR UPDATE SKIP LOCKED and leased; a process that dies mid-delivery leaves it to be retried
// when the lease ends. Delivery is at least once (a crash between SMTP's "OK" and our write resends it).
import { and, asc, eq, inArray, lte, notInArray, or, sql } from "drizzle-orm";
import { db } from "../db/client.server";
import { outbox } from "../db/schema";
import { env } from "../env.server";
import { logger } from "../logger.server";
import type { Mail } from "../mail/transport.server";
import { deliveryColumns, recordDeliveries, type Delivered } from "../mail/deliveries.server";
import { onJobQueued } from "./outbox.server";
import { forgetsWhenDone, runJob, UnrunnableJob } from "./jobs.server";

/** After this many failed tries a job is 'failed': an admin sees it at /admin/correos and can retry it. */
export const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 300;
const BATCH = 10;

/** 30 s, 2 min, 8 min, 32 min, ~2 h, then every 6 h (OUTBOX_RETRY_BASE_SECONDS scales the first step). */
export function retryDelaySeconds(attempts: number): number {
  const base = env().OUTBOX_RETRY_BASE_SECONDS;
  return Math.min(base * 4 ** Math.max(0, attempts - 1), 6 * 3600);
}

interface Claimed {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
}

/**
 * Takes up to `limit` due jobs in one statement — the due rows locked with SKIP LOCKED in a subquery, marked
 * and returned by the UPDATE around it — so two workers never take the same job, and a poll that finds
 * nothing costs one round trip instead of a transaction's four (every worker polls every few seconds, and
 * twice more after each mail it queues).
 */
async function claim(limit: number, skip: number[]): Promise<Claimed[]> {
  const due = db()
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        or(
          and(eq(outbox.status, "pending"), lte(outbox.runAt, sql`now()`)),
          and(eq(outbox.status, "sending"), lte(outbox.lockedUntil, sql`now()`)),
        ),
        skip.length ? notInArray(outbox.id, skip) : undefined,
      ),
    )
    .orderBy(asc(outbox.runAt), asc(outbox.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db()
    .update(outbox)
    .set({
      status: "sending",
      attempts: sql`${outbox.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
    })
    .where(inArray(outbox.id, due))
    .returning({ id: outbox.id, kind: outbox.kind, payload: outbox.payload, attempts: outbox.attempts });
}

function describe(error: unknown): string {
  const e = error as { message?: string; responseCode?: number; code?: string };
  return [e.code, e.responseCode, e.message ?? String(error)].filter(Boolean).join(" ").slice(0, 500);
}

async function settle(job: Claimed, error: unknown | null, delivered: readonly Delivered[]) {
  if (error === null && forgetsWhenDone(job.kind)) {
    await db().delete(outbox).where(eq(outbox.id, job.id));
    return;
  }
  if (error === null) {
    const log = delivered.length ? deliveryColumns(delivered) : {};
    await db().update(outbox).set({ status: "sent", doneAt: new Date(), lockedUntil: null, lastError: null, ...log }).where(eq(outbox.id, job.id));
    return;
  }
  // A job no handler can run (unknown kind, payload that fails its schema) would fail the same way every time.
  const failed = job.attempts >= MAX_ATTEMPTS || error instanceof UnrunnableJob;
  const to = job.kind === "mail" ? (job.payload as { mail?: Mail }).mail?.to : undefined;
  logger[failed ? "error" : "warn"]({ err: error, job: job.id, kind: job.kind, to, attempts: job.attempts }, failed ? "outbox job failed for good" : "outbox job failed; will retry");
  if (failed && forgetsWhenDone(job.kind)) {
    await db().delete(outbox).where(eq(outbox.id, job.id));
    return;
  }
  await db()
    .update(outbox)
    .set({
      status: failed ? "failed" : "pending",
      runAt: sql`now() + make_interval(secs => ${retryDelaySeconds(job.attempts)})`,
      lockedUntil: null,
      lastError: describe(error),
    })
    .where(eq(outbox.id, job.id));
}

/**
 * Runs every due job once, a batch at a time, including jobs queued by the jobs it runs; a job that fails
 * waits for the next run even when its retry is already due. Returns how many ran. Tests call it directly.
 */
export async function runDueJobs(): Promise<number> {
  const ran: number[] = [];
  for (;;) {
    const batch = await claim(BATCH, ran);
    if (batch.length === 0) return ran.length;
    for (const job of batch) {
      let error: unknown | null = null;
      let delivered: Delivered[] = [];
      try {
        delivered = await recordDeliveries(() => runJob(job.kind, job.payload));
      } catch (e) {
        error = e ?? new Error("unknown error");
      }
      await settle(job, error, delivered);
      ran.push(job.id);
    }
  }
}

/** Sent jobs are kept a while (an admin may ask what went out), then dropped: mail bodies hold links. */
async function prune() {
  await db()
    .delete(outbox)
    .where(and(eq(outbox.status, "sent"), lte(outbox.doneAt, sql`now() - interval '30 days'`)));
}

export interface OutboxWorker {
  stop(): Promise<void>;
}

/** Starts this process's worker: polls every `intervalMs`, and soon after this process queues a job. */
export function startOutboxWorker({ intervalMs = 2000 }: { intervalMs?: number } = {}): OutboxWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let lastPrune = 0;
  let failing = false;

  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = (async () => {
      try {
        await runDueJobs();
        if (Date.now() - lastPrune > 3600_000) {
          lastPrune = Date.now();
          await prune();
        }
        if (failing) logger.info("outbox worker: database reachable again");
        failing = false;
      } catch (error) {
        // The database itself is unreachable: say so once, keep polling.
        if (!failing) logger.error({ err: error }, "outbox worker cannot reach the database");
        failing = true;
      }
    })().finally(() => {
      running = null;
      if (stopped) return;
      if (again) {
        again = false;
        setImmediate(tick);
      } else {
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      }
    });
  };
  // A job queued inside a transaction is visible only after the commit: look again a moment later too.
  const unsubscribe = onJobQueued(() => {
    setTimeout(tick, 25).unref();
    setTimeout(tick, 250).unref();
  });
  timer = setTimeout(tick, 0);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
    },
  };
}
