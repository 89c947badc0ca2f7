// A crowd signing in at the same moment (BENCH_SIGNIN_CROWD people, 200 by default — a company's staff told
// "enter now"): each POSTs /login from its own address; whoever is asked to come back ("inténtalo de nuevo en un
// momento", 503) retries after one to three seconds, until everyone is in or the deadline passes. Meanwhile
// /healthz and a signed-in page (the admin's dashboard) are asked every 100 and 500 ms from a thread of their own.
// The accounts are written into the database before the server starts (one password hash for all).
import { Worker } from "node:worker_threads";
import { hashPassword } from "better-auth/crypto";
import type { BenchDb } from "./db";
import { Client, fmt, processCpuMs, round, sleep, summarize, table } from "./util";

const PASSWORD = "clave-de-la-multitud-1";

/** Writes `crowd` accounts (all with PASSWORD) and returns their e-mails. */
export async function seedSignInCrowd(db: BenchDb, crowd: number, runId: string): Promise<string[]> {
  const hash = await hashPassword(PASSWORD);
  const people = Array.from({ length: crowd }, (_, i) => ({ id: `multitud-${runId}-${i}`, email: `multitud-${runId}-${i}@carga.academia.test` }));
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  await db.query(`insert into "user" (id, name, email) values ${people.map((p, i) => `(${quote(p.id)}, ${quote(`Persona ${i}`)}, ${quote(p.email)})`).join(", ")}`);
  await db.query(
    `insert into account (id, account_id, provider_id, user_id, password) values ${people.map((p) => `(${quote(`cuenta-${p.id}`)}, ${quote(p.id)}, 'credential', ${quote(p.id)}, ${quote(hash)})`).join(", ")}`,
  );
  return people.map((p) => p.email);
}

const PROBE = `
const http = require("node:http");
const { parentPort, workerData } = require("node:worker_threads");
const { url, everyMs, cookie } = workerData;
let stopped = false;
const samples = [];
const statuses = {};
parentPort.on("message", () => { stopped = true; });
(async () => {
  while (!stopped) {
    const started = performance.now();
    const status = await new Promise((resolve) => {
      const req = http.get(url, { agent: false, timeout: 300000, headers: cookie ? { cookie } : {} }, (res) => { res.resume(); res.on("end", () => resolve(res.statusCode)); });
      req.on("error", () => resolve(0));
    });
    samples.push(performance.now() - started);
    statuses[status] = (statuses[status] ?? 0) + 1;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  parentPort.postMessage({ samples, statuses });
})();
`;

function probe(url: string, everyMs: number, cookie?: string) {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, everyMs, cookie } });
  const result = new Promise<{ samples: number[]; statuses: Record<string, number> }>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return async () => {
    worker.postMessage("stop");
    const r = await result;
    await worker.terminate();
    return { ...summarize(r.samples), statuses: r.statuses };
  };
}

export interface SignInCrowdResult {
  crowd: number;
  firstRound: { ms: number; signedIn: number; busy: number; other: Record<string, number>; signedInLatency: ReturnType<typeof summarize>; busyLatency: ReturnType<typeof summarize> };
  allInMs: number | null;
  stillOut: number;
  /** The last answer of each who never got in (503: still asked to retry at the deadline). */
  finalStatuses: Record<string, number>;
  retries: number;
  healthz: ReturnType<typeof summarize> & { statuses: Record<string, number> };
  page: ReturnType<typeof summarize> & { statuses: Record<string, number> };
  serverCpuS: number | null;
}

export async function runSignInCrowd(opts: { base: string; pid: number | undefined; emails: string[]; admin: Client; deadlineMs: number }): Promise<SignInCrowdResult> {
  const health = probe(`${opts.base}/healthz`, 100);
  const page = probe(`${opts.base}/dashboard`, 500, opts.admin.cookieHeader());
  const people = opts.emails.map((email, i) => ({ email, client: new Client(opts.base, { "x-forwarded-for": `10.203.${Math.floor(i / 250)}.${(i % 250) + 1}` }) }));
  const signIn = (p: (typeof people)[number]) => p.client.post("/login", { email: p.email, password: PASSWORD }, { timeoutMs: 300_000 }).catch(() => ({ status: 0, ms: 0 }));
  const cpuBefore = processCpuMs(opts.pid);
  const started = performance.now();
  const first = await Promise.all(people.map(signIn));
  const firstMs = performance.now() - started;
  const other: Record<string, number> = {};
  for (const a of first) if (a.status !== 302 && a.status !== 503) other[a.status] = (other[a.status] ?? 0) + 1;
  let retries = 0;
  const deadline = started + opts.deadlineMs;
  const out = await Promise.all(
    people.map(async (p, i) => {
      let status = first[i]!.status;
      while (status === 503 && performance.now() < deadline) {
        await sleep(1_000 + Math.random() * 2_000);
        retries++;
        status = (await signIn(p)).status;
      }
      return status;
    }),
  );
  const finalStatuses: Record<string, number> = {};
  for (const status of out) if (status !== 302) finalStatuses[status] = (finalStatuses[status] ?? 0) + 1;
  const stillOut = out.filter((status) => status !== 302).length;
  const allInMs = stillOut === 0 ? performance.now() - started : null;
  const cpuAfter = processCpuMs(opts.pid);
  return {
    crowd: people.length,
    firstRound: {
      ms: round(firstMs, 0),
      signedIn: first.filter((a) => a.status === 302).length,
      busy: first.filter((a) => a.status === 503).length,
      other,
      signedInLatency: summarize(first.filter((a) => a.status === 302).map((a) => a.ms)),
      busyLatency: summarize(first.filter((a) => a.status === 503).map((a) => a.ms)),
    },
    allInMs: allInMs === null ? null : round(allInMs, 0),
    stillOut,
    finalStatuses,
    retries,
    healthz: await health(),
    page: await page(),
    serverCpuS: cpuBefore !== null && cpuAfter !== null ? round((cpuAfter - cpuBefore) / 1000) : null,
  };
}

export function signInCrowdMarkdown(r: SignInCrowdResult): string {
  const f = r.firstRound;
  const others = Object.entries(f.other)
    .map(([s, n]) => `${n} × ${s}`)
    .join(", ");
  return [
    `${r.crowd} accounts POST /login at the same moment, each from its own address; whoever is asked to come back (503, "inténtalo de nuevo en un momento") retries after 1–3 s. /healthz is asked every 100 ms and a signed-in page (/dashboard) every 500 ms, from a thread of their own.`,
    "",
    table(
      ["", "count", "p50 ms", "p95 ms", "max ms"],
      [
        ["first round: signed in", f.signedIn, fmt(f.signedInLatency.p50, 0), fmt(f.signedInLatency.p95, 0), fmt(f.signedInLatency.max, 0)],
        ["first round: asked to retry", f.busy, fmt(f.busyLatency.p50, 0), fmt(f.busyLatency.p95, 0), fmt(f.busyLatency.max, 0)],
        ["/healthz during the crowd", r.healthz.count, fmt(r.healthz.p50, 0), fmt(r.healthz.p95, 0), fmt(r.healthz.max, 0)],
        ["/dashboard during the crowd", r.page.count, fmt(r.page.p50, 0), fmt(r.page.p95, 0), fmt(r.page.max, 0)],
      ],
    ),
    "",
    `First round over in ${fmt(r.firstRound.ms, 0)} ms${others ? ` (other answers: ${others})` : ""}; ` +
      (r.allInMs !== null ? `all ${r.crowd} signed in after ${fmt(r.allInMs / 1000)} s` : `${r.stillOut} still out at the deadline (last answers: ${JSON.stringify(r.finalStatuses)})`) +
      `, ${r.retries} retries; server CPU ${fmt(r.serverCpuS)} s. /healthz answers: ${JSON.stringify(r.healthz.statuses)}; /dashboard: ${JSON.stringify(r.page.statuses)}.`,
  ].join("\n");
}
