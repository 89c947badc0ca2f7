// The OTEC's SENCE token is a credential: anyone holding it can register attendance in the OTEC's name. It is
// stored sealed with AES-256-GCM under SENCE_TOKEN_KEY (the configuration, never the database that holds the
// ciphertext), shown only by its last four characters and never logged. It necessarily travels in clear in
// the form the learner's browser posts to SENCE (manual técnico RCE, §3.2): that is the protocol's, not ours.
import crypto from "node:crypto";
import { env } from "../platform/env.server";

const VERSION = "v1";
// Bound to its use: a sealed value copied into another column or table does not open.
const CONTEXT = Buffer.from("academia:sence-token");

function key(): Buffer | null {
  const raw = env().SENCE_TOKEN_KEY;
  if (!raw) return null;
  return /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, "hex") : Buffer.from(raw, "base64");
}

export function tokenKeyConfigured(): boolean {
  return key() !== null;
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url); throws without a key. */
export function sealToken(token: string): string {
  const k = key();
  if (!k) throw new Error("SENCE_TOKEN_KEY is not configured");
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", k, iv);
  cipher.setAAD(CONTEXT);
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

/** The token, or null when there is no key or the value does not open with it (another key, tampering). */
export function openToken(sealed: string): string | null {
  const k = key();
  const [version, iv, tag, data] = sealed.split(".");
  if (!k || version !== VERSION || !iv || !tag || !data) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", k, Buffer.from(iv, "base64url"));
    decipher.setAAD(CONTEXT);
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** How a token is shown: its shape, with only the last four characters. */
export function maskToken(last4: string): string {
  return `••••••••-••••-••••-••••-••••••••${last4}`;
}
