// Bench-only entry point: the static "ceiling" server, then the real production server, in ONE process.
// Both share the same event loop and CPU, so "ours / ceiling" compares the app (rendering or the page
// cache) against Node serving the very same HTML bytes as files — precompressed .br/.gz beside each
// .html, picked from Accept-Encoding, as a well-configured static server does (nginx gzip_static).
// With several worker processes (PostgreSQL, WEB_CONCURRENCY) each worker serves both, so the ceiling
// gets the same processes as the app; the primary only supervises.
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import express from "express";

const port = Number(process.env.BENCH_STATIC_PORT || 0);
const dir = process.env.BENCH_STATIC_DIR;
const build = await import(`../../${process.env.BUILD_DIR || "build"}/server/index.js`);
const supervisorOnly = cluster.isPrimary && build.env().WEB_CONCURRENCY > 1;
if (port && dir && !supervisorOnly) {
  const ceiling = express();
  ceiling.disable("x-powered-by");
  const exists = new Map();
  const has = (file) => {
    if (!exists.has(file)) exists.set(file, fs.existsSync(path.join(dir, file)));
    return exists.get(file);
  };
  ceiling.use((req, res, next) => {
    const accept = String(req.headers["accept-encoding"] ?? "");
    for (const [encoding, ext] of [["br", ".br"], ["gzip", ".gz"]]) {
      if (accept.includes(encoding) && has(req.path + ext)) {
        req.url = req.path + ext;
        res.setHeader("Content-Encoding", encoding);
        res.setHeader("Vary", "Accept-Encoding");
        break;
      }
    }
    next();
  });
  ceiling.use(
    express.static(dir, {
      setHeaders: (res, file) => {
        if (/\.html(?:\.br|\.gz)?$/.test(file)) res.setHeader("Content-Type", "text/html; charset=utf-8");
      },
    }),
  );
  ceiling.listen(port, "127.0.0.1");
}

await import("../../server.js");
