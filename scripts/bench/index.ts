// `npm run bench`: builds the app, runs the production server on 127.0.0.1 with a fresh database and
// prints what it measured as Markdown (also saved as JSON under bench/results/). Not a test: figures.
//
// Sections (BENCH_SECTIONS=budgets,public,lighthouse,cpu,learners,signins,scale to pick): JS/CSS budgets of the
// public pages, public pages under load against a static ceiling, Lighthouse, server CPU per signed-in page, N
// simulated learners buying and studying, a crowd signing in at the same moment, and the signed-in pages over
// 100 000 users / 1 000 000 enrolments.
//
// Environment: DATABASE_URL (PostgreSQL; otherwise embedded PGlite in a fresh temporary DATA_DIR),
// BENCH_PORT (3360; the static ceiling uses +1), BENCH_DURATION (15 s per page), BENCH_CONNECTIONS (50),
// BENCH_LEARNERS (200), BENCH_LEARNERS_WARMUP (50 unmeasured journeys first; 0: a cold server), BENCH_THINK_MS (3000), BENCH_SIGNUP_CONCURRENCY (cores), BENCH_SCALE_USERS (100000),
// BENCH_SIGNIN_CROWD (200), BENCH_SIGNIN_DEADLINE_S (240), BENCH_SCALE_SAMPLES (50), BENCH_CPU_WARMUP (2000 requests per page), BENCH_CPU_REQUESTS (1000), BENCH_LOG_LEVEL (warn), BENCH_NODE_ARGS (extra node flags for the server, e.g. --cpu-prof),
// BENCH_WEBPAY_URL (a local Webpay server already running elsewhere, e.g. `npm run dev:webpay` in its own process;
// otherwise one runs inside the bench process, beside the load generator).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "../../app/server/platform/env.server";
import { type BenchDb, openBenchDb } from "./db";
import { makeManager, type ReminderResult, reminderMarkdown, runReminderJob, type SeededCompany, seedCompany, seedReminderCertificates } from "./compliance";
import { type CpuRow, cpuMarkdown, runCpu } from "./cpu";
import { type LearnersResult, learnersMarkdown, runLearners, runLearnerWarmup } from "./learners";
import { type LighthouseResult, lighthouseMarkdown, runLighthouse } from "./lighthouse";
import { type PublicRow, publicMarkdown, runPublicPages } from "./public-pages";
import { type ScaleRow, scaleMarkdown, seedLearning, seedScale, timeScale } from "./scale";
import { runSignInCrowd, seedSignInCrowd, type SignInCrowdResult, signInCrowdMarkdown } from "./sign-ins";
import { BUILD_DIR, build, type RunningServer, startServer } from "./server";
import { startWebpayProcess } from "./webpay-process";
import { ADMIN } from "./admin";
import { Client, log } from "./util";

const root = path.resolve(import.meta.dirname, "..", "..");
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
/** Like num, where 0 is a setting (none) rather than a missing value. */
const count = (name: string, fallback: number) => {
  const raw = process.env[name];
  const v = Number(raw);
  return raw !== undefined && raw.trim() !== "" && Number.isInteger(v) && v >= 0 ? v : fallback;
};

const config = {
  databaseUrl: process.env.DATABASE_URL || undefined,
  port: num("BENCH_PORT", 3360),
  duration: num("BENCH_DURATION", 15),
  connections: num("BENCH_CONNECTIONS", 50),
  learners: num("BENCH_LEARNERS", 200),
  learnerWarmup: count("BENCH_LEARNERS_WARMUP", 50),
  thinkMs: num("BENCH_THINK_MS", 3000),
  signupConcurrency: num("BENCH_SIGNUP_CONCURRENCY", os.cpus().length),
  scaleUsers: num("BENCH_SCALE_USERS", 100_000),
  scaleSamples: num("BENCH_SCALE_SAMPLES", 50),
  cpuWarmup: num("BENCH_CPU_WARMUP", 2000),
  cpuRequests: num("BENCH_CPU_REQUESTS", 1000),
  learnerDeadlineMs: num("BENCH_LEARNER_DEADLINE_S", 240) * 1000,
  signInCrowd: num("BENCH_SIGNIN_CROWD", 200),
  signInDeadlineMs: num("BENCH_SIGNIN_DEADLINE_S", 240) * 1000,
  sections: new Set((process.env.BENCH_SECTIONS ?? "budgets,public,lighthouse,cpu,learners,signins,scale").split(",").map((s) => s.trim())),
};

const machine = {
  cores: os.cpus().length,
  cpu: os.cpus()[0]?.model.trim() ?? "unknown",
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  /** The Node that runs the app server: this one, or BENCH_SERVER_NODE (see server.ts). */
  node: process.env.BENCH_SERVER_NODE
    ? spawnSync(process.env.BENCH_SERVER_NODE, ["--version"], { encoding: "utf8" }).stdout.trim() || process.env.BENCH_SERVER_NODE
    : process.version,
  /** Other work on the machine skews every figure: the 1-minute load average when the bench started. */
  loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
  database: config.databaseUrl ? `PostgreSQL (${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname})` : "PGlite (embedded)",
  dbKind: config.databaseUrl ? "postgres" : "pglite",
  /** Node processes serving (WEB_CONCURRENCY; by default one per core on PostgreSQL, one on PGlite). */
  serverProcesses: parseEnv({ ...process.env, NODE_ENV: "production", DATABASE_URL: config.databaseUrl }).WEB_CONCURRENCY,
};

interface Results {
  date: string;
  machine: typeof machine;
  config: Record<string, unknown>;
  budgets?: { ok: boolean; rows: { page: string; jsKb: number; cssKb: number; ok: boolean; missing?: boolean }[] };
  budgetsMarkdown?: string;
  public?: PublicRow[];
  lighthouse?: LighthouseResult;
  cpu?: CpuRow[];
  learners?: LearnersResult;
  signIns?: SignInCrowdResult;
  scale?: { seed?: Awaited<ReturnType<typeof seedScale>>; learning?: Awaited<ReturnType<typeof seedLearning>>; company?: SeededCompany; rows: ScaleRow[] };
  cpuCompany?: SeededCompany;
  reminders?: ReminderResult;
  remindersSkipped?: string;
  failures: string[];
  pageCache?: unknown;
}

async function main() {
  const started = Date.now();
  const results: Results = {
    date: new Date().toISOString(),
    machine,
    config: { ...config, sections: [...config.sections], databaseUrl: undefined },
    failures: [],
  };
  const runId = Date.now().toString(36);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "academia-bench-"));
  const dataDir = path.join(work, "data");
  const staticDir = path.join(work, "static");
  const logFile = path.join(work, "server.log");
  if (machine.loadAverage > machine.cores / 2) log(`warning: load average ${machine.loadAverage} on ${machine.cores} cores — other work will skew the figures`);
  log(`${machine.database}, ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, ${machine.serverProcesses} server process(es); work dir ${work}`);

  let server: RunningServer | undefined;
  // Learners pay for course 1 through the local Webpay Plus server (Transbank's contract), in a process of its own.
  const webpay = process.env.BENCH_WEBPAY_URL ? { url: process.env.BENCH_WEBPAY_URL, close: async () => {} } : await startWebpayProcess(root, config.port + 2);
  const serverOptions = {
    root,
    port: config.port,
    staticPort: config.port + 1,
    staticDir,
    dataDir,
    databaseUrl: config.databaseUrl,
    logFile,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_NAME: ADMIN.name, WEBPAY_BASE_URL: webpay.url, BENCH_COUNT_QUERIES: "1" },
  };
  /**
   * SQL on the bench database while the server runs: straight on PostgreSQL; PGlite allows one process on its data
   * directory, so the server stops for it and starts again (its sessions are in the database and stay valid).
   */
  const withDb = async <T>(fn: (db: BenchDb) => Promise<T>): Promise<T> => {
    const restart = !config.databaseUrl && server !== undefined;
    if (restart) {
      await server!.stop();
      server = undefined;
    }
    const db = await openBenchDb({ databaseUrl: config.databaseUrl, dataDir });
    try {
      return await fn(db);
    } finally {
      await db.close();
      if (restart) server = await startServer(serverOptions);
    }
  };
  /** Signs someone up over HTTP (the JSON sign-up and a sign-in where the form signs no one in): a real session. */
  const signUp = async (client: Client, name: string, email: string) => {
    const password = "clave-de-carga-123";
    const reg = await client.post("/registro", { name, email, password, confirmPassword: password });
    if (!client.hasSession()) {
      await client.request("POST", "/api/auth/sign-up/email", { json: { name, email, password } });
      await client.request("POST", "/api/auth/sign-in/email", { json: { email, password } });
    }
    if (!client.hasSession()) throw new Error(`could not sign up ${email} (POST /registro → ${reg.status})`);
  };
  const section = async (name: string, fn: () => Promise<void>) => {
    if (!config.sections.has(name)) return;
    try {
      await fn();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`${name} failed: ${message}`);
      results.failures.push(`${name}: ${message}`);
    }
  };

  try {
    // BENCH_SKIP_BUILD=1 reuses build-bench/ (when iterating on the bench itself).
    if (process.env.BENCH_SKIP_BUILD === "1" && fs.existsSync(path.join(root, BUILD_DIR, "server", "index.js"))) log(`reusing ${BUILD_DIR}/`);
    else build(root);

    await section("budgets", async () => {
      const r = spawnSync(process.execPath, [path.join(root, "scripts", "check-budgets.mjs"), BUILD_DIR, "--json"], { cwd: root, encoding: "utf8" });
      if (!r.stdout.trim()) throw new Error(r.stderr.trim());
      results.budgets = JSON.parse(r.stdout);
      results.budgetsMarkdown = spawnSync(process.execPath, [path.join(root, "scripts", "check-budgets.mjs"), BUILD_DIR], { cwd: root, encoding: "utf8" })
        .stdout.split("\n")
        .filter((l) => l.startsWith("|"))
        .join("\n");
    });

    const needsFirstServer = ["public", "lighthouse", "cpu", "learners"].some((s) => config.sections.has(s));
    if (needsFirstServer || config.sections.has("scale")) {
      log("starting the production server …");
      server = await startServer(serverOptions);
    }

    await section("public", async () => {
      results.public = await runPublicPages({ base: server!.base, staticBase: server!.staticBase, staticDir, duration: config.duration, connections: config.connections, pid: server!.pid });
    });

    await section("lighthouse", async () => {
      results.lighthouse = runLighthouse(root, server!.base, work);
    });

    await section("cpu", async () => {
      const learner = new Client(server!.base, { "x-forwarded-for": "10.201.0.1" });
      const password = "clave-de-carga-123";
      const email = `bench-${runId}-cpu@carga.academia.test`;
      await learner.post("/registro", { name: "Alumna CPU", email, password, confirmPassword: password });
      if (!learner.hasSession()) throw new Error("could not sign up the CPU learner");
      const admin = new Client(server!.base, { "x-forwarded-for": "10.201.0.2" });
      await admin.post("/login", { email: ADMIN.email, password: ADMIN.password });
      if (!admin.hasSession()) throw new Error("could not sign in the admin");
      const enrol = await admin.post("/admin/inscripciones", { intent: "enrol", email, courseId: "1" });
      if (enrol.status !== 200) throw new Error(`the admin could not enrol the CPU learner (${enrol.status})`);
      // A normal company for its compliance matrix: 200 workers × 4 courses, its manager signed up like anyone.
      const manager = new Client(server!.base, { "x-forwarded-for": "10.201.0.3" });
      const managerEmail = `bench-${runId}-cpu-gerente@carga.academia.test`;
      await signUp(manager, "Gerente CPU", managerEmail);
      results.cpuCompany = await withDb(async (db) => {
        const company = await seedCompany(db, { prefix: "empresa-cpu", name: "Clínica Benchmark CPU SpA", rutBody: 76_100_000, workers: 200, courses: 4 });
        await makeManager(db, company.companyId, managerEmail);
        return company;
      });
      log(`cpu: ${config.cpuWarmup} warm-up and ${config.cpuRequests} measured requests per page …`);
      results.cpu = await runCpu({
        pid: server!.pid,
        learner,
        admin,
        manager,
        companyLabel: `${results.cpuCompany.workers} workers × ${results.cpuCompany.courses} courses`,
        warmup: config.cpuWarmup,
        requests: config.cpuRequests,
      });
    });

    await section("learners", async () => {
      const common = { base: server!.base, pid: server!.pid, signupConcurrency: config.signupConcurrency, deadlineMs: config.learnerDeadlineMs, webpayBase: webpay.url };
      let warmup: LearnersResult["warmup"];
      if (config.learnerWarmup > 0) {
        log(`learners: warming the server up with ${config.learnerWarmup} unmeasured journeys …`);
        // Their e-mails (bench-<runId>w-<n>@) fall outside the exactly-once check below.
        warmup = await runLearnerWarmup({ ...common, learners: config.learnerWarmup, runId: `${runId}w` });
      }
      results.learners = { ...(await runLearners({ ...common, learners: config.learners, thinkMs: config.thinkMs, runId })), warmup };
    });

    // PGlite allows one process on a data directory: stop the server before reading or seeding it.
    if (server) {
      await server.stop();
      server = undefined;
    }

    if (results.learners) {
      await section("learners", async () => {
        const db = await openBenchDb({ databaseUrl: config.databaseUrl, dataDir });
        try {
          const rows = await db.query<{ email: string; submitted: string | number; total: string | number }>(`
            select u.email,
                   count(a.id) filter (where a.submitted_at is not null) as submitted,
                   count(a.id) as total
            from "user" u left join exam_attempt a on a.user_id = u.id
            where u.email ~ '^bench-${runId}-[0-9]+@'
            group by u.email`);
          const byEmail = new Map(rows.map((r) => [r.email, Number(r.submitted)]));
          const submitted = results.learners!.submitted;
          const missing = submitted.filter((e) => byEmail.get(e) !== 1);
          const duplicates = rows.filter((r) => Number(r.submitted) > 1);
          const stored = rows.reduce((n, r) => n + Number(r.submitted), 0);
          // Payments: every learner whose return was answered with a receipt has exactly one paid order,
          // one payment and one enrolment in course 1; nobody has more.
          const paidRows = await db.query<{ email: string; orders: string | number; payments: string | number; enrolments: string | number }>(`
            select u.email,
                   (select count(*) from orders o where o.user_id = u.id and o.status = 'paid') as orders,
                   (select count(*) from payment p join orders o on o.id = p.order_id where o.user_id = u.id) as payments,
                   (select count(*) from enrolment e where e.user_id = u.id) as enrolments
            from "user" u where u.email ~ '^bench-${runId}-[0-9]+@'`);
          const paid = new Set(results.learners!.paid);
          const badPayments = paidRows.filter((r) =>
            paid.has(r.email) ? Number(r.orders) !== 1 || Number(r.payments) !== 1 || Number(r.enrolments) !== 1 : Number(r.payments) > 1 || Number(r.enrolments) > 1,
          );
          results.learners!.check = {
            ok: missing.length === 0 && duplicates.length === 0 && badPayments.length === 0,
            detail:
              `${submitted.length} submissions answered, ${stored} submitted attempts stored for ${rows.length} learner accounts; ${missing.length} learners without exactly one stored attempt, ${duplicates.length} with more than one. ` +
              `${paid.size} payments answered with a receipt; ${badPayments.length} learners without exactly one paid order, payment and enrolment.`,
          };
        } finally {
          await db.close();
        }
      });
    }

    await section("signins", async () => {
      // The crowd's accounts go straight into the database (one hash for all), which PGlite lets only one process
      // open: a server starts once first so the database exists and is migrated, then stops for the seeding.
      if (!server) server = await startServer(serverOptions);
      await server.stop();
      server = undefined;
      const db = await openBenchDb({ databaseUrl: config.databaseUrl, dataDir });
      let emails: string[];
      try {
        emails = await seedSignInCrowd(db, config.signInCrowd, runId);
      } finally {
        await db.close();
      }
      server = await startServer(serverOptions);
      try {
        const admin = new Client(server.base, { "x-forwarded-for": "10.203.255.1" });
        await admin.post("/login", { email: ADMIN.email, password: ADMIN.password });
        if (!admin.hasSession()) throw new Error("could not sign in the admin");
        log(`signins: ${emails.length} people signing in at the same moment …`);
        results.signIns = await runSignInCrowd({ base: server.base, pid: server.pid, emails, admin, deadlineMs: config.signInDeadlineMs });
      } finally {
        await server.stop();
        server = undefined;
      }
    });

    await section("scale", async () => {
      log(`scale: seeding ${config.scaleUsers.toLocaleString("en-US")} users and ${(config.scaleUsers * 10).toLocaleString("en-US")} enrolments …`);
      const db = await openBenchDb({ databaseUrl: config.databaseUrl, dataDir });
      let seed;
      let learning;
      let company;
      let certificates;
      try {
        seed = await seedScale(db, config.scaleUsers);
        learning = await seedLearning(db, config.scaleUsers);
        log("scale: seeding a company of 5 000 workers × 10 courses and the certificates for the reminder job …");
        company = await seedCompany(db, { prefix: "empresa-carga", name: "Constructora Benchmark Escala S.A.", rutBody: 76_200_000, workers: 5_000, courses: 10 });
        certificates = await seedReminderCertificates(db);
      } finally {
        await db.close();
      }
      results.scale = { seed, learning, company, rows: [] };
      server = await startServer(serverOptions);
      const learner = new Client(server.base, { "x-forwarded-for": "10.200.0.1" });
      const password = "clave-de-carga-123";
      const email = `bench-${runId}-escala@carga.academia.test`;
      const reg = await learner.post("/registro", { name: "Alumna Escala", email, password, confirmPassword: password });
      if (!learner.hasSession()) {
        // The JSON sign-up signs no one in (docs/decisions.md B12): a sign-in follows.
        await learner.request("POST", "/api/auth/sign-up/email", { json: { name: "Alumna Escala", email, password } });
        await learner.request("POST", "/api/auth/sign-in/email", { json: { email, password } });
      }
      if (!learner.hasSession()) throw new Error(`could not sign up the scale learner (POST /registro → ${reg.status})`);
      const admin = new Client(server.base, { "x-forwarded-for": "10.200.0.2" });
      const login = await admin.post("/login", { email: ADMIN.email, password: ADMIN.password });
      if (!admin.hasSession()) await admin.request("POST", "/api/auth/sign-in/email", { json: { email: ADMIN.email, password: ADMIN.password } });
      if (!admin.hasSession()) throw new Error(`could not sign in the admin (POST /login → ${login.status})`);
      // Courses with a price are bought, not joined: the admin enrols the scale learner, as for a contract agreed offline.
      for (const id of [1, 2, 3]) await admin.post("/admin/inscripciones", { intent: "enrol", email, courseId: String(id) });
      // The company's manager: signed up over HTTP, then made a manager of the seeded company.
      const manager = new Client(server.base, { "x-forwarded-for": "10.200.0.3" });
      const managerEmail = `bench-${runId}-gerente@carga.academia.test`;
      await signUp(manager, "Gerente Escala", managerEmail);
      await withDb((db) => makeManager(db, company.companyId, managerEmail));
      log("scale: timing the signed-in pages …");
      results.scale.rows = await timeScale({
        root,
        learner,
        admin,
        samples: config.scaleSamples,
        deepPage: Math.max(2, Math.floor(config.scaleUsers / 25 / 2)),
        searchTerm: "Carga 4242",
        company: { manager, id: company.companyId, workers: company.workers, courses: company.courses },
      });
      // The reminder job over 100 000 certificates, while a learner keeps writing to the tables it reads.
      if (!config.databaseUrl) {
        results.remindersSkipped = "PGlite allows one process on its data directory: the job's own process needs PostgreSQL";
        return;
      }
      const databaseUrl = config.databaseUrl;
      const running = server;
      results.reminders = await withDb((db) =>
        runReminderJob({ root, db, databaseUrl, dataDir, base: running.base, learner, seed: certificates, baselinePairs: Math.max(100, config.scaleSamples * 2) }),
      );
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`bench failed: ${message}`);
    results.failures.push(message);
  } finally {
    if (server) await server.stop().catch(() => {});
    await webpay.close().catch(() => {});
  }

  const markdown = report(results, Math.round((Date.now() - started) / 1000));
  const dir = path.join(root, "bench", "results");
  fs.mkdirSync(dir, { recursive: true });
  const stamp = results.date.replace(/[:.]/g, "-").slice(0, 19);
  const json = JSON.stringify({ ...results, markdown }, null, 2) + "\n";
  fs.writeFileSync(path.join(dir, `${stamp}-${machine.dbKind}.json`), json);
  fs.writeFileSync(path.join(dir, "latest.json"), json);
  fs.writeFileSync(path.join(dir, `latest-${machine.dbKind}.json`), json);
  process.stdout.write(markdown + "\n");
  log(`results saved to bench/results/${stamp}-${machine.dbKind}.json and latest.json`);
  if (results.failures.length) log(`server log: ${logFile}`);
  else fs.rmSync(work, { recursive: true, force: true });
}

function report(r: Results, seconds: number) {
  const parts = [
    `# Academia bench — ${r.date.slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Database: **${r.machine.database}** · ${r.machine.cores} cores (${r.machine.cpu}), ${r.machine.memoryGb} GB · Node ${r.machine.node} · ${r.machine.serverProcesses} server process(es) · load average at start ${r.machine.loadAverage} · load generator on the same machine · ${seconds} s in all`,
  ];
  if (r.budgetsMarkdown) parts.push("", "## JavaScript / CSS a public page loads (gzip)", "", `Budget: JS ≤ 120 KB, CSS ≤ 20 KB.`, "", r.budgetsMarkdown);
  if (r.public) parts.push("", "## Public pages", "", publicMarkdown(r.public, config.connections, config.duration));
  if (r.lighthouse) parts.push("", "## Lighthouse", "", lighthouseMarkdown(r.lighthouse));
  if (r.cpu) parts.push("", "## Server CPU per signed-in page", "", cpuMarkdown(r.cpu, config.cpuWarmup));
  if (r.learners) parts.push("", "## Learners", "", learnersMarkdown(r.learners));
  if (r.signIns) parts.push("", "## A crowd signing in", "", signInCrowdMarkdown(r.signIns));
  if (r.scale) parts.push("", "## Scale", "", scaleMarkdown(r.scale.seed, r.scale.rows, config.scaleSamples, r.scale.learning, r.scale.company));
  if (r.reminders) parts.push("", "## Certificate expiry reminders", "", reminderMarkdown(r.reminders));
  else if (r.remindersSkipped) parts.push("", "## Certificate expiry reminders", "", `n/a: ${r.remindersSkipped}.`);
  if (r.failures.length) parts.push("", "## Failures", "", ...r.failures.map((f) => `- ${f}`));
  return parts.join("\n");
}

await main();
process.exit(0);
