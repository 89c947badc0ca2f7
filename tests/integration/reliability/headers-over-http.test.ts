// Three small things an outside probe saw in the production server's answers: a form post whose Origin is the
// academy's address but whose Host is another made React Router print a stack trace to stderr; HSTS did not
// cover subdomains; a sign-in through /api/auth returned the raw session token in its JSON body (the page's
// JavaScript has no use for it, and a cookie that is HttpOnly is worth little if the body repeats it).
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../support/users";
import { BuiltServer, tempDir } from "./support/built-server";
import { startSeededServer, type SeededServer } from "./support/seeded-server";

let seeded: SeededServer;
let learner: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  learner = await createUser({ password: "clave-segura-1" });
  seeded = await startSeededServer({ prefix: "headers-http" });
}, 600_000);

afterAll(async () => {
  await seeded?.stop();
});

/** A POST with the Host header a browser would never send for this Origin (fetch cannot change Host). */
function postWithHost(path: string, host: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${seeded.server.base}${path}`,
      { method: "POST", agent: false, headers: { host, origin: seeded.server.base, "content-type": "application/x-www-form-urlencoded" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("respuestas del servidor de producción", () => {
  it("un POST con Origin de la academia pero otro Host: 403 en español, sin traza en stderr", async () => {
    const before = seeded.server.stderr.length;
    for (const path of ["/login", "/contacto", "/login.data"]) {
      const res = await postWithHost(path, "otro-sitio.example", "email=a%40b.cl&password=x");
      expect(res.status, path).toBe(403);
      expect(res.body, path).toContain("el origen de la solicitud no está permitido");
    }
    const printed = seeded.server.stderr.slice(before);
    expect(printed).not.toMatch(/\bat \S+ \(|origin does not match/);
  });

  it("una sesión iniciada por /api/auth no devuelve el token de la sesión en el cuerpo", async () => {
    const res = await fetch(`${seeded.server.base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: seeded.server.base },
      body: JSON.stringify({ email: learner.email, password: "clave-segura-1" }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
    expect(cookie).toBeTruthy();
    const token = decodeURIComponent(cookie!.split(";")[0]!.split("=")[1]!).split(".")[0]!;
    const body = await res.text();
    expect(body).not.toContain(token);
    expect(JSON.parse(body)).not.toHaveProperty("token");
    expect(JSON.parse(body).user).toMatchObject({ email: learner.email });
  });

  it("con https, HSTS incluye los subdominios (y se puede desactivar)", async () => {
    const check = async (env: Record<string, string>) => {
      const dataDir = tempDir("hsts");
      const server = await BuiltServer.start({ dataDir, env: { PUBLIC_URL: "https://academia.example.cl", ...env } });
      try {
        return (await fetch(`${server.base}/healthz`)).headers.get("strict-transport-security");
      } finally {
        await server.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    };
    expect(await check({})).toBe("max-age=31536000; includeSubDomains");
    expect(await check({ HSTS_INCLUDE_SUBDOMAINS: "false" })).toBe("max-age=31536000");
  });
});
