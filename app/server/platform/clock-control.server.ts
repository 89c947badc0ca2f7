// POST /__pruebas/reloj: the end-to-end tests move the server's clock (platform/clock.server.ts). Absent unless
// TEST_CLOCK_TOKEN is configured; the token must come in the x-clock-token header.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction } from "express";
import { advanceClock, clockOffsetMs, resetClock, withRequestClockOffset } from "./clock.server";
import { env } from "./env.server";
import { logger } from "./logger.server";

export const CLOCK_CONTROL_PATH = "/__pruebas/reloj";
/**
 * A browser context of the end-to-end tests moves the clock for its own requests with this cookie (milliseconds):
 * a learner's study can take its minutes without moving the clock of the tests running beside it.
 */
export const CLOCK_OFFSET_COOKIE = "academia_reloj_pruebas";
/** Never more than a year either way: a typo must not send a request to another century. */
const MAX_REQUEST_OFFSET_MS = 366 * 86_400_000;

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

/** The offset a request's cookie names, or null (absent or malformed). */
export function requestClockOffset(cookieHeader: string | undefined): number | null {
  if (!cookieHeader) return null;
  const m = new RegExp(`(?:^|;\\s*)${CLOCK_OFFSET_COOKIE}=(-?\\d{1,14})(?:;|$)`).exec(cookieHeader);
  if (!m) return null;
  const ms = Number(m[1]);
  return Math.abs(ms) <= MAX_REQUEST_OFFSET_MS ? ms : null;
}

/**
 * Express middleware: with TEST_CLOCK_TOKEN configured (an end-to-end server; the environment check refuses it in
 * production), a request carrying the offset cookie runs with the clock moved by it. Otherwise the cookie is ignored.
 */
export function requestClockMiddleware(req: IncomingMessage, _res: ServerResponse, next: NextFunction): void {
  if (!env().TEST_CLOCK_TOKEN) return next();
  const ms = requestClockOffset(req.headers.cookie);
  if (ms === null || ms === 0) return next();
  withRequestClockOffset(ms, next);
}
