// HTTP protections in front of every page and action: security headers (helmet) with a per-request CSP
// nonce, the client address for the rate limits, the methods the academy answers, and a cross-site check
// on every state-changing request (CSRF). Body sizes are not checked here: each kind of body has one limit,
// applied where it is read (app/server/platform/http/request-body.server.ts), so the refusal speaks the form's language.
import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { env } from "~/server/platform/env.server";
import { CLIENT_IP_HEADER } from "~/server/platform/rate-limit.server";
import { SENCE_ENVIRONMENTS, SENCE_ORIGIN, senceEndpoint } from "~/domain/sence-protocol";
import { site } from "~/config/site";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Pages, forms and the auth API need nothing else; TRACE, PUT, DELETE… are answered 405 before any route. */
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST"]);
/** The checkout's form posts token_ws to Webpay's payment form: its origin must be an allowed form target. */
function webpayFormOrigins(): string[] {
  const base = env().WEBPAY_BASE_URL;
  if (base) return [new URL(base).origin];
  return env().WEBPAY_ENVIRONMENT === "production" ? ["https://webpay3g.transbank.cl"] : ["https://webpay3gint.transbank.cl"];
}

/**
 * The learner's form to SENCE's attendance register posts to one of its four endpoints (docs/sence.md): those
 * exact addresses, not the whole host, are allowed as form targets.
 */
function senceFormTargets(): string[] {
  const base = env().SENCE_BASE_URL ?? SENCE_ORIGIN;
  return SENCE_ENVIRONMENTS.flatMap((environment) => [senceEndpoint(base, environment, "start"), senceEndpoint(base, environment, "close")]);
}

/**
 * Scripts: only the academy's own files and the inline scripts React Router renders, which carry this
 * response's nonce (app/entry.server.tsx). A page replayed from the page cache has another response's nonce
 * in it, so the cache swaps the nonce for the hashes of the page's inline scripts (cspForReplay).
 * Styles: server-rendered `style` attributes (progress bars) need 'unsafe-inline' for styles only.
 * blob: for workers, media and frames: the pdf.js worker and in-app viewers.
 */
function helmetFor(https: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", "blob:"],
        frameSrc: ["'self'", "blob:"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...webpayFormOrigins(), ...senceFormTargets()],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Cross-origin isolation would break nothing today but buys nothing either; the other defaults stay.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
    // A year: what browsers' preload lists ask for; subdomains unless HSTS_INCLUDE_SUBDOMAINS=false.
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: env().HSTS_INCLUDE_SUBDOMAINS } : false,
  });
}

let cachedHelmet: { key: string; middleware: ReturnType<typeof helmet> } | undefined;

function currentHelmet() {
  const key = `${env().PUBLIC_URL} ${env().HSTS_INCLUDE_SUBDOMAINS}`;
  if (cachedHelmet?.key !== key) cachedHelmet = { key, middleware: helmetFor(env().PUBLIC_URL.startsWith("https://")) };
  return cachedHelmet.middleware;
}

const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), fullscreen=(self)";

/** Security headers on every response (mounted first in server/app.ts, and in front of the static files). */
export function securityHeaders(req: Request, res: Response, next: NextFunction) {
  // A page passes both mounts in production: the headers are set once (helmet builds the CSP for each call).
  if (res.locals.cspNonce) return next();
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  currentHelmet()(req, res, (error?: unknown) => {
    // The mails' logo is loaded by webmail from its own origin (or a proxy): same-origin would block it there.
    if (req.path === site.mailLogoPath) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    next(error);
  });
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP for a cached page served to someone else: the nonce it was rendered with is replaced by the
 * SHA-256 of each inline script in the page (a script with a src is covered by 'self'). Hash sources
 * allow exactly those scripts and nothing injected later, as the nonce did for the first visitor.
 */
export function cspForReplay(csp: string, html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    // Data blocks (JSON-LD) are never executed, so they need no source.
    if (type && type !== "module" && type !== "text/javascript" && type !== "application/javascript") continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(match[2] ?? "", "utf8").digest("base64")}'`);
  }
  return csp.replace(/'nonce-[^']*'/g, [...hashes].join(" ") || "'none'").replace(/script-src 'self' 'none'/, "script-src 'self'");
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

/**
 * Whether a state-changing request comes from the academy's own pages: its Origin (or Referer) is the origin the
 * request itself was sent to — the same comparison React Router makes before an action (its URL from the
 * protocol and Host, or X-Forwarded-* with TRUST_PROXY, as Express reads them), made here first so that a
 * mismatch is refused in Spanish instead of reaching React Router, which answered 400 and printed a stack trace.
 */
export function isSameSite(req: Request): boolean {
  const origin = sourceOrigin(req);
  if (!origin || origin === "null") return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  // Express's host honours X-Forwarded-Host only with TRUST_PROXY, as React Router's request URL does.
  const host = req.get("x-forwarded-host") && req.app.enabled("trust proxy") ? req.get("x-forwarded-host")!.split(",")[0]!.trim() : req.get("host");
  if (!host) return false;
  try {
    return url.origin === new URL(`${req.protocol}://${host}`).origin;
  } catch {
    return false;
  }
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

  // Pages for a signed-in visitor hold personal data: keep them out of shared caches and the disk cache. A course
  // cover is the same public file for everyone (its route says itself how to cache it, a draft's privately).
  if (!req.path.startsWith("/archivos/portadas/") && /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(req.headers.cookie ?? "")) {
    res.setHeader("Cache-Control", "private, no-store");
  }

  if (!ALLOWED_METHODS.has(req.method)) {
    res.setHeader("Allow", "GET, HEAD, POST");
    return refuse(res, 405, "Método no permitido.");
  }
  if (!STATE_CHANGING.has(req.method)) return next();

  if (!isSameSite(req)) return refuse(res, 403, "Solicitud rechazada: el origen de la solicitud no está permitido.");
  next();
}
