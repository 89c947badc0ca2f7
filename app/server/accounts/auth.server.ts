// Accounts and sessions: Better Auth on the project's own database (docs/decisions.md A1).
import crypto from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { db } from "../platform/db/client.server";
import * as schema from "../platform/db/schema";
import { env } from "../platform/env.server";
import { logger } from "../platform/logger.server";
import { queueJob, queueMail } from "../platform/outbox/outbox.server";
import { now } from "../platform/clock.server";
import { renderMail } from "../platform/mail/render-mail.server";
import { CLIENT_IP_HEADER } from "../platform/rate-limit.server";
import { site } from "~/config/site";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/domain/account-forms";
import { afterAuthHook, beforeAuthHook, onPasswordChanged } from "./auth-hooks.server";

export { MIN_PASSWORD_LENGTH };

/** How long a session lives, and how old it gets before a request extends it (Better Auth's `session`). */
export const SESSION_EXPIRES_IN_S = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_S = 60 * 60 * 24;

/** The auth secret: BETTER_AUTH_SECRET, or one generated once and kept in the database for every instance. */
async function resolveSecret(): Promise<string> {
  const configured = env().BETTER_AUTH_SECRET;
  if (configured) return configured;
  const generated = crypto.randomBytes(32).toString("base64url");
  await db().insert(schema.setting).values({ key: "auth_secret", value: generated }).onConflictDoNothing();
  const [row] = await db().select().from(schema.setting).where(eq(schema.setting.key, "auth_secret"));
  return row!.value;
}

function createAuth(secret: string) {
  return betterAuth({
    appName: site.name,
    baseURL: env().PUBLIC_URL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [env().PUBLIC_URL],
    // transaction: sign-up's writes (user, password, session) commit together or not at all, so a
    // failure half-way cannot leave an e-mail "in use" by an account nobody can sign in to.
    database: drizzleAdapter(db(), { provider: "pg", schema, transaction: true }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // Sign-up answers the same for a new address and one that already has an account (docs/decisions.md B12):
      // Better Auth then gives both the same 200 and the same body, with no session, and hashes the password on
      // both ways so the time taken says nothing either. The /registro page signs a new account in itself
      // (accounts.server.ts, registerAccount); the owner of an address already in use is told by mail.
      autoSignIn: false,
      // The stand-in user of that answer carries what a new account's row holds (its role from the admin plugin).
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: "user",
        banned: false,
        banReason: null,
        banExpires: null,
        ...additionalFields,
        id,
      }),
      onExistingUserSignUp: async ({ user }) => {
        await queueJob({ kind: "signUpAttemptNotice", userId: user.id, attemptedAt: now() });
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Called by the outbox worker (auth-hooks.server.ts defers every reset request): the mail is queued too.
      sendResetPassword: async ({ user, url }) => {
        const mail = await renderMail({ kind: "passwordReset", name: user.name, resetUrl: url }, { baseUrl: env().PUBLIC_URL });
        await queueMail({ to: user.email, ...mail });
      },
      onPasswordReset: async ({ user }) => {
        await onPasswordChanged(user.id);
      },
    },
    user: {
      additionalFields: {
        phone: { type: "string", required: false, input: false },
        address: { type: "string", required: false, input: false },
        rut: { type: "string", required: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_S,
      updateAge: SESSION_UPDATE_AGE_S,
    },
    // Limits, deferred reset requests, input rules: auth-hooks.server.ts.
    hooks: { before: beforeAuthHook, after: afterAuthHook },
    // Every sign-in (any way a session is made) records when, and cancels a pending inactivity warning: the
    // retention job deletes inactive accounts only without a sign-in since the warning (docs/privacy.md).
    databaseHooks: {
      session: {
        create: {
          after: async (created) => {
            await db().update(schema.user).set({ lastSignInAt: now(), inactivityWarnedAt: null }).where(eq(schema.user.id, created.userId));
          },
        },
      },
    },
    advanced: {
      // The address server/security.ts resolved (honouring TRUST_PROXY); clients cannot set this header.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env().PUBLIC_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    // The app's own limits (rate-limit.server.ts, applied in auth-hooks.server.ts) count failures and answer
    // with the spec's message; Better Auth's generic limiter counts requests and answers in English.
    rateLimit: { enabled: false },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] })],
    logger: {
      log: (level, message, ...args) => {
        const fn = level === "error" ? logger.error.bind(logger) : level === "warn" ? logger.warn.bind(logger) : logger.debug.bind(logger);
        fn({ args }, `auth: ${message}`);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
let instance: Promise<Auth> | undefined;

export function getAuth(): Promise<Auth> {
  instance ??= getAuthSecret().then(createAuth);
  return instance;
}

let secret: Promise<string> | undefined;

/** The secret session cookies are signed with (session.server.ts checks the signature itself). */
export function getAuthSecret(): Promise<string> {
  secret ??= resolveSecret();
  return secret;
}

/** For tests and restarts: forget the instance bound to a previous database. */
export function resetAuth() {
  instance = undefined;
  secret = undefined;
}
