// Prometheus metrics (prom-client): requests by route and status, their latency, the database pool, the outbox's
// backlog and failures, the page cache's hits, and Node's own (memory, event loop, GC). Served on an internal address
// only (METRICS_PORT, bound to METRICS_HOST, 127.0.0.1 by default) — never on the public port. With several worker
// processes the primary serves the sum of its workers (prom-client's cluster aggregation).
import cluster from "node:cluster";
import http from "node:http";
import type { NextFunction, Request, Response } from "express";
import { AggregatorRegistry, Counter, Gauge, Histogram, collectDefaultMetrics, register } from "prom-client";
import { sql } from "drizzle-orm";
import { dbHandle, rowsOf } from "./db/client.server";
import { env } from "./env.server";
import { logger } from "./logger.server";

// A worker answers its primary's requests for its figures once an AggregatorRegistry exists in it (prom-client adds
// the listener in the constructor).
if (cluster.isWorker) new AggregatorRegistry();

let defaultsOn = false;
function ensureDefaults() {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ prefix: "academia_" });
}

const requests = new Counter({ name: "academia_http_requests_total", help: "HTTP requests answered, by route, method and status", labelNames: ["route", "method", "status"] });
const latency = new Histogram({
  name: "academia_http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its response, by route",
  labelNames: ["route", "method"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});
const pageCache = new Counter({ name: "academia_page_cache_total", help: "Anonymous public pages by page-cache result (HIT, STALE, MISS)", labelNames: ["result"] });

// Database-wide figures are the same whichever process reads them: the cluster view keeps one, not their sum.
new Gauge({
  name: "academia_outbox_jobs",
  help: "Outbox jobs (mail, deferred work) by status: pending and sending are the backlog, failed gave up",
  labelNames: ["status"],
  aggregator: "first",
  async collect() {
    const rows = await dbHandle()
      .db.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from outbox where status <> 'sent' group by status`)
      .catch(() => null);
    this.reset();
    for (const status of ["pending", "sending", "failed"]) this.set({ status }, 0);
    for (const row of rowsOf<{ status: string; n: number }>(rows)) this.set({ status: row.status }, Number(row.n));
  },
});
new Gauge({
  name: "academia_outbox_oldest_pending_seconds",
  help: "Age of the oldest outbox job still due",
  aggregator: "first",
  async collect() {
    const rows = await dbHandle()
      .db.execute<{ age: number | null }>(sql`select extract(epoch from now() - min(created_at))::float8 as age from outbox where status in ('pending', 'sending')`)
      .catch(() => null);
    this.set(Number(rowsOf<{ age: number | null }>(rows)[0]?.age ?? 0));
  },
});
new Gauge({
  name: "academia_db_pool_max",
  help: "Connections each server process may open to PostgreSQL (DB_POOL_SIZE); 1 for the embedded database",
  collect() {
    this.set(dbHandle().kind === "postgres" ? env().DB_POOL_SIZE : 1);
  },
});
new Gauge({
  name: "academia_db_connections",
  help: "The academy's open PostgreSQL connections by state (active, idle…), as PostgreSQL sees them",
  labelNames: ["state"],
  aggregator: "first",
  async collect() {
    this.reset();
    if (dbHandle().kind !== "postgres") return;
    const rows = await dbHandle()
      .db.execute<{ state: string | null; n: number }>(
        sql`select coalesce(state, 'unknown') as state, count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'academia' group by 1`,
      )
      .catch(() => null);
    for (const row of rowsOf<{ state: string | null; n: number }>(rows)) this.set({ state: String(row.state) }, Number(row.n));
  },
});

/**
 * Express middleware: counts and times every response. `routeOf` names the route (the route table's id), so the
 * labels stay as few as the routes however many URLs are asked for.
 */
export function metricsMiddleware(routeOf: (pathname: string) => string) {
  ensureDefaults();
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const route = routeOf(req.path);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      requests.inc({ route, method: req.method, status: String(res.statusCode) });
      latency.observe({ route, method: req.method }, seconds);
      const cached = res.getHeader("x-page-cache");
      if (typeof cached === "string") pageCache.inc({ result: cached });
    });
    next();
  };
}

/**
 * The internal listener (METRICS_PORT on METRICS_HOST), in the process that owns the port: the single server process,
 * or the primary, which asks its workers for their figures and adds them up.
 */
export function startMetricsServer(): http.Server | null {
  const config = env();
  if (!config.METRICS_PORT) return null;
  ensureDefaults();
  const aggregator = cluster.isPrimary && config.WEB_CONCURRENCY > 1 ? new AggregatorRegistry() : null;
  const server = http.createServer((req, res) => {
    if (req.url !== "/metrics") return void res.writeHead(404).end();
    const text = aggregator ? aggregator.clusterMetrics() : register.metrics();
    text.then(
      (body) => res.writeHead(200, { "Content-Type": register.contentType }).end(body),
      (error: unknown) => {
        logger.error({ err: error }, "metrics: could not collect");
        res.writeHead(500).end();
      },
    );
  });
  server.listen(config.METRICS_PORT, config.METRICS_HOST, () => logger.info({ host: config.METRICS_HOST, port: config.METRICS_PORT }, "metrics on an internal address"));
  server.unref();
  return server;
}
