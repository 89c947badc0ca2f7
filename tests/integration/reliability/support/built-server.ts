// The production server as an operator runs it (`node server.js` on a production build), for tests that
// must see what a real start does: file modes on disk, exit codes and messages, a database that goes away.
// The build lives in build-reliability/ and is redone only when a source file changed since (several test
// files may ask for it at once: a lock directory lets one build while the others wait).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { until } from "./poll";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
export const BUILD_DIR = "build-reliability";
const SOURCES = ["app", "server", "public", "server.js", "react-router.config.ts", "vite.config.ts", "package-lock.json"];

function fingerprint(): string {
  let newest = 0;
  let count = 0;
  const walk = (p: string) => {
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p)) walk(path.join(p, name));
      return;
    }
    count++;
    newest = Math.max(newest, stat.mtimeMs);
  };
  for (const source of SOURCES) if (fs.existsSync(path.join(ROOT, source))) walk(path.join(ROOT, source));
  return `${count}:${newest}`;
}

function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Builds the app into build-reliability/ unless that build is newer than every source file. */
export async function ensureProductionBuild(): Promise<string> {
  const buildDir = path.join(ROOT, BUILD_DIR);
  const stampFile = path.join(buildDir, ".sources-fingerprint");
  const lockDir = `${buildDir}.lock`;
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(path.join(lockDir, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(path.join(lockDir, "pid"), { encoding: "utf8", flag: "a+" }) || 0);
      // A holder that died, or one that died before it could even write its PID.
      const orphaned = holder ? !processAlive(holder) : Date.now() - fs.statSync(lockDir).mtimeMs > 30_000;
      if (orphaned) fs.rmSync(lockDir, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`${lockDir} is held by process ${holder} for too long`);
      else await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    const wanted = fingerprint();
    if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === wanted) return buildDir;
    const result = spawnSync("npx", ["react-router", "build"], {
      cwd: ROOT,
      env: { ...process.env, BUILD_DIR, NODE_ENV: "production" },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      timeout: 8 * 60_000,
    });
    if (result.status !== 0) throw new Error(`build failed:\n${(result.stderr || result.stdout || String(result.error)).slice(-4000)}`);
    fs.writeFileSync(stampFile, wanted);
    return buildDir;
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/** A port nothing listens on right now (the kernel's choice, so parallel runs never collide). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function tempDir(prefix: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `academia-${prefix}-`));
}

/**
 * A node binary another user may run. CI's Node may live under root's home (0700), which a server started
 * as nobody cannot reach: then a copy in the shared temporary directory, made once per Node version.
 */
function nodeForAnyUser(): string {
  const reachable = (() => {
    for (let dir = path.dirname(process.execPath); ; dir = path.dirname(dir)) {
      if ((fs.statSync(dir).mode & 0o001) === 0) return false;
      if (dir === path.dirname(dir)) break;
    }
    return (fs.statSync(process.execPath).mode & 0o001) !== 0;
  })();
  if (reachable) return process.execPath;
  const dir = path.join(os.tmpdir(), `academia-node-${process.version}`);
  const copy = path.join(dir, "node");
  if (!fs.existsSync(copy)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
    const partial = `${copy}.${process.pid}`;
    fs.copyFileSync(process.execPath, partial);
    fs.chmodSync(partial, 0o755);
    fs.renameSync(partial, copy);
  }
  fs.chmodSync(dir, 0o755);
  return copy;
}

export interface ServerOptions {
  dataDir: string;
  port?: number;
  databaseUrl?: string;
  /** Started through `sh -c 'umask …; exec node server.js'`, e.g. "000". */
  umask?: string;
  env?: Record<string, string>;
  /** Spawn options for running as another user (uid/gid). */
  uid?: number;
  gid?: number;
}

export class BuiltServer {
  readonly port: number;
  readonly base: string;
  private child: ChildProcess;
  private out = "";
  private err = "";
  private exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  private constructor(options: ServerOptions & { port: number }) {
    this.port = options.port;
    this.base = `http://127.0.0.1:${options.port}`;
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: "production",
      BUILD_DIR,
      HOST: "127.0.0.1",
      PORT: String(options.port),
      PUBLIC_URL: this.base,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: "info",
      BETTER_AUTH_SECRET: "reliability-secret-reliability-secret-0123",
      WEB_CONCURRENCY: "1",
    };
    // Never inherit the test run's own settings for these (a test may still set them through options.env).
    delete env.DATABASE_URL;
    delete env.SMTP_URL;
    delete env.VITEST;
    delete env.PAGE_CACHE;
    Object.assign(env, options.env);
    if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
    const node = options.uid === undefined ? process.execPath : nodeForAnyUser();
    const command = options.umask
      ? ["/bin/sh", ["-c", `umask ${options.umask} && exec "$0" server.js`, node]]
      : [node, ["server.js"]];
    this.child = spawn(command[0] as string, command[1] as string[], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      uid: options.uid,
      gid: options.gid,
    });
    this.child.stdout!.on("data", (d: Buffer) => (this.out += d.toString()));
    this.child.stderr!.on("data", (d: Buffer) => (this.err += d.toString()));
    this.exit = new Promise((resolve) => {
      this.child.once("exit", (code, signal) => {
        this.exited = { code, signal };
        resolve(this.exited);
      });
      // A process that could not be started at all (EACCES, ENOENT) emits no "exit": say why at once.
      this.child.once("error", (error) => {
        this.err += `\n[spawn] ${error.message}`;
        this.exited = { code: -1, signal: null };
        resolve(this.exited);
      });
    });
  }

  static async spawn(options: ServerOptions): Promise<BuiltServer> {
    return new BuiltServer({ ...options, port: options.port ?? (await freePort()) });
  }

  /** Starts and waits until /healthz answers 200. */
  static async start(options: ServerOptions, timeoutMs = 120_000): Promise<BuiltServer> {
    const server = await BuiltServer.spawn(options);
    try {
      await server.waitHealthy(timeoutMs);
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }

  async waitHealthy(timeoutMs = 120_000) {
    await until(
      async () => {
        if (this.exited) throw new Error(`the server exited (${this.exited.code ?? this.exited.signal}) while starting:\n${this.output()}`);
        const res = await fetch(`${this.base}/healthz`, { signal: AbortSignal.timeout(3_000) }).catch(() => undefined);
        return res?.status === 200;
      },
      { timeoutMs, what: `/healthz of ${this.base}`, describe: () => this.output() },
    );
  }

  /** Everything the process printed so far (stdout: JSON log lines; stderr: start-up errors). */
  output() {
    return `${this.out}${this.err ? `\n[stderr]\n${this.err}` : ""}`.slice(-20_000);
  }

  /** The server process's id (e.g. to read its peak memory in /proc/<pid>/status). */
  get pid() {
    return this.child.pid;
  }

  get stdout() {
    return this.out;
  }

  get stderr() {
    return this.err;
  }

  /** The JSON log lines whose msg matches. */
  logLines(msg: RegExp): Array<Record<string, unknown>> {
    return this.out
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => typeof entry.msg === "string" && msg.test(entry.msg));
  }

  waitForExit(timeoutMs: number) {
    return Promise.race([
      this.exit,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`the server did not exit within ${timeoutMs} ms:\n${this.output()}`)), timeoutMs).unref(),
      ),
    ]);
  }

  async stop() {
    if (this.exited) return;
    this.child.kill("SIGTERM");
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 20_000);
    await this.exit;
    clearTimeout(timer);
  }
}
