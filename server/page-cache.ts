// Anonymous HTML cache for the public pages.
//
// Why: the public pages (home, about, catalogue, course detail, contact) are identical for every
// visitor without a session, yet rendering one with React Router costs ~1 ms of CPU. Serving the
// bytes of the last render, already gzip/brotli-compressed, lets one Node process answer tens of
// thousands of anonymous requests per second instead of ~800 — and keeps rendering capacity for
// signed-in learners.
//
// Rules (each one is tested in tests/unit/page-cache.test.ts):
//  - only GET and HEAD (HEAD is answered from an entry, never fills one);
//  - only requests WITHOUT any cookie: a session cookie changes the page (user menu, enrol button),
//    and any other cookie might too (a flash message), so a cookie means "render for this visitor";
//  - only public paths (see PUBLIC_PATH) and their React Router `.data` twins (client navigations);
//    /certificados and everything signed-in or admin is never cached;
//  - the query may only carry `categoria` (the catalogue filter) and, on `.data`, `_routes`;
//  - only 200 responses without Set-Cookie and without `Cache-Control: private/no-store`;
//  - keyed by path + query; the encoding (br, gzip, identity) is negotiated from Accept-Encoding
//    over bytes compressed once when the entry is stored.
//
// Stale-if-error: when re-rendering a page that has an entry fails with a 5xx (above all the 503 of a
// database outage, see app/server/service-unavailable.server.ts), the visitor gets the last good copy,
// however old, instead of the error; the entry is kept as it was and the next request tries again.
//
// Consistency trade-off: an entry lives TTL (5 s); after that, the first request re-renders it and,
// only while that render is in flight, others get the previous page (stale-while-revalidate, bounded
// by staleGraceMs). Concurrent requests for a page that has no entry wait for the one render in
// progress. Under overload this keeps the number of renders at one per page per TTL instead of
// letting every expiry turn into N simultaneous renders. `invalidatePublicPages()` (called on every course
// write, app/server/catalogue-events.server.ts) empties this process's cache at once, and its sibling worker
// processes' (WEB_CONCURRENCY) through the primary. With several machines behind a load balancer, each holds its own cache: one
// that did not see the write serves the old page for at most TTL plus the time of one render. That bound is the price of not rendering each anonymous page afresh.
//
// The middleware is mounted before the React Router handler and after (or before) the security
// middleware; it records every header the final response carried, so a hit replays them as sent.
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { cspForReplay } from "./security";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Public pages whose HTML does not depend on who asks (when nobody is signed in). */
const PUBLIC_PATH = /^\/(?:|nosotros|cursos|cursos\/\d{1,9}|contacto|sitemap\.xml|robots\.txt)$/;
/** React Router single-fetch data requests of the same pages (`/_root.data` is the home page). */
const PUBLIC_DATA_PATH = /^\/(?:_root|nosotros|cursos|cursos\/\d{1,9}|contacto)\.data$/;

const ALLOWED_QUERY = new Set(["categoria"]);
const ALLOWED_DATA_QUERY = new Set(["categoria", "_routes"]);

/** Headers that belong to one transfer, not to the page. */
const TRANSFER_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "vary",
  "set-cookie",
]);

export interface PageCacheOptions {
  /** How long an entry is served fresh. */
  ttlMs?: number;
  /** How long an expired entry may still be served while one request re-renders it. */
  staleGraceMs?: number;
  /** How long a request waits for another request's render of the same page before rendering itself. */
  coalesceTimeoutMs?: number;
  maxEntries?: number;
  /** Cap on the bytes held (identity + gzip + br of every entry). */
  maxBytes?: number;
  /** Pages larger than this are not cached. */
  maxEntryBytes?: number;
  now?: () => number;
}

interface Entry {
  status: number;
  headers: [string, string | string[]][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  bytes: number;
  expiresAt: number;
  refreshing: boolean;
}

export type CacheOutcome = "HIT" | "STALE" | "MISS" | "BYPASS";

/** True when the request may be answered from (or fill) the cache. Pure, for tests and reuse. */
export function isCacheableRequest(method: string, url: string, headers: Record<string, string | string[] | undefined>) {
  if (method !== "GET" && method !== "HEAD") return false;
  if (headers.cookie) return false;
  if (headers.authorization) return false;
  return cacheKeyFor(url) !== null;
}

/** The cache key (normalised path + allowed query), or null when the URL is not a public page. */
export function cacheKeyFor(url: string): string | null {
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  const isData = PUBLIC_DATA_PATH.test(path);
  if (!isData && !PUBLIC_PATH.test(path)) return null;
  if (q === -1 || q === url.length - 1) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  const allowed = isData ? ALLOWED_DATA_QUERY : ALLOWED_QUERY;
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (!allowed.has(key) || seen.has(key)) return null;
    seen.add(key);
  }
  params.sort();
  return `${path}?${params.toString()}`;
}

/** True when a finished response may be stored. Pure, for tests and reuse. */
export function isCacheableResponse(status: number, headers: Record<string, unknown>) {
  if (status !== 200) return false;
  if (headers["set-cookie"] !== undefined) return false;
  const cacheControl = String(headers["cache-control"] ?? "").toLowerCase();
  if (/\b(?:private|no-store)\b/.test(cacheControl)) return false;
  return true;
}

function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accept = (acceptEncoding ?? "").toLowerCase();
  // q=0 means "not acceptable"; anything else listed is fine.
  const accepts = (name: string) => new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q\\s*=\\s*(?!0(?:\\.0+)?\\s*(?:,|$))[0-9.]+)?\\s*(?:,|$)`).test(accept);
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}

export function createPageCache(options: PageCacheOptions = {}) {
  const ttlMs = options.ttlMs ?? 5_000;
  const staleGraceMs = options.staleGraceMs ?? 30_000;
  const coalesceTimeoutMs = options.coalesceTimeoutMs ?? 10_000;
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const maxEntryBytes = options.maxEntryBytes ?? 1024 * 1024;
  const now = options.now ?? Date.now;

  // Map keeps insertion order: re-inserting on use makes it an LRU.
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  // A render that began before an invalidation must not store its (possibly old) page after it.
  let generation = 0;
  const stats = { hits: 0, stale: 0, staleOnError: 0, misses: 0, coalesced: 0, bypass: 0, stored: 0 };
  // Renders in progress per key, so concurrent misses wait for one render instead of each rendering.
  const inflight = new Map<string, Promise<void>>();

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  function insert(key: string, entry: Entry) {
    remove(key);
    entries.set(key, entry);
    totalBytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && totalBytes <= maxBytes) break;
      remove(oldest);
    }
  }

  function invalidate() {
    generation++;
    entries.clear();
    totalBytes = 0;
  }

  function serve(req: Request, res: Response, entry: Entry, outcome: CacheOutcome) {
    const encoding = pickEncoding(req.headers["accept-encoding"] as string | undefined);
    const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.identity;
    res.statusCode = entry.status;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("ETag", entry.etag);
    res.setHeader("X-Page-Cache", outcome);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    else res.removeHeader("Content-Encoding");
    if (req.headers["if-none-match"] === entry.etag) {
      res.statusCode = 304;
      res.removeHeader("Content-Encoding");
      res.end();
      return;
    }
    res.setHeader("Content-Length", body.length);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  /** Records the response as it is sent; stores it when it finishes cacheable, unless abandoned first. */
  function capture(req: Request, res: Response, key: string, onDone: () => void) {
    const startedIn = generation;
    let abandoned = false;
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;

    const keep = (chunk: unknown, encoding: unknown) => {
      if (tooBig || chunk == null || typeof chunk === "function") return;
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
          : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      size += buf.length;
      if (size > maxEntryBytes) {
        tooBig = true;
        chunks.length = 0;
      } else chunks.push(Buffer.from(buf));
    };

    res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
      keep(chunk, encoding);
      return write(chunk, encoding, cb);
    }) as Response["write"];
    res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
      keep(chunk, encoding);
      return end(chunk, encoding, cb);
    }) as Response["end"];

    res.once("finish", () => {
      const headers = res.getHeaders();
      if (abandoned || tooBig || startedIn !== generation || !isCacheableResponse(res.statusCode, headers)) {
        onDone();
        return;
      }
      const identity = Buffer.concat(chunks);
      const kept: [string, string | string[]][] = [];
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined || TRANSFER_HEADERS.has(name) || name === "x-page-cache" || name === "etag") continue;
        kept.push([name, Array.isArray(value) ? value : String(value)]);
      }
      const status = res.statusCode;
      // The page carries the nonce of the visitor it was rendered for; replayed, it is allowed by hashes.
      const cspAt = kept.findIndex(([name]) => name === "content-security-policy");
      if (cspAt !== -1 && String(headers["content-type"] ?? "").startsWith("text/html")) {
        kept[cspAt] = ["content-security-policy", cspForReplay(String(kept[cspAt]![1]), identity.toString("utf8"))];
      }
      Promise.all([
        gzip(identity, { level: 9 }),
        brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      ])
        .then(([gz, br]) => {
          if (startedIn !== generation) return;
          insert(key, {
            status,
            headers: kept,
            identity,
            gzip: gz,
            br,
            etag: `"${crypto.createHash("sha1").update(identity).digest("base64url")}"`,
            bytes: identity.length + gz.length + br.length,
            expiresAt: now() + ttlMs,
            refreshing: false,
          });
          stats.stored++;
        })
        .catch(() => {})
        .finally(onDone);
    });
    res.once("close", () => {
      if (!res.writableFinished) onDone();
    });
    return {
      abandon: () => {
        abandoned = true;
      },
    };
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    const url = req.originalUrl || req.url;
    if (!isCacheableRequest(req.method, url, req.headers)) {
      stats.bypass++;
      return next();
    }
    const key = cacheKeyFor(url)!;
    const entry = entries.get(key);
    const t = now();
    if (entry && t < entry.expiresAt) {
      stats.hits++;
      entries.delete(key);
      entries.set(key, entry);
      return serve(req, res, entry, "HIT");
    }
    // Stale-while-revalidate: one request re-renders, the others get the previous page meanwhile.
    if (entry && entry.refreshing && t < entry.expiresAt + staleGraceMs) {
      stats.stale++;
      return serve(req, res, entry, "STALE");
    }
    // Nothing to serve but the page is being rendered right now: wait for that render instead of
    // starting another one (50 visitors arriving on a cold page must not mean 50 renders).
    const pending = inflight.get(key);
    if (pending) {
      stats.coalesced++;
      let timer: NodeJS.Timeout | undefined;
      Promise.race([pending, new Promise<void>((r) => (timer = setTimeout(r, coalesceTimeoutMs)))]).then(() => {
        clearTimeout(timer);
        const fresh = entries.get(key);
        if (fresh && now() < fresh.expiresAt) serve(req, res, fresh, "HIT");
        else render(req, res, next, key, fresh);
      });
      return;
    }
    render(req, res, next, key, entry);
  }

  function render(req: Request, res: Response, next: NextFunction, key: string, entry: Entry | undefined) {
    stats.misses++;
    res.setHeader("X-Page-Cache", "MISS");
    // HEAD has no body to keep; only a GET fills the cache.
    if (req.method !== "GET") return next();
    if (entry) entry.refreshing = true;
    let settle!: () => void;
    const done = new Promise<void>((r) => (settle = r));
    inflight.set(key, done);
    const recording = capture(req, res, key, () => {
      // Stored, or not storable (error page, client gone): either way the next request decides afresh.
      if (entry && entries.get(key) === entry) entry.refreshing = false;
      if (inflight.get(key) === done) inflight.delete(key);
      settle();
    });
    if (entry) {
      replaceServerError(res, () => {
        // The old copy goes out as it was stored; it must not be stored again as if freshly rendered.
        recording.abandon();
        stats.staleOnError++;
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        serve(req, res, entry, "STALE");
      });
    }
    next();
  }

  return {
    middleware,
    invalidate,
    stats: () => ({ ...stats, entries: entries.size, bytes: totalBytes }),
  };
}

/**
 * Holds back a response whose status turns out to be 5xx — none of its headers or body reach the client —
 * and calls `replace` when the renderer ends it, with the response ready to be written afresh. Any other
 * status passes through untouched (the wrappers step aside at the first write).
 */
function replaceServerError(res: Response, replace: () => void) {
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

const shared = createPageCache({
  ttlMs: Number(process.env.PAGE_CACHE_TTL_MS ?? 5_000),
});

/** Express middleware for server/app.ts. Set PAGE_CACHE=off to disable (e.g. to measure rendering). */
export const pageCache =
  process.env.PAGE_CACHE === "off" ? (_req: Request, _res: Response, next: NextFunction) => next() : shared.middleware;

/** Drops every cached public page of this process (server/app.ts calls it on every catalogue change, which
 * app/server/catalogue-events.server.ts also delivers to the sibling workers). */
export function invalidatePublicPages() {
  shared.invalidate();
}

export function pageCacheStats() {
  return shared.stats();
}
