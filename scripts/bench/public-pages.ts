// Public pages under load: ours (React Router + page cache) against the same bytes served as a static file.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { fmt, log, processCpuMs, round, table } from "./util";

export const PUBLIC_PATHS = ["/", "/cursos", "/cursos/1"];

export interface LoadResult {
  url: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  socketErrors: number;
  requests: number;
  /** Server CPU (ms, user + system) per 1 000 requests: independent of other load on the machine. */
  cpuMsPer1000: number | null;
}

export interface PublicRow {
  path: string;
  ours: LoadResult;
  ceiling: LoadResult;
  ratio: number;
  htmlBytes: number;
  /** X-Page-Cache of a repeated anonymous request: HIT when the page cache serves it. */
  cache: string;
}

// What a browser sends: the page cache and the compression middleware both negotiate from it.
const HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html" };

async function load(url: string, connections: number, duration: number, pid?: number): Promise<LoadResult> {
  const cpuBefore = processCpuMs(pid);
  const r = await autocannon({ url, connections, duration, headers: HEADERS, timeout: 10 });
  const cpuAfter = processCpuMs(pid);
  return {
    url,
    // Completed requests over the run (autocannon's per-second average reads 0 when a second has none).
    rps: round(r.requests.total / (r.duration || duration), 0),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    socketErrors: r.errors,
    errors: r.non2xx + r.errors,
    requests: r.requests.total,
    cpuMsPer1000: cpuBefore !== null && cpuAfter !== null && r.requests.total > 0 ? round(((cpuAfter - cpuBefore) / r.requests.total) * 1000, 0) : null,
  };
}

function fileNameFor(p: string) {
  return p === "/" ? "inicio.html" : `${p.slice(1).replace(/\//g, "-")}.html`;
}

/** Saves each page's anonymous HTML so the ceiling serves the very same bytes. */
export async function snapshotPages(base: string, staticDir: string) {
  fs.mkdirSync(staticDir, { recursive: true });
  const sizes: Record<string, number> = {};
  const cache: Record<string, string> = {};
  for (const p of PUBLIC_PATHS) {
    const res = await fetch(base + p, { headers: { "accept-encoding": "identity" } });
    const html = await res.text();
    if (res.status !== 200) log(`warning: GET ${p} answered ${res.status}`);
    const file = path.join(staticDir, fileNameFor(p));
    fs.writeFileSync(file, html);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(html));
    sizes[p] = Buffer.byteLength(html);
    // The cache stores a page once it is compressed, just after the response: ask again until it answers.
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const again = await fetch(base + p, { headers: { "accept-encoding": "gzip, br" } });
      await again.arrayBuffer();
      cache[p] = again.headers.get("x-page-cache") ?? "none";
      if (cache[p] !== "MISS") break;
    }
  }
  return { sizes, cache };
}

export async function runPublicPages(opts: { base: string; staticBase: string; staticDir: string; duration: number; connections: number; pid?: number }) {
  const { sizes, cache } = await snapshotPages(opts.base, opts.staticDir);
  const rows: PublicRow[] = [];
  for (const p of PUBLIC_PATHS) {
    const ceilingUrl = `${opts.staticBase}/${fileNameFor(p)}`;
    // Warm both (JIT, page cache, connection set-up) before measuring.
    await load(opts.base + p, opts.connections, 2);
    await load(ceilingUrl, opts.connections, 2);
    log(`public ${p}: ${opts.duration} s × ${opts.connections} connections (ours, then static ceiling)`);
    const ours = await load(opts.base + p, opts.connections, opts.duration, opts.pid);
    const ceiling = await load(ceilingUrl, opts.connections, opts.duration, opts.pid);
    rows.push({ path: p, ours, ceiling, ratio: round(ours.rps / ceiling.rps, 2), htmlBytes: sizes[p] ?? 0, cache: cache[p] ?? "none" });
  }
  return rows;
}

export function publicMarkdown(rows: PublicRow[], connections: number, duration: number) {
  return [
    `${connections} connections, ${duration} s per page; 'ceiling' = the same HTML bytes served as static files (express.static, precompressed .br/.gz) by the same Node process(es). Budget: ours ≥ 0.5 × ceiling, p99 < 50 ms. 'CPU ms / 1000 req' is the server processes' CPU time per 1 000 answers — unlike req/s and latency it does not depend on other work on the machine (1 000 / it = answers per second one core can give).`,
    "",
    table(
      ["page", "HTML bytes", "page cache", "req/s", "p50 ms", "p99 ms", "errors", "CPU ms / 1000 req", "ceiling req/s", "ceiling p99 ms", "ceiling CPU ms / 1000 req", "ours / ceiling", "budget"],
      rows.map((r) => [
        r.path,
        fmt(r.htmlBytes, 0),
        r.cache,
        fmt(r.ours.rps, 0),
        fmt(r.ours.p50),
        fmt(r.ours.p99),
        `${r.ours.errors}${r.ours.errors ? ` (${r.ours.non2xx} non-2xx, ${r.ours.socketErrors} socket)` : ""}`,
        fmt(r.ours.cpuMsPer1000, 0),
        fmt(r.ceiling.rps, 0),
        fmt(r.ceiling.p99),
        fmt(r.ceiling.cpuMsPer1000, 0),
        fmt(r.ratio, 2),
        r.ratio >= 0.5 && r.ours.p99 < 50 && r.ours.errors === 0 ? "ok" : "**missed**",
      ]),
    ),
  ].join("\n");
}
