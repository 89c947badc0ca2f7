// Small helpers shared by the bench sections: percentiles, formatting, a cookie-keeping HTTP client.
import fs from "node:fs";
import { performance } from "node:perf_hooks";

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
  headers: Headers;
  location: string | null;
}

/** A browser-like client: keeps its cookies, follows no redirect by itself, times each request. */
/** HTTP requests sent by every Client, by base URL: the learners' CPU per request counts all of them. */
export const requestsSent = new Map<string, number>();

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

  private keep(headers: Headers) {
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
    if (method !== "GET" && method !== "HEAD") headers.origin ??= this.base;
    const started = performance.now();
    requestsSent.set(this.base, (requestsSent.get(this.base) ?? 0) + 1);
    const res = await fetch(this.base + path, {
      method,
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
    let text = "";
    let bytes = 0;
    if (init.binary) {
      const buf = await res.arrayBuffer();
      bytes = buf.byteLength;
    } else {
      text = await res.text();
      bytes = text.length;
    }
    const ms = performance.now() - started;
    this.keep(res.headers);
    return { status: res.status, ms, body: text, bytes, headers: res.headers, location: res.headers.get("location") };
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
