// Is the database reachable? One answer for the whole process, kept up to date by pings:
//  - at start, a PostgreSQL server that is not up yet is waited for (DATABASE_CONNECT_TIMEOUT) instead of
//    failing at once — in a container start-up the app often comes up before its database;
//  - while the app runs, a failed request asks (checkDatabase) whether the database is what failed; if so
//    every request answers 503 at once (see service-unavailable.server.ts) instead of each waiting for its
//    own connection error, a ping every second notices the database's return, and nothing has to restart
//    (postgres.js opens new connections on the next query). The outage is logged when it starts and when it
//    ends, not once per request.
// The embedded database lives in this process: its ping only fails if something is badly wrong.
import { logger } from "../logger.server";
import { dbHandle, type DbHandle } from "./client.server";

const PING_TIMEOUT_MS = 5_000;
const PROBE_INTERVAL_MS = 1_000;

let outage: { since: number; reason: string } | undefined;
let probe: NodeJS.Timeout | undefined;
let inflight: Promise<boolean> | undefined;

/** The reason a database call failed, for logs: PostgreSQL's or the socket's code and message. */
export function describeDatabaseError(error: unknown): string {
  // Drizzle and Better Auth wrap the driver's error: the useful part is at the end of the cause chain.
  let current: unknown = error;
  let code: string | undefined;
  let message: string | undefined;
  for (let depth = 0; current && depth < 8; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === "string") code = e.code;
    if (typeof e.message === "string" && e.message) message = e.message;
    current = e.cause;
  }
  if (!message) message = String(error);
  // Drizzle's own message repeats the whole query: keep only its first line.
  message = message.split("\n")[0]!.slice(0, 300);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function scheduleProbe() {
  if (probe) return;
  probe = setTimeout(() => {
    probe = undefined;
    void checkDatabase();
  }, PROBE_INTERVAL_MS);
  // Never the reason the process stays alive.
  probe.unref();
}

function markUnavailable(reason: string) {
  if (!outage) {
    outage = { since: Date.now(), reason };
    logger.error({ reason }, "database unreachable: answering 503 until it is back");
  }
  scheduleProbe();
}

function markAvailable() {
  if (outage) {
    logger.warn({ downForMs: Date.now() - outage.since, reason: outage.reason }, "database reachable again");
    outage = undefined;
  }
}

/** False from a failed ping until a later one succeeds. Costs nothing: no query. */
export function isDatabaseAvailable(): boolean {
  return outage === undefined;
}

/** Pings the database (within 5 s) and records the answer. Concurrent callers share one ping. */
export function checkDatabase(): Promise<boolean> {
  inflight ??= ping().finally(() => {
    inflight = undefined;
  });
  return inflight;
}

async function ping(): Promise<boolean> {
  try {
    await withTimeout(dbHandle().ping(), PING_TIMEOUT_MS, "database ping");
    markAvailable();
    return true;
  } catch (error) {
    markUnavailable(describeDatabaseError(error));
    return false;
  }
}

/** For shutdown and tests: forget any outage and stop probing. */
export function resetDatabaseAvailability() {
  clearTimeout(probe);
  probe = undefined;
  outage = undefined;
}

/** PostgreSQL refuses these for good: a wrong password or database name does not fix itself by waiting. */
const PERMANENT_CODES = new Set(["28P01", "28000", "3D000"]);

function errorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 8; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string") return e.code;
  }
  return undefined;
}

export class DatabaseUnreachableError extends Error {}

/**
 * At start: pings until the database answers, waiting 0.5 s, 1 s, 2 s… (at most 5 s) between attempts and
 * logging each failure with its reason, for at most `timeoutSeconds`. Then throws DatabaseUnreachableError
 * with a message fit to print as is.
 */
export async function waitForDatabase(handle: DbHandle, options: { timeoutSeconds: number; target: string }): Promise<void> {
  const started = Date.now();
  const deadline = started + options.timeoutSeconds * 1000;
  let delay = 500;
  for (let attempt = 1; ; attempt++) {
    let reason: string;
    let permanent = false;
    try {
      await withTimeout(handle.ping(), Math.max(1_000, Math.min(15_000, deadline - Date.now())), "database ping");
      if (attempt > 1) logger.info({ database: options.target, attempts: attempt }, "database reachable");
      return;
    } catch (error) {
      reason = describeDatabaseError(error);
      permanent = PERMANENT_CODES.has(errorCode(error) ?? "");
    }
    const left = deadline - Date.now();
    if (permanent || left <= 0) {
      const waited = Math.round((Date.now() - started) / 1000);
      throw new DatabaseUnreachableError(
        (permanent
          ? `PostgreSQL (${options.target}) refused the connection: ${reason}. Check DATABASE_URL (user, password, database name).`
          : `PostgreSQL (${options.target}) is not reachable: ${reason}. ` +
            `Tried ${attempt} time${attempt === 1 ? "" : "s"} in ${waited} s (DATABASE_CONNECT_TIMEOUT=${options.timeoutSeconds}). ` +
            "Check DATABASE_URL and that PostgreSQL is running and accepts connections from this host."),
      );
    }
    const wait = Math.min(delay, left);
    logger.warn({ database: options.target, attempt, reason, retryInMs: wait }, "database not reachable yet: retrying");
    await new Promise((resolve) => setTimeout(resolve, wait));
    delay = Math.min(delay * 2, 5_000);
  }
}

/** host:port/database of a PostgreSQL URL, without the credentials, for logs and messages. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}
