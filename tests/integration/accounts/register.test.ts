import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { account, marketingConsentEvent, session, user } from "~/server/platform/db/schema";
import { getUser } from "~/server/accounts/session.server";
import { action as apiAction } from "~/routes/api.auth";
import { action, loader } from "~/routes/registro";
import { site } from "~/config/site";
import { freezeClock, resetClock } from "~/server/platform/clock.server";
import { cookieFrom, formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { apiRequest } from "./support";
import { callAndRead as call } from "../support/call";

const unique = () => `nuevo.${Math.random().toString(36).slice(2, 10)}@academia.test`;
const valid = () => ({ name: "Camila Soto", email: unique(), password: "clave-123", confirmPassword: "clave-123" });

async function roleOf(email: string) {
  const [row] = await db().select({ role: user.role }).from(user).where(eq(user.email, email.toLowerCase()));
  return row?.role;
}

describe("registro (/registro)", () => {
  it("con campos vacíos responde 400 'Por favor, completa todos los campos.' y conserva lo escrito", async () => {
    const out = await call(action, formRequest("/registro", { ...valid(), name: "Ana", email: "", password: "" }));
    expect(out.status).toBe(400);
    expect(out.data.formError).toBe("Por favor, completa todos los campos.");
    expect(out.data.values).toEqual({ name: "Ana", email: "", marketing: false });
    expect(JSON.stringify(out.data)).not.toContain("clave-123");
  });

  it("un nombre de solo espacios cuenta como vacío", async () => {
    const out = await call(action, formRequest("/registro", { ...valid(), name: "   " }));
    expect(out.data.formError).toBe("Por favor, completa todos los campos.");
  });

  it("contraseñas distintas: 'Las contraseñas no coinciden.'", async () => {
    const out = await call(action, formRequest("/registro", { ...valid(), confirmPassword: "otra-clave" }));
    expect(out.status).toBe(400);
    expect(out.data.fieldErrors.confirmPassword).toBe("Las contraseñas no coinciden.");
  });

  it("contraseña corta: 'La contraseña debe tener al menos 6 caracteres.'", async () => {
    const out = await call(action, formRequest("/registro", { ...valid(), password: "12345", confirmPassword: "12345" }));
    expect(out.status).toBe(400);
    expect(out.data.fieldErrors.password).toBe("La contraseña debe tener al menos 6 caracteres.");
  });

  it("correo mal escrito: 'El correo electrónico no es válido.'", async () => {
    const out = await call(action, formRequest("/registro", { ...valid(), email: "camila@" }));
    expect(out.status).toBe(400);
    expect(out.data.fieldErrors.email).toBe("El correo electrónico no es válido.");
  });

  it("un nombre de más de 120 caracteres se rechaza con un mensaje en español", async () => {
    const out = await call(action, formRequest("/registro", { ...valid(), name: "a".repeat(121) }));
    expect(out.status).toBe(400);
    expect(out.data.fieldErrors.name).toBe("El nombre no puede tener más de 120 caracteres.");
  });

  it("crea la cuenta con rol user, inicia sesión y va a /dashboard", async () => {
    const input = valid();
    const out = await call(action, formRequest("/registro", { ...input, email: `  ${input.email.toUpperCase()} ` }));
    expect(out.status).toBe(302);
    expect(out.location).toBe("/dashboard");
    const cookie = cookieFrom(out.headers);
    const me = await getUser(getRequest("/dashboard", cookie));
    expect(me).toMatchObject({ name: "Camila Soto", email: input.email, role: "user" });
    expect(out.headers.getSetCookie().join("\n")).toMatch(/HttpOnly/i);
    expect(out.headers.getSetCookie().join("\n")).toMatch(/SameSite=Lax/i);
  });

  it("un correo que ya tiene cuenta (sin importar mayúsculas): ni error ni sesión, la página pide revisar el correo y la cuenta queda igual", async () => {
    const existing = await createUser({ name: "Dueña Original" });
    const out = await call(action, formRequest("/registro", { ...valid(), email: `  ${existing.email.toUpperCase()}`, redirectTo: "/cursos/1/comprar" }));
    expect(out.status).toBe(200);
    expect(out.data).toEqual({
      sentTo: existing.email,
      loginPath: "/login?redirectTo=%2Fcursos%2F1%2Fcomprar",
      registerPath: "/registro?redirectTo=%2Fcursos%2F1%2Fcomprar",
    });
    expect(out.headers.getSetCookie()).toEqual([]);
    const rows = await db().select({ name: user.name }).from(user).where(sql`lower(${user.email}) = ${existing.email}`);
    expect(rows).toEqual([{ name: "Dueña Original" }]);
    // The owner's own password, not the one typed, still opens the account.
    expect((await call(action, formRequest("/registro", { ...valid(), email: existing.email, password: existing.password, confirmPassword: existing.password }))).status).toBe(302);
  });

  it("quien se registra con su propio correo y su propia contraseña entra a su cuenta, como en /login", async () => {
    const existing = await createUser({ name: "Dueña Distraída" });
    const out = await call(action, formRequest("/registro", { name: "Otro Nombre", email: existing.email, password: existing.password, confirmPassword: existing.password, redirectTo: "/cursos/1/comprar" }));
    expect(out).toMatchObject({ status: 302, location: "/cursos/1/comprar" });
    const me = await getUser(getRequest("/dashboard", cookieFrom(out.headers)));
    expect(me).toMatchObject({ id: existing.id, name: "Dueña Distraída" });
  });

  it("la API de registro responde igual a un correo nuevo y a uno con cuenta: 200, el mismo cuerpo, sin sesión", async () => {
    const existing = await createUser();
    const fresh = unique();
    const answers = [];
    for (const email of [fresh, existing.email]) {
      const res = await call(apiAction, apiRequest("/sign-up/email", { name: "Ana Prueba", email, password: "clave-123" }));
      answers.push({ status: res.status, cookies: res.headers.getSetCookie(), body: res.data as { user: Record<string, unknown> } });
    }
    const [created, inUse] = answers as [(typeof answers)[number], (typeof answers)[number]];
    expect(inUse.status).toBe(200);
    expect(created.status).toBe(inUse.status);
    expect(created.cookies).toEqual([]);
    expect(inUse.cookies).toEqual([]);
    const shape = (v: unknown): unknown =>
      v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]).sort()) : v === null ? null : typeof v;
    expect(shape(inUse.body)).toEqual(shape(created.body));
    // Beyond the shape, the same values but for what names this very call (its id, address and time).
    const own = { id: "", email: "", createdAt: "", updatedAt: "" };
    expect({ ...inUse.body.user, ...own }).toEqual({ ...created.body.user, ...own });
    expect(Object.keys(inUse.body)).toEqual(["user"]);
    expect(inUse.body.user).toMatchObject({ email: existing.email, name: "Ana Prueba", emailVerified: false, role: "user" });
    expect(inUse.body.user.id).not.toBe(existing.id);
    // The new address has its account, signed in only by signing in.
    expect(await roleOf(fresh)).toBe("user");
  });

  it("un campo role=admin en el formulario no crea un administrador", async () => {
    const input = valid();
    const out = await call(action, formRequest("/registro", { ...input, role: "admin", banned: "false" }));
    expect(out.status).toBe(302);
    expect(await roleOf(input.email)).toBe("user");
  });

  it("un POST directo a /api/auth/sign-up/email con role=admin no crea un administrador", async () => {
    const email = unique();
    const out = await call(apiAction, apiRequest("/sign-up/email", { name: "Intrusa", email, password: "clave-123", role: "admin" }));
    expect(out.status).toBeGreaterThanOrEqual(200);
    const role = await roleOf(email);
    // Either refused outright or created as a plain user: never an admin.
    expect(role === undefined || role === "user").toBe(true);
    const again = await call(apiAction, apiRequest("/sign-up/email", { name: "Intrusa", email: unique(), password: "clave-123", data: { role: "admin" } }));
    expect(again.status).toBeLessThan(500);
    const admins = await db().select({ email: user.email }).from(user).where(eq(user.role, "admin"));
    expect(admins).toEqual([]);
  });

  it("/api/auth/sign-up/email tampoco acepta un nombre vacío o de más de 120 caracteres", async () => {
    const empty = await call(apiAction, apiRequest("/sign-up/email", { name: "  ", email: unique(), password: "clave-123" }));
    expect(empty.status).toBe(400);
    const long = await call(apiAction, apiRequest("/sign-up/email", { name: "x".repeat(500), email: unique(), password: "clave-123" }));
    expect(long.status).toBe(400);
    const controls = await call(apiAction, apiRequest("/sign-up/email", { name: "\u0000\u0001", email: unique(), password: "clave-123" }));
    expect(controls.status).toBe(400);
    const email = unique();
    const nul = await call(apiAction, apiRequest("/sign-up/email", { name: "Ana\u0000 María", email, password: "clave-123" }));
    expect(nul.status).toBe(200);
    const [row] = await db().select({ name: user.name }).from(user).where(eq(user.email, email));
    expect(row!.name).toBe("Ana María");
  });

  it("si falla a mitad de camino no queda nada: ni usuario, ni contraseña, ni sesión, y el correo sigue libre", async () => {
    // The account row (the password) is the second of sign-up's writes: make the database refuse it.
    await db().execute(sql`create function refuse_account() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from "user" where id = new.user_id and name = 'Falla Atómica') then
          raise exception 'refused by test';
        end if;
        return new;
      end $$`);
    await db().execute(sql`create trigger refuse_account before insert on account for each row execute function refuse_account()`);
    const count = async (table: typeof account | typeof session) => (await db().select({ id: table.id }).from(table)).length;
    const before = { accounts: await count(account), sessions: await count(session) };
    const input = { ...valid(), name: "Falla Atómica" };
    try {
      const out = await call(action, formRequest("/registro", input));
      expect(out.status).toBe(500);
      expect(out.data.formError).toBe("Ha ocurrido un error al crear la cuenta.");
      expect(out.data.values).toEqual({ name: "Falla Atómica", email: input.email, marketing: false });
      expect(await db().select().from(user).where(eq(user.email, input.email))).toEqual([]);
      expect({ accounts: await count(account), sessions: await count(session) }).toEqual(before);
    } finally {
      await db().execute(sql`drop trigger refuse_account on account`);
      await db().execute(sql`drop function refuse_account()`);
    }
    // The e-mail was not left "in use": the same person can register now.
    expect((await call(action, formRequest("/registro", input))).status).toBe(302);
  });

  it("quien ya inició sesión y abre /registro va a /dashboard", async () => {
    const u = await createUser();
    const out = await call(loader, getRequest("/registro", u.cookie));
    expect(out.status).toBe(302);
    expect(out.location).toBe("/dashboard");
    expect((await call(loader, getRequest("/registro"))).status).toBe(200);
  });

  it("a mitad de una compra: la cuenta nueva vuelve al checkout; otro sitio o una página de acceso no cuentan", async () => {
    const back = await call(action, formRequest("/registro", { ...valid(), redirectTo: "/cursos/1/comprar" }));
    expect(back.status).toBe(302);
    expect(back.location).toBe("/cursos/1/comprar");
    for (const redirectTo of ["https://evil.example/", "//evil.example/x", "/login?redirectTo=/x", "/registro"]) {
      const out = await call(action, formRequest("/registro", { ...valid(), redirectTo }));
      expect(out.status, redirectTo).toBe(302);
      expect(out.location, redirectTo).toBe("/dashboard");
    }
    // The page keeps the way back for its form and its 'Inicia sesión' link; signed in, it goes straight there.
    const page = await call(loader, getRequest("/registro?redirectTo=%2Fcursos%2F1%2Fcomprar"));
    expect(page.data).toEqual({ redirectTo: "/cursos/1/comprar" });
    const u = await createUser();
    const signedIn = await call(loader, getRequest("/registro?redirectTo=%2Fcursos%2F1%2Fcomprar", u.cookie));
    expect(signedIn.location).toBe("/cursos/1/comprar");
    expect((await call(loader, getRequest("/registro?redirectTo=https%3A%2F%2Fevil.example", u.cookie))).location).toBe("/dashboard");
  });
});

describe("registro: aviso de privacidad y permiso de novedades", () => {
  async function consentOf(email: string) {
    const [row] = await db()
      .select({ version: user.privacyNoticeVersion, acceptedAt: user.privacyNoticeAcceptedAt, marketing: user.marketingConsent, marketingAt: user.marketingConsentAt })
      .from(user)
      .where(eq(user.email, email.toLowerCase()));
    return row;
  }

  it("guarda la versión del aviso aceptada y cuándo; sin marcar la casilla no hay permiso de novedades", async () => {
    const input = valid();
    const at = new Date("2026-12-02T13:00:00Z");
    freezeClock(at);
    try {
      expect((await call(action, formRequest("/registro", input))).status).toBe(302);
    } finally {
      resetClock();
    }
    expect(await consentOf(input.email)).toEqual({ version: site.privacy.noticeVersion, acceptedAt: at, marketing: false, marketingAt: at });
    const [made] = await db().select({ id: user.id }).from(user).where(eq(user.email, input.email.toLowerCase()));
    expect((await db().select().from(marketingConsentEvent).where(eq(marketingConsentEvent.userId, made!.id))).map((h) => [h.given, h.source, h.at])).toEqual([[false, "registro", at]]);
  });

  it("con la casilla marcada queda el permiso, con su fecha; un error conserva la casilla marcada", async () => {
    const bad = await call(action, formRequest("/registro", { ...valid(), confirmPassword: "otra", marketing: "on" }));
    expect(bad.data.values.marketing).toBe(true);
    const input = valid();
    expect((await call(action, formRequest("/registro", { ...input, marketing: "on" }))).status).toBe(302);
    expect(await consentOf(input.email)).toMatchObject({ version: site.privacy.noticeVersion, marketing: true });
  });

  it("registrarse con el correo de otra cuenta no cambia el aviso ni el permiso de su dueña", async () => {
    const existing = await createUser();
    const out = await call(action, formRequest("/registro", { ...valid(), email: existing.email, marketing: "on" }));
    expect(out.status).toBe(200);
    expect(await consentOf(existing.email)).toEqual({ version: null, acceptedAt: null, marketing: false, marketingAt: null });
  });

  it("una cuenta creada por la API (sin ver la página) no queda como si hubiera aceptado el aviso", async () => {
    const email = unique();
    expect((await call(apiAction, apiRequest("/sign-up/email", { name: "Ana Prueba", email, password: "clave-123", marketingConsent: true }))).status).toBe(200);
    expect(await consentOf(email)).toEqual({ version: null, acceptedAt: null, marketing: false, marketingAt: null });
  });
});
