// /metrics in Prometheus format on an internal listener (METRICS_PORT on 127.0.0.1), never on the public port:
// requests by route and status, latency histogram, page-cache hits, outbox and database figures, Node's own. On
// PostgreSQL with two worker processes the primary answers with their sum.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BuiltServer, ensureProductionBuild, freePort, tempDir } from "./support/built-server";

const onPostgres = process.env.TEST_DB === "postgres" && !!process.env.TEST_DATABASE_URL;
const servers: BuiltServer[] = [];
let admin: postgres.Sql | undefined;
let dbName = "";

beforeAll(async () => {
  await ensureProductionBuild();
}, 600_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  if (admin) {
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});

function sample(text: string, name: string, labels: Record<string, string>) {
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line ? Number(line.split(" ").pop()) : undefined;
}

it("con la base que corresponda: cuenta por ruta y estado, mide la latencia y no se expone en el puerto público", async () => {
  const metricsPort = await freePort();
  let databaseUrl: string | undefined;
  if (onPostgres) {
    admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    dbName = `academia_metrics_${process.pid}`;
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.unsafe(`create database ${dbName}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const server = await BuiltServer.start({
    dataDir: tempDir("metrics"),
    databaseUrl,
    env: { METRICS_PORT: String(metricsPort), ...(onPostgres ? { WEB_CONCURRENCY: "2" } : {}) },
  });
  servers.push(server);

  for (let i = 0; i < 3; i++) expect((await fetch(`${server.base}/cursos`)).status).toBe(200);
  expect((await fetch(`${server.base}/cursos/999999`)).status).toBe(404);
  expect((await fetch(`${server.base}/metrics`)).status).toBe(404);

  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  const text = await res.text();
  expect(sample(text, "academia_http_requests_total", { route: "routes/cursos", method: "GET", status: "200" })).toBe(3);
  expect(sample(text, "academia_http_requests_total", { method: "GET", status: "404" })).toBeGreaterThanOrEqual(1);
  expect(sample(text, "academia_http_request_duration_seconds_count", { route: "routes/cursos", method: "GET" })).toBe(3);
  expect(text).toMatch(/academia_http_request_duration_seconds_bucket\{le="0\.1",route="routes\/cursos",method="GET"\} \d+/);
  expect(sample(text, "academia_page_cache_total", { result: "HIT" })).toBeGreaterThanOrEqual(1);
  expect(sample(text, "academia_outbox_jobs", { status: "failed" })).toBe(0);
  expect(text).toMatch(/^academia_outbox_oldest_pending_seconds \d/m);
  expect(text).toMatch(/^academia_process_resident_memory_bytes \d/m);
  if (onPostgres) {
    expect(text).toMatch(/^academia_db_pool_max 20$/m); // 10 per worker, two workers, summed
    expect(sample(text, "academia_db_connections", { state: "idle" })).toBeGreaterThanOrEqual(1);
  } else {
    expect(text).toMatch(/^academia_db_pool_max 1$/m);
  }
  // Only on the internal address it was given.
  expect(server.logLines(/metrics on an internal address/)[0]).toMatchObject({ host: "127.0.0.1", port: metricsPort });
});

describe("configuración", () => {
  it("METRICS_PORT inválido se nombra", async () => {
    const { parseEnv } = await import("~/server/platform/env.server");
    expect(() => parseEnv({ METRICS_PORT: "metricas" })).toThrow(/METRICS_PORT/);
  });
});
