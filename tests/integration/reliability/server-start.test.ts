// What a real start of the production server (`node server.js`, production build) does with its data
// directory and its database: every file it writes under DATA_DIR is owner-only whatever the umask, a data
// directory left open is closed at start, an unusable DATA_DIR or an unreachable PostgreSQL ends the start
// with a message naming the path or the server and the reason — never a stack trace.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/server/platform/env.server";
import { BuiltServer, ensureProductionBuild, freePort, tempDir } from "./support/built-server";
import { until } from "./support/poll";

const ADMIN = { email: "admin@academia.test", password: "admin-reliability-123" };
const dirs: string[] = [];
const servers: BuiltServer[] = [];

beforeAll(async () => {
  await ensureProductionBuild();
}, 600_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function newTempDir(prefix: string) {
  const dir = tempDir(prefix);
  dirs.push(dir);
  return dir;
}

async function start(options: Parameters<typeof BuiltServer.start>[0]) {
  const server = await BuiltServer.start(options);
  servers.push(server);
  return server;
}

interface Entry {
  rel: string;
  kind: "dir" | "file" | "link";
  mode: number;
}

/** Every entry under root (root included), without following links. */
function listTree(root: string): Entry[] {
  const out: Entry[] = [];
  const visit = (full: string) => {
    const stat = fs.lstatSync(full);
    const rel = path.relative(root, full) || ".";
    if (stat.isSymbolicLink()) return out.push({ rel, kind: "link", mode: stat.mode & 0o777 });
    out.push({ rel, kind: stat.isDirectory() ? "dir" : "file", mode: stat.mode & 0o777 });
    if (stat.isDirectory()) for (const name of fs.readdirSync(full)) visit(path.join(full, name));
  };
  visit(root);
  return out;
}

/** The entries whose mode is not 0700 (directory) or 0600 (file), as "path 0mode". */
function notOwnerOnly(root: string) {
  return listTree(root)
    .filter((e) => e.kind !== "link" && e.mode !== (e.kind === "dir" ? 0o700 : 0o600))
    .map((e) => `${e.rel} 0${e.mode.toString(8)}`);
}

const STACK_LINE = /^\s+at\s.+:\d+:\d+\)?$/m;

describe("DATA_DIR: solo el usuario de la academia puede leer o escribir", () => {
  const adminEnv = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  let dataDir: string;

  it("con umask 000, la base embebida, los archivos, el correo, la copia de seguridad, el bloqueo y el token quedan 0700/0600", async () => {
    dataDir = path.join(newTempDir("modes"), "data");
    const server = await start({ dataDir, umask: "000", env: adminEnv });

    // A password-reset mail (no SMTP_URL: it is written to DATA_DIR/outbox) …
    const reset = await fetch(`${server.base}/restablecer-contrasena`, {
      method: "POST",
      headers: { origin: server.base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: ADMIN.email }),
      redirect: "manual",
    });
    expect(reset.status).toBeLessThan(400);
    await until(() => fs.existsSync(path.join(dataDir, "outbox")) && fs.readdirSync(path.join(dataDir, "outbox")).some((f) => f.endsWith(".eml")), {
      timeoutMs: 30_000,
      what: "the reset mail in DATA_DIR/outbox",
    });
    // … and a backup, asked for as `npm run backup` does.
    const endpoint = JSON.parse(fs.readFileSync(path.join(dataDir, "backup-endpoint.json"), "utf8")) as { url: string; token: string };
    const backup = await fetch(endpoint.url, { method: "POST", headers: { authorization: `Bearer ${endpoint.token}` } });
    expect(backup.status).toBe(200);

    const tree = listTree(dataDir);
    const files = (prefix: string) => tree.filter((e) => e.kind === "file" && e.rel.startsWith(prefix));
    // What the academy keeps there is really there (the test would prove nothing on an empty directory).
    expect(files("db/").length).toBeGreaterThan(100);
    expect(files("files/").length).toBeGreaterThan(0);
    expect(files("outbox/").length).toBeGreaterThan(0);
    expect(files("backups/").length).toBe(1);
    expect(files("db.lock")).toHaveLength(1);
    expect(files("backup-endpoint.json")).toHaveLength(1);
    expect(notOwnerOnly(dataDir)).toEqual([]);
    // Nothing to tighten on a directory this version created.
    expect(server.logLines(/made them owner-only/)).toEqual([]);

    // What PGlite writes while it shuts down (its last checkpoint) is owner-only too.
    await server.stop();
    expect(notOwnerOnly(dataDir)).toEqual([]);
  });

  it("un DATA_DIR con permisos abiertos se cierra al arrancar, se registra, y los enlaces simbólicos no se siguen", async () => {
    expect(dataDir, "runs after the previous test").toBeDefined();
    // Loosen everything, as an older version or a copy made by hand would have left it.
    const loosened = listTree(dataDir).filter((e) => e.kind !== "link");
    for (const entry of loosened) fs.chmodSync(path.join(dataDir, entry.rel), entry.kind === "dir" ? 0o777 : 0o666);
    expect(notOwnerOnly(dataDir).length).toBe(loosened.length);
    // Links inside DATA_DIR pointing outside it: what they point to is not the academy's to change.
    const outside = newTempDir("outside");
    fs.writeFileSync(path.join(outside, "ajeno.txt"), "not the academy's\n");
    fs.chmodSync(path.join(outside, "ajeno.txt"), 0o644);
    fs.mkdirSync(path.join(outside, "carpeta"));
    fs.chmodSync(path.join(outside, "carpeta"), 0o755);
    fs.symlinkSync(path.join(outside, "ajeno.txt"), path.join(dataDir, "enlace-archivo"));
    fs.symlinkSync(path.join(outside, "carpeta"), path.join(dataDir, "enlace-carpeta"));

    const server = await start({ dataDir, umask: "000", env: adminEnv });
    expect(notOwnerOnly(dataDir)).toEqual([]);
    expect(fs.statSync(path.join(outside, "ajeno.txt")).mode & 0o777).toBe(0o644);
    expect(fs.statSync(path.join(outside, "carpeta")).mode & 0o777).toBe(0o755);
    const [logged, ...more] = server.logLines(/made them owner-only/);
    expect(more).toEqual([]);
    expect(logged).toMatchObject({ dataDir, changed: loosened.length });
    expect(logged!.examples).toContain(". 0777 -> 0700");
    // The database opened from the tightened files still holds what it held: the admin signs in.
    const login = await fetch(`${server.base}/login`, {
      method: "POST",
      headers: { origin: server.base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(ADMIN),
      redirect: "manual",
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("set-cookie")).toMatch(/session_token=/);
    await server.stop();
  });
});

describe("un DATA_DIR inutilizable: mensaje claro con la ruta y la razón, salida con error, sin traza", () => {
  async function failedStart(dataDir: string, options: { uid?: number; gid?: number } = {}) {
    const server = await BuiltServer.spawn({ dataDir, ...options });
    servers.push(server);
    const { code } = await server.waitForExit(60_000);
    expect(code).not.toBe(0);
    expect(server.stderr).not.toMatch(STACK_LINE);
    expect(server.stdout).not.toMatch(STACK_LINE);
    return server.stderr;
  }

  it("una parte de la ruta es un archivo (ENOTDIR)", async () => {
    const root = newTempDir("notdir");
    fs.writeFileSync(path.join(root, "archivo"), "");
    const dataDir = path.join(root, "archivo", "data");
    const message = await failedStart(dataDir);
    expect(message).toContain(`DATA_DIR ${dataDir} cannot be created`);
    expect(message).toContain("ENOTDIR");
  });

  it("la ruta es un archivo (EEXIST)", async () => {
    const dataDir = path.join(newTempDir("isfile"), "data");
    fs.writeFileSync(dataDir, "");
    const message = await failedStart(dataDir);
    expect(message).toContain(`DATA_DIR ${dataDir}`);
    expect(message).toMatch(/EEXIST|is not a directory/);
  });

  it("sin permiso para crearla (EACCES)", async () => {
    const root = newTempDir("eacces");
    fs.chmodSync(root, 0o755);
    const dataDir = path.join(root, "data");
    // root ignores permissions: run the server as nobody, who may not write into root's 0755 directory.
    const asRoot = process.getuid?.() === 0;
    if (!asRoot) fs.chmodSync(root, 0o555);
    const message = await failedStart(dataDir, asRoot ? { uid: 65534, gid: 65534 } : {});
    fs.chmodSync(root, 0o755);
    expect(message).toContain(`DATA_DIR ${dataDir} cannot be created`);
    expect(message).toContain("permission denied (EACCES");
  });
});

describe("PostgreSQL inalcanzable al arrancar", () => {
  it("reintenta registrando cada intento y su razón, y al agotar DATABASE_CONNECT_TIMEOUT termina con un mensaje claro", async () => {
    const closedPort = await freePort();
    const started = Date.now();
    const server = await BuiltServer.spawn({
      dataDir: path.join(newTempDir("pg-down"), "data"),
      databaseUrl: `postgres://academia:secreto-${crypto.randomUUID()}@127.0.0.1:${closedPort}/academia`,
      env: { DATABASE_CONNECT_TIMEOUT: "3" },
    });
    servers.push(server);
    const { code } = await server.waitForExit(60_000);
    const elapsed = Date.now() - started;
    expect(code).not.toBe(0);
    // It waited (0.5 + 1 + 1.5 s) instead of giving up at the first refusal.
    expect(elapsed).toBeGreaterThanOrEqual(3_000);
    const tries = server.logLines(/database not reachable yet/);
    expect(tries.length).toBeGreaterThanOrEqual(2);
    for (const [i, entry] of tries.entries()) {
      expect(entry).toMatchObject({ attempt: i + 1, database: `127.0.0.1:${closedPort}/academia` });
      expect(entry.reason).toMatch(/ECONNREFUSED/);
    }
    expect(server.stderr).toContain(`PostgreSQL (127.0.0.1:${closedPort}/academia) is not reachable`);
    expect(server.stderr).toContain("ECONNREFUSED");
    expect(server.stderr).toContain("DATABASE_CONNECT_TIMEOUT=3");
    // The password never reaches the logs.
    expect(server.output()).not.toContain("secreto-");
    expect(server.stderr).not.toMatch(STACK_LINE);
  });

  it("DATABASE_CONNECT_TIMEOUT se valida al arrancar", () => {
    expect(parseEnv({ DATABASE_CONNECT_TIMEOUT: "" }).DATABASE_CONNECT_TIMEOUT).toBe(60);
    expect(parseEnv({ DATABASE_CONNECT_TIMEOUT: "0" }).DATABASE_CONNECT_TIMEOUT).toBe(0);
    for (const bad of ["abc", "-1", "2.5", "3601"]) {
      expect(() => parseEnv({ DATABASE_CONNECT_TIMEOUT: bad }), bad).toThrow(/DATABASE_CONNECT_TIMEOUT: .*seconds/);
    }
  });
});

// docs/operations.md, "Logs": one line per request with what tells requests apart — never a cookie, a password,
// or the response's headers (the same security headers on every line, ~1 KB each, serialized for every request).
describe("el registro de cada pedido", () => {
  it("dice método, ruta, estado y tiempo, sin cookies, contraseñas ni las cabeceras de la respuesta", async () => {
    const server = await start({ dataDir: path.join(newTempDir("request-log"), "data") });
    const page = await fetch(`${server.base}/cursos?categoria=Salud`, {
      headers: { cookie: "better-auth.session_token=galleta-secreta", "user-agent": "prueba-de-registro" },
    });
    expect(page.status).toBe(200);
    const login = await fetch(`${server.base}/login`, {
      method: "POST",
      headers: { origin: server.base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "nadie@academia.test", password: "clave-secreta-del-registro" }),
      redirect: "manual",
    });
    expect(login.status).toBeLessThan(500);

    const requestLines = () =>
      server.logLines(/^request completed$/).filter((l) => ["/cursos?categoria=Salud", "/login"].includes(String((l.req as { url?: string })?.url)));
    await until(() => requestLines().length === 2, { timeoutMs: 10_000, what: "the two request lines" });
    const lines = requestLines();
    const [pageLine, loginLine] = lines;
    expect(pageLine).toMatchObject({ req: { method: "GET", url: "/cursos?categoria=Salud", userAgent: "prueba-de-registro" }, res: { statusCode: 200 } });
    expect(typeof (pageLine!.req as { id?: unknown }).id).toBe("number");
    expect(typeof pageLine!.responseTime).toBe("number");
    expect(loginLine).toMatchObject({ req: { method: "POST", url: "/login" }, res: { statusCode: login.status } });
    for (const line of lines) {
      expect(Object.keys(line.req as object).sort()).toEqual(expect.arrayContaining(["id", "method", "url"]));
      expect(line.req).not.toHaveProperty("headers");
      expect(line.res).not.toHaveProperty("headers");
    }
    expect(server.output()).not.toContain("galleta-secreta");
    expect(server.output()).not.toContain("clave-secreta-del-registro");
    expect(server.output()).not.toContain("content-security-policy");
  });
});
