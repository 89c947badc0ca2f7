// The Express application around React Router: health check, then every page and action.
import "react-router";
import { createRequestHandler } from "@react-router/express";
import * as build from "virtual:react-router/server-build";
import express from "express";
import { RouterContextProvider, matchRoutes } from "react-router";
import { metricsMiddleware, startMetricsServer } from "~/server/platform/metrics.server";
import { cspNonceContext } from "~/server/platform/http/csp-nonce.server";
import { boot, shutdown } from "~/server/boot.server";
import { checkDatabase } from "~/server/platform/db/availability.server";
import { env } from "~/server/platform/env.server";
import { logger } from "~/server/platform/logger.server";
import { BACKUP_ENDPOINT_PATH, backupRoute } from "~/server/platform/backup/endpoint.server";
import { CLOCK_CONTROL_PATH, clockControlRoute, requestClockMiddleware } from "~/server/platform/clock-control.server";
import { DOCUMENT_REQUEST, withRequestScope } from "~/server/platform/http/request-scope.server";
import { invalidatePublicPages, pageCache } from "./page-cache";
import { onCatalogueChanged } from "~/server/catalogue/events.server";
import { requestGuards, securityHeaders } from "./security";
import { PASSWORD_PATHS, refusePasswordCrowd } from "./password-crowd";
import { countQueries } from "~/server/platform/db/query-count.server";
import { bodyMessages } from "~/server/platform/http/request-body.server";
import { SENCE_RETURN_PATHS } from "~/server/sence/config.server";
import { senceCallbackRoute } from "~/server/sence/callback-endpoint.server";

// server.js reads the validated configuration through env() (port, host, proxies, processes, shutdown time).
export { boot, shutdown, logger, env };
// server.js puts the same headers on static files.
export { securityHeaders };

/** The route table's id of a path (the metrics' label): a few dozen values however many URLs are asked for. */
type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: RouteNode[] };
const routeTree = (() => {
  const nodes = new Map<string, RouteNode>();
  for (const r of Object.values(build.routes)) {
    if (r) nodes.set(r.id, { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: [] });
  }
  const roots: RouteNode[] = [];
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
})();
function routeOf(pathname: string): string {
  if (pathname === "/healthz") return "healthz";
  if (pathname.startsWith("/assets/") || /\.(js|css|png|svg|ico|woff2|webmanifest|txt|xml)$/.test(pathname)) return "static";
  const matches = matchRoutes(routeTree as never, pathname.replace(/\.data$/, "") || "/");
  return matches ? (matches[matches.length - 1]!.route as unknown as RouteNode).id : "unmatched";
}
/** server.js mounts it first: every response counted and timed by route. */
export const metrics = metricsMiddleware(routeOf);
export { startMetricsServer };

export const app = express();
// Nothing gains from telling which framework answers (server.js says the same for the outer app).
app.disable("x-powered-by");

app.use(securityHeaders);
// Only with BENCH_COUNT_QUERIES=1 (npm run bench): each response names the queries its request ran.
app.use(countQueries);

// 503 while the database does not answer; an outage is logged when it starts and ends (availability.server.ts).
app.get("/healthz", async (_req, res) => {
  if (await checkDatabase()) res.status(200).type("text/plain").send("ok");
  else res.status(503).type("text/plain").send("database unavailable");
});

// `npm run backup` asks the process that holds the embedded database (token in DATA_DIR, see app/server/platform/backup/endpoint.server.ts).
app.post(BACKUP_ENDPOINT_PATH, backupRoute);
// Only when TEST_CLOCK_TOKEN is set (end-to-end tests): moves the academy's clock.
app.post(CLOCK_CONTROL_PATH, clockControlRoute);
// Only when TEST_CLOCK_TOKEN is set: a browser context's own clock offset (its cookie), for its requests alone.
app.use(requestClockMiddleware);

// Webpay brings the buyer back from Transbank's site by a cross-site form POST for some outcomes (docs/payments.md,
// "The four returns"), which the CSRF check and React Router refuse. Its fields become the query of a GET of the
// same route, whose loader trusts none of them: it asks Webpay for the outcome, and needs no session.
const webpayReturnToGet: express.RequestHandler = (req, res) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries((req.body ?? {}) as Record<string, unknown>)) {
    for (const item of [value].flat()) if (typeof item === "string") params.append(name, item);
  }
  res.redirect(303, `/pagos/webpay/retorno?${params}`);
};
// A body Webpay never sends (too large, too many fields, badly encoded): the refusal in Spanish, as every form's.
// (body-parser has read the whole request off the socket before it hands over the error.)
const refuseWebpayBody: express.ErrorRequestHandler = (error: { status?: number; type?: string }, _req, res, _next) => {
  const status = error.status === 413 ? 413 : error.status === 415 ? 415 : 400;
  logger.warn({ type: error.type, status }, "refused Webpay return body");
  const message = status === 413 ? bodyMessages.tooLarge : status === 415 ? bodyMessages.unsupported : bodyMessages.unreadable;
  res.status(status).type("text/plain; charset=utf-8").send(message);
};
app.post("/pagos/webpay/retorno", express.urlencoded({ extended: false, limit: "8kb", parameterLimit: 20 }), webpayReturnToGet, refuseWebpayBody);

// SENCE brings the learner back from its attendance register by a cross-site form POST to UrlRetoma or UrlError
// (docs/sence.md). The callback names its session by a single-use correlation id and needs no cookie; the route
// reads its own body, keeps it in the append-only log and redirects to the learner's course.
app.post(Object.values(SENCE_RETURN_PATHS), senceCallbackRoute);

// Cross-site check (CSRF) and client address before any page or action (see security.ts); bodies are read, within
// their limit, by app/server/platform/http/request-body.server.ts.
app.use(requestGuards);

// A crowd of sign-ins the password gate cannot take now: refused before any body is read or page rendered.
app.post(PASSWORD_PATHS, refusePasswordCrowd);

// Anonymous public pages come from memory (see page-cache.ts); everything else is rendered. Course writes
// announce themselves (catalogue/events.server.ts) and the cache empties, here and in sibling workers.
onCatalogueChanged(invalidatePublicPages);
app.use(pageCache);

// The build object itself, not a function returning it: given a function, React Router rebuilds its route
// tree (createStaticHandler, route ranking) on every request — a third of a signed-in page's CPU.
// In development server.js loads this module afresh per request, so edits still show.
// The load context carries this response's CSP nonce to app/entry.server.tsx (see security.ts).
const handler = createRequestHandler({
  build,
  getLoadContext: (_req, res) => {
    const context = new RouterContextProvider();
    context.set(cspNonceContext, res.locals.cspNonce as string | undefined);
    return context;
  },
});

// The loaders of one GET share what they look up (the session, above all: see request-scope.server.ts).
app.use((req, res, next) =>
  req.method === "GET" || req.method === "HEAD"
    ? withRequestScope(() => handler(req, res, next), { [DOCUMENT_REQUEST]: !req.path.endsWith(".data") })
    : handler(req, res, next),
);
