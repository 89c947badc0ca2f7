// server/security.ts in front of a stand-in handler, over real HTTP.
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { env } from "~/server/platform/env.server";
import { CLIENT_IP_HEADER } from "~/server/platform/rate-limit.server";
import { cspForReplay, requestGuards, securityHeaders } from "../../../server/security";

let base = "";
let close = () => {};
let lastBody = "";
let lastIp: string | undefined;

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders);
  app.use(requestGuards);
  app.use((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      lastBody = Buffer.concat(chunks).toString("utf8");
      lastIp = req.headers[CLIENT_IP_HEADER] as string | undefined;
      res.status(200).send("ok");
    });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const post = (path: string, headers: Record<string, string>, body: BodyInit = "a=1") =>
  fetch(base + path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body, redirect: "manual" });

describe("cabeceras de seguridad", () => {
  it("van en cada respuesta", async () => {
    const res = await fetch(`${base}/`);
    const csp = res.headers.get("content-security-policy")!;
    for (const part of ["default-src 'self'", "img-src 'self' data: blob:", "media-src 'self' blob:", "worker-src 'self' blob:", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) {
      expect(csp).toContain(part);
    }
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("strict-transport-security")).toBeNull(); // http in tests
  });

  it("solo el logo de los correos se puede cargar desde otro sitio (webmail); lo demás, del mismo sitio", async () => {
    expect((await fetch(`${base}/`)).headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect((await fetch(`${base}/images/curso-placeholder.svg`)).headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect((await fetch(`${base}${site.mailLogoPath}`)).headers.get("cross-origin-resource-policy")).toBe("cross-origin");
  });

  it("una página con sesión no se guarda en cachés", async () => {
    const res = await fetch(`${base}/perfil`, { headers: { cookie: "better-auth.session_token=x.y" } });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect((await fetch(`${base}/`)).headers.get("cache-control")).toBeNull();
  });
});

describe("origen de las solicitudes que cambian algo (CSRF)", () => {
  it("un POST con Origin de otro sitio → 403 con un texto en español", async () => {
    const res = await post("/perfil", { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/^Solicitud rechazada/);
  });

  it.each(["PUT", "PATCH", "DELETE"])("%s de otro sitio tampoco llega: el método no se atiende (405)", async (method) => {
    const res = await fetch(`${base}/x`, { method, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(405);
  });

  it("sin Origin ni Referer, o con Origin null → 403", async () => {
    expect((await post("/logout", {})).status).toBe(403);
    expect((await post("/logout", { origin: "null" })).status).toBe(403);
  });

  it("un Referer de otro sitio (sin Origin) → 403; del mismo sitio pasa", async () => {
    expect((await post("/logout", { referer: "https://evil.example/page" })).status).toBe(403);
    expect((await post("/logout", { referer: `${base}/perfil` })).status).toBe(200);
  });

  it("el origen al que se envió la solicitud pasa; el de PUBLIC_URL con otro Host no (React Router tampoco la aceptaría)", async () => {
    expect((await post("/perfil", { origin: base })).status).toBe(200);
    expect(lastBody).toBe("a=1");
    expect(new URL(env().PUBLIC_URL).origin).not.toBe(base);
    expect((await post("/perfil", { origin: new URL(env().PUBLIC_URL).origin })).status).toBe(403);
  });

  it("un dominio parecido no pasa", async () => {
    expect((await post("/perfil", { origin: `${base}.evil.example` })).status).toBe(403);
    expect((await post("/perfil", { origin: "http://localhost:3000.evil.example" })).status).toBe(403);
  });

  it("GET no se revisa", async () => {
    expect((await fetch(`${base}/login`, { headers: { origin: "https://evil.example" } })).status).toBe(200);
  });
});

describe("métodos", () => {
  it("TRACE, PUT, DELETE, PATCH → 405 con Allow, sin llegar a la aplicación", async () => {
    const { request } = await import("node:http");
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH"]) {
      lastBody = "";
      const res = await new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
        const req = request(`${base}/`, { method, headers: { origin: base } }, (r) => {
          r.resume();
          resolve({ status: r.statusCode!, allow: r.headers.allow });
        });
        req.on("error", reject);
        req.end();
      });
      expect(res).toEqual({ status: 405, allow: "GET, HEAD, POST" });
    }
  });
});

describe("CSP con nonce", () => {
  it("cada respuesta trae su propio nonce y ningún 'unsafe-inline' para scripts", async () => {
    const nonceOf = async () => /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec((await fetch(`${base}/`)).headers.get("content-security-policy")!)?.[1];
    const [a, b] = [await nonceOf(), await nonceOf()];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
    const csp = (await fetch(`${base}/`)).headers.get("content-security-policy")!;
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
  });

  it("una página repetida desde la caché lleva los hashes de sus scripts en línea, no el nonce ajeno", () => {
    const csp = "default-src 'self'; script-src 'self' 'nonce-abc'; style-src 'self' 'unsafe-inline'";
    const html = '<script nonce="abc">window.x=1</script><script type="module" nonce="abc">import("/a.js")</script><script src="/b.js"></script><script type="application/ld+json">{"a":1}</script>';
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(cspForReplay(csp, html)).toBe(`default-src 'self'; script-src 'self' ${hash("window.x=1")} ${hash('import("/a.js")')}; style-src 'self' 'unsafe-inline'`);
    expect(cspForReplay(csp, "<p>sin scripts</p>")).toBe("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'");
  });
});

describe("dirección del cliente", () => {
  it("la cabecera interna que manda un cliente se reemplaza por la dirección real", async () => {
    await post("/perfil", { origin: base, [CLIENT_IP_HEADER]: "1.2.3.4" });
    expect(lastIp).toBe("127.0.0.1");
  });
});
