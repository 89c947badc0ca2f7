// Builds the app into its own folder and runs the production server (plus the static ceiling) for the bench.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { log, sleep } from "./util";

export const BUILD_DIR = "build-bench";
const children = new Set<ChildProcess>();

/** Every server the bench started dies with it, even on an exception or Ctrl-C. */
function killAll() {
  for (const child of children) {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(child.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
  }
}
process.on("exit", killAll);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

export function build(root: string) {
  log(`building the app into ${BUILD_DIR}/ …`);
  const started = Date.now();
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    env: { ...process.env, BUILD_DIR, NODE_ENV: "production" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: 10 * 60_000,
  });
  if (result.status !== 0) {
    throw new Error(`build failed:\n${(result.stderr || result.stdout || "").slice(-4000)}`);
  }
  log(`built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

export interface ServerOptions {
  root: string;
  port: number;
  staticPort: number;
  staticDir: string;
  dataDir: string;
  databaseUrl?: string;
  logFile: string;
  env?: Record<string, string>;
}

export interface RunningServer {
  base: string;
  pid: number | undefined;
  staticBase: string;
  stop(): Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const base = `http://127.0.0.1:${options.port}`;
  const out = fs.openSync(options.logFile, "a");
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    BUILD_DIR,
    HOST: "127.0.0.1",
    PORT: String(options.port),
    PUBLIC_URL: base,
    DATA_DIR: options.dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
    BENCH_STATIC_PORT: String(options.staticPort),
    BENCH_STATIC_DIR: options.staticDir,
    // Distinct simulated learners arrive with distinct addresses (X-Forwarded-For), as behind a proxy.
    TRUST_PROXY: "1",
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": profile the server while it is measured.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  // BENCH_SERVER_NODE: the Node binary that runs the app server (default: the one running the bench).
  const child = spawn(process.env.BENCH_SERVER_NODE || process.execPath, [...nodeArgs, path.join("scripts", "bench", "serve.mjs")], {
    cwd: options.root,
    env,
    stdio: ["ignore", out, out],
  });
  children.add(child);
  let exited = false;
  child.on("exit", () => {
    exited = true;
    children.delete(child);
  });

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`the server exited during start-up; see ${options.logFile}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer /healthz within 120 s; see ${options.logFile}`);
    }
    try {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }

  return {
    base,
    pid: child.pid,
    staticBase: `http://127.0.0.1:${options.staticPort}`,
    async stop() {
      if (exited) return;
      const done = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await done;
      clearTimeout(timer);
      fs.closeSync(out);
    },
  };
}
