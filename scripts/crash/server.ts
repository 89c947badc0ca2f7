// Starting the production server (node server.js) on its own port and data, and killing it without warning.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

export interface ServerOptions {
  port: number;
  buildDir: string;
  dataDir: string;
  databaseUrl?: string;
  logFile: string;
}

export class AppServer {
  private child: ChildProcess | undefined;
  constructor(private readonly options: ServerOptions) {}

  get base() {
    return `http://127.0.0.1:${this.options.port}`;
  }

  get pid() {
    return this.child?.pid;
  }

  /** Starts the server and waits until /healthz answers; returns the milliseconds it took. */
  async start(timeoutMs = 120_000): Promise<number> {
    const started = Date.now();
    const log = fs.openSync(this.options.logFile, "a");
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(this.options.port),
      BUILD_DIR: this.options.buildDir,
      DATA_DIR: this.options.dataDir,
      PUBLIC_URL: this.base,
      LOG_LEVEL: "warn",
      BETTER_AUTH_SECRET: "crashtest-secret-crashtest-secret-0123456789",
    };
    delete env.DATABASE_URL;
    if (this.options.databaseUrl) env.DATABASE_URL = this.options.databaseUrl;
    const child = spawn(process.execPath, ["server.js"], { env, stdio: ["ignore", log, log] });
    fs.closeSync(log);
    this.child = child;
    let exited: string | undefined;
    child.once("exit", (code, signal) => (exited = `exited (${signal ?? code})`));
    while (Date.now() - started < timeoutMs) {
      if (exited) throw new Error(`The server ${exited} while starting; see ${this.options.logFile}`);
      try {
        const res = await fetch(`${this.base}/healthz`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return Date.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    this.child.kill("SIGKILL");
    throw new Error(`The server did not answer /healthz within ${timeoutMs} ms; see ${this.options.logFile}`);
  }

  private waitExit(child: ChildProcess) {
    return new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
    });
  }

  /** SIGKILL: no shutdown handler runs, no buffer is flushed, requests in flight get no answer. */
  async kill() {
    const child = this.child;
    if (!child) return;
    child.kill("SIGKILL");
    await this.waitExit(child);
    this.child = undefined;
  }

  async stop() {
    const child = this.child;
    if (!child) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    await this.waitExit(child);
    clearTimeout(timer);
    this.child = undefined;
  }
}
