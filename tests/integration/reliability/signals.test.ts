// Stopping the production server the way a container runtime or a service manager does: SIGTERM to the leader of
// the process group, which is `node server.js` itself or npm (`npm start`). Either way the server stops accepting
// connections at once, the request in flight (a sign-up whose body is still arriving) is answered and its account
// written, the outbox worker and the database are closed, and no process of the group is left — nothing keeps
// serving. On PostgreSQL the same holds for a primary and its worker processes.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_DIR, ensureProductionBuild, freePort, tempDir } from "./support/built-server";
import { until } from "./support/poll";
import { openDb } from "~/server/platform/db/client.server";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const onPostgres = process.env.TEST_DB === "postgres";
const dirs: string[] = [];
const groups: number[] = [];

beforeAll(async () => {
  await ensureProductionBuild();
}, 600_000);

afterAll(() => {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, "SIGKILL");
    } catch {
      // already gone, as it should be
    }
  }
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the server as the leader of a new process group, the way a runtime starts its main process. */
async function startLeader(command: string[], extraEnv: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    BUILD_DIR,
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: "info",
    BETTER_AUTH_SECRET: "signals-secret-signals-secret-signals-0123",
    ...extraEnv,
  };
  delete env.NODE_ENV; // server.js must choose production by itself
  delete env.VITEST;
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  groups.push(child.pid!);
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const started: Started = { child, port, base, output: () => out.slice(-20_000), exit };
  await until(
    async () => {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(3_000) }).catch(() => undefined);
      return res?.status === 200;
    },
    { timeoutMs: 180_000, what: `${base}/healthz`, describe: started.output },
  );
  return started;
}

/** A sign-up whose headers and first half of the body are sent now; `finish()` sends the rest and reads the answer. */
function slowSignUp(port: number, base: string, email: string) {
  const body = JSON.stringify({ name: "Persona en Vuelo", email, password: "clave-en-vuelo-1" });
  const socket = net.connect(port, "127.0.0.1");
  const half = Math.floor(body.length / 2);
  let answer = "";
  socket.on("data", (d) => (answer += d.toString()));
  socket.on("error", (error) => (answer += `[${error.message}]`));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  const ready = new Promise<void>((resolve) => socket.on("connect", () => resolve()));
  return {
    async start() {
      await ready;
      socket.write(
        `POST /api/auth/sign-up/email HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
      );
    },
    async finish() {
      socket.write(body.slice(half));
      await closed;
      return answer;
    },
  };
}

/** True once nothing accepts connections on the port. */
async function refused(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

function groupAlive(pgid: number) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopWhileInFlight(server: Started, email: string) {
  const inFlight = slowSignUp(server.port, server.base, email);
  await inFlight.start();
  // An idle keep-alive connection must not hold the shutdown until its timeout.
  const idle = net.connect(server.port, "127.0.0.1");
  await new Promise((resolve) => idle.once("connect", resolve));
  idle.on("error", () => {});

  process.kill(server.child.pid!, "SIGTERM");
  await until(() => refused(server.port), { timeoutMs: 10_000, what: "the port to refuse new connections", describe: server.output });
  expect(groupAlive(server.child.pid!), "the request in flight is still being served").toBe(true);

  const answer = await inFlight.finish();
  expect(answer, server.output()).toMatch(/^HTTP\/1\.1 200 /);
  expect(answer).toContain(email);
  const stoppedAt = Date.now();
  const exit = await server.exit;
  await until(() => !groupAlive(server.child.pid!), { timeoutMs: 10_000, what: "every process of the group to exit", describe: server.output });
  // Left as soon as the request was answered, not at the shutdown timeout (8 s).
  expect(Date.now() - stoppedAt).toBeLessThan(6_000);
  expect(await refused(server.port)).toBe(true);
  return exit;
}

const WAYS: Array<[string, string[]]> = [
  ["node server.js", [process.execPath, "server.js"]],
  ["npm start", ["npm", "start", "--silent"]],
];

describe.skipIf(onPostgres)("SIGTERM al líder del grupo de procesos, base embebida", () => {
  for (const [way, command] of WAYS) {
    it(`${way}: deja de aceptar conexiones, termina la solicitud en curso, cierra la base y sale con 0`, async () => {
      const dir = tempDir("signals");
      dirs.push(dir);
      const dataDir = path.join(dir, "data");
      const server = await startLeader(command, { DATA_DIR: dataDir });
      const email = `en-vuelo.${Date.now()}@academia.test`;
      const exit = await stopWhileInFlight(server, email);
      expect(exit, server.output()).toEqual({ code: 0, signal: null });
      expect(server.output()).toMatch(/shutting down: finishing requests in flight/);
      expect(server.output()).toMatch(/"msg":"bye"/);

      // The database was closed properly (its lock released) and holds the account written while stopping.
      const handle = await openDb({ dataDir: path.join(dataDir, "db") });
      try {
        const rows = await handle.db.execute<{ n: number }>(`select count(*)::int as n from "user" where email = '${email}'`);
        expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
      } finally {
        await handle.close();
      }
    });
  }
});

describe.skipIf(!onPostgres)("SIGTERM a npm start con PostgreSQL: el primario y sus procesos de trabajo", () => {
  it("npm start con WEB_CONCURRENCY=2: ningún proceso sigue sirviendo y la solicitud en curso queda escrita", async () => {
    const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    const name = `academia_signals_${process.pid}`;
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const dir = tempDir("signals-pg");
    dirs.push(dir);
    try {
      const server = await startLeader(["npm", "start", "--silent"], { DATA_DIR: path.join(dir, "data"), DATABASE_URL: url.toString(), WEB_CONCURRENCY: "2" });
      const email = `en-vuelo-pg.${Date.now()}@academia.test`;
      const exit = await stopWhileInFlight(server, email);
      expect(exit, server.output()).toEqual({ code: 0, signal: null });
      expect(server.output()).toMatch(/shutting down every worker/);
      expect(server.output().match(/"msg":"bye"/g)?.length).toBe(2);
      const db = postgres(url.toString(), { max: 1, onnotice: () => {} });
      try {
        const [row] = await db`select count(*)::int as n from "user" where email = ${email}`;
        expect(row!.n).toBe(1);
        // Every connection of the academy was closed.
        const [open] = await db`select count(*)::int as n from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
        expect(open!.n).toBe(0);
      } finally {
        await db.end();
      }
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
