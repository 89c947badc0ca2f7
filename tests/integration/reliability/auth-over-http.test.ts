// The account rules through the production server over real HTTP (`node server.js` on a production
// build, PGlite in a temporary DATA_DIR, mail to an SMTP server in this test): what Express does with a body
// before Better Auth sees it is part of what is tested. auth-hooks.test.ts covers the same rules in depth
// through the route module; this file proves nothing in front of it opens a way round.
import fs from "node:fs";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "~/server/platform/rate-limit.server";
import { resetLink } from "../accounts/mailbox";
import { BuiltServer, ensureProductionBuild, tempDir } from "./support/built-server";
import { httpClient } from "./support/http-client";
import { until } from "./support/poll";

type Encoding = "json" | "form" | "multipart";

let server: BuiltServer;
let dataDir = "";
let smtp: SMTPServer;
const received: { to: string[]; text: string }[] = [];
// While set, the SMTP server takes the message but does not answer: a sender that waited for it would hang.
let held: (() => void)[] | null = null;

function decodeQuotedPrintable(s: string) {
  return Buffer.from(
    s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const answer = () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), text: decodeQuotedPrintable(Buffer.concat(chunks).toString("utf8")) });
          callback();
        };
        if (held) held.push(answer);
        else answer();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  await ensureProductionBuild();
  dataDir = tempDir("auth-http");
  server = await BuiltServer.start({ dataDir, env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, RATE_LIMIT_IP_FACTOR: "1" } });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function post(path: string, fields: Record<string, string>, encoding: Encoding = "json") {
  const headers: Record<string, string> = { origin: server.base };
  let body: BodyInit;
  if (encoding === "json") {
    body = JSON.stringify(fields);
    headers["content-type"] = "application/json";
  } else if (encoding === "form") {
    body = new URLSearchParams(fields);
    headers["content-type"] = "application/x-www-form-urlencoded";
  } else {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    body = form;
  }
  return fetch(`${server.base}/api/auth${path}`, { method: "POST", body, headers, redirect: "manual" });
}

let seq = 0;
// Every sign-up from this test counts against the one client address (127.0.0.1) the server sees.
let signUpsTaken = 0;
async function signUp(email = `http-${++seq}-${Date.now()}@academia.test`, password = "clave-segura-1") {
  const res = await post("/sign-up/email", { name: "Persona de Prueba", email, password });
  if (res.status !== 429) signUpsTaken++;
  return { res, email, password };
}

const mailsTo = (email: string) => received.filter((m) => m.to.includes(email.toLowerCase())).map((m) => m.text);

describe("sobre HTTP, por el servidor de producción", () => {
  it("1 · el límite de claves erróneas vale en JSON, form-encoded y multipart, sumados", async () => {
    const { res, email, password } = await signUp();
    expect(res.status).toBe(200);
    const encodings: Encoding[] = ["form", "multipart", "json"];
    let failures = 0;
    let tries = 0;
    const seen: Record<Encoding, number[]> = { json: [], form: [], multipart: [] };
    while (failures < LIMITS.signInPerEmail.max) {
      const encoding = encodings[tries++ % encodings.length]!;
      const wrong = await post("/sign-in/email", { email, password: `mala-${tries}` }, encoding);
      // Better Auth may refuse an encoding outright (415: nothing compared, nothing counted).
      expect([401, 415], `intento ${tries} (${encoding})`).toContain(wrong.status);
      seen[encoding].push(wrong.status);
      if (wrong.status === 401) failures++;
      expect(tries).toBeLessThan(LIMITS.signInPerEmail.max * 3 + 3);
    }
    // The hole this closes: form-encoded sign-ins were compared but never counted.
    expect(seen.form).toContain(401);
    expect(seen.json).toContain(401);
    for (const encoding of ["form", "json"] as const) {
      const right = await post("/sign-in/email", { email, password }, encoding);
      expect(right.status, encoding).toBe(429);
      expect(right.headers.getSetCookie()).toEqual([]);
    }
  });

  it("2 · siete pedidos de restablecimiento aceptados envían a lo más cinco correos; otras codificaciones no envían nada", async () => {
    const { email } = await signUp();
    let accepted = 0;
    for (const encoding of ["json", "form", "multipart", "json", "json", "form", "json", "json", "json", "json"] as const) {
      const res = await post("/request-password-reset", { email, redirectTo: "/restablecer-contrasena/nueva" }, encoding);
      // Better Auth takes this endpoint's body as JSON only; any other encoding is refused before anything is sent.
      expect(res.status, encoding).toBe(encoding === "json" ? 200 : 415);
      if (res.status === 200) accepted++;
    }
    expect(accepted).toBe(7);
    const resets = () => mailsTo(email).filter((m) => m.includes("/api/auth/reset-password/"));
    await until(() => resets().length >= LIMITS.resetPerEmail.max, { timeoutMs: 30_000, what: "the reset mails" });
    await new Promise((r) => setTimeout(r, 1500)); // a sixth would have arrived by now
    expect(resets()).toHaveLength(LIMITS.resetPerEmail.max);
  });

  it("4 · completar un restablecimiento anula el otro enlace pendiente", async () => {
    const { email } = await signUp();
    for (let i = 0; i < 2; i++) await post("/request-password-reset", { email, redirectTo: "/restablecer-contrasena/nueva" });
    const resets = () => mailsTo(email).filter((m) => m.includes("/api/auth/reset-password/"));
    await until(() => resets().length >= 2, { timeoutMs: 30_000, what: "two reset mails" });
    const tokens = resets()
      .filter((m) => m.includes("/api/auth/reset-password/"))
      .map((m) => new URL(resetLink(m)).pathname.split("/").at(-1)!);
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    const done = await post("/reset-password", { token: tokens[0]!, newPassword: "nueva-clave-segura-1" });
    expect(done.status).toBe(200);
    const replay = await post("/reset-password", { token: tokens[1]!, newPassword: "otra-clave-segura-2" });
    expect(replay.status).toBe(400);
    const signedIn = await post("/sign-in/email", { email, password: "nueva-clave-segura-1" });
    expect(signedIn.status).toBe(200);
  });

  it("7 · el pedido de restablecimiento responde sin esperar el correo, igual con y sin cuenta", async () => {
    const { email } = await signUp();
    await until(() => mailsTo(email).length > 0, { timeoutMs: 30_000, what: "the welcome mail" });
    held = [];
    try {
      // The SMTP server now never answers: an answer that waited for the mail would not come.
      const known = await post("/request-password-reset", { email, redirectTo: "/restablecer-contrasena/nueva" });
      const unknown = await post("/request-password-reset", { email: `nadie-${Date.now()}@academia.test`, redirectTo: "/restablecer-contrasena/nueva" });
      expect(known.status).toBe(unknown.status);
      expect(await known.text()).toBe(await unknown.text());
      await until(() => (held?.length ?? 0) > 0, { timeoutMs: 30_000, what: "the reset mail reaching SMTP after the answer" });
    } finally {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    }
  });

  it("registro con un correo que ya tiene cuenta: la API y la página responden como a uno nuevo, y su dueña recibe un aviso", async () => {
    const { email: owned } = await signUp(`duena-${Date.now()}@academia.test`);
    await until(() => mailsTo(owned).length > 0, { timeoutMs: 30_000, what: "the owner's welcome mail" });
    const timed = async (email: string) => {
      const started = performance.now();
      const { res } = await signUp(email, "otra-clave-9");
      return { res, ms: performance.now() - started, body: (await res.json()) as { user: Record<string, unknown> } };
    };
    // Two of each: the faster one says what the work costs (a pause of the busy machine only adds time).
    const fresh = [await timed(`nueva-${Date.now()}@academia.test`), await timed(`nueva2-${Date.now()}@academia.test`)];
    const inUse = [await timed(owned.toUpperCase()), await timed(owned)];
    for (const answer of [...fresh, ...inUse]) {
      expect(answer.res.status).toBe(200);
      expect(answer.res.headers.getSetCookie()).toEqual([]);
      expect(Object.keys(answer.body)).toEqual(["user"]);
      expect(Object.keys(answer.body.user).sort()).toEqual(Object.keys(fresh[0]!.body.user).sort());
    }
    // The password is hashed on both ways: an answer that skipped it would come back in a fraction of the time.
    const fastest = (answers: { ms: number }[]) => Math.min(...answers.map((a) => a.ms));
    expect(fastest(inUse)).toBeGreaterThan(fastest(fresh) * 0.4);

    // The page: a new address goes on signed in; one in use (with a password that is not its owner's) is asked
    // to read its mail, with no session and no word of an account.
    const http = httpClient(server);
    const form = (email: string) => ({ name: "Persona de Prueba", email, password: "otra-clave-9", confirmPassword: "otra-clave-9", redirectTo: "/cursos/1/comprar" });
    const page = await http.post("/registro", form(owned));
    signUpsTaken++;
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie()).toEqual([]);
    expect(page.body).toContain("Revisa tu correo");
    expect(page.body).toContain("Te enviamos un correo a <span");
    expect(page.body).toContain("con el siguiente paso.");
    expect(page.body).not.toContain("en uso");
    const created = await http.post("/registro", form(`pagina-${Date.now()}@academia.test`));
    signUpsTaken++;
    expect(created).toMatchObject({ status: 302, location: "/cursos/1/comprar" });
    expect(created.headers.getSetCookie().join("\n")).toMatch(/better-auth\.session_token=/);

    // The owner hears of both attempts, in Spanish, with the way in.
    const notices = () => mailsTo(owned).filter((m) => m.includes("Ya tienes una cuenta"));
    await until(() => notices().length >= 2, { timeoutMs: 30_000, what: "the owner's two notices" });
    expect(notices()[0]).toContain(`${server.base}/login`);
    expect(notices()[0]).toContain(`${server.base}/restablecer-contrasena`);
    expect(notices()[0]).toContain("(hora de Chile)");
  });

  it("2 · registro por la API: un límite por correo y otro por dirección del cliente", async () => {
    const email = `repetido-${Date.now()}@academia.test`;
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.signUpPerEmail.max; i++) statuses.push((await signUp(email)).res.status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1)).not.toContain(429);
    let refused: Response | null = null;
    while (signUpsTaken < LIMITS.signUpPerAddress.max + 5) {
      const { res } = await signUp();
      if (res.status === 429) {
        refused = res;
        break;
      }
    }
    expect(refused?.status).toBe(429);
    expect(signUpsTaken).toBe(LIMITS.signUpPerAddress.max);
  });
});
