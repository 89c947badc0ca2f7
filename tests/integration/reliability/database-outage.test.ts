// PostgreSQL goes away and comes back while the production server runs (`node server.js`, production
// build), and PostgreSQL is not there yet when the server starts. The server talks to PostgreSQL through a
// TCP proxy the test cuts and restores. PostgreSQL stage only (TEST_DB=postgres with TEST_DATABASE_URL).
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceUnavailable } from "~/domain/service-messages";
import { BuiltServer, ensureProductionBuild, freePort, tempDir } from "./support/built-server";
import { until } from "./support/poll";
import { TcpProxy } from "./support/tcp-proxy";

const enabled = process.env.TEST_DB === "postgres" && !!process.env.TEST_DATABASE_URL;
const ADMIN = { email: "admin@academia.test", password: "admin-outage-123", name: "Administradora Caída" };
const STACK_LINE = /^\s+at\s.+:\d+:\d+\)?$/m;

describe.skipIf(!enabled)("PostgreSQL se cae y vuelve", () => {
  let admin: postgres.Sql;
  let dbName: string;
  let databaseUrl: string;
  let proxy: TcpProxy;
  const dirs: string[] = [];
  const servers: BuiltServer[] = [];

  beforeAll(async () => {
    await ensureProductionBuild();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
    dbName = `academia_outage_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await admin.unsafe(`create database ${dbName}`);
    proxy = new TcpProxy(await freePort(), { host: url.hostname, port: Number(url.port || 5432) });
    const through = new URL(url);
    through.hostname = "127.0.0.1";
    through.port = String(proxy.port);
    through.pathname = `/${dbName}`;
    databaseUrl = through.toString();
  }, 600_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await proxy?.stop();
    if (admin) {
      await admin.unsafe(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  function spawnServer(env: Record<string, string> = {}) {
    const dir = tempDir("outage");
    dirs.push(dir);
    return BuiltServer.spawn({
      dataDir: path.join(dir, "data"),
      databaseUrl,
      env: {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ADMIN_NAME: ADMIN.name,
        // Every anonymous request re-renders (no fresh entry to hide behind): the cache must fall back by itself.
        PAGE_CACHE_TTL_MS: "1",
        ...env,
      },
    }).then((server) => {
      servers.push(server);
      return server;
    });
  }

  it("PostgreSQL aún no está al arrancar: el servidor espera registrando cada intento y arranca cuando llega", async () => {
    await proxy.stop();
    const server = await spawnServer({ DATABASE_CONNECT_TIMEOUT: "120" });
    await until(() => server.logLines(/database not reachable yet/).length >= 2, {
      timeoutMs: 60_000,
      what: "two logged connection attempts",
      describe: () => server.output(),
    });
    expect(server.exited).toBeUndefined();
    for (const entry of server.logLines(/database not reachable yet/)) expect(entry.reason).toMatch(/ECONNREFUSED/);
    await proxy.start();
    await server.waitHealthy(90_000);
    expect(server.logLines(/^database reachable$/)).toHaveLength(1);
    await server.stop();
  });

  it("sin base de datos: páginas con sesión y formularios 503 en español, páginas públicas desde la caché, /healthz 503; al volver, todo 200 sin reiniciar", async () => {
    await proxy.start();
    const server = await spawnServer();
    await server.waitHealthy();
    const { base } = server;
    const get = (p: string, cookie?: string) =>
      fetch(base + p, { redirect: "manual", headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) } });
    const post = (p: string, form: Record<string, string>, cookie?: string) =>
      fetch(base + p, {
        method: "POST",
        redirect: "manual",
        headers: { origin: base, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams(form),
      });

    // Signed in, with the public pages already visited once (the page cache holds their last render).
    const login = await post("/login", { email: ADMIN.email, password: ADMIN.password });
    expect(login.status).toBe(302);
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    expect(cookie).toMatch(/session_token=/);
    expect((await get("/perfil", cookie)).status).toBe(200);
    for (const page of ["/", "/cursos", "/cursos/1"]) expect((await get(page)).status).toBe(200);
    const catalogue = await (await get("/cursos")).text();

    await proxy.stop();

    // The first request after the cut finds out (its query fails, the ping confirms): 503, not 500.
    const profilePage = await get("/perfil", cookie);
    expect(profilePage.status).toBe(503);
    expect(profilePage.headers.get("retry-after")).toBe(String(serviceUnavailable.retryAfterSeconds));
    expect(profilePage.headers.get("content-type")).toMatch(/text\/html/);
    const html = await profilePage.text();
    expect(html).toContain(serviceUnavailable.title);
    expect(html).toContain(serviceUnavailable.message);
    expect(html).toContain('href="#contenido"'); // the site's own layout, not a bare error text
    expect(html).toContain('aria-label="Principal"');
    expect(html).not.toMatch(STACK_LINE);
    expect(html).not.toMatch(/ECONNREFUSED|DrizzleQueryError|Unexpected Server Error/);

    // From then on the outage is known: every signed-in page, client navigation and API call answers 503 at once.
    for (const p of ["/dashboard", "/admin", "/perfil"]) {
      const res = await get(p, cookie);
      expect(res.status, p).toBe(503);
      expect(res.headers.get("retry-after"), p).toBe(String(serviceUnavailable.retryAfterSeconds));
      expect(await res.text(), p).toContain(serviceUnavailable.message);
    }
    const navigation = await get("/dashboard.data", cookie);
    expect(navigation.status).toBe(503);
    expect(await navigation.text()).toContain(serviceUnavailable.message);
    const api = await get("/api/auth/get-session", cookie);
    expect(api.status).toBe(503);
    expect(await api.text()).toContain(serviceUnavailable.message);

    // A form post answers 503 in Spanish; the change it asked for is not made (checked after the return).
    const save = await post("/perfil", { intent: "profile", name: "Nombre Durante La Caída", phone: "", address: "" }, cookie);
    expect(save.status).toBe(503);
    expect(await save.text()).toContain(serviceUnavailable.message);
    const signIn = await post("/login", { email: ADMIN.email, password: ADMIN.password });
    expect(signIn.status).toBe(503);

    // Anonymous visitors still get the public pages, from the page cache's last good copy.
    for (const page of ["/", "/cursos", "/cursos/1"]) {
      const res = await get(page);
      expect(res.status, page).toBe(200);
      expect(res.headers.get("x-page-cache"), page).toBe("STALE");
    }
    // The last good copy: the catalogue as rendered before the cut. Which of the renders before the cut it is
    // depends on when the last one finished compressing (a busy machine may still be compressing the newest), and
    // each render carries its own CSP nonce, so the pages are compared without it.
    const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
    expect(withoutNonce(await (await get("/cursos")).text())).toBe(withoutNonce(catalogue));
    // A public page never rendered before has no copy: the same 503 page.
    const uncached = await get("/cursos/2");
    expect(uncached.status).toBe(503);
    expect(await uncached.text()).toContain(serviceUnavailable.title);

    expect((await get("/healthz")).status).toBe(503);
    // One line when the outage began, not one per request.
    expect(server.logLines(/database unreachable/)).toHaveLength(1);
    expect(server.logLines(/^database reachable again$/)).toHaveLength(0);

    await proxy.start();

    // Back by itself: no restart, same session.
    await until(async () => (await get("/healthz")).status === 200, { timeoutMs: 30_000, what: "/healthz 200 after the return" });
    await until(async () => (await get("/perfil", cookie)).status === 200, { timeoutMs: 30_000, what: "/perfil 200 after the return" });
    const profile = await (await get("/perfil", cookie)).text();
    expect(profile).toContain(ADMIN.name);
    expect(profile).not.toContain("Nombre Durante La Caída");
    for (const p of ["/dashboard", "/admin", "/dashboard.data"]) expect((await get(p, cookie)).status, p).toBe(200);
    for (const page of ["/", "/cursos", "/cursos/1", "/cursos/2"]) {
      const res = await get(page);
      expect(res.status, page).toBe(200);
      expect(res.headers.get("x-page-cache"), page).not.toBe("STALE");
    }
    const saved = await post("/perfil", { intent: "profile", name: "Nombre Después De Volver", phone: "", address: "" }, cookie);
    expect(saved.status).toBe(200);
    expect(await (await get("/perfil", cookie)).text()).toContain("Nombre Después De Volver");
    expect(server.logLines(/database unreachable/)).toHaveLength(1);
    expect(server.logLines(/^database reachable again$/)).toHaveLength(1);
    expect(server.exited).toBeUndefined();
  });
});
