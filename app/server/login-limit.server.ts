// Repeated sign-in failures are refused for a while (decisions.md B10), per e-mail and per client address.
// Attempts live in the database (login_attempt), so the limit holds across restarts and app instances.
import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "./db/client.server";
import { loginAttempt } from "./db/schema";

export const LOGIN_LIMIT = {
  windowMinutes: 15,
  perEmail: 10,
  // Higher than per e-mail: a whole company's office can share one address behind NAT.
  perIp: 50,
  /** Password-reset e-mails per address and window: enough for a lost message, too few to flood an inbox. */
  resetMailsPerEmail: 5,
} as const;

/**
 * The client address as server/security.ts saw it (Express `req.ip`, which honours TRUST_PROXY).
 * That middleware always overwrites the header, so a client cannot choose its own value.
 */
export const CLIENT_IP_HEADER = "x-academia-client-ip";

export function clientIp(request: Request): string | null {
  const value = request.headers.get(CLIENT_IP_HEADER)?.trim();
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

export type AttemptOutcome = "success" | "failure" | "other";

const windowStart = () => sql`now() - make_interval(mins => ${LOGIN_LIMIT.windowMinutes})`;

/**
 * Runs one password check under the limit. The attempt is written BEFORE the password is checked and the
 * window counted after that write, so two requests at once cannot both slip past the last free slot.
 * Failures stay counted; a success forgets the e-mail's failures; anything else leaves no trace.
 */
export async function withLoginLimit<T>(
  who: { email: string; ip: string | null },
  attempt: () => Promise<{ outcome: AttemptOutcome; value: T }>,
): Promise<{ blocked: true } | { blocked: false; value: T }> {
  const emailKey = `email:${who.email.trim().toLowerCase()}`;
  const keys = who.ip ? [emailKey, `ip:${who.ip}`] : [emailKey];

  const mine = await db()
    .insert(loginAttempt)
    .values(keys.map((key) => ({ key })))
    .returning({ id: loginAttempt.id });
  const ownIds = mine.map((r) => r.id);
  const forgetOwn = () => db().delete(loginAttempt).where(inArray(loginAttempt.id, ownIds));

  const counts = await db()
    .select({ key: loginAttempt.key, n: sql<number>`count(*)::int` })
    .from(loginAttempt)
    .where(and(inArray(loginAttempt.key, keys), sql`${loginAttempt.attemptedAt} > ${windowStart()}`))
    .groupBy(loginAttempt.key);
  const count = (key: string) => counts.find((c) => c.key === key)?.n ?? 0;
  const blocked =
    count(emailKey) > LOGIN_LIMIT.perEmail || (keys[1] !== undefined && count(keys[1]) > LOGIN_LIMIT.perIp);

  if (blocked) {
    await forgetOwn();
    return { blocked: true };
  }

  let result: { outcome: AttemptOutcome; value: T };
  try {
    result = await attempt();
  } catch (error) {
    await forgetOwn();
    throw error;
  }
  if (result.outcome === "success") {
    await forgetOwn();
    await db().delete(loginAttempt).where(eq(loginAttempt.key, emailKey));
  } else if (result.outcome === "other") {
    await forgetOwn();
  }
  // Old rows of these keys no longer count: drop them so the table stays small.
  await db()
    .delete(loginAttempt)
    .where(and(inArray(loginAttempt.key, keys), sql`${loginAttempt.attemptedAt} <= ${windowStart()}`));
  return { blocked: false, value: result.value };
}

/**
 * Takes one of `limit` uses of `key` in the window; false when none is left (the use is not counted then).
 * Same write-then-count order as withLoginLimit, so concurrent requests cannot exceed the limit.
 */
export async function takeQuota(key: string, limit: number): Promise<boolean> {
  const [mine] = await db().insert(loginAttempt).values({ key }).returning({ id: loginAttempt.id });
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempt)
    .where(and(eq(loginAttempt.key, key), sql`${loginAttempt.attemptedAt} > ${windowStart()}`));
  await db()
    .delete(loginAttempt)
    .where(and(eq(loginAttempt.key, key), sql`${loginAttempt.attemptedAt} <= ${windowStart()}`));
  if ((row?.n ?? 0) > limit) {
    await db().delete(loginAttempt).where(eq(loginAttempt.id, mine!.id));
    return false;
  }
  return true;
}
