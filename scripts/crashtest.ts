// `npm run crashtest [-- --db=pglite|postgres] [--kills=3] [--workers=16] [--no-build]`
// Builds and starts the production server, drives concurrent writes through its forms like browsers do,
// kills it with SIGKILL in the middle, restarts it, and checks that every write that was answered with
// success is still there and that the data is consistent. Embedded database: the crash image is copied
// and opened here (recovery by this process) while the server recovers the original; PostgreSQL: read
// directly. Fails (exit 1) on any lost acknowledged write, inconsistency, or unexpected answer.
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDb } from "~/server/platform/db/client.server";
import { AppServer } from "./crash/server";
import { Browser, Unanswered } from "./crash/http";
import { Ledger, Workload } from "./crash/workload";
import { verifyDatabase, type Verification } from "./crash/verify";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k!, v ?? "true"] as const;
  }),
);
const dbKind = (args.get("db") ?? process.env.CRASHTEST_DB ?? (process.env.DATABASE_URL ? "postgres" : "pglite")) as "pglite" | "postgres";
const kills = Number(args.get("kills") ?? 3);
const workers = Number(args.get("workers") ?? 16);
const port = Number(args.get("port") ?? process.env.CRASHTEST_PORT ?? 3372);
const buildDir = "build-crash";
const minAcks = Number(args.get("min-acks") ?? 1000);

function log(message: string) {
  console.log(`[crashtest] ${message}`);
}

async function prepareDatabase(): Promise<{ url?: string; cleanup: () => Promise<void> }> {
  if (dbKind === "pglite") return { cleanup: async () => {} };
  const given = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  // A scratch database on that server, so the test never writes into real data.
  const name = `academia_crash_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(given, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(given);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    cleanup: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

function sample<T>(items: T[], n: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

/** Over HTTP, on the restarted server: acknowledged accounts sign in, sessions survived, enrolments open the content. */
async function httpChecks(base: string, ledger: Ledger) {
  const problems: string[] = [];
  const learners = ledger.learners.filter((l) => l.registered);
  let logins = 0;
  let sessions = 0;
  let access = 0;
  for (const learner of sample(learners, 8)) {
    const browser = new Browser(base);
    const answer = await browser.post("/login", { email: learner.email, password: learner.password });
    if (answer.status === 302 && answer.location === "/dashboard") logins++;
    else problems.push(`login of ${learner.email}: HTTP ${answer.status} → ${answer.location}`);
  }
  for (const learner of sample(learners, 25)) {
    const answer = await learner.browser.get("/perfil");
    if (answer.status === 200) sessions++;
    else problems.push(`session of ${learner.email} lost: /perfil answered ${answer.status} → ${answer.location}`);
  }
  for (const learner of sample(learners.filter((l) => l.enrolled.has(1)), 15)) {
    const answer = await learner.browser.get("/cursos/1/contenido");
    if (answer.status === 200) access++;
    else problems.push(`enrolled ${learner.email} cannot open course 1: HTTP ${answer.status}`);
  }
  return { logins, sessions, access, problems };
}

async function verifyCrashImage(dataDir: string, url: string | undefined, ledger: Ledger, round: number): Promise<Verification> {
  if (url) {
    const handle = await openDb({ url });
    try {
      return await verifyDatabase(handle.db, ledger);
    } finally {
      await handle.close();
    }
  }
  // The server is dead: copy its files as they are, and open the copy here (PostgreSQL crash recovery runs).
  const image = path.join(dataDir, `crash-image-${round}`);
  fs.cpSync(path.join(dataDir, "db"), image, { recursive: true });
  const handle = await openDb({ dataDir: image });
  try {
    return await verifyDatabase(handle.db, ledger);
  } finally {
    await handle.close();
    fs.rmSync(image, { recursive: true, force: true });
  }
}

function summarise(bucket: Record<string, number>) {
  return Object.entries(bucket)
    .map(([k, v]) => `${v} ${k}`)
    .join(", ");
}

async function main() {
  const started = Date.now();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "academia-crash-"));
  const dataDir = path.join(root, "data");
  fs.mkdirSync(dataDir);
  log(`database: ${dbKind}; ${kills} kills; ${workers} concurrent learners; port ${port}; data ${dataDir}`);
  if (args.get("build") !== "false" && !args.has("no-build")) {
    log(`building into ${buildDir}/ …`);
    try {
      execSync("npx react-router build", { stdio: "pipe", env: { ...process.env, BUILD_DIR: buildDir } });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
      console.error(`${stdout?.toString() ?? ""}${stderr?.toString() ?? ""}`);
      throw new Error("the build failed");
    }
  }
  const database = await prepareDatabase();
  const server = new AppServer({ port, buildDir, dataDir, databaseUrl: database.url, logFile: path.join(root, "server.log") });
  const ledger = new Ledger();
  const workload = new Workload(server.base, ledger);
  let failed = false;
  let totalVerified = 0;
  try {
    const bootMs = await server.start();
    log(`server up in ${bootMs} ms (pid ${server.pid})`);
    for (let round = 1; round <= kills; round++) {
      const before = ledger.acks.length;
      const running = workload.run(workers);
      // Kill once this round has its share of acknowledged writes (however fast this machine is), at a
      // random moment a little later, so learners are mid-flight in every kind of write.
      const share = Math.ceil((minAcks * 1.2) / kills);
      const roundStart = Date.now();
      while (ledger.acks.length - before < share && Date.now() - roundStart < 120_000) await new Promise((r) => setTimeout(r, 200));
      await new Promise((r) => setTimeout(r, 500 + Math.floor(Math.random() * 2_500)));
      const killAfter = Date.now() - roundStart;
      const pid = server.pid;
      await server.kill();
      workload.stop();
      await running;
      const acked = ledger.acks.length - before;
      log(`kill ${round}: SIGKILL pid ${pid} after ${(killAfter / 1000).toFixed(1)} s; ${acked} writes acknowledged this round, ${ledger.unanswered} requests unanswered so far`);

      const [verification, restart] = await Promise.all([
        verifyCrashImage(dataDir, database.url, ledger, round),
        server.start().then(async (ms) => ({ ms, http: await httpChecks(server.base, ledger) })),
      ]);
      const verifiedNow = Object.values(verification.verified).reduce((a, b) => a + b, 0);
      totalVerified = verifiedNow;
      log(`kill ${round}: restarted in ${restart.ms} ms (pid ${server.pid}, ${dbKind === "pglite" ? "crash recovery of the embedded database" : "PostgreSQL"})`);
      log(`kill ${round}: verified ${verifiedNow} acknowledged writes present (all rounds so far): ${summarise(verification.verified)}`);
      log(`kill ${round}: consistency checked: ${summarise(verification.checked)}`);
      log(
        `kill ${round}: over HTTP: ${restart.http.logins} sign-ins with acknowledged passwords, ${restart.http.sessions} sessions still valid, ${restart.http.access} enrolled learners open their course`,
      );
      const problems = [...verification.violations, ...restart.http.problems];
      if (problems.length) {
        failed = true;
        for (const p of problems) console.error(`  ✗ ${p}`);
      }
    }
  } catch (error) {
    failed = true;
    if (error instanceof Unanswered) console.error(`the server stopped answering: ${error.message}`);
    else console.error(error);
  } finally {
    await server.stop();
    await database.cleanup();
  }

  if (ledger.unexpected.length) {
    failed = true;
    console.error(`${ledger.unexpected.length} unexpected answers (first 10):`);
    for (const u of ledger.unexpected.slice(0, 10)) console.error(`  ✗ ${u}`);
  }
  const timings = [...ledger.timings].map(([k, t]) => `${k} ${Math.round(t.ms / t.n)} ms ×${t.n}`).join(", ");
  log(`average time per step: ${timings}`);
  const profileAcks = ledger.acks.filter((a) => a.kind === "profile").length;
  log(
    `total: ${ledger.acks.length} acknowledged requests, ${totalVerified} acknowledged writes verified after ${kills} kills ` +
      `(profile saves: ${profileAcks}, the latest per learner compared) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  if (totalVerified < minAcks) {
    failed = true;
    console.error(`fewer than ${minAcks} acknowledged writes verified: raise --kills or --workers`);
  }
  if (failed) {
    console.error(`CRASH TEST FAILED (server log: ${path.join(root, "server.log")})`);
    process.exit(1);
  }
  fs.rmSync(root, { recursive: true, force: true });
  log("passed");
}

await main();
