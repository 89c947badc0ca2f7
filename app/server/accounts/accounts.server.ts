// Account use cases on top of Better Auth: register, sign in (rate-limited), password reset and change,
// profile. Each returns a typed outcome; the routes turn outcomes into the spec's Spanish messages.
import { and, eq, isNull, ne } from "drizzle-orm";
import { isAPIError } from "better-auth/api";
import { getAuth } from "./auth.server";
import { db } from "../platform/db/client.server";
import { marketingConsentEvent, user as userTable } from "../platform/db/schema";
import { logger } from "../platform/logger.server";
import { now } from "../platform/clock.server";
import { site } from "~/config/site";
import { RESET_PASSWORD_PATH } from "./auth-hooks.server";
import { resetTokenSchema } from "~/domain/account-forms";
import { PasswordWorkBusy, withPasswordTurn } from "./password-gate.server";

export { RESET_PASSWORD_PATH };

/** Only the cookies of Better Auth's answer travel on to the browser (its other headers describe its own JSON). */
function onlyCookies(headers: Headers): Headers {
  const out = new Headers();
  for (const cookie of headers.getSetCookie()) out.append("set-cookie", cookie);
  return out;
}

function errorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const body = error.body as { code?: string } | undefined;
  return body?.code;
}

function errorMessage(error: unknown): string | undefined {
  if (isAPIError(error)) return (error.body as { message?: string } | undefined)?.message ?? error.message;
  return error instanceof Error ? error.message : undefined;
}

export type RegisterOutcome =
  | { ok: true; headers: Headers }
  | { ok: false; reason: "checkMail" | "invalidEmail" | "weakPassword" | "tooMany" | "busy" | "other" };

/**
 * Registers a learner (always role 'user') and signs the account in. Sign-up answers an address that already has
 * an account exactly as a new one (docs/decisions.md B12), so which of the two it was is not known here either:
 * the account is signed in with the password just typed. A new account gets in (a buyer goes on to the checkout);
 * so does the owner of an address in use who typed their own password. Anyone else is asked to read their mail
 * ("checkMail"): sign-up sent the owner a notice with the way to sign in or to reset the password.
 */
export async function registerAccount(
  input: { name: string; email: string; password: string },
  request: Request,
  /**
   * Given by a page that shows the privacy notice, recorded on a new account: /registro, with its marketing box; a
   * company's invitation, which shows the notice but asks nothing about marketing (`marketing` left out).
   */
  consent?: { marketing?: boolean },
): Promise<RegisterOutcome> {
  const auth = await getAuth();
  try {
    // Only these three fields reach Better Auth, and `role` is not an input field there either.
    const created = await withPasswordTurn(() =>
      auth.api.signUpEmail({ body: { name: input.name, email: input.email, password: input.password }, headers: request.headers }),
    );
    if (consent) await recordSignUpConsent(created.user.id, consent);
  } catch (error) {
    if (error instanceof PasswordWorkBusy) return { ok: false, reason: "busy" };
    const code = errorCode(error);
    if (code === "INVALID_EMAIL") return { ok: false, reason: "invalidEmail" };
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") return { ok: false, reason: "weakPassword" };
    if (code === "TOO_MANY_REQUESTS") return { ok: false, reason: "tooMany" };
    logger.error({ err: error }, "sign-up failed");
    return { ok: false, reason: "other" };
  }
  // A sign-in like any other, under the sign-in limits: the page cannot be used to guess an owner's password.
  const signedIn = await signInWithPassword({ email: input.email, password: input.password }, request);
  if (signedIn.ok) return signedIn;
  if (signedIn.reason === "busy") return { ok: false, reason: "busy" };
  return { ok: false, reason: "checkMail" };
}

/**
 * The notice version accepted and the marketing choice, on the account sign-up just made. An address already in
 * use gets a stand-in id that names no row (auth.server.ts), so its owner's choices are never changed by whoever
 * typed their address; the same one query runs either way.
 */
async function recordSignUpConsent(userId: string, consent: { marketing?: boolean }): Promise<void> {
  const at = now();
  const marketing = consent.marketing === undefined ? {} : { marketingConsent: consent.marketing, marketingConsentAt: at };
  await db().transaction(async (tx) => {
    const recorded = await tx
      .update(userTable)
      .set({ privacyNoticeVersion: site.privacy.noticeVersion, privacyNoticeAcceptedAt: at, ...marketing })
      .where(and(eq(userTable.id, userId), isNull(userTable.privacyNoticeAcceptedAt)))
      .returning({ id: userTable.id });
    // The first entry of the consent's history, only for the account just made (the stand-in id matches no row).
    if (recorded.length && consent.marketing !== undefined) await tx.insert(marketingConsentEvent).values({ userId, given: consent.marketing, source: "registro", at });
  });
}

/** The marketing consent and when it was last given or withdrawn (null: not asked yet). */
export async function getMarketingConsent(userId: string): Promise<{ given: boolean; at: Date | null }> {
  const [row] = await db()
    .select({ given: userTable.marketingConsent, at: userTable.marketingConsentAt })
    .from(userTable)
    .where(eq(userTable.id, userId));
  return row ?? { given: false, at: null };
}

/** Gives or withdraws the marketing consent, with the time and a history entry; saving the same choice again keeps both. */
export async function setMarketingConsent(userId: string, marketing: boolean): Promise<void> {
  const at = now();
  await db().transaction(async (tx) => {
    const changed = await tx
      .update(userTable)
      .set({ marketingConsent: marketing, marketingConsentAt: at })
      .where(and(eq(userTable.id, userId), ne(userTable.marketingConsent, marketing)))
      .returning({ id: userTable.id });
    // Each change is appended to the history in the same transaction; saving the same choice changes nothing.
    if (changed.length) await tx.insert(marketingConsentEvent).values({ userId, given: marketing, source: "perfil", at });
  });
}

export type SignInOutcome =
  | { ok: true; headers: Headers }
  | { ok: false; reason: "invalidCredentials" | "disabled" | "tooMany" | "invalidEmail" | "busy" }
  | { ok: false; reason: "other"; message?: string };

/** Signs in with e-mail and password; the failure limit is applied by Better Auth's hooks (auth-hooks.server.ts). */
export async function signInWithPassword(input: { email: string; password: string }, request: Request): Promise<SignInOutcome> {
  const auth = await getAuth();
  try {
    const { headers } = await withPasswordTurn(() =>
      auth.api.signInEmail({
        body: { email: input.email, password: input.password, rememberMe: true },
        headers: request.headers,
        returnHeaders: true,
      }),
    );
    return { ok: true, headers: onlyCookies(headers) };
  } catch (error) {
    if (error instanceof PasswordWorkBusy) return { ok: false, reason: "busy" };
    switch (errorCode(error)) {
      case "INVALID_EMAIL_OR_PASSWORD":
        return { ok: false, reason: "invalidCredentials" };
      case "TOO_MANY_REQUESTS":
        return { ok: false, reason: "tooMany" };
      case "BANNED_USER":
        return { ok: false, reason: "disabled" };
      case "INVALID_EMAIL":
        return { ok: false, reason: "invalidEmail" };
    }
    logger.error({ err: error }, "sign-in failed");
    return { ok: false, reason: "other", message: errorMessage(error) };
  }
}

/**
 * Asks for a reset e-mail. The answer is the same, and as fast, whether or not the account exists
 * (docs/decisions.md B10): the request is queued (auth-hooks.server.ts) and the outbox worker does the rest.
 * Only a failure to queue (the database is down) is reported.
 */
export async function requestPasswordReset(email: string, request: Request): Promise<{ ok: boolean }> {
  const auth = await getAuth();
  try {
    await auth.api.requestPasswordReset({ body: { email, redirectTo: RESET_PASSWORD_PATH }, headers: request.headers });
    return { ok: true };
  } catch (error) {
    logger.error({ err: error }, "password reset request failed");
    return { ok: false };
  }
}

/** Whether a reset token can still be used (exists, not used, not expired). */
export async function isResetTokenUsable(token: string): Promise<boolean> {
  if (!resetTokenSchema.safeParse(token).success) return false;
  const ctx = await (await getAuth()).$context;
  const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return !!verification && new Date(verification.expiresAt).getTime() > Date.now();
}

/** Sets a new password with a reset token; the token is consumed and every session of the account ends. */
export async function resetPassword(input: { token: string; password: string }): Promise<{ ok: true } | { ok: false; reason: "invalidToken" | "busy" | "other" }> {
  const auth = await getAuth();
  try {
    await withPasswordTurn(() => auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } }));
    return { ok: true };
  } catch (error) {
    if (error instanceof PasswordWorkBusy) return { ok: false, reason: "busy" };
    const code = errorCode(error);
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") return { ok: false, reason: "invalidToken" };
    logger.error({ err: error }, "password reset failed");
    return { ok: false, reason: "other" };
  }
}

/**
 * Updates the acting user's own profile; the user id comes from the session, never from the form. The RUT is the
 * owner's declaration: another account holding the same one neither refuses it nor is told (schema.ts, user.rut).
 */
export async function updateProfile(
  userId: string,
  /** `rut` undefined leaves it as it is (a form without the field must not erase it). */
  input: { name: string; phone: string | null; address: string | null; rut?: string | null },
): Promise<void> {
  await db()
    .update(userTable)
    .set({ name: input.name, phone: input.phone, address: input.address, rut: input.rut, updatedAt: new Date() })
    .where(eq(userTable.id, userId));
}

export type ChangePasswordOutcome =
  | { ok: true; headers: Headers }
  | { ok: false; reason: "currentWrong" | "tooMany" | "busy" | "other" };

/**
 * Changes the signed-in user's password after checking the current one. Every other session ends; this one
 * gets a fresh cookie. Wrong current passwords count toward the sign-in limit (auth-hooks.server.ts), so a
 * stolen session cannot be used to guess the password.
 */
export async function changePassword(input: { currentPassword: string; newPassword: string }, request: Request): Promise<ChangePasswordOutcome> {
  const auth = await getAuth();
  try {
    const { headers } = await withPasswordTurn(() =>
      auth.api.changePassword({
        body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
        headers: request.headers,
        returnHeaders: true,
      }),
    );
    return { ok: true, headers: onlyCookies(headers) };
  } catch (error) {
    if (error instanceof PasswordWorkBusy) return { ok: false, reason: "busy" };
    const code = errorCode(error);
    if (code === "INVALID_PASSWORD") return { ok: false, reason: "currentWrong" };
    if (code === "TOO_MANY_REQUESTS") return { ok: false, reason: "tooMany" };
    logger.error({ err: error }, "password change failed");
    return { ok: false, reason: "other" };
  }
}

/** Ends the request's session; returns the headers that clear the cookie. */
export async function signOut(request: Request): Promise<Headers> {
  const auth = await getAuth();
  const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  return onlyCookies(headers);
}
