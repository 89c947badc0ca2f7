// Bench instrumentation (npm run bench): with BENCH_COUNT_QUERIES=1 every response carries
// `x-query-count`, the number of SQL statements its request ran before its headers went out (loaders and
// actions; not a streamed page's deferred data). Off — the default — nothing is installed and nothing costs.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";
import type { NextFunction, Request, Response } from "express";
import { env } from "../env.server";

const enabled = () => env().BENCH_COUNT_QUERIES === "1";
const storage = new AsyncLocalStorage<{ queries: number }>();

const counting: Logger = {
  logQuery() {
    const scope = storage.getStore();
    if (scope) scope.queries++;
  },
};

/** The Drizzle logger that counts, or none when counting is off. */
export function queryCountLogger(): Logger | undefined {
  return enabled() ? counting : undefined;
}

/** Express middleware: counts the queries of each request and names the count in a response header. */
export function countQueries(_req: Request, res: Response, next: NextFunction) {
  if (!enabled()) return next();
  const scope = { queries: 0 };
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    if (!res.headersSent) res.setHeader("x-query-count", String(scope.queries));
    return writeHead.apply(this, args);
  } as Response["writeHead"];
  storage.run(scope, next);
}
