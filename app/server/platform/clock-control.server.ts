// POST /__pruebas/reloj: the end-to-end tests move the server's clock (platform/clock.server.ts). Absent unless
// TEST_CLOCK_TOKEN is configured; the token must come in the x-clock-token header.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { advanceClock, clockOffsetMs, resetClock } from "./clock.server";
import { env } from "./env.server";
import { logger } from "./logger.server";

export const CLOCK_CONTROL_PATH = "/__pruebas/reloj";

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** `?avanzar=<ms>` moves the clock forward (or back, negative); `?reiniciar=1` brings the real time back. */
export function clockControlRoute(req: IncomingMessage & { query?: Record<string, unknown> }, res: ServerResponse): void {
  const expected = env().TEST_CLOCK_TOKEN;
  const given = req.headers["x-clock-token"];
  if (!expected || typeof given !== "string" || !sameToken(given, expected)) {
    res.statusCode = 404;
    res.end();
    return;
  }
  const url = new URL(req.url ?? "/", "http://localhost");
  const advance = Number(url.searchParams.get("avanzar") ?? "0");
  if (url.searchParams.get("reiniciar")) resetClock();
  else if (Number.isFinite(advance)) advanceClock(advance);
  logger.warn({ offsetMs: clockOffsetMs() }, "test clock moved");
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify({ offsetMs: clockOffsetMs() }));
}
