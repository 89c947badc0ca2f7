// Small helpers shared by the bench sections: percentiles, formatting, a cookie-keeping HTTP client.
import fs from "node:fs";
import http from "node:http";
import { performance } from "node:perf_hooks";
import zlib from "node:zlib";

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
  };
}

export function round(n: number, digits = 1) {
  if (!Number.isFinite(n)) return n;
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export const fmt = (n: number | undefined | null, digits = 1) =>
  n === undefined || n === null || !Number.isFinite(n) ? "–" : n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 });

export function table(head: string[], rows: (string | number)[][], align?: ("l" | "r")[]) {
  const sep = head.map((_, i) => ((align?.[i] ?? (i === 0 ? "l" : "r")) === "r" ? "---:" : "---"));
  return [head, sep, ...rows.map((r) => r.map(String))].map((r) => `| ${r.join(" | ")} |`).join("\n");
}

/** Every process's name, parent and CPU ms (user + system) so far, from /proc (Linux); null elsewhere. */
function processStats(): Map<number, { name: string; ppid: number; ms: number }> | null {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return null;
  }
  const stats = new Map<number, { name: string; ppid: number; ms: number }>();
  for (const entry of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name (which may hold spaces) start at ") ": ppid is the 4th, utime and stime the 14th and 15th.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      stats.set(Number(entry), { name, ppid: Number(fields[1]), ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS });
    } catch {
      // The process ended while being read.
    }
  }
  return stats;
}

/**
 * CPU time (user + system, ms) a process and its living descendants have used so far, from /proc
 * (Linux); null elsewhere. Descendants count because with WEB_CONCURRENCY the workers do the serving.
 */
export function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  const stats = processStats();
  if (!stats?.has(pid)) return null;
  let total = 0;
  const queue = [pid];
  while (queue.length) {
    const current = queue.pop()!;
    total += stats.get(current)?.ms ?? 0;
    for (const [child, s] of stats) if (s.ppid === current) queue.push(child);
  }
  return total;
}

/**
 * CPU ms (user + system) of this machine's PostgreSQL server processes (named "postgres"), or null when
 * there are none (PGlite, or a database on another machine). Backends that exit take their CPU with them:
 * the bench's pooled connections live as long as the server.
 */
export function postgresCpuMs(): number | null {
  const postgres = [...(processStats()?.values() ?? [])].filter((s) => s.name.startsWith("postgres"));
  return postgres.length ? postgres.reduce((total, s) => total + s.ms, 0) : null;
}
const CLOCK_TICKS = 100;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function log(message: string) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** Runs `fn` over items with at most `limit` in flight. */
export async function pool<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!, i);
      }
    }),
  );
  return results;
}

export interface Timed {
  status: number;
  ms: number;
  body: string;
  bytes: number;
  headers: ResponseHeaders;
  location: string | null;
}

/** The response headers the bench reads (the shape of fetch's Headers, for the parts used). */
export class ResponseHeaders {
  constructor(private readonly raw: http.IncomingHttpHeaders) {}
  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  }
  getSetCookie(): string[] {
    return this.raw["set-cookie"] ?? [];
  }
}

/** HTTP requests sent by every Client, by base URL: the learners' CPU per request counts all of them. */
export const requestsSent = new Map<string, number>();

// The simulated browsers share the machine's two cores with the server they measure, so the client must
// cost little: node:http with kept-alive connections takes about a third of the CPU of fetch (undici)
// per request here, CPU that otherwise queues in front of the app's own (see docs/performance.md).
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

/** A browser-like client: keeps its cookies, follows no redirect by itself, times each request. */
export class Client {
  cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly extraHeaders: Record<string, string> = {},
  ) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  hasSession() {
    return [...this.cookies.keys()].some((k) => k.endsWith("better-auth.session_token"));
  }

  private keep(headers: ResponseHeaders) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, path: string, init: { form?: Record<string, string | string[]>; json?: unknown; headers?: Record<string, string>; binary?: boolean; timeoutMs?: number } = {}): Promise<Timed> {
    const headers: Record<string, string> = { "accept-encoding": "gzip, br", ...this.extraHeaders, ...init.headers };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(init.form)) for (const item of Array.isArray(v) ? v : [v]) params.append(k, item);
      body = params.toString();
      headers["content-type"] = "application/x-www-form-urlencoded";
    } else if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers["content-type"] = "application/json";
    }
    if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
    if (method !== "GET" && method !== "HEAD") headers.origin ??= this.base;
    const started = performance.now();
    requestsSent.set(this.base, (requestsSent.get(this.base) ?? 0) + 1);
    const res = await send(new URL(this.base + path), method, headers, body, init.timeoutMs ?? 30_000);
    const decoded = decode(res.body, res.headers["content-encoding"]);
    const text = init.binary ? "" : decoded.toString("utf8");
    const bytes = init.binary ? decoded.byteLength : text.length;
    const ms = performance.now() - started;
    const responseHeaders = new ResponseHeaders(res.headers);
    this.keep(responseHeaders);
    return { status: res.status, ms, body: text, bytes, headers: responseHeaders, location: responseHeaders.get("location") };
  }

  get(path: string, init?: Parameters<Client["request"]>[2]) {
    return this.request("GET", path, init);
  }
  post(path: string, form: Record<string, string | string[]>, init?: Parameters<Client["request"]>[2]) {
    return this.request("POST", path, { ...init, form });
  }
}

/** The name/value pairs of the hidden inputs of the first form whose HTML matches `marker`. */
export function hiddenInputs(html: string, marker?: RegExp): Record<string, string> {
  const forms = html.match(/<form[\s\S]*?<\/form>/g) ?? [];
  const form = marker ? forms.find((f) => marker.test(f)) : forms[0];
  const fields: Record<string, string> = {};
  for (const input of (form ?? "").match(/<input[^>]*>/g) ?? []) {
    if (!/type="hidden"/.test(input)) continue;
    const name = /name="([^"]*)"/.exec(input)?.[1];
    const value = /value="([^"]*)"/.exec(input)?.[1] ?? "";
    if (name) fields[name] = decodeEntities(value);
  }
  return fields;
}

export function decodeEntities(s: string) {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** One request on a kept-alive connection; the whole body, as sent (still compressed). */
function send(url: URL, method: string, headers: Record<string, string>, body: string | undefined, timeoutMs: number) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${url.pathname}: no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "gzip") return zlib.gunzipSync(body);
  if (encoding === "deflate") return zlib.inflateSync(body);
  return body;
}
