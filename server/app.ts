// The Express application around React Router: health check, then every page and action.
import "react-router";
import { createRequestHandler } from "@react-router/express";
import * as build from "virtual:react-router/server-build";
import express from "express";
import { RouterContextProvider } from "react-router";
import { cspNonceContext } from "~/server/csp-nonce.server";
import { boot, shutdown } from "~/server/boot.server";
import { checkDatabase } from "~/server/db/availability.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { BACKUP_ENDPOINT_PATH, backupRoute } from "~/server/backup/endpoint.server";
import { withRequestScope } from "~/server/request-scope.server";
import { invalidatePublicPages, pageCache } from "./page-cache";
import { onCatalogueChanged } from "~/server/catalogue-events.server";
import { requestGuards, securityHeaders } from "./security";
import { countQueries } from "~/server/db/query-count.server";
import { bodyMessages } from "~/server/request-body.server";

export { boot, shutdown, logger };
// server.js puts the same headers on static files.
export { securityHeaders };

/** How many server processes to run (WEB_CONCURRENCY, validated with the rest of the configuration). */
export const workerCount = () => env().WEB_CONCURRENCY;

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

// `npm run backup` asks the process that holds the embedded database (token in DATA_DIR, see app/server/backup/endpoint.server.ts).
app.post(BACKUP_ENDPOINT_PATH, backupRoute);

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

// Cross-site check (CSRF) and client address before any page or action (see security.ts); bodies are read, within
// their limit, by app/server/request-body.server.ts.
app.use(requestGuards);

// Anonymous public pages come from memory (see page-cache.ts); everything else is rendered. Course writes
// announce themselves (catalogue-events.server.ts) and the cache empties, here and in sibling workers.
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
app.use((req, res, next) => (req.method === "GET" || req.method === "HEAD" ? withRequestScope(() => handler(req, res, next)) : handler(req, res, next)));
