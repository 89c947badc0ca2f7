// The HTTP side of SENCE's callbacks (callback.server.ts holds the rules). Mounted by server/app.ts in front of the
// cross-site check: SENCE's page posts from its own site, so the request carries another Origin and no session
// cookie, by design. The body is read here, within a small limit (SENCE's fields fit in well under 2 KB), and each
// address may send only so many callbacks, so nobody can fill the append-only log.
import type { RequestHandler } from "express";
import { bodyMessages } from "../platform/http/request-body.server";
import { LIMITS, limitKeyForAddress, takeQuota } from "../platform/rate-limit.server";
import { logger } from "../platform/logger.server";
import { SENCE_RETURN_PATHS } from "./config.server";
import { receiveSenceCallback } from "./callback.server";

const MAX_BODY = 8 * 1024;

function refuse(res: Parameters<RequestHandler>[1], status: number, text: string) {
  res.setHeader("Connection", "close");
  res.status(status).type("text/plain; charset=utf-8").send(text);
}

/** Reads the body up to MAX_BODY; null when it is larger (the rest is left unread). */
function readBody(req: Parameters<RequestHandler>[0]): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        req.off("data", onData);
        req.pause();
        resolve(null);
      } else chunks.push(chunk);
    };
    req.on("data", onData);
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export const senceCallbackRoute: RequestHandler = async (req, res) => {
  const arrival = req.path === SENCE_RETURN_PATHS.retoma ? "retoma" : "error";
  const address = limitKeyForAddress(req.ip ?? req.socket.remoteAddress ?? "unknown");
  try {
    if (!(await takeQuota(`sence-callback:${address}`, LIMITS.senceCallbackPerAddress))) {
      return refuse(res, 429, "Demasiadas solicitudes. Inténtalo de nuevo en unos minutos.");
    }
    const type = (req.get("content-type") ?? "").toLowerCase();
    if (!type.startsWith("application/x-www-form-urlencoded")) {
      await receiveSenceCallback({ arrival, body: null, refused: "unsupported", address });
      return refuse(res, 415, bodyMessages.unsupported);
    }
    const body = await readBody(req);
    if (body === null) {
      await receiveSenceCallback({ arrival, body: null, refused: "too-large", address });
      return refuse(res, 413, bodyMessages.tooLarge);
    }
    const outcome = await receiveSenceCallback({ arrival, body, address });
    res.setHeader("Cache-Control", "no-store");
    res.redirect(303, outcome.redirectTo);
  } catch (error) {
    logger.error({ err: error }, "SENCE callback failed");
    if (!res.headersSent) refuse(res, 503, "No pudimos registrar la respuesta de SENCE. Vuelve al curso e inténtalo de nuevo.");
  }
};
