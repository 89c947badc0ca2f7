// Stale-if-error for the page cache: a re-render that ends in a 5xx (a database outage's 503 above all) is held
// back whole, so the last good copy can be sent instead.
import type { Response } from "express";

/**
 * Holds back a response whose status turns out to be 5xx — none of its headers or body reach the client —
 * and calls `replace` when the renderer ends it, with the response ready to be written afresh. Any other
 * status passes through untouched (the wrappers step aside at the first write).
 */
export function replaceServerError(res: Response, replace: () => void) {
  const original = { writeHead: res.writeHead, flushHeaders: res.flushHeaders, write: res.write, end: res.end };
  let held: boolean | undefined;
  const restore = () => Object.assign(res, original);
  const decide = () => {
    if (held === undefined) {
      held = res.statusCode >= 500;
      if (!held) restore();
    }
    return held;
  };
  const callBack = (args: unknown[]) => {
    const cb = args.find((a) => typeof a === "function") as (() => void) | undefined;
    if (cb) process.nextTick(cb);
  };
  res.writeHead = function (this: Response, statusCode: number, ...rest: unknown[]) {
    res.statusCode = statusCode;
    if (!decide()) return (original.writeHead as (...a: unknown[]) => Response).call(this, statusCode, ...rest);
    return this;
  } as Response["writeHead"];
  res.flushHeaders = function (this: Response) {
    if (!decide()) original.flushHeaders.call(this);
  };
  res.write = function (this: Response, ...args: unknown[]) {
    if (!decide()) return (original.write as (...a: unknown[]) => boolean).apply(this, args);
    callBack(args);
    return true;
  } as Response["write"];
  res.end = function (this: Response, ...args: unknown[]) {
    if (!decide()) return (original.end as (...a: unknown[]) => Response).apply(this, args);
    callBack(args);
    restore();
    replace();
    return this;
  } as Response["end"];
}

