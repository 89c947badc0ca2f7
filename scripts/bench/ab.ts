// `npm run bench:ab -- <build dir A> <build dir B>`: two production builds side by side on one PostgreSQL database,
// each in one server process, measured in alternating blocks of requests — the way to see a 5 % change on a
// 2-core VM whose run-to-run noise is ±25 % (two `npm run bench` runs of the same build differ by that much;
// two identical builds measured here agree within ~4 %).
//
// Each build comes from `BUILD_DIR=<dir> npx react-router build`. The database must hold what `npm run bench`
// leaves behind (its admin and course 1); this signs up its own learner and enrols it, as the cpu section does.
// Environment: DATABASE_URL (required), AB_PAGES (comma-separated paths; "A/…" is requested as the admin),
// AB_WARMUP (800 requests per page and server), AB_BLOCK (100), AB_ROUNDS (6), AB_ARGS_0 / AB_ARGS_1 (node flags
// for server A / B, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" or "--single-threaded-gc"), AB_NODE_0 / AB_NODE_1
// (the Node binary that runs server A / B, e.g. one from the npm registry's `node` package; default: this one),
// AB_PORT (3600).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { threadCpuMs } from "./cpu";
import { ADMIN } from "./admin";
import { Client, log } from "./util";

const root = path.resolve(import.meta.dirname, "..", "..");
const databaseUrl = process.env.DATABASE_URL;
const builds = process.argv.slice(2);
if (!databaseUrl || builds.length < 1) {
  console.error("usage: DATABASE_URL=postgres://… npm run bench:ab -- <build dir A> [<build dir B>]");
  process.exit(2);
}
const pages = (process.env.AB_PAGES ?? "/perfil,/dashboard,/cursos/1/contenido?leccion=1,A/admin,A/admin/cursos/1/resultados").split(",");
const count = (name: string, fallback: number) => Number(process.env[name]) || fallback;
const WARMUP = count("AB_WARMUP", 800);
const BLOCK = count("AB_BLOCK", 100);
const ROUNDS = count("AB_ROUNDS", 6);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  build: string;
  child: ChildProcess;
  learner: Client;
  admin: Client;
}

async function start(build: string, index: number, learnerEmail: string, password: string): Promise<Server> {
  const port = count("AB_PORT", 3600) + index;
  const base = `http://127.0.0.1:${port}`;
  const args = (process.env[`AB_ARGS_${index}`] ?? "").split(/\s+/).filter(Boolean);
  const child = spawn(process.env[`AB_NODE_${index}`] || process.execPath, [...args, "server.js"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: build,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "academia-ab-")),
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: "1",
      TRUST_PROXY: "1",
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${build}: the server exited during start-up`);
    if (Date.now() > deadline) throw new Error(`${build}: no answer on /healthz within 60 s`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    await sleep(250);
  }
  // Distinct addresses per server and role keep the sign-in limits out of the way.
  const learner = new Client(base, { "x-forwarded-for": `10.202.${index}.1` });
  const admin = new Client(base, { "x-forwarded-for": `10.202.${index}.2` });
  await admin.post("/login", { email: ADMIN.email, password: ADMIN.password });
  if (index === 0) {
    await learner.post("/registro", { name: "Alumna A/B", email: learnerEmail, password, confirmPassword: password });
    const enrol = await admin.post("/admin/inscripciones", { intent: "enrol", email: learnerEmail, courseId: "1" });
    if (enrol.status !== 200) throw new Error(`the admin could not enrol the A/B learner (${enrol.status})`);
  } else {
    await learner.post("/login", { email: learnerEmail, password });
  }
  if (!admin.hasSession() || !learner.hasSession()) throw new Error(`${build}: could not sign in (is this a database npm run bench has used?)`);
  return { build, child, learner, admin };
}

const password = "clave-de-ab-123";
const learnerEmail = `bench-ab-${Date.now().toString(36)}@carga.academia.test`;
const servers: Server[] = [];
try {
  for (const [index, build] of builds.entries()) servers.push(await start(build, index, learnerEmail, password));
  const get = (server: Server, page: string) => (page.startsWith("A/") ? server.admin.get(page.slice(1)) : server.learner.get(page));
  console.log(`| page | ${builds.map((b) => `${b}: main + other = ms CPU (KB)`).join(" | ")} |`);
  console.log(`| --- | ${builds.map(() => "---:").join(" | ")} |`);
  for (const page of pages) {
    log(`${page}: ${WARMUP} warm-up requests per server …`);
    for (const server of servers) {
      for (let i = 0; i < WARMUP; i++) {
        const res = await get(server, page);
        if (res.status !== 200) throw new Error(`${server.build} ${page} → ${res.status}`);
      }
    }
    const totals = servers.map(() => ({ main: 0, other: 0, requests: 0, kb: 0 }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, server] of servers.entries()) {
        const before = threadCpuMs(server.child.pid)!;
        let kb = 0;
        for (let k = 0; k < BLOCK; k++) kb = (await get(server, page)).bytes / 1024;
        const after = threadCpuMs(server.child.pid)!;
        const t = totals[i]!;
        t.main += after.main - before.main;
        t.other += after.other - before.other;
        t.requests += BLOCK;
        t.kb = kb;
      }
    }
    const cells = totals.map((t) => `${(t.main / t.requests).toFixed(2)} + ${(t.other / t.requests).toFixed(2)} = **${((t.main + t.other) / t.requests).toFixed(2)}** (${t.kb.toFixed(1)})`);
    console.log(`| ${page} | ${cells.join(" | ")} |`);
  }
} finally {
  for (const server of servers) server.child.kill("SIGTERM");
}
