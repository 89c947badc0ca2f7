// server/security.ts in front of a stand-in handler, over real HTTP.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "~/server/env.server";
import { CLIENT_IP_HEADER } from "~/server/rate-limit.server";
import { FORM_BODY_LIMIT, requestGuards, securityHeaders } from "../../../server/security";

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

  it.each(["PUT", "PATCH", "DELETE"])("también %s", async (method) => {
    const res = await fetch(`${base}/x`, { method, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
  });

  it("sin Origin ni Referer, o con Origin null → 403", async () => {
    expect((await post("/logout", {})).status).toBe(403);
    expect((await post("/logout", { origin: "null" })).status).toBe(403);
  });

  it("un Referer de otro sitio (sin Origin) → 403; del mismo sitio pasa", async () => {
    expect((await post("/logout", { referer: "https://evil.example/page" })).status).toBe(403);
    expect((await post("/logout", { referer: `${base}/perfil` })).status).toBe(200);
  });

  it("el mismo Host o el origen de PUBLIC_URL pasan", async () => {
    expect((await post("/perfil", { origin: base })).status).toBe(200);
    expect((await post("/perfil", { origin: new URL(env().PUBLIC_URL).origin })).status).toBe(200);
    expect(lastBody).toBe("a=1");
  });

  it("un dominio parecido no pasa", async () => {
    expect((await post("/perfil", { origin: `${base}.evil.example` })).status).toBe(403);
    expect((await post("/perfil", { origin: "http://localhost:3000.evil.example" })).status).toBe(403);
  });

  it("GET no se revisa", async () => {
    expect((await fetch(`${base}/login`, { headers: { origin: "https://evil.example" } })).status).toBe(200);
  });
});

describe("tamaño del cuerpo", () => {
  it("un formulario de más de 1 MB → 413 antes de leerlo", async () => {
    lastBody = "";
    const res = await post("/perfil", { origin: base }, "a=" + "x".repeat(FORM_BODY_LIMIT));
    expect(res.status).toBe(413);
    expect(lastBody).toBe("");
  });

  it("una subida a /admin/cursos/* puede ser mayor (hasta MAX_UPLOAD_MB)", async () => {
    const res = await post("/admin/cursos/1", { origin: base }, "a=" + "x".repeat(FORM_BODY_LIMIT + 10));
    expect(res.status).toBe(200);
  });

  it("un largo declarado que no es un número → 413", async () => {
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve) => {
      const req = request(`${base}/perfil`, { method: "POST", headers: { origin: base, "content-length": "12abc" } }, (res) => resolve(res.statusCode!));
      req.on("error", () => resolve(400)); // Node itself may refuse the header: also a refusal
      req.end();
    }).catch(() => 400);
    expect([400, 413]).toContain(status);
  });

  it("un cuerpo por partes (sin Content-Length) → 411", async () => {
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode("a=1"));
        c.close();
      },
    });
    const res = await fetch(`${base}/perfil`, { method: "POST", headers: { origin: base }, body: stream, duplex: "half" } as RequestInit);
    expect(res.status).toBe(411);
  });
});

describe("dirección del cliente", () => {
  it("la cabecera interna que manda un cliente se reemplaza por la dirección real", async () => {
    await post("/perfil", { origin: base, [CLIENT_IP_HEADER]: "1.2.3.4" });
    expect(lastIp).toBe("127.0.0.1");
  });
});
