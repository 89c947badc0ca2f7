// Better Auth's session cookie, read and written without going through Better Auth: its name, and its value
// `token.base64(HMAC-SHA256(secret, token))`, URI-encoded. This is the one place that knows that format. The
// signed-in page reads the session itself (session.server.ts) because Better Auth's getSession costs about a
// seventh of the page's CPU; a Better Auth release may change the format, so the package is pinned to the exact
// version below and tests/integration/accounts/session-contract.test.ts compares this reading with Better Auth's
// own getSession on valid, expired, tampered, revoked and banned sessions. Upgrading Better Auth means running
// that test and then changing VERIFIED_WITH.
import crypto from "node:crypto";
import { getAuthSecret } from "./auth.server";
import { env } from "../platform/env.server";

/** The Better Auth version whose cookie format this module was checked against (package.json pins it exactly). */
export const VERIFIED_WITH = "1.7.25";

export function sessionCookieName(secure: boolean) {
  return `${secure ? "__Secure-" : ""}better-auth.session_token`;
}

function signature(token: string, secret: string) {
  return crypto.createHmac("sha256", secret).update(token).digest("base64");
}

/** Whether the academy's cookies are Secure (served over https), which also changes the cookie's name. */
export function secureCookies() {
  return env().PUBLIC_URL.startsWith("https://");
}

/** The session token of a cookie Better Auth signed, or null (missing, malformed or a bad signature). */
export function signedSessionToken(cookieHeader: string | null, secret: string, secure: boolean): string | null {
  const name = sessionCookieName(secure);
  for (const part of (cookieHeader ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf(".");
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), "base64");
    const expected = crypto.createHmac("sha256", secret).update(token).digest();
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? token : null;
  }
  return null;
}

/** A `Cookie` header carrying this session token, signed as Better Auth signs it (for tests and tools). */
export async function sessionCookie(token: string): Promise<string> {
  const value = `${token}.${signature(token, await getAuthSecret())}`;
  return `${sessionCookieName(secureCookies())}=${encodeURIComponent(value)}`;
}
