// The page cache's stale-if-error: a public page whose re-render fails with a 5xx (the 503 of a database
// outage above all) is answered with its last good copy, however old; the copy is not stored again as new.
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { createPageCache } from "../../server/page-cache";

let servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  servers = [];
});

type Render = (req: express.Request, res: express.Response) => void;

/** The renderer answers whatever `state.render` says at the time of each request. */
async function setup() {
  let clock = 1_000_000;
  const cache = createPageCache({ now: () => clock, ttlMs: 5_000, staleGraceMs: 1_000 });
  const state: { render: Render; renders: number } = { render: (_req, res) => void res.status(200).type("html").send("<html>v1</html>"), renders: 0 };
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader("X-Frame-Options", "DENY");
    next();
  });
  app.use(cache.middleware);
  app.use((req, res) => {
    state.renders++;
    state.render(req, res);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, { headers: { "accept-encoding": "identity", ...headers } });
    return { status: res.status, text: await res.text(), headers: res.headers };
  };
  const settle = async (stored: number) => {
    for (let i = 0; i < 100 && cache.stats().stored < stored; i++) await new Promise((r) => setTimeout(r, 5));
  };
  return { cache, state, get, settle, advance: (ms: number) => (clock += ms) };
}

const outage: Render = (_req, res) => {
  res.status(503).set("Retry-After", "30").set("Cache-Control", "no-store").type("html").send("<html>Servicio no disponible</html>");
};

describe("stale-if-error", () => {
  test("una página pública que falla al renderizarse sale de su última copia buena, aunque haya vencido hace mucho", async () => {
    const t = await setup();
    expect((await t.get("/cursos")).text).toBe("<html>v1</html>");
    await t.settle(1);
    t.advance(60 * 60_000); // far past TTL and the stale-while-revalidate grace
    t.state.render = outage;
    const res = await t.get("/cursos");
    expect(res.status).toBe(200);
    expect(res.text).toBe("<html>v1</html>");
    expect(res.headers.get("x-page-cache")).toBe("STALE");
    // The copy goes out with its own headers, none of the failed render's.
    expect(res.headers.get("retry-after")).toBeNull();
    expect(res.headers.get("cache-control")).toBeNull();
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(t.cache.stats().staleOnError).toBe(1);

    // Every request tries again (the copy was not stored anew as fresh); once rendering works, the new page.
    expect((await t.get("/cursos")).headers.get("x-page-cache")).toBe("STALE");
    expect(t.state.renders).toBe(3);
    expect(t.cache.stats().stored).toBe(1);
    t.state.render = (_req, res) => void res.status(200).type("html").send("<html>v2</html>");
    const back = await t.get("/cursos");
    expect(back.text).toBe("<html>v2</html>");
    expect(back.headers.get("x-page-cache")).toBe("MISS");
  });

  test("también cuando el error llega en un cuerpo por partes (streaming) y con gzip pedido", async () => {
    const t = await setup();
    await t.get("/");
    await t.settle(1);
    t.advance(10_000);
    t.state.render = (_req, res) => {
      res.status(500).type("html");
      res.flushHeaders();
      Readable.from(["<html>", "Error inesperado", "</html>"]).pipe(res);
    };
    const res = await t.get("/", { "accept-encoding": "gzip" });
    expect(res.status).toBe(200);
    expect(res.text).toBe("<html>v1</html>");
    expect(res.headers.get("x-page-cache")).toBe("STALE");
  });

  test("sin copia guardada el error llega tal cual; un 404 o un 200 nunca se reemplazan", async () => {
    const t = await setup();
    t.state.render = outage;
    const first = await t.get("/contacto");
    expect(first.status).toBe(503);
    expect(first.text).toBe("<html>Servicio no disponible</html>");
    expect(first.headers.get("retry-after")).toBe("30");

    t.state.render = (_req, res) => void res.status(200).type("html").send("<html>v1</html>");
    await t.get("/nosotros");
    await t.settle(1);
    t.advance(10_000);
    t.state.render = (_req, res) => void res.status(404).type("html").send("<html>no existe</html>");
    const gone = await t.get("/nosotros");
    expect(gone.status).toBe(404);
    expect(gone.text).toBe("<html>no existe</html>");
  });

  test("una petición con sesión nunca recibe la copia pública, ni durante un error", async () => {
    const t = await setup();
    await t.get("/cursos");
    await t.settle(1);
    t.advance(10_000);
    t.state.render = outage;
    const res = await t.get("/cursos", { cookie: "better-auth.session_token=tok" });
    expect(res.status).toBe(503);
    expect(res.text).toBe("<html>Servicio no disponible</html>");
  });
});
