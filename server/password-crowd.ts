// A crowd of sign-ins (or sign-ups, or password resets) that the password gate cannot take now
// (app/server/accounts/password-gate.server.ts) is answered here, before its body is read or a page is rendered:
// rendering the sign-in form 200 times to say "come back in a moment" cost as much as the sign-ins it spared.
// A page's own data request (`.data`, sent by the form when JavaScript runs) goes on to its action, which gives
// the same refusal as data the form shows beside it.
import type { NextFunction, Request, Response } from "express";
import { accountMessages } from "~/domain/account-messages";
import { PASSWORD_BUSY_RETRY_AFTER_S, passwordTurnsFull } from "~/server/accounts/password-gate.server";

/** The documents and API endpoints that check or set a password. */
export const PASSWORD_PATHS = ["/login", "/registro", "/restablecer-contrasena/nueva", "/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/reset-password"];

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function busyPage(back: string): string {
  return `<!doctype html>
<html lang="es-CL"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Inténtalo de nuevo en un momento</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a}main{max-width:28rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:1rem;text-align:center}h1{font-size:1.4rem;margin:0 0 .75rem}a{display:inline-block;margin-top:1.25rem;padding:.65rem 1.25rem;border-radius:.5rem;background:#b91c1c;color:#fff;font-weight:600;text-decoration:none}a:focus{outline:3px solid #fecaca;outline-offset:2px}</style>
</head><body><main><h1>Inténtalo de nuevo en un momento</h1><p role="alert">${escape(accountMessages.busy)}</p><a href="${escape(back)}">Volver a intentarlo</a></main></body></html>`;
}

export function refusePasswordCrowd(req: Request, res: Response, next: NextFunction) {
  if (!passwordTurnsFull()) return next();
  res.setHeader("Retry-After", String(PASSWORD_BUSY_RETRY_AFTER_S));
  res.setHeader("Cache-Control", "no-store");
  // The body is not read: do not keep this connection for another request.
  res.setHeader("Connection", "close");
  if (req.path.startsWith("/api/")) return res.status(503).json({ code: "TOO_BUSY", message: accountMessages.busy });
  res.status(503).type("text/html; charset=utf-8").send(busyPage(req.originalUrl.startsWith("/") ? req.originalUrl : "/login"));
}
