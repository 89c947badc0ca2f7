// Every request limit of the academy, in one place: failed sign-ins (docs/decisions.md B10), password-reset
// mails, sign-ups, contact messages, orders started and waiting-list entries. Counts live in the database (login_attempt), so a limit holds
// across restarts and across every server process and instance.
//
// Why not a library: the sign-in limit counts FAILURES and forgets them on success, which neither Better
// Auth's limiter nor rate-limiter-flexible does, and rate-limiter-flexible has no store for postgres.js or
// the embedded PGlite. Every count below is write-then-count, so concurrent requests cannot exceed a limit.
import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type DbOrTx, type Tx } from "./db/client.server";
import { loginAttempt } from "./db/schema";
import { env } from "./env.server";

interface Limit {
  /** Uses allowed per window. */
  max: number;
  windowMinutes: number;
  /** Per client address: multiplied by RATE_LIMIT_IP_FACTOR (a test or bench run shares 127.0.0.1). */
  perAddress?: boolean;
}

export const LIMITS = {
  /** Failed sign-ins (or wrong current passwords) per e-mail. */
  signInPerEmail: { max: 10, windowMinutes: 15 },
  /** Higher than per e-mail: a whole company's office can share one address behind NAT. */
  signInPerAddress: { max: 50, windowMinutes: 15, perAddress: true },
  /** Reset e-mails per address: enough for a lost message, too few to flood an inbox. */
  resetPerEmail: { max: 5, windowMinutes: 15 },
  resetPerAddress: { max: 20, windowMinutes: 15, perAddress: true },
  signUpPerEmail: { max: 5, windowMinutes: 60 },
  signUpPerAddress: { max: 20, windowMinutes: 60, perAddress: true },
  contactPerAddress: { max: 5, windowMinutes: 10, perAddress: true },
  /** Orders started (a learner's course or a company's seats): each Webpay one calls Transbank. A buyer whose
   *  card is refused a few times stays well below it. */
  checkoutPerUser: { max: 20, windowMinutes: 10 },
  checkoutPerAddress: { max: 60, windowMinutes: 10, perAddress: true },
  /** Entries to a course's waiting list: anonymous, so only the address can be counted. */
  waitlistPerAddress: { max: 10, windowMinutes: 10, perAddress: true },
  /** SENCE's callbacks come from learners' browsers: a company's office of workers behind one address
   *  starting and closing sessions stays far below it; junk cannot grow the append-only log much. */
  senceCallbackPerAddress: { max: 300, windowMinutes: 10, perAddress: true },
} as const satisfies Record<string, Limit>;

function maxOf(limit: Limit): number {
  return limit.perAddress ? limit.max * env().RATE_LIMIT_IP_FACTOR : limit.max;
}

/**
 * The client address as server/security.ts saw it (Express `req.ip`, which honours TRUST_PROXY).
 * That middleware always overwrites the header, so a client cannot choose its own value.
 */
export const CLIENT_IP_HEADER = "x-academia-client-ip";

export function clientIp(request: Request | { headers: Headers }): string | null {
  return clientIpFrom(request.headers);
}

export function clientIpFrom(headers: Headers | undefined): string | null {
  const value = headers?.get(CLIENT_IP_HEADER)?.trim();
  return value ? limitKeyForAddress(value.slice(0, 100)) : null;
}

/** IPv6 clients usually hold a whole /64: count them as one, like Better Auth does for its own limiter. */
export function limitKeyForAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.split("::", 2);
  const left = head ? head.split(":") : [];
  const right = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

const since = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;

async function countSince(tx: DbOrTx, key: string, minutes: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempt)
    .where(and(eq(loginAttempt.key, key), sql`${loginAttempt.attemptedAt} > ${since(minutes)}`));
  return row?.n ?? 0;
}

/**
 * Runs `fn` holding a transaction-scoped lock on each key (in a fixed order, so two callers cannot
 * deadlock): requests for the same key are counted one after the other, and exactly `max` get through.
 */
function withKeysLocked<T>(keys: string[], fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db().transaction(async (tx) => {
    for (const key of [...keys].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`limit:${key}`}))`);
    return fn(tx);
  });
}

/**
 * Takes one use of every (key, limit) pair, or none of them when any is used up. Old rows of the keys
 * are dropped on the way, so the table stays small.
 */
export async function takeQuotas(pairs: ReadonlyArray<readonly [string, Limit]>): Promise<boolean> {
  return withKeysLocked(
    pairs.map(([key]) => key),
    async (tx) => {
      for (const [key, limit] of pairs) {
        await tx
          .delete(loginAttempt)
          .where(and(eq(loginAttempt.key, key), sql`${loginAttempt.attemptedAt} <= ${since(limit.windowMinutes)}`));
        if ((await countSince(tx, key, limit.windowMinutes)) >= maxOf(limit)) return false;
      }
      await tx.insert(loginAttempt).values(pairs.map(([key]) => ({ key })));
      return true;
    },
  );
}

export function takeQuota(key: string, limit: Limit): Promise<boolean> {
  return takeQuotas([[key, limit]]);
}

// ── Password checks (sign-in, change of password) ─────────────────────────────────────────────────────

export type AttemptOutcome = "success" | "failure" | "other";

export interface PasswordAttempt {
  emailKey: string;
  ipKey: string | null;
  ids: number[];
}

const emailKeyOf = (email: string) => `email:${email.trim().toLowerCase()}`;

/**
 * Records a password check BEFORE the password is compared, counted under a lock on the e-mail and the
 * address, so concurrent guesses cannot slip past the limit. Null when either is over its limit.
 */
export async function claimPasswordAttempt(who: { email: string; ip: string | null }): Promise<PasswordAttempt | null> {
  const emailKey = emailKeyOf(who.email);
  const ipKey = who.ip ? `ip:${who.ip}` : null;
  const keys = ipKey ? [emailKey, ipKey] : [emailKey];
  return withKeysLocked(keys, async (tx) => {
    const overEmail = (await countSince(tx, emailKey, LIMITS.signInPerEmail.windowMinutes)) >= maxOf(LIMITS.signInPerEmail);
    const overIp = ipKey !== null && (await countSince(tx, ipKey, LIMITS.signInPerAddress.windowMinutes)) >= maxOf(LIMITS.signInPerAddress);
    if (overEmail || overIp) return null;
    const mine = await tx
      .insert(loginAttempt)
      .values(keys.map((key) => ({ key })))
      .returning({ id: loginAttempt.id });
    return { emailKey, ipKey, ids: mine.map((r) => r.id) };
  });
}

/** A failure stays counted; a success forgets the e-mail's failures; anything else leaves no trace. */
export async function settlePasswordAttempt(attempt: PasswordAttempt, outcome: AttemptOutcome) {
  if (outcome === "success") {
    await db().delete(loginAttempt).where(inArray(loginAttempt.id, attempt.ids));
    await db().delete(loginAttempt).where(eq(loginAttempt.key, attempt.emailKey));
  } else if (outcome === "other") {
    await db().delete(loginAttempt).where(inArray(loginAttempt.id, attempt.ids));
  }
  // Old rows of these keys no longer count: drop them so the table stays small.
  const keys = attempt.ipKey ? [attempt.emailKey, attempt.ipKey] : [attempt.emailKey];
  await db()
    .delete(loginAttempt)
    .where(and(inArray(loginAttempt.key, keys), sql`${loginAttempt.attemptedAt} <= ${since(LIMITS.signInPerEmail.windowMinutes)}`));
}
