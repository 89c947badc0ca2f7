// HTTP protections in front of every page and action: security headers, the client address for the
// sign-in limiter, a cross-site check on every state-changing request (CSRF), and a body size limit
// enforced before anything parses the body.
import type { NextFunction, Request, Response } from "express";
import { env } from "~/server/env.server";
import { CLIENT_IP_HEADER } from "~/server/rate-limit.server";

const MB = 1024 * 1024;
/** Forms and JSON: far more than any form of the app sends. */
export const FORM_BODY_LIMIT = 1 * MB;
/** Course material is uploaded by admins through the course editor. */
const UPLOAD_PATH = /^\/admin\/cursos(?:\/|\.data$|$)/;

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Scripts: React Router hydrates with inline scripts that carry per-request data. Nonces would be the
 * stricter choice, but anonymous pages are replayed from server/page-cache.ts, and a nonce replayed to
 * every visitor protects nothing; so inline scripts are allowed and React's escaping stays the XSS guard.
 * Styles: server-rendered `style` attributes (progress bars) need 'unsafe-inline'.
 * blob: for workers, media and frames: the pdf.js worker and in-app viewers.
 */
function contentSecurityPolicy(https: boolean) {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

let cachedHeaders: { key: string; headers: [string, string][] } | undefined;

function headerList(): [string, string][] {
  const publicUrl = env().PUBLIC_URL;
  if (cachedHeaders?.key === publicUrl) return cachedHeaders.headers;
  const https = publicUrl.startsWith("https://");
  const headers: [string, string][] = [
    ["Content-Security-Policy", contentSecurityPolicy(https)],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), fullscreen=(self)"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
  ];
  if (https) headers.push(["Strict-Transport-Security", "max-age=15552000"]);
  cachedHeaders = { key: publicUrl, headers };
  return headers;
}

/** Security headers on every response (mounted first in server/app.ts, and in front of the static files). */
export function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  for (const [name, value] of headerList()) res.setHeader(name, value);
  // The inner Express app (server/app.ts) would announce itself; nothing gains from telling.
  res.removeHeader("X-Powered-By");
  next();
}

/** The origin a state-changing request comes from: Origin, else the Referer's origin, else null. */
function sourceOrigin(req: Request): string | null {
  const origin = req.get("origin");
  if (origin) return origin;
  const referer = req.get("referer");
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

export function isSameSite(req: Request): boolean {
  const origin = sourceOrigin(req);
  if (!origin || origin === "null") return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === new URL(env().PUBLIC_URL).origin) return true;
  const host = req.get("host");
  return !!host && url.host === host.toLowerCase();
}

function refuse(res: Response, status: number, text: string) {
  // The rest of the body may still be on its way: do not reuse this connection for another request.
  res.setHeader("Connection", "close");
  res.status(status).type("text/plain; charset=utf-8").send(text);
}

/** Mounted in front of the pages and actions (after machine-to-machine endpoints such as the backup hook). */
export function requestGuards(req: Request, res: Response, next: NextFunction) {
  // Whatever a client sent in this header is replaced by the address Express resolved (TRUST_PROXY aware).
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";

  // Pages for a signed-in visitor hold personal data: keep them out of shared caches and the disk cache.
  if (/(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(req.headers.cookie ?? "")) {
    res.setHeader("Cache-Control", "private, no-store");
  }

  if (!STATE_CHANGING.has(req.method)) return next();

  if (!isSameSite(req)) return refuse(res, 403, "Solicitud rechazada: el origen de la solicitud no está permitido.");

  const limit = UPLOAD_PATH.test(req.path) ? env().MAX_UPLOAD_MB * MB : FORM_BODY_LIMIT;
  const length = req.get("content-length");
  if (length !== undefined) {
    if (!/^\d+$/.test(length.trim()) || Number(length) > limit) return refuse(res, 413, "La solicitud es demasiado grande.");
  } else if (req.get("transfer-encoding")) {
    // A body of unknown length could not be refused before reading it; browsers always send its length.
    return refuse(res, 411, "La solicitud debe indicar su tamaño.");
  }
  next();
}
