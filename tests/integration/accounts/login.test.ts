import { describe, expect, it } from "vitest";
import { eq, like, sql } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { loginAttempt, user } from "~/server/platform/db/schema";
import { getUser } from "~/server/accounts/session.server";
import { CLIENT_IP_HEADER, LIMITS } from "~/server/platform/rate-limit.server";
import { action as apiAction } from "~/routes/api.auth";
import { action, loader } from "~/routes/login";
import { cookieFrom, formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { accountMessages as M } from "~/domain/account-messages";
import { apiRequest } from "./support";
import { callAndRead as call } from "../support/call";

const TOO_MANY = "Demasiados intentos fallidos. Por favor, intenta más tarde.";
const WRONG = "Correo electrónico o contraseña incorrectos.";

function login(fields: Record<string, string>, ip?: string) {
  return call(action, formRequest("/login", fields, ip ? { headers: { [CLIENT_IP_HEADER]: ip } } : {}));
}

describe("inicio de sesión (/login)", () => {
  it("con un campo vacío: 'Por favor, completa todos los campos.'", async () => {
    const out = await login({ email: "alguien@academia.test", password: "" });
    expect(out.status).toBe(400);
    expect(out.data.formError).toBe("Por favor, completa todos los campos.");
    expect(out.data.values.email).toBe("alguien@academia.test");
  });

  it("correo mal escrito: 'El correo electrónico no es válido.'", async () => {
    const out = await login({ email: "no-es-correo", password: "algo-123" });
    expect(out.status).toBe(400);
    expect(out.data.formError).toBe("El correo electrónico no es válido.");
  });

  it("correo desconocido y contraseña equivocada dan el mismo mensaje (B10)", async () => {
    const u = await createUser();
    const wrong = await login({ email: u.email, password: "no-es-la-clave" });
    const unknown = await login({ email: "nadie.aqui@academia.test", password: "no-es-la-clave" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.data.formError).toBe(WRONG);
    expect(unknown.data.formError).toBe(WRONG);
  });

  it("sin JavaScript: 302 a /dashboard con la cookie de sesión (HttpOnly, SameSite=Lax)", async () => {
    const u = await createUser();
    const out = await login({ email: u.email.toUpperCase(), password: u.password });
    expect(out.status).toBe(302);
    expect(out.location).toBe("/dashboard");
    const setCookie = out.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/better-auth\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/); // served over http in tests
    expect(await getUser(getRequest("/dashboard", cookieFrom(out.headers)))).toMatchObject({ id: u.id });
  });

  it("con JavaScript: responde la confirmación y el destino; vuelve a la página de origen si es del sitio", async () => {
    const u = await createUser();
    const out = await login({ email: u.email, password: u.password, js: "1", redirectTo: "/cursos/1/contenido?x=1" });
    expect(out.status).toBe(200);
    expect(out.data).toEqual({ success: true, redirectTo: "/cursos/1/contenido?x=1" });
    expect(cookieFrom(out.headers)).toMatch(/better-auth\.session_token=/);
  });

  it.each(["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "/login"])(
    "un redirectTo fuera del sitio (%s) lleva a /dashboard",
    async (redirectTo) => {
      const u = await createUser();
      const out = await login({ email: u.email, password: u.password, redirectTo });
      expect(out.location).toBe("/dashboard");
    },
  );

  it("una cuenta deshabilitada: 'Esta cuenta ha sido deshabilitada.' (con la contraseña correcta)", async () => {
    const u = await createUser();
    await db().update(user).set({ banned: true }).where(eq(user.id, u.id));
    const out = await login({ email: u.email, password: u.password });
    expect(out.status).toBe(403);
    expect(out.data.formError).toBe("Esta cuenta ha sido deshabilitada.");
    const wrong = await login({ email: u.email, password: "otra-cosa" });
    expect(wrong.data.formError).toBe(WRONG);
    // Its earlier session no longer counts either.
    expect(await getUser(getRequest("/dashboard", u.cookie))).toBeNull();
  });

  it("quien ya inició sesión y abre /login va a la página que lo pidió (del sitio), o a /dashboard", async () => {
    const u = await createUser();
    const back = await call(loader, getRequest("/login?redirectTo=/perfil", u.cookie));
    expect(back.status).toBe(302);
    expect(back.location).toBe("/perfil");
    const plain = await call(loader, getRequest("/login", u.cookie));
    expect(plain.location).toBe("/dashboard");
    const away = await call(loader, getRequest("/login?redirectTo=https%3A%2F%2Fevil.example", u.cookie));
    expect(away.location).toBe("/dashboard");
  });

  it("el loader entrega solo un redirectTo del sitio", async () => {
    expect((await call(loader, getRequest("/login?redirectTo=%2Fperfil"))).data).toEqual({ redirectTo: "/perfil" });
    expect((await call(loader, getRequest("/login?redirectTo=https%3A%2F%2Fevil.example"))).data).toEqual({ redirectTo: "/dashboard" });
  });
});

describe("límite de intentos fallidos (B10)", () => {
  it("el intento 11 seguido se rechaza con el mensaje aunque la contraseña sea correcta", async () => {
    const u = await createUser();
    for (let i = 0; i < LIMITS.signInPerEmail.max; i++) {
      const out = await login({ email: u.email, password: `mala-${i}` });
      expect(out.data.formError).toBe(WRONG);
    }
    const eleventh = await login({ email: u.email, password: u.password });
    expect(eleventh.status).toBe(429);
    expect(eleventh.data.formError).toBe(TOO_MANY);
    expect(eleventh.headers.getSetCookie()).toEqual([]);
    // Another account is not affected.
    const other = await createUser();
    expect((await login({ email: other.email, password: other.password })).status).toBe(302);
    // Written in the database: the limit holds across restarts and instances.
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(loginAttempt)
      .where(eq(loginAttempt.key, `email:${u.email}`));
    expect(row!.n).toBe(LIMITS.signInPerEmail.max);
    // Once the window has passed, the right password works again and clears the count.
    await db()
      .update(loginAttempt)
      .set({ attemptedAt: sql`now() - interval '16 minutes'` })
      .where(eq(loginAttempt.key, `email:${u.email}`));
    expect((await login({ email: u.email, password: u.password })).status).toBe(302);
    const [after] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(loginAttempt)
      .where(eq(loginAttempt.key, `email:${u.email}`));
    expect(after!.n).toBe(0);
  });

  it("15 intentos a la vez no revisan más de 10 contraseñas", async () => {
    const u = await createUser();
    const results = await Promise.all(Array.from({ length: 15 }, (_, i) => login({ email: u.email, password: `mala-${i}` })));
    const checked = results.filter((r) => r.data.formError === WRONG).length;
    const refused = results.filter((r) => r.data.formError === TOO_MANY).length;
    // Asked to come back by the password gate (503): not checked, not counted.
    const busy = results.filter((r) => r.status === 503 && r.data.formError === M.busy).length;
    expect(checked).toBeLessThanOrEqual(LIMITS.signInPerEmail.max);
    expect(checked + refused + busy).toBe(15);
    // Attempts refused while others were in flight do not count; the checked ones do.
    for (let i = checked; i < LIMITS.signInPerEmail.max; i++) {
      expect((await login({ email: u.email, password: `otra-${i}` })).data.formError).toBe(WRONG);
    }
    expect((await login({ email: u.email, password: u.password })).data.formError).toBe(TOO_MANY);
  });

  it("un acierto borra los fallos anteriores de ese correo", async () => {
    const u = await createUser();
    for (let i = 0; i < 9; i++) await login({ email: u.email, password: `mala-${i}` });
    expect((await login({ email: u.email, password: u.password })).status).toBe(302);
    for (let i = 0; i < 9; i++) await login({ email: u.email, password: `mala-${i}` });
    expect((await login({ email: u.email, password: u.password })).status).toBe(302);
  });

  it("muchos fallos desde una misma dirección bloquean esa dirección, no a las demás", async () => {
    const ip = "203.0.113.7";
    await db()
      .insert(loginAttempt)
      .values(Array.from({ length: LIMITS.signInPerAddress.max }, () => ({ key: `ip:${ip}` })));
    const u = await createUser();
    const out = await login({ email: u.email, password: u.password }, ip);
    expect(out.data.formError).toBe(TOO_MANY);
    expect((await login({ email: u.email, password: u.password }, "203.0.113.8")).status).toBe(302);
  });

  it("las direcciones IPv6 de un mismo /64 cuentan juntas", async () => {
    await db()
      .insert(loginAttempt)
      .values(Array.from({ length: LIMITS.signInPerAddress.max }, () => ({ key: "ip:2001:db8:1:2::/64" })));
    const u = await createUser();
    const out = await login({ email: u.email, password: u.password }, "2001:db8:1:2:aaaa::1");
    expect(out.data.formError).toBe(TOO_MANY);
    await db().delete(loginAttempt).where(like(loginAttempt.key, "ip:2001:db8:%"));
  });

  it("el inicio de sesión directo por /api/auth/sign-in/email cuenta para el mismo límite", async () => {
    const u = await createUser();
    for (let i = 0; i < LIMITS.signInPerEmail.max; i++) {
      const out = await call(apiAction, apiRequest("/sign-in/email", { email: u.email, password: `mala-${i}` }));
      expect(out.status).toBe(401);
    }
    const blocked = await call(apiAction, apiRequest("/sign-in/email", { email: u.email, password: u.password }));
    expect(blocked.status).toBe(429);
    expect(blocked.data.message).toBe(TOO_MANY);
    expect((await login({ email: u.email, password: u.password })).data.formError).toBe(TOO_MANY);
  });

  it("/api/auth/sign-in/email con un correo que no es correo (o con NUL) responde 400, nunca 500", async () => {
    for (const email of ["no-es-correo", "a\u0000b@academia.test", 42]) {
      const out = await call(apiAction, apiRequest("/sign-in/email", { email, password: "algo-123" }));
      expect(out.status).toBe(400);
    }
  });
});
