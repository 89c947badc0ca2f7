// Entry point: `npm start` (production build) or `npm run dev` (Vite middleware).
import cluster from "node:cluster";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const BUILD_DIR = process.env.BUILD_DIR || "build";

const server = express();
server.disable("x-powered-by");
server.set("trust proxy", process.env.TRUST_PROXY ? Number(process.env.TRUST_PROXY) || process.env.TRUST_PROXY : false);
// Brotli for dynamic responses at quality 3 with an 18-bit window (256 KB) instead of the default 22-bit one
// (4 MB of native memory per response): V8 counts that memory and ran a full GC every 5–25 streamed pages,
// more than half of a signed-in page's CPU (an outside profile; bench: npm run bench). Pages are far
// below 256 KB, so the smaller window costs nothing in size. Quality 3 rather than 4: on the real pages
// (20–87 KB of HTML) it takes 40–55 % less CPU for 5–6 % more bytes (0.21 against 0.45 ms for the profile
// page, 0.63 against 1.33 ms for a course's results; measured 24/11/2026, see README "Rendimiento").
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
  mod = await import(`./${BUILD_DIR}/server/index.js`);
  if (cluster.isPrimary) {
    let workers = 1;
    try {
      workers = mod.workerCount();
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
    if (workers > 1) {
      const { runPrimary } = await import("./server/primary.js");
      runPrimary(workers, mod.logger);
      // The workers serve; this process only supervises them (see server/primary.js).
      await new Promise(() => {});
    }
  }
  server.use(mod.securityHeaders);
  // Hashed file names never change content: cache them for a year.
  server.use("/assets", express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y" }));
  // Only a path that names a file (it has an extension) can be one of these: pages skip the disk lookup.
  const staticFiles = express.static(`${BUILD_DIR}/client`, { maxAge: "1h" });
  server.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? staticFiles(req, res, next) : next()));
}

const { boot, shutdown, logger } = mod;
try {
  await boot();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

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
    autoLogging: { ignore: (req) => req.url === "/healthz" },
  }),
);
if (!DEVELOPMENT) server.use(mod.app);

const PORT = Number(process.env.PORT || 3000);
const HOST = process.env.HOST || "0.0.0.0";
const listener = server.listen(PORT, HOST, () => {
  logger.info(`Academia escuchando en http://${HOST === "0.0.0.0" ? "localhost" : HOST}:${PORT}`);
});

let closing = false;
async function stop(signal) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, "shutting down: finishing requests in flight");
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  listener.close(async () => {
    await shutdown().catch((err) => logger.error({ err }, "error closing the database"));
    logger.info("bye");
    process.exit(0);
  });
  listener.closeIdleConnections?.();
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
