// The limits and rules that live in Better Auth's hooks (auth-hooks.server.ts) hold whatever way the request
// comes in: the app's forms, or Better Auth's own endpoint with a JSON, form-encoded or multipart body.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { outbox, verification } from "~/server/platform/db/schema";
import { runDueJobs } from "~/server/platform/outbox/worker.server";
import { CLIENT_IP_HEADER, LIMITS } from "~/server/platform/rate-limit.server";
import { action as apiAction, loader as apiLoader } from "~/routes/api.auth";
import { action as loginAction } from "~/routes/login";
import { action as perfilAction } from "~/routes/perfil";
import { action as newPasswordAction } from "~/routes/restablecer-contrasena-nueva";
import { BASE, formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { apiRequest } from "./support";
import { callAndRead as call } from "../support/call";
import { resetLink, startMailbox } from "./mailbox";

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(async () => {
  await mailbox.stop();
});

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

type Encoding = "json" | "form" | "multipart";

/** A request straight to Better Auth's endpoint, with the body encoded as a client might choose. */
function encodedApiRequest(path: string, fields: Record<string, string>, encoding: Encoding, ip = freshIp()) {
  const headers: Record<string, string> = { origin: BASE, [CLIENT_IP_HEADER]: ip };
  if (encoding === "json") return apiRequest(path, fields, { headers });
  let body: BodyInit;
  if (encoding === "form") {
    body = new URLSearchParams(fields);
    headers["content-type"] = "application/x-www-form-urlencoded";
  } else {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    body = form;
  }
  return new Request(`${BASE}/api/auth${path}`, { method: "POST", body, headers });
}

describe("límite de intentos de inicio de sesión, sea cual sea la codificación", () => {
  // Better Auth refuses some encodings outright (415, nothing compared); every one it accepts is counted.
  for (const encoding of ["json", "form", "multipart"] as const) {
    it(`${encoding}: tras ${LIMITS.signInPerEmail.max} claves erróneas, ni la correcta entra`, async () => {
      const u = await createUser();
      const first = await call(apiAction, encodedApiRequest("/sign-in/email", { email: u.email, password: "mala" }, encoding));
      if (first.status === 415) {
        const right = await call(apiAction, encodedApiRequest("/sign-in/email", { email: u.email, password: u.password }, encoding));
        expect(right.status).toBe(415);
        expect(right.headers.getSetCookie()).toEqual([]);
        return;
      }
      expect(first.status).toBe(401);
      for (let i = 1; i < LIMITS.signInPerEmail.max; i++) {
        const wrong = await call(apiAction, encodedApiRequest("/sign-in/email", { email: u.email, password: `mala-${i}` }, encoding));
        expect(wrong.status).toBe(401);
      }
      const right = await call(apiAction, encodedApiRequest("/sign-in/email", { email: u.email, password: u.password }, encoding));
      expect(right.status).toBe(429);
      expect(right.data.message).toBe("Demasiados intentos fallidos. Por favor, intenta más tarde.");
      expect(right.headers.getSetCookie()).toEqual([]);
    });
  }

  it("las vías se suman: API en tres codificaciones y el formulario /login cuentan juntas", async () => {
    const u = await createUser();
    const ways: Array<() => Promise<number>> = [
      async () => (await call(apiAction, encodedApiRequest("/sign-in/email", { email: u.email, password: "x-1" }, "json"))).status,
      async () => (await call(apiAction, encodedApiRequest("/sign-in/email", { email: u.email.toUpperCase(), password: "x-2" }, "form"))).status,
      async () => (await call(apiAction, encodedApiRequest("/sign-in/email", { email: u.email.replace(/^./, (c) => c.toUpperCase()), password: "x-3" }, "json"))).status,
      async () => (await call(loginAction, formRequest("/login", { email: u.email, password: "x-4" }))).status,
    ];
    for (let i = 0; i < LIMITS.signInPerEmail.max; i++) expect(await ways[i % ways.length]!()).toBe(401);
    expect((await call(loginAction, formRequest("/login", { email: u.email, password: u.password }))).data.formError).toBe(
      "Demasiados intentos fallidos. Por favor, intenta más tarde.",
    );
  });

  it("una dirección que Better Auth aceptaría pero el límite no podría contar se rechaza (400), sin comparar la clave", async () => {
    const u = await createUser();
    for (const email of [[u.email], { e: u.email }, 42]) {
      const res = await call(apiAction, apiRequest("/sign-in/email", { email, password: u.password }));
      expect(res.status).toBe(400);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it("diez intentos simultáneos con la clave errónea no dejan pasar uno más del límite", async () => {
    const u = await createUser();
    const statuses = await Promise.all(
      Array.from({ length: LIMITS.signInPerEmail.max + 5 }, (_, i) =>
        call(apiAction, encodedApiRequest("/sign-in/email", { email: u.email, password: `mala-${i}` }, "json")).then((r) => r.status),
      ),
    );
    // The password gate may ask some to come back (503, nothing counted); of the rest, no more than the limit
    // are checked, whichever order they ran in.
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeLessThanOrEqual(LIMITS.signInPerEmail.max);
    expect(statuses.filter((s) => s !== 401 && s !== 429 && s !== 503)).toEqual([]);
    for (let i = checked; i < LIMITS.signInPerEmail.max; i++) {
      expect((await call(apiAction, apiRequest("/sign-in/email", { email: u.email, password: `otra-${i}` }))).status).toBe(401);
    }
    expect((await call(apiAction, apiRequest("/sign-in/email", { email: u.email, password: u.password }))).status).toBe(429);
  });

  it("una clave de más de 128 caracteres en /login recibe el mensaje de credenciales, en español", async () => {
    const u = await createUser();
    const res = await call(loginAction, formRequest("/login", { email: u.email, password: "x".repeat(129) }));
    expect(res.status).toBe(401);
    expect(res.data.formError).toBe("Correo electrónico o contraseña incorrectos.");
    const api = await call(apiAction, apiRequest("/sign-in/email", { email: u.email, password: "x".repeat(5000) }));
    expect(api.status).toBe(401);
  });

  it("las claves actuales erróneas en /perfil también cuentan", async () => {
    const u = await createUser();
    for (let i = 0; i < LIMITS.signInPerEmail.max; i++) {
      const res = await call(
        perfilAction,
        formRequest("/perfil", { intent: "password", currentPassword: `mala-${i}`, newPassword: "nueva-clave", confirmNewPassword: "nueva-clave" }, { cookie: u.cookie }),
      );
      expect(res.data.fieldErrors?.currentPassword ?? res.data.formError).toBeTruthy();
    }
    const right = await call(
      perfilAction,
      formRequest("/perfil", { intent: "password", currentPassword: u.password, newPassword: "nueva-clave", confirmNewPassword: "nueva-clave" }, { cookie: u.cookie }),
    );
    expect(right.status).toBe(429);
  });
});

describe("cuota de correos de restablecimiento por la API", () => {
  for (const encoding of ["json", "form", "multipart"] as const) {
    it(`${encoding}: siete pedidos a /request-password-reset envían a lo más cinco correos`, async () => {
      const u = await createUser();
      // The account's welcome mail goes out first: only reset mails are counted below.
      await runDueJobs();
      const before = mailbox.to(u.email).length;
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await call(apiAction, encodedApiRequest("/request-password-reset", { email: u.email }, encoding));
        statuses.push(res.status);
        if (res.status === 200) expect(res.data.status).toBe(true);
      }
      await runDueJobs();
      const sent = mailbox.to(u.email).length - before;
      // An encoding Better Auth refuses (415) sends nothing; one it accepts is held to the quota.
      if (statuses.every((s) => s === 415)) expect(sent).toBe(0);
      else {
        expect(statuses.every((s) => s === 200)).toBe(true);
        expect(sent).toBe(LIMITS.resetPerEmail.max);
      }
    });
  }

  it("la respuesta no consulta la cuenta: el pedido queda en cola, igual para un correo con y sin cuenta", async () => {
    const u = await createUser();
    const known = await call(apiAction, apiRequest("/request-password-reset", { email: u.email }));
    const unknown = await call(apiAction, apiRequest("/request-password-reset", { email: "nadie.aqui@academia.test" }));
    expect(known.data).toEqual(unknown.data);
    expect(known.status).toBe(unknown.status);
    // Nothing was decided yet: no token exists until the outbox worker runs.
    const tokens = await db().select().from(verification).where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, u.id)));
    expect(tokens).toEqual([]);
    const queued = await db().select().from(outbox).where(eq(outbox.kind, "passwordReset"));
    expect(queued.map((q) => (q.payload as { email: string }).email)).toEqual(expect.arrayContaining([u.email, "nadie.aqui@academia.test"]));
    await runDueJobs();
    expect(mailbox.to("nadie.aqui@academia.test")).toEqual([]);
    expect(mailbox.to(u.email).length).toBeGreaterThan(0);
  });
});

describe("registro por la API: límite por correo y por dirección", () => {
  it(`más de ${LIMITS.signUpPerEmail.max} registros con un mismo correo en una hora: 429`, async () => {
    const email = `limite.registro.${Date.now()}@academia.test`;
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.signUpPerEmail.max + 1; i++) {
      statuses.push((await call(apiAction, encodedApiRequest("/sign-up/email", { email, password: "clave-segura-1", name: "Ana" }, "form"))).status);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(429);
  });

  it(`más de ${LIMITS.signUpPerAddress.max} registros desde una dirección en una hora: 429`, async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i <= LIMITS.signUpPerAddress.max; i++) {
      last = (
        await call(apiAction, encodedApiRequest("/sign-up/email", { email: `ip.${i}.${Date.now()}@academia.test`, password: "clave-segura-1", name: "Ana" }, "json", ip))
      ).status;
      if (i < LIMITS.signUpPerAddress.max) expect(last).toBe(200);
    }
    expect(last).toBe(429);
  });
});

describe("al cambiar la contraseña, los demás enlaces de restablecimiento dejan de servir", () => {
  async function twoResetLinks(email: string) {
    await call(apiAction, apiRequest("/request-password-reset", { email }));
    await call(apiAction, apiRequest("/request-password-reset", { email }));
    await runDueJobs();
    const links = mailbox.to(email).slice(-2).map(resetLink);
    expect(links).toHaveLength(2);
    return links.map((l) => new URL(l).pathname.split("/").at(-1)!);
  }

  it("completar un restablecimiento anula el otro enlace pendiente y avisa al titular", async () => {
    const u = await createUser();
    const [first, second] = await twoResetLinks(u.email);
    const done = await call(newPasswordAction, formRequest("/restablecer-contrasena/nueva", { token: first!, password: "nueva-clave-1", confirmPassword: "nueva-clave-1" }));
    expect(done.data).toEqual({ state: "done" });
    const replay = await call(newPasswordAction, formRequest("/restablecer-contrasena/nueva", { token: second!, password: "otra-clave-2", confirmPassword: "otra-clave-2" }));
    expect(replay.data).toEqual({ state: "invalid" });
    await runDueJobs();
    expect(mailbox.to(u.email).at(-1)).toContain("La contraseña de tu cuenta se cambió el");
  });

  it("cambiar la contraseña en /perfil anula los enlaces pendientes", async () => {
    const u = await createUser();
    const [token] = await twoResetLinks(u.email);
    const changed = await call(
      perfilAction,
      formRequest("/perfil", { intent: "password", currentPassword: u.password, newPassword: "nueva-clave-3", confirmNewPassword: "nueva-clave-3" }, { cookie: u.cookie }),
    );
    expect(changed.status).toBe(200);
    const replay = await call(newPasswordAction, formRequest("/restablecer-contrasena/nueva", { token: token!, password: "otra-clave-4", confirmPassword: "otra-clave-4" }));
    expect(replay.data).toEqual({ state: "invalid" });
    const left = await db().select().from(verification).where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, u.id)));
    expect(left).toEqual([]);
  });
});

describe("entradas hostiles a Better Auth", () => {
  it("un NUL en el token de restablecimiento: 400, no 500", async () => {
    const res = await call(apiAction, apiRequest("/reset-password", { token: "abc\u0000def", newPassword: "nueva-clave-1" }));
    expect(res.status).toBe(400);
    const form = await call(apiAction, encodedApiRequest("/reset-password", { token: "a\u0000b", newPassword: "nueva-clave-1" }, "form"));
    expect([400, 415]).toContain(form.status);
  });

  it("/api/auth/get-session no existe: el token de sesión no llega al JavaScript de la página", async () => {
    const u = await createUser();
    const res = await call(apiLoader, getRequest("/api/auth/get-session", u.cookie));
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.data)).not.toContain("token");
  });
});
