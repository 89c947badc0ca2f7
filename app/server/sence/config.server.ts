// The academy's SENCE configuration: its OTEC RUT and token (sealed, token-crypto.server.ts), which SENCE host
// the learners are sent to, and the addresses SENCE sends them back to. Only admins change it.
import { eq } from "drizzle-orm";
import { senceMessages as M } from "~/domain/sence-messages";
import { isSenceReturnUrl, SENCE_ORIGIN } from "~/domain/sence-protocol";
import type { ActionResult } from "~/domain/action-result";
import { db } from "../platform/db/client.server";
import { senceConfig, user } from "../platform/db/schema";
import { env } from "../platform/env.server";
import { now } from "../platform/clock.server";
import { logger } from "../platform/logger.server";
import { recordAudit } from "../platform/audit.server";
import { maskToken, openToken, sealToken, tokenKeyConfigured } from "./token-crypto.server";

const CONFIG_ID = "otec";

/** Where SENCE posts the learner back (UrlRetoma, UrlError): mounted in front of the CSRF check (server/app.ts). */
export const SENCE_RETURN_PATHS = { retoma: "/sence/retorno", error: "/sence/error" } as const;

/** SENCE's host, or a local server that follows its contract (SENCE_BASE_URL, for tests and offline work). */
export function senceBaseUrl(): string {
  return env().SENCE_BASE_URL ?? SENCE_ORIGIN;
}

export function returnUrls() {
  const base = env().PUBLIC_URL;
  return { retoma: `${base}${SENCE_RETURN_PATHS.retoma}`, error: `${base}${SENCE_RETURN_PATHS.error}` };
}

export interface SenceConfigView {
  rutOtec: string | null;
  tokenMasked: string | null;
  /** The saved token opens with the current key. */
  tokenReadable: boolean;
  keyConfigured: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
  baseUrl: string;
  returnUrls: { retoma: string; error: string };
  /** Both return addresses fit SENCE's rules (absolute, ≤ 100 characters). */
  returnUrlsOk: boolean;
}

export async function getSenceConfigView(): Promise<SenceConfigView> {
  const [row] = await db()
    .select({ rutOtec: senceConfig.rutOtec, sealed: senceConfig.tokenSealed, last4: senceConfig.tokenLast4, updatedAt: senceConfig.updatedAt, by: user.name })
    .from(senceConfig)
    .leftJoin(user, eq(user.id, senceConfig.updatedBy))
    .where(eq(senceConfig.id, CONFIG_ID))
    .limit(1);
  const urls = returnUrls();
  return {
    rutOtec: row?.rutOtec ?? null,
    tokenMasked: row ? maskToken(row.last4) : null,
    tokenReadable: row ? openToken(row.sealed) !== null : false,
    keyConfigured: tokenKeyConfigured(),
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.by ?? null,
    baseUrl: senceBaseUrl(),
    returnUrls: urls,
    returnUrlsOk: isSenceReturnUrl(urls.retoma) && isSenceReturnUrl(urls.error),
  };
}

export async function hasSavedToken(): Promise<boolean> {
  const [row] = await db().select({ id: senceConfig.id }).from(senceConfig).where(eq(senceConfig.id, CONFIG_ID)).limit(1);
  return Boolean(row);
}

/** Saves the RUT and, when given, a new token (null keeps the saved one). */
export async function saveSenceConfig(input: { rutOtec: string; token: string | null }, byUserId: string): Promise<ActionResult> {
  if (!tokenKeyConfigured()) return { ok: false, message: M.keyMissing, field: "token", status: 409 };
  const at = now();
  const token = input.token;
  const saved = await db().transaction(async (tx) => {
    const [before] = await tx.select({ rutOtec: senceConfig.rutOtec }).from(senceConfig).where(eq(senceConfig.id, CONFIG_ID)).for("update");
    if (token === null) {
      if (!before) return false;
      await tx.update(senceConfig).set({ rutOtec: input.rutOtec, updatedBy: byUserId, updatedAt: at }).where(eq(senceConfig.id, CONFIG_ID));
    } else {
      const values = { rutOtec: input.rutOtec, tokenSealed: sealToken(token), tokenLast4: token.slice(-4), updatedBy: byUserId, updatedAt: at };
      await tx.insert(senceConfig).values({ id: CONFIG_ID, ...values }).onConflictDoUpdate({ target: senceConfig.id, set: values });
    }
    // The record says the token changed, never what it is.
    await recordAudit(tx, {
      actorId: byUserId,
      action: "sence.config",
      subject: { type: "sence_config", id: CONFIG_ID, label: input.rutOtec },
      before: before ? { rutOtec: before.rutOtec } : null,
      after: { rutOtec: input.rutOtec, tokenChanged: token !== null },
    });
    return true;
  });
  if (!saved) return { ok: false, message: M.tokenRequired, field: "token", status: 400 };
  logger.info({ byUserId, tokenChanged: token !== null }, "SENCE configuration saved");
  return { ok: true, message: M.configSaved };
}

/** The RUT and token to put in a learner's form, or null when the academy cannot send anyone to SENCE. */
export async function senceCredentials(): Promise<{ rutOtec: string; token: string } | null> {
  const [row] = await db().select().from(senceConfig).where(eq(senceConfig.id, CONFIG_ID)).limit(1);
  if (!row) return null;
  const token = openToken(row.tokenSealed);
  if (!token) {
    logger.error("SENCE token cannot be opened with SENCE_TOKEN_KEY (missing or changed key)");
    return null;
  }
  return { rutOtec: row.rutOtec, token };
}
