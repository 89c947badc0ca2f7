// Bench instrumentation (npm run bench, issue 19): with BENCH_COUNT_QUERIES=1 every response carries
// `x-query-count`, the number of SQL statements its request ran before its headers went out (loaders and
// actions; not a streamed page's deferred data). Off — the default — nothing is installed and nothing costs.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";
import type { NextFunction, Request, Response } from "express";

const enabled = process.env.BENCH_COUNT_QUERIES === "1";
const storage = new AsyncLocalStorage<{ queries: number }>();

/** The Drizzle logger that counts, or none when counting is off. */
export const queryCountLogger: Logger | undefined = enabled
  ? {
      logQuery() {
        const scope = storage.getStore();
        if (scope) scope.queries++;
      },
    }
  : undefined;

/** Express middleware: counts the queries of each request and names the count in a response header. */
export function countQueries(_req: Request, res: Response, next: NextFunction) {
  if (!enabled) return next();
  const scope = { queries: 0 };
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    if (!res.headersSent) res.setHeader("x-query-count", String(scope.queries));
    return writeHead.apply(this, args);
  } as Response["writeHead"];
  storage.run(scope, next);
}
