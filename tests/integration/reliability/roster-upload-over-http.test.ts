// A company manager's worker list is the one upload any customer can send (docs/decisions.md E2). Through the
// production server over real HTTP: a huge CSV, an XLSX zip bomb (small archive, declared small, inflating to
// hundreds of MB) and three bombs at once are refused quickly while /healthz keeps answering, the server's
// memory stays bounded, and an honest list of the maximum size still previews. The figures (the slowest
// /healthz during each upload, the server's peak memory) are printed for the record.
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ROSTER_ROWS } from "~/domain/company-roster";
import { companyWithManager, freshRut } from "../companies/support";
import { createUser } from "../support/users";
import { bigRosterCsv, xlsxBomb, xlsxOf } from "./support/hostile-files";
import { startSeededServer, type SeededServer } from "./support/seeded-server";

const MB = 1024 * 1024;
let seeded: SeededServer;
let manager: { cookie: string };
let companyId = 0;

beforeAll(async () => {
  const admin = await createUser({ role: "admin" });
  ({ companyId, manager } = await companyWithManager(admin.cookie, 5));
  seeded = await startSeededServer({ prefix: "roster-http" });
}, 600_000);

afterAll(async () => {
  await seeded?.stop();
});

const base = () => seeded.server.base;

/** The server's peak resident memory so far (kB), from /proc. */
function peakKb(): number {
  const status = fs.readFileSync(`/proc/${seeded.server.pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Asks /healthz every 50 ms until stopped; returns the slowest answer's time (ms) and how many failed. */
function probeHealth() {
  let stopped = false;
  let slowest = 0;
  let failures = 0;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      const ok = await new Promise<boolean>((resolve) => {
        const req = http.get(`${base()}/healthz`, { agent: false, timeout: 120_000 }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode === 200));
        });
        req.on("error", () => resolve(false));
      });
      slowest = Math.max(slowest, performance.now() - started);
      if (!ok) failures++;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return { slowestMs: Math.round(slowest), failures };
  };
}

/** Posts the preview form with one file, streamed; the answer even if the server stops reading early. */
function postList(file: { name: string; type: string; bytes: Buffer }): Promise<{ status: number; body: string; ms: number }> {
  const boundary = "----academia-lista";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\npreview\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base()}/empresa/${companyId}/cursos/1/carga`,
      {
        method: "POST",
        agent: false,
        headers: {
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": head.length + file.bytes.length + tail.length,
          origin: base(),
          cookie: manager.cookie,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), ms: Math.round(performance.now() - started) }));
      },
    );
    // A server that refuses early closes the connection while the body is still being sent.
    request.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    void (async () => {
      for (const part of [head, file.bytes, tail]) {
        for (let at = 0; at < part.length; at += 64 * 1024) {
          if (request.destroyed) return;
          const slice = part.subarray(at, at + 64 * 1024);
          await new Promise<void>((done) => (request.write(slice) ? done() : request.once("drain", done)));
        }
      }
      request.end();
    })();
  });
}

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

// The bounds are wide on purpose: before the fix a 50 MB list held /healthz for 41–68 s and a bomb took the server
// to gigabytes; a healthy server answers /healthz in milliseconds, and a busy test machine must not fail it.
const HEALTHZ_SLOWEST_MS = 8_000;

describe("la carga de trabajadores no detiene la academia", () => {
  it("una lista CSV de 50 MB: 413 en español enseguida, /healthz sigue respondiendo", async () => {
    const csv = bigRosterCsv(50 * MB);
    const stop = probeHealth();
    const res = await postList({ name: "lista.csv", type: "text/csv", bytes: csv });
    const health = await stop();
    console.log(`50 MB CSV: ${res.status} in ${res.ms} ms; slowest /healthz ${health.slowestMs} ms, ${health.failures} failed`);
    expect(res.status).toBe(413);
    expect(res.body).toContain("El archivo supera el tamaño máximo de 1 MB.");
    expect(health.failures).toBe(0);
    expect(health.slowestMs).toBeLessThan(HEALTHZ_SLOWEST_MS);
  });

  it("un XLSX bomba (declara 4 KB, se infla a 768 MB): se rechaza sin inflarlo entero, con memoria acotada", async () => {
    const bomb = xlsxBomb(768);
    expect(bomb.length).toBeLessThan(MB);
    const peakBefore = peakKb();
    const stop = probeHealth();
    const res = await postList({ name: "lista.xlsx", type: XLSX, bytes: bomb });
    const health = await stop();
    const grewMb = Math.round((peakKb() - peakBefore) / 1024);
    console.log(`768 MB XLSX bomb (${bomb.length} B): ${res.status} in ${res.ms} ms; slowest /healthz ${health.slowestMs} ms; server peak +${grewMb} MB`);
    expect(res.status).toBe(400);
    expect(res.body).toContain("El archivo es demasiado grande para una lista de trabajadores.");
    expect(res.ms).toBeLessThan(20_000);
    expect(health.failures).toBe(0);
    expect(health.slowestMs).toBeLessThan(HEALTHZ_SLOWEST_MS);
    expect(grewMb).toBeLessThan(150);
  });

  it("tres bombas a la vez: las tres rechazadas, la memoria del servidor sigue acotada", async () => {
    const bomb = xlsxBomb(256);
    const peakBefore = peakKb();
    const stop = probeHealth();
    const answers = await Promise.all([0, 1, 2].map(() => postList({ name: "lista.xlsx", type: XLSX, bytes: bomb })));
    const health = await stop();
    const grewMb = Math.round((peakKb() - peakBefore) / 1024);
    console.log(`3 × 256 MB XLSX bombs: ${answers.map((a) => `${a.status} in ${a.ms} ms`).join(", ")}; slowest /healthz ${health.slowestMs} ms; server peak +${grewMb} MB`);
    for (const a of answers) expect(a.status).toBe(400);
    expect(health.slowestMs).toBeLessThan(HEALTHZ_SLOWEST_MS);
    expect(grewMb).toBeLessThan(200);
  });

  it(`una lista honesta de ${MAX_ROSTER_ROWS} filas (XLSX) se revisa, y una fila más se rechaza con su mensaje`, async () => {
    const rows = Array.from({ length: MAX_ROSTER_ROWS }, (_, i) => [`Persona ${i}`, `persona${i}@empresa.test`, freshRut()]);
    const stop = probeHealth();
    const ok = await postList({ name: "lista.xlsx", type: XLSX, bytes: xlsxOf([["nombre", "correo", "RUT"], ...rows]) });
    const health = await stop();
    console.log(`${MAX_ROSTER_ROWS}-row XLSX preview: ${ok.status} in ${ok.ms} ms; slowest /healthz ${health.slowestMs} ms`);
    expect(ok.status).toBe(200);
    expect(ok.body).toContain("Vista previa de la carga");
    const tooMany = await postList({ name: "lista.xlsx", type: XLSX, bytes: xlsxOf([["nombre", "correo", "RUT"], ...rows, ["Una más", "una.mas@empresa.test", freshRut()]]) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toContain("El archivo tiene más de 2.000 filas. Divídelo en partes más pequeñas.");
  });
});
