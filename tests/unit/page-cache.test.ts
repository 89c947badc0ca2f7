// The anonymous page cache: what it may store, what it must never serve from memory.
import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { createPageCache } from "../../server/page-cache";
import { cacheKeyFor, isCacheableRequest, isCacheableResponse } from "../../server/page-cache/policy";

type Handler = (req: express.Request, res: express.Response) => void;

let servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  servers = [];
});

/** An app whose "renderer" counts its renders and answers whatever the test says. */
async function setup(handler?: Handler, options: Parameters<typeof createPageCache>[0] = {}) {
  let clock = 1_000_000;
  const cache = createPageCache({ now: () => clock, ...options });
  const renders: string[] = [];
  const app = express();
  app.use(cache.middleware);
  app.use((req, res) => {
    renders.push(req.url);
    if (handler) return handler(req, res);
    res.status(200).type("html").send(`<html>render ${renders.length} of ${req.url}</html>`);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}, method = "GET") => {
    const res = await fetch(base + path, { method, redirect: "manual", headers: { "accept-encoding": "identity", ...headers } });
    return { status: res.status, text: await res.text(), headers: res.headers };
  };
  // Stored entries are compressed asynchronously after the response: wait for that.
  const settle = async () => {
    for (let i = 0; i < 50 && cache.stats().stored === 0; i++) await new Promise((r) => setTimeout(r, 5));
  };
  return { cache, renders, get, settle, advance: (ms: number) => (clock += ms) };
}

describe("reglas puras", () => {
  test("solo rutas públicas y su filtro de categoría tienen clave", () => {
    expect(cacheKeyFor("/")).toBe("/");
    expect(cacheKeyFor("/cursos")).toBe("/cursos");
    expect(cacheKeyFor("/cursos?categoria=Salud")).toBe("/cursos?categoria=Salud");
    expect(cacheKeyFor("/cursos/12")).toBe("/cursos/12");
    expect(cacheKeyFor("/nosotros")).toBe("/nosotros");
    expect(cacheKeyFor("/contacto")).toBe("/contacto");
    expect(cacheKeyFor("/sitemap.xml")).toBe("/sitemap.xml");
    expect(cacheKeyFor("/robots.txt")).toBe("/robots.txt");
    expect(cacheKeyFor("/cursos.data?_routes=routes%2Fcursos")).toBe("/cursos.data?_routes=routes%2Fcursos");
    expect(cacheKeyFor("/_root.data")).toBe("/_root.data");
    for (const path of [
      "/dashboard",
      "/perfil",
      "/admin",
      "/admin/usuarios",
      "/login",
      "/registro",
      "/certificados",
      "/certificados/ABC123",
      "/cursos/1/contenido",
      "/cursos/1/inscribir",
      "/cursos/abc",
      "/archivos/lecciones/3",
      "/api/auth/get-session",
      "/dashboard.data",
      "/cursos?utm_source=x",
      "/cursos?categoria=a&categoria=b",
      "/cursos?_routes=x",
    ]) {
      expect(cacheKeyFor(path), path).toBeNull();
    }
  });

  test("las peticiones con sesión, con cualquier cookie o que no son GET/HEAD no usan la caché", () => {
    expect(isCacheableRequest("GET", "/", {})).toBe(true);
    expect(isCacheableRequest("HEAD", "/", {})).toBe(true);
    expect(isCacheableRequest("GET", "/", { cookie: "better-auth.session_token=abc" })).toBe(false);
    expect(isCacheableRequest("GET", "/", { cookie: "__Secure-better-auth.session_token=abc" })).toBe(false);
    expect(isCacheableRequest("GET", "/", { cookie: "flash=hola" })).toBe(false);
    expect(isCacheableRequest("GET", "/", { authorization: "Bearer x" })).toBe(false);
    expect(isCacheableRequest("POST", "/contacto", {})).toBe(false);
  });

  test("solo se guardan respuestas 200 sin Set-Cookie ni Cache-Control privado", () => {
    expect(isCacheableResponse(200, { "content-type": "text/html" })).toBe(true);
    expect(isCacheableResponse(404, {})).toBe(false);
    expect(isCacheableResponse(302, {})).toBe(false);
    expect(isCacheableResponse(500, {})).toBe(false);
    expect(isCacheableResponse(200, { "set-cookie": ["a=b"] })).toBe(false);
    expect(isCacheableResponse(200, { "cache-control": "private, max-age=0" })).toBe(false);
    expect(isCacheableResponse(200, { "cache-control": "no-store" })).toBe(false);
  });
});

describe("middleware", () => {
  test("una página pública anónima se renderiza una vez y luego sale de la caché, con sus cabeceras", async () => {
    const t = await setup((req, res) => {
      res.setHeader("X-Frame-Options", "DENY");
      res.status(200).type("html").send("<html>inicio</html>");
    });
    const first = await t.get("/");
    expect(first.headers.get("x-page-cache")).toBe("MISS");
    await t.settle();
    const second = await t.get("/");
    expect(second.text).toBe("<html>inicio</html>");
    expect(second.headers.get("x-page-cache")).toBe("HIT");
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(second.headers.get("content-type")).toMatch(/text\/html/);
    expect(t.renders).toHaveLength(1);
  });

  test("una petición con sesión nunca recibe la página guardada ni la guarda", async () => {
    const t = await setup((req, res) => {
      res.status(200).type("html").send(req.headers.cookie ? "<html>Hola, Ana</html>" : "<html>anónimo</html>");
    });
    const signedIn = await t.get("/cursos/1", { cookie: "better-auth.session_token=tok" });
    expect(signedIn.text).toBe("<html>Hola, Ana</html>");
    expect(t.cache.stats().stored).toBe(0);
    await t.get("/cursos/1");
    await t.settle();
    const again = await t.get("/cursos/1", { cookie: "better-auth.session_token=tok" });
    expect(again.text).toBe("<html>Hola, Ana</html>");
    expect(again.headers.get("x-page-cache")).toBeNull();
    expect((await t.get("/cursos/1")).text).toBe("<html>anónimo</html>");
    expect(t.renders).toHaveLength(3);
  });

  test("una respuesta con Set-Cookie no se guarda", async () => {
    const t = await setup((req, res) => {
      res.cookie("csrf", "x").status(200).type("html").send("<html>form</html>");
    });
    await t.get("/contacto");
    await new Promise((r) => setTimeout(r, 30));
    await t.get("/contacto");
    expect(t.renders).toHaveLength(2);
    expect(t.cache.stats().stored).toBe(0);
  });

  test("respuestas que no son 200 no se guardan", async () => {
    const t = await setup((req, res) => {
      if (req.url === "/cursos/999") res.status(404).type("html").send("<html>Curso no encontrado</html>");
      else res.redirect(302, "/login");
    });
    await t.get("/cursos/999");
    await t.get("/cursos/999");
    await t.get("/nosotros");
    await new Promise((r) => setTimeout(r, 30));
    await t.get("/nosotros");
    expect(t.renders).toHaveLength(4);
    expect(t.cache.stats().stored).toBe(0);
  });

  test("rutas no públicas pasan siempre al renderizador", async () => {
    const t = await setup();
    for (let i = 0; i < 2; i++) {
      await t.get("/dashboard");
      await t.get("/certificados");
      await t.get("/login");
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(t.renders).toHaveLength(6);
    expect(t.cache.stats().stored).toBe(0);
  });

  test("el filtro de categoría es parte de la clave", async () => {
    const t = await setup();
    const a = await t.get("/cursos?categoria=Salud");
    const b = await t.get("/cursos?categoria=Emergencias");
    expect(a.text).not.toBe(b.text);
    await new Promise((r) => setTimeout(r, 30));
    expect((await t.get("/cursos?categoria=Salud")).text).toBe(a.text);
    expect((await t.get("/cursos?categoria=Emergencias")).text).toBe(b.text);
    expect(t.renders).toHaveLength(2);
  });

  test("sirve bytes precomprimidos según Accept-Encoding", async () => {
    const t = await setup();
    const original = await t.get("/");
    await t.settle();
    const br = await t.get("/", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.text).toBe(original.text);
    const gz = await t.get("/", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.text).toBe(original.text);
    const none = await t.get("/", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(none.headers.get("content-encoding")).toBeNull();
    expect(none.text).toBe(original.text);
    expect(t.renders).toHaveLength(1);
  });

  test("caduca tras el TTL e invalidatePublicPages vacía la caché", async () => {
    const t = await setup(undefined, { ttlMs: 5_000, staleGraceMs: 0 });
    await t.get("/");
    await t.settle();
    await t.get("/");
    expect(t.renders).toHaveLength(1);
    t.advance(5_001);
    await t.get("/");
    expect(t.renders).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 30));
    await t.get("/");
    expect(t.renders).toHaveLength(2);
    t.cache.invalidate();
    await t.get("/");
    expect(t.renders).toHaveLength(3);
  });

  test("HEAD se responde desde la caché pero no la llena", async () => {
    const t = await setup();
    await t.get("/", {}, "HEAD");
    await new Promise((r) => setTimeout(r, 30));
    expect(t.cache.stats().stored).toBe(0);
    await t.get("/");
    await t.settle();
    const head = await t.get("/", {}, "HEAD");
    expect(head.headers.get("x-page-cache")).toBe("HIT");
    expect(head.text).toBe("");
    expect(t.renders).toHaveLength(2);
  });

  test("respeta el límite de entradas", async () => {
    const t = await setup(undefined, { maxEntries: 2 });
    for (const id of [1, 2, 3]) {
      await t.get(`/cursos/${id}`);
      await new Promise((r) => setTimeout(r, 30));
    }
    expect(t.cache.stats().entries).toBe(2);
    await t.get("/cursos/1");
    expect(t.renders).toHaveLength(4);
  });

  test("peticiones simultáneas a una página sin entrada esperan un solo renderizado", async () => {
    const t = await setup(async (req, res) => {
      await new Promise((r) => setTimeout(r, 150));
      res.status(200).type("html").send("<html>lento</html>");
    });
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.get("/cursos")));
    expect(answers.every((a) => a.text === "<html>lento</html>")).toBe(true);
    expect(t.renders).toHaveLength(1);
  });

  test("al caducar, uno renderiza y los demás reciben la página anterior mientras tanto", async () => {
    let version = 1;
    // The refreshing render waits for the test, so the ordering does not depend on timers or machine load.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const t = await setup(async (req, res) => {
      const v = version;
      if (v > 1) await gate;
      res.status(200).type("html").send(`<html>v${v}</html>`);
    });
    await t.get("/");
    await t.settle();
    version = 2;
    t.advance(6_000);
    const refreshing = t.get("/");
    await expect.poll(() => t.renders.length).toBe(2);
    const others = [];
    for (let i = 0; i < 5; i++) others.push(await t.get("/"));
    release();
    const refresh = await refreshing;
    expect(refresh.text).toBe("<html>v2</html>");
    expect(others.every((o) => o.text === "<html>v1</html>" && o.headers.get("x-page-cache") === "STALE")).toBe(true);
    expect(t.renders).toHaveLength(2);
  });

  test("una página no guardable no deja esperando a nadie: cada petición la renderiza", async () => {
    const t = await setup(async (req, res) => {
      await new Promise((r) => setTimeout(r, 50));
      res.status(404).type("html").send("<html>no</html>");
    });
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.get("/cursos/77")));
    expect(answers.every((a) => a.status === 404)).toBe(true);
    expect(t.renders.length).toBeGreaterThanOrEqual(2);
  });
});
