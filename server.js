// Entry point of the release: `node server.js` serves the production build in BUILD_DIR (made by `npm run build`;
// `npm start` builds first when it is missing or stale, scripts/start.mjs). `npm run dev` serves the sources
// through Vite instead.
//
// This process handles SIGTERM and SIGINT itself, however it was started (directly, by npm, by a container
// runtime or a service manager): it stops accepting connections, lets the requests in flight finish (at most
// SHUTDOWN_TIMEOUT_SECONDS), stops the outbox worker and closes the database, then exits. With several worker
// processes (server/primary.js) the primary asks each worker to do the same and leaves when they have.
import cluster from "node:cluster";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";

const DEVELOPMENT = process.env.NODE_ENV === "development";
// A release runs in production mode without being told: React and Express read NODE_ENV as they load.
process.env.NODE_ENV ||= "production";
const BUILD_DIR = process.env.BUILD_DIR || "build";

// ── Stopping ─────────────────────────────────────────────────────────────────
// Installed before anything else, so a signal that arrives while the database is still being migrated is
// honoured too (the start finishes its step, then the process stops instead of serving).
let phase = "starting"; // starting → serving (or supervising, for a primary with workers) → stopping
let log = { info: console.log, warn: console.warn, error: console.error };
let timeoutSeconds = 8;
let listener;
let closeApp = async () => {};
let stopPrimary;
let stopped;

function stop(signal) {
  if (phase === "supervising") return stopPrimary(signal);
  stopped ??= (async () => {
    const wasServing = phase === "serving";
    phase = "stopping";
    log.info({ signal }, wasServing ? "shutting down: finishing requests in flight" : "shutting down before serving");
    const force = setTimeout(() => {
      log.warn({ timeoutSeconds }, "requests still in flight at the shutdown timeout: closing them");
      listener?.closeAllConnections();
      exitAfter(closeApp(), 1);
    }, timeoutSeconds * 1000);
    force.unref();
    if (!wasServing) return; // the start sees `phase` once its current step ends, and stops there
    // No new connections. Busy connections close once their response is sent (it carries Connection: close);
    // the others get a moment for a request already on its way (bytes the kernel holds but Node has not read yet),
    // then close — a connection that never sends anything must not hold the shutdown until its timeout.
    listener.close(() => exitAfter(closeApp(), 0));
    setTimeout(() => {
      for (const [socket, requests] of sockets) if (requests === 0) socket.destroy();
    }, 1000).unref();
  })();
}

/** Every open connection and how many of its requests are in progress (Node's closeIdleConnections() leaves a
 * connection that never sent a request open, which would hold the shutdown until its timeout). */
const sockets = new Map();
function trackConnections(httpServer) {
  httpServer.on("connection", (socket) => {
    sockets.set(socket, 0);
    socket.once("close", () => sockets.delete(socket));
  });
  httpServer.on("request", (req, res) => {
    const socket = req.socket;
    sockets.set(socket, (sockets.get(socket) ?? 0) + 1);
    res.once("close", () => {
      const left = (sockets.get(socket) ?? 1) - 1;
      sockets.set(socket, left);
      if (left === 0 && phase === "stopping") socket.end();
    });
  });
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
// Started by npm (`npm start`, whose script execs this process), the server leaves with npm: should npm itself be
// killed outright, this process, adopted by another parent, stops as if told to. (A server started with nohup or by
// a service manager has no npm above it and is not concerned.)
if (process.env.npm_lifecycle_event && cluster.isPrimary) {
  const parent = process.ppid;
  const watch = setTimeout(function check() {
    if (process.ppid !== parent) return stop("npm exited");
    watch.refresh();
  }, 500);
  watch.unref();
}

let exiting = false;
function exitAfter(closing, code) {
  if (exiting) return;
  exiting = true;
  Promise.resolve(closing)
    .catch((err) => log.error({ err }, "error while closing the database"))
    .finally(() => {
      log.info({ code }, "bye");
      process.exit(code);
    });
}

// ── The application ──────────────────────────────────────────────────────────
const server = express();
server.disable("x-powered-by");
// While stopping, every response tells its client to open its next request elsewhere (another instance).
server.use((_req, res, next) => {
  if (phase === "stopping") res.setHeader("Connection", "close");
  next();
});
// Brotli for dynamic responses at quality 3 with an 18-bit window (256 KB) instead of the default 22-bit one
// (4 MB of native memory per response): V8 counts that memory and ran a full GC every 5–25 streamed pages,
// more than half of a signed-in page's CPU (an outside profile; bench: npm run bench). Pages are far
// below 256 KB, so the smaller window costs nothing in size. Quality 3 rather than 4: on the real pages
// (20–87 KB of HTML) it takes 40–55 % less CPU for 5–6 % more bytes (0.21 against 0.45 ms for the profile
// page, 0.63 against 1.33 ms for a course's results; see README "Rendimiento").
// Cached pages and static assets keep their precompressed maximum.
server.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }));

let mod;
if (DEVELOPMENT) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  server.use(vite.middlewares);
  mod = await vite.ssrLoadModule("./server/app.ts");
  server.use(async (req, res, next) => {
    try {
      const fresh = await vite.ssrLoadModule("./server/app.ts");
      return await fresh.app(req, res, next);
    } catch (error) {
      if (typeof error === "object" && error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  try {
    mod = await import(`./${BUILD_DIR}/server/index.js`);
  } catch (error) {
    if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes(`${BUILD_DIR}/server/index.js`)) throw error;
    console.error(`No production build in ${BUILD_DIR}/: run \`npm run build\` first (or \`npm start\`, which builds when needed).`);
    process.exit(1);
  }
  let config;
  try {
    config = mod.env();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  timeoutSeconds = config.SHUTDOWN_TIMEOUT_SECONDS;
  log = mod.logger;
  if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) {
    if (phase === "stopping") process.exit(0); // a signal before any worker existed: nothing to close
    const { runPrimary } = await import("./server/primary.js");
    phase = "supervising";
    // The workers serve; this process only supervises them (see server/primary.js), and answers the metrics
    // listener with their sum.
    stopPrimary = runPrimary(config.WEB_CONCURRENCY, mod.logger, { timeoutSeconds });
    mod.startMetricsServer();
    await new Promise(() => {});
  }
  server.use(mod.metrics);
  server.use(mod.securityHeaders);
  // Hashed file names never change content: cache them for a year.
  server.use("/assets", express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y" }));
  // Only a path that names a file (it has an extension) can be one of these: pages skip the disk lookup.
  const staticFiles = express.static(`${BUILD_DIR}/client`, { maxAge: "1h" });
  server.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? staticFiles(req, res, next) : next()));
}

const { boot, shutdown, logger } = mod;
log = logger;
closeApp = shutdown;
try {
  await boot();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown().catch(() => {});
  process.exit(1);
}
const config = mod.env();
timeoutSeconds = config.SHUTDOWN_TIMEOUT_SECONDS;
// The number of proxies in front (a number), or their addresses.
const trust = config.TRUST_PROXY;
server.set("trust proxy", trust === undefined || trust === "false" ? false : trust === "true" ? true : /^\d+$/.test(trust) ? Number(trust) : trust);

// Each request's line: what tells one request from another (docs/operations.md, "Logs"). pino-http's default wrote
// the request's and the response's headers too — the same ~1 KB of security headers on every line — and serializes
// the request into a child logger as it arrives, whatever the level, so that cost was paid even with info off.
const requestLogFields = {
  req: (req) => ({ id: req.id, method: req.method, url: req.url, remoteAddress: req.remoteAddress, userAgent: req.headers["user-agent"] }),
  res: (res) => ({ statusCode: res.statusCode, contentLength: res.headers?.["content-length"] }),
};
server.use(
  pinoHttp({
    logger,
    serializers: requestLogFields,
    autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/metrics" },
  }),
);
if (!DEVELOPMENT) server.use(mod.app);

// The internal metrics listener (METRICS_PORT), in a single server process; a primary with workers opened its own.
if (!DEVELOPMENT && cluster.isPrimary) mod.startMetricsServer();

if (phase === "stopping") {
  // A signal came while starting: the start is complete (migrations included), so close cleanly without serving.
  exitAfter(shutdown(), 0);
} else {
  listener = server.listen(config.PORT, config.HOST, () => {
    logger.info(`Academia escuchando en http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${config.PORT}`);
  });
  trackConnections(listener);
  phase = "serving";
}
