// The academy's rules on Better Auth's endpoints, enforced in its own hook pipeline.
//
// Why here: Better Auth runs these hooks for every way in — its HTTP endpoints whatever the body's
// encoding (JSON, form-encoded, multipart) and the app's own `auth.api.*` calls from the /login,
// /registro and /perfil actions — after it parsed the body and before it looks at a password. A limit
// enforced anywhere else has a way round it.
import crypto from "node:crypto";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { and, eq, like } from "drizzle-orm";
import { isValidEmail, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH } from "~/domain/account-forms";
import { withoutControlChars } from "~/domain/plain-text";
import { accountMessages as M } from "~/domain/account-messages";
import { db } from "../platform/db/client.server";
import { user, verification } from "../platform/db/schema";
import { queueJob } from "../platform/outbox/outbox.server";
import {
  claimPasswordAttempt,
  clientIpFrom,
  LIMITS,
  settlePasswordAttempt,
  takeQuotas,
  type AttemptOutcome,
  type PasswordAttempt,
} from "../platform/rate-limit.server";

/** Where the reset e-mail's link lands (after Better Auth's /api/auth/reset-password/:token checks it). */
export const RESET_PASSWORD_PATH = "/restablecer-contrasena/nueva";

/** Better Auth's answer to a reset request, given whether or not an account exists (docs/decisions.md B10). */
const RESET_REQUESTED = {
  status: true,
  message: "If this email exists in our system, check your email for the reset link",
} as const;

// Carries the ids of the attempt rows from the before hook to the after hook of the same call. The before
// hook always overwrites it, so a client cannot choose which rows are settled.
const ATTEMPT_HEADER = "x-academia-password-attempt";

// The outbox worker asks Better Auth for the reset token itself; this per-process secret lets that one
// internal call through the deferral below. No request from outside can know it.
const INTERNAL_HEADER = "x-academia-internal";
const internalToken = crypto.randomBytes(24).toString("base64url");
export const internalHeaders = () => new Headers({ [INTERNAL_HEADER]: internalToken });

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const badRequest = (code: string, message: string) => new APIError("BAD_REQUEST", { code, message });
const invalidCredentials = () =>
  new APIError("UNAUTHORIZED", { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
const tooManyRequests = () => new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_REQUESTS", message: M.tooManyRequests });

function body(ctx: HookContext): Record<string, unknown> {
  return ctx.body && typeof ctx.body === "object" ? (ctx.body as Record<string, unknown>) : {};
}

/** PostgreSQL refuses NUL in text (a 500 half-way through a query): no field of any auth call may carry one. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 3 || !value || typeof value !== "object") return false;
  return Object.values(value).some((v) => hasNul(v, depth + 1));
}

/** The e-mail a limit is keyed by: the forms' own rule, so nothing Better Auth accepts goes uncounted. */
function emailOf(ctx: HookContext): string {
  const email = body(ctx).email;
  if (!isValidEmail(email)) throw badRequest("INVALID_EMAIL", "Invalid email");
  return (email as string).trim().toLowerCase();
}

function attemptHeaders(attempt: PasswordAttempt) {
  return new Headers({ [ATTEMPT_HEADER]: JSON.stringify(attempt) });
}

function attemptFrom(ctx: HookContext): PasswordAttempt | null {
  const raw = ctx.headers?.get(ATTEMPT_HEADER);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PasswordAttempt;
  } catch {
    return null;
  }
}

/** What a password check ended in, from what the endpoint returned. */
function outcomeOf(ctx: HookContext, failureCodes: readonly string[]): AttemptOutcome {
  const returned = ctx.context.returned;
  if (!isAPIError(returned)) return "success";
  const code = (returned.body as { code?: string } | undefined)?.code;
  return code && failureCodes.includes(code) ? "failure" : "other";
}

async function beforeSignIn(ctx: HookContext) {
  const email = emailOf(ctx);
  const password = body(ctx).password;
  const attempt = await claimPasswordAttempt({ email, ip: clientIpFrom(ctx.headers) });
  if (!attempt) throw tooManyRequests();
  // A password longer than any the academy accepts cannot be right: a failure like any other, answered
  // in the same words (Better Auth would answer "Password too long").
  if (typeof password === "string" && password.length > MAX_PASSWORD_LENGTH) {
    await settlePasswordAttempt(attempt, "failure");
    throw invalidCredentials();
  }
  return { context: { headers: attemptHeaders(attempt) } };
}

async function beforeChangePassword(ctx: HookContext) {
  const session = await getSessionFromCtx(ctx);
  // Without a session Better Auth refuses the call (401) before comparing anything.
  if (!session) return;
  const attempt = await claimPasswordAttempt({ email: session.user.email, ip: clientIpFrom(ctx.headers) });
  if (!attempt) throw tooManyRequests();
  return { context: { headers: attemptHeaders(attempt) } };
}

async function beforeSignUp(ctx: HookContext) {
  const email = emailOf(ctx);
  const ip = clientIpFrom(ctx.headers);
  const allowed = await takeQuotas([
    [`signup:${email}`, LIMITS.signUpPerEmail],
    ...(ip ? ([[`signup-ip:${ip}`, LIMITS.signUpPerAddress]] as const) : []),
  ]);
  if (!allowed) throw new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_REQUESTS", message: M.tooManySignUps });
}

/**
 * A reset request is answered at once, the same way whether or not the account exists, and the work
 * that would tell them apart (looking the account up, the token, the mail) happens later in the outbox
 * worker — so the answer's timing says nothing either. Past the quota nothing is queued.
 */
async function deferPasswordReset(ctx: HookContext) {
  if (ctx.headers?.get(INTERNAL_HEADER) === internalToken) return;
  const email = body(ctx).email;
  // Not an address: Better Auth answers 400 without looking anything up.
  if (!isValidEmail(email)) return;
  const normalized = (email as string).trim().toLowerCase();
  const ip = clientIpFrom(ctx.headers);
  const allowed = await takeQuotas([
    [`reset:${normalized}`, LIMITS.resetPerEmail],
    ...(ip ? ([[`reset-ip:${ip}`, LIMITS.resetPerAddress]] as const) : []),
  ]);
  if (allowed) await queueJob({ kind: "passwordReset", email: normalized });
  return RESET_REQUESTED;
}

/** Better Auth's endpoints accept any name; the app's forms allow 1–120 visible characters. */
function nameRule(ctx: HookContext) {
  const b = body(ctx);
  if (b.name === undefined) return;
  const name = typeof b.name === "string" ? withoutControlChars(b.name).trim() : "";
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) throw badRequest("INVALID_NAME", "Invalid name");
  return { context: { body: { ...b, name } } };
}

/** Endpoints whose `name` is cleaned by nameRule (control characters, NUL included, are dropped there). */
const NAMED = new Set(["/sign-up/email", "/update-user"]);

export const beforeAuthHook = createAuthMiddleware(async (ctx) => {
  const { name: _name, ...fields } = body(ctx);
  if (hasNul(NAMED.has(ctx.path) ? fields : ctx.body) || hasNul(ctx.query)) throw badRequest("INVALID_INPUT", "Invalid input");
  switch (ctx.path) {
    case "/sign-in/email":
      return beforeSignIn(ctx);
    case "/change-password":
      return beforeChangePassword(ctx);
    case "/sign-up/email":
      await beforeSignUp(ctx);
      return nameRule(ctx);
    case "/update-user":
      return nameRule(ctx);
    case "/request-password-reset":
      return deferPasswordReset(ctx);
  }
});

export const afterAuthHook = createAuthMiddleware(async (ctx) => {
  if (ctx.path === "/sign-up/email") {
    // Queued once the account exists (Better Auth committed it); the worker renders and sends it. An address
    // already in use gets the same answer with an id that names no account (auth.server.ts): its owner's
    // notice was queued instead, and the one lookup here is made on both ways.
    const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined;
    const userId = !isAPIError(returned) && typeof returned?.user?.id === "string" ? returned.user.id : null;
    if (!userId) return;
    const [created] = await db().select({ id: user.id }).from(user).where(eq(user.id, userId)).limit(1);
    if (created) await queueJob({ kind: "welcome", userId });
    return;
  }
  if (ctx.path === "/sign-in/email" || ctx.path === "/change-password") {
    const attempt = attemptFrom(ctx);
    const failures = ctx.path === "/sign-in/email" ? ["INVALID_EMAIL_OR_PASSWORD"] : ["INVALID_PASSWORD"];
    const outcome = outcomeOf(ctx, failures);
    if (attempt) await settlePasswordAttempt(attempt, outcome);
    if (ctx.path === "/change-password" && outcome === "success") {
      const userId = ctx.context.session?.user.id;
      if (userId) await onPasswordChanged(userId);
    }
  }
});

/**
 * After a reset or a change of password, no other reset link of the account may still work, and the
 * owner is told (if it wasn't them, they know at once).
 */
export async function onPasswordChanged(userId: string) {
  await db()
    .delete(verification)
    .where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, userId)));
  await queueJob({ kind: "passwordChangedNotice", userId });
}
