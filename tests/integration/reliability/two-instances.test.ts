// Two production servers (`node server.js`, each with its own DATA_DIR) on one PostgreSQL and one S3 bucket, behind a
// small HTTP proxy, as a load balancer would put them: a learner signs up and buys through one, the admin confirms the
// payment on the other, the learner studies there; a file uploaded to one is served by the other; a course edit made
// on one reaches the other's public page (page cache and catalogue copies) within their TTL. PostgreSQL stage only.
import http from "node:http";
import crypto from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3, type LocalS3 } from "../../../scripts/s3/server";
import { tinyPdf } from "../learning/fixture-catalogue";
import { BuiltServer, ensureProductionBuild, freePort, tempDir } from "./support/built-server";
import { until } from "./support/poll";

const enabled = process.env.TEST_DB === "postgres" && !!process.env.TEST_DATABASE_URL;
const ADMIN = { email: "admin@dos.test", password: "admin-dos-instancias-1" };
const TTL_MS = 2_000;

/** Round-robin between the instances; a request naming one (x-instance: a|b) goes there, so a test can say where. */
class Proxy {
  readonly server: http.Server;
  port = 0;
  private next = 0;
  readonly served = { a: 0, b: 0 };
  constructor(private readonly targets: { a: number; b: number }) {
    this.server = http.createServer((req, res) => {
      const named = req.headers["x-instance"];
      const which: "a" | "b" = named === "a" || named === "b" ? named : this.next++ % 2 === 0 ? "a" : "b";
      this.served[which]++;
      const upstream = http.request(
        { host: "127.0.0.1", port: this.targets[which], method: req.method, path: req.url, headers: { ...req.headers, "x-forwarded-for": "203.0.113.7" } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-served-by": which });
          answer.pipe(res);
        },
      );
      upstream.on("error", () => res.writeHead(502).end());
      req.pipe(upstream);
    });
  }
  async listen() {
    this.port = await freePort();
    await new Promise<void>((resolve) => this.server.listen(this.port, "127.0.0.1", resolve));
    return `http://127.0.0.1:${this.port}`;
  }
}

describe.skipIf(!enabled)("dos instancias, una base PostgreSQL y un bucket", () => {
  let admin: postgres.Sql;
  let sql: postgres.Sql;
  let dbName: string;
  let s3: LocalS3;
  let proxy: Proxy;
  let base: string;
  const servers: BuiltServer[] = [];

  beforeAll(async () => {
    await ensureProductionBuild();
    admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    dbName = `academia_two_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await admin.unsafe(`create database ${dbName}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${dbName}`;
    sql = postgres(url.toString(), { max: 2, onnotice: () => {} });
    s3 = await startLocalS3();
    const ports = { a: await freePort(), b: await freePort() };
    proxy = new Proxy(ports);
    base = await proxy.listen();
    const env = {
      ...s3.env,
      PUBLIC_URL: base,
      TRUST_PROXY: "1",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PAGE_CACHE_TTL_MS: String(TTL_MS),
      OUTLINE_CACHE_MS: String(TTL_MS),
      RATE_LIMIT_IP_FACTOR: "100",
    };
    // Started together, as a rolling deploy would: migrations and the catalogue load are serialised by PostgreSQL.
    const started = await Promise.all(
      (["a", "b"] as const).map((name) => BuiltServer.start({ dataDir: tempDir(`two-${name}`), port: ports[name], databaseUrl: url.toString(), env: { ...env, PUBLIC_URL: base } })),
    );
    servers.push(...started);
  }, 600_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await new Promise((resolve) => proxy?.server.close(resolve));
    await s3?.stop();
    await sql?.end();
    await admin?.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin?.end();
  });

  const send = (instance: "a" | "b" | undefined, path: string, init: RequestInit & { cookie?: string } = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      redirect: "manual",
      headers: { origin: base, ...(instance ? { "x-instance": instance } : {}), ...(init.cookie ? { cookie: init.cookie } : {}), ...(init.headers as Record<string, string>) },
    });
  const cookieOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } });

  async function signIn(instance: "a" | "b", email: string, password: string) {
    const res = await send(instance, "/api/auth/sign-in/email", { method: "POST", body: JSON.stringify({ email, password }), headers: { "content-type": "application/json" } });
    expect(res.status, await res.clone().text()).toBe(200);
    return cookieOf(res);
  }

  it("quien compra en una instancia estudia en la otra; un archivo subido en una se sirve en la otra", async () => {
    const email = `dos.${Date.now()}@academia.test`;
    const signUp = await send("a", "/api/auth/sign-up/email", { method: "POST", body: JSON.stringify({ name: "Ana Dos Instancias", email, password: "clave-dos-1" }), headers: { "content-type": "application/json" } });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    // Sign-up signs no one in (docs/decisions.md B12): the learner signs in on A.
    const learner = await signIn("a", email, "clave-dos-1");
    // The session made by A is known to B (it lives in PostgreSQL).
    expect((await send("b", "/perfil", { cookie: learner })).status).toBe(200);

    const bought = await send("a", "/cursos/1/comprar", { ...form({ method: "transfer", terms: "on" }), cookie: learner });
    expect(bought.status, await bought.clone().text()).toBe(302);
    const number = /\/compras\/([A-Z0-9-]+)/.exec(bought.headers.get("location") ?? "")![1]!;
    expect((await send("b", "/cursos/1/contenido", { cookie: learner })).status).toBe(403);

    const adminCookie = await signIn("b", ADMIN.email, ADMIN.password);
    const confirmed = await send("b", `/admin/ventas/${number}`, { ...form({ intent: "confirm", received: "on" }), cookie: adminCookie });
    expect(confirmed.status).toBeLessThan(400);
    const [order] = await sql`select status from orders where number = ${number}`;
    expect(order!.status).toBe("paid");
    const [audit] = await sql`select action, actor_email from audit_event where subject_label = ${`Pedido ${number}`}`;
    expect(audit).toMatchObject({ action: "order.transfer_confirmed", actor_email: ADMIN.email });

    // The content page sends the learner on to the lesson where they resume.
    const resume = await send("b", "/cursos/1/contenido", { cookie: learner });
    const lessonPage = resume.status === 302 ? resume.headers.get("location")! : "/cursos/1/contenido";
    expect(lessonPage).toMatch(/^\/cursos\/1\/contenido/);
    expect((await send("b", lessonPage, { cookie: learner })).status).toBe(200);

    // The admin replaces lesson 1's file on A; B serves the new bytes from the bucket.
    const [first] = await sql`select l.id from lesson l join module m on m.id = l.module_id where m.course_id = 1 and l.type in ('presentacion', 'documento') and l.status = 'published' order by m.position, l.position limit 1`;
    const lessonId = Number(first!.id);
    const pdf = tinyPdf(`Subido en la instancia A ${crypto.randomUUID()}`);
    const upload = new FormData();
    upload.set("intent", "upload-file");
    upload.set("lessonId", String(lessonId));
    upload.set("file", new File([new Uint8Array(pdf)], "nuevo-material.pdf", { type: "application/pdf" }));
    const uploaded = await send("a", `/admin/cursos/1?leccion=${lessonId}`, { method: "POST", body: upload, cookie: await signIn("a", ADMIN.email, ADMIN.password) });
    expect(uploaded.status).toBeLessThan(400);
    const served = await send("b", `/archivos/lecciones/${lessonId}`, { cookie: learner });
    expect(served.status).toBe(200);
    expect(served.headers.get("x-served-by")).toBe("b");
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
    const ranged = await send("b", `/archivos/lecciones/${lessonId}`, { cookie: learner, headers: { range: "bytes=0-7" } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).toString("latin1")).toBe("%PDF-1.4");
  });

  it("un cambio del curso hecho en una instancia llega a la página pública de la otra dentro de su TTL", async () => {
    const [mod] = await sql`select id, title from module where course_id = 1 order by position limit 1`;
    const before = await send("b", "/cursos/1");
    expect(before.status).toBe(200);
    expect(await before.text()).toContain(String(mod!.title));
    // Served again from B's memory (its page cache) until the entry expires.
    expect((await send("b", "/cursos/1")).headers.get("x-page-cache")).toMatch(/HIT|STALE/);

    const title = `Módulo editado en A ${Date.now()}`;
    const adminCookie = await signIn("a", ADMIN.email, ADMIN.password);
    const edited = await send("a", "/admin/cursos/1", { ...form({ intent: "update-module", moduleId: String(mod!.id), title, description: "" }), cookie: adminCookie });
    expect(edited.status).toBeLessThan(400);
    const editedAt = Date.now();
    expect(await (await send("a", "/cursos/1")).text()).toContain(title);

    await until(async () => (await (await send("b", "/cursos/1")).text()).includes(title), { timeoutMs: 4 * TTL_MS + 5_000, what: "B's page to show the edit" });
    // Page cache TTL and the catalogue copies' TTL (both TTL_MS here), plus one render.
    expect(Date.now() - editedAt).toBeLessThan(2 * TTL_MS + 2_000);
    expect(proxy.served.a).toBeGreaterThan(0);
    expect(proxy.served.b).toBeGreaterThan(0);
  });
});
