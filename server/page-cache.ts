// Anonymous HTML cache for the public pages.
//
// Why: the public pages (home, about, catalogue, course detail, contact) are identical for every
// visitor without a session, yet rendering one with React Router costs real CPU. Serving the
// bytes of the last render, already gzip/brotli-compressed, lets one Node process answer many times
// more anonymous requests — and keeps rendering capacity for signed-in learners.
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
// database outage, see app/server/platform/http/service-unavailable.server.ts), the visitor gets the last good copy,
// however old, instead of the error; the entry is kept as it was and the next request tries again.
//
// Consistency trade-off: an entry lives TTL (5 s); after that, the first request re-renders it and,
// only while that render is in flight, others get the previous page (stale-while-revalidate, bounded
// by staleGraceMs). Concurrent requests for a page that has no entry wait for the one render in
// progress. Under overload this keeps the number of renders at one per page per TTL instead of
// letting every expiry turn into N simultaneous renders. `invalidatePublicPages()` (called on every course
// write, app/server/catalogue/events.server.ts) empties this process's cache at once, and its sibling worker
// processes' (WEB_CONCURRENCY) through the primary. With several machines behind a load balancer, each holds its own cache: one
// that did not see the write serves the old page for at most TTL plus the time of one render. That bound is the price of not rendering each anonymous page afresh.
//
// The middleware is mounted before the React Router handler and after (or before) the security
// middleware; it records every header the final response carried, so a hit replays them as sent.
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { env } from "~/server/platform/env.server";
import { cspForReplay } from "./security";
import { cacheKeyFor, isCacheableRequest, isCacheableResponse, pickEncoding, type CacheOutcome } from "./page-cache/policy";
import { recordResponse, type Recorded } from "./page-cache/recorder";
import { replaceServerError } from "./page-cache/stale-on-error";
import { createEntryStore, type Entry } from "./page-cache/store";

// The rules (policy), the entries (store), the recording of a render (recorder) and stale-if-error live in
// server/page-cache/; this module puts them together as one Express middleware.

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

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


export function createPageCache(options: PageCacheOptions = {}) {
  const ttlMs = options.ttlMs ?? 5_000;
  const staleGraceMs = options.staleGraceMs ?? 30_000;
  const coalesceTimeoutMs = options.coalesceTimeoutMs ?? 10_000;
  const maxEntryBytes = options.maxEntryBytes ?? 1024 * 1024;
  const now = options.now ?? Date.now;

  const store = createEntryStore({ maxEntries: options.maxEntries ?? 500, maxBytes: options.maxBytes ?? 32 * 1024 * 1024 });
  // A render that began before an invalidation must not store its (possibly old) page after it.
  let generation = 0;
  const stats = { hits: 0, stale: 0, staleOnError: 0, misses: 0, coalesced: 0, bypass: 0, stored: 0 };
  // Renders in progress per key, so concurrent misses wait for one render instead of each rendering.
  const inflight = new Map<string, Promise<void>>();

  function invalidate() {
    generation++;
    store.clear();
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

  /** Compresses a recorded page once, for every visitor after it, and keeps it unless the cache was emptied meanwhile. */
  async function keep(key: string, recorded: Recorded, startedIn: number) {
    const { status, headers, body: identity } = recorded;
    // The page carries the nonce of the visitor it was rendered for; replayed, it is allowed by hashes.
    const cspAt = headers.findIndex(([name]) => name === "content-security-policy");
    if (cspAt !== -1 && String(recorded.sent["content-type"] ?? "").startsWith("text/html")) {
      headers[cspAt] = ["content-security-policy", cspForReplay(String(headers[cspAt]![1]), identity.toString("utf8"))];
    }
    const [gz, br] = await Promise.all([
      gzip(identity, { level: 9 }),
      brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    ]);
    if (startedIn !== generation) return;
    store.insert(key, {
      status,
      headers,
      identity,
      gzip: gz,
      br,
      etag: `"${crypto.createHash("sha1").update(identity).digest("base64url")}"`,
      bytes: identity.length + gz.length + br.length,
      expiresAt: now() + ttlMs,
      refreshing: false,
    });
    stats.stored++;
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    const url = req.originalUrl || req.url;
    if (!isCacheableRequest(req.method, url, req.headers)) {
      stats.bypass++;
      return next();
    }
    const key = cacheKeyFor(url)!;
    const entry = store.peek(key);
    const t = now();
    if (entry && t < entry.expiresAt) {
      stats.hits++;
      store.touch(key, entry);
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
        const fresh = store.peek(key);
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
    const startedIn = generation;
    const finished = () => {
      // Stored, or not storable (error page, client gone): either way the next request decides afresh.
      if (entry && store.peek(key) === entry) entry.refreshing = false;
      if (inflight.get(key) === done) inflight.delete(key);
      settle();
    };
    const recording = recordResponse(res, maxEntryBytes, (recorded) => {
      if (!recorded || startedIn !== generation || !isCacheableResponse(recorded.status, recorded.sent)) return finished();
      keep(key, recorded, startedIn)
        .catch(() => {})
        .finally(finished);
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
    stats: () => ({ ...stats, entries: store.size(), bytes: store.bytes() }),
  };
}

// Made at the first request, from the validated configuration (boot() has read it by then).
let shared: ReturnType<typeof createPageCache> | null | undefined;
function sharedCache() {
  if (shared === undefined) {
    const config = env();
    shared = config.PAGE_CACHE === "off" ? null : createPageCache({ ttlMs: config.PAGE_CACHE_TTL_MS });
  }
  return shared;
}

/** Express middleware for server/app.ts. PAGE_CACHE=off disables it (e.g. to measure rendering). */
export function pageCache(req: Request, res: Response, next: NextFunction) {
  const cache = sharedCache();
  if (!cache) return next();
  return cache.middleware(req, res, next);
}

/** Drops every cached public page of this process (server/app.ts calls it on every catalogue change, which
 * app/server/catalogue/events.server.ts also delivers to the sibling workers). */
export function invalidatePublicPages() {
  shared?.invalidate();
}

export function pageCacheStats() {
  return shared?.stats() ?? null;
}
