// Hostile input on the account forms: registro, login, password reset (both steps), perfil and logout.
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as registerAction } from "~/routes/registro";
import { action as loginAction } from "~/routes/login";
import { action as resetRequestAction } from "~/routes/restablecer-contrasena";
import { action as resetAction } from "~/routes/restablecer-contrasena-nueva";
import { action as profileAction } from "~/routes/perfil";
import { action as logoutAction } from "~/routes/logout";
import { action as authApiAction, loader as authApiLoader } from "~/routes/api.auth";
import { accountMessages as M } from "~/domain/account-messages";
import { db } from "~/server/platform/db/client.server";
import { user } from "~/server/platform/db/schema";
import { BASE } from "../support/requests";
import { createUser } from "../support/users";
import { callRoute, expectSafeAnswer, expectValidTables, formArb, hostileFormArb, fuzzOptions, hostileString, post, type FormFields } from "./fuzz-support";

// perfil.tsx answers an unknown intent with its own text.
const catalogue = [...Object.values(M), "Acción no válida."];
const first = (v: FormFields[string] | undefined) => (Array.isArray(v) ? v[0] : v);
// What a name becomes when stored: invisible control characters never reach the database.
// (A lone surrogate travels as U+FFFD in a urlencoded body, as a browser sends it.)
// eslint-disable-next-line no-control-regex
const stored = (v: string) => v.toWellFormed().replace(/[\t\n\r]/g, " ").replace(/[\u0000-\u001f\u007f]/g, "").trim();
/** Cases that always run, before the random ones: NUL (PostgreSQL refuses it), invisible names, 1 MB. */
const nasty = ["a\u0000b", "\u0000", "\u0001\u0002", "\t\n", "\ud800", "x".repeat(1024 * 1024), "<script>alert(1)</script>"];
const secretsOf = (form: FormFields, names: string[]) => names.flatMap((n) => [form[n] ?? []].flat());

let learner: Awaited<ReturnType<typeof createUser>>;
let victim: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  learner = await createUser({ name: "Lucía Alumna" });
  victim = await createUser({ name: "Víctor Víctima" });
});

const emailArb = fc.stringMatching(/^[a-z][a-z0-9]{2,10}$/).map((s) => `${s}@academia.test`);
const passwordArb = fc.constantFrom("clave-segura-1", "123456", "contraseña ñandú 😀", "x".repeat(128));

describe("registro con entradas hostiles", () => {
  it("nunca falla con 500, responde en español y solo guarda cuentas válidas de rol user", async () => {
    const registered = new Map<string, string>();
    await fc.assert(
      fc.asyncProperty(
        hostileFormArb({ name: fc.constantFrom("Ana", "José Pérez"), email: emailArb, password: passwordArb, confirmPassword: passwordArb }),
        fc.boolean(),
        async (form, matching) => {
          if (matching && typeof form.password === "string") form.confirmPassword = form.password;
          const answer = await callRoute(registerAction, post("/registro", form));
          expectSafeAnswer(answer, { catalogue, form, secrets: secretsOf(form, ["password", "confirmPassword"]) });
          const blank = ["name", "email", "password", "confirmPassword"].some((f) => !(first(form[f]) ?? "").trim());
          // A body past the form limit is refused whole (413) before any field is read.
          if (blank && answer.status !== 413) {
            expect(answer.status).toBe(400);
            expect((answer.data as { formError?: string }).formError).toBe(M.required);
          }
          if (answer.status === 302) {
            const email = first(form.email)!.trim().toLowerCase();
            const [row] = await db().select().from(user).where(eq(user.email, email));
            expect(row?.role).toBe("user");
            // An address drawn twice with the same password signs in to the account the first one made.
            expect(row?.name).toBe(registered.get(email) ?? stored(first(form.name)!));
            if (!registered.has(email)) registered.set(email, row!.name);
          }
        },
      ),
      {
        ...fuzzOptions(30),
        examples: nasty.map((name, i): [FormFields, boolean] => [
          { name, email: `nasty${i}@academia.test`, password: "clave-segura-1", confirmPassword: "clave-segura-1" },
          true,
        ]),
      },
    );
    await expectValidTables();
  });
});

describe("login y restablecimiento con entradas hostiles", () => {
  it("login: sin 500, mensajes del catálogo, nunca devuelve la contraseña", async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileFormArb({
          email: fc.constantFrom(learner.email, "nadie@academia.test"),
          password: fc.constantFrom(learner.password, "incorrecta"),
          redirectTo: fc.constantFrom("/dashboard", "//evil.example", "https://evil.example", "/cursos/1"),
          js: fc.constantFrom("1", "0"),
        }),
        async (form) => {
          const answer = await callRoute(loginAction, post("/login", form));
          expectSafeAnswer(answer, { form, secrets: secretsOf(form, ["password"]) });
          if (answer.location) expect(answer.location).toMatch(/^\/(?!\/)/);
          const formError = (answer.data as { formError?: string } | undefined)?.formError;
          if (formError) expect(catalogue.includes(formError as never) || formError.startsWith(M.loginOther)).toBe(true);
        },
      ),
      fuzzOptions(20),
    );
  });

  it("pedir el correo de restablecimiento: sin 500 y siempre la misma respuesta para correos válidos", async () => {
    await fc.assert(
      fc.asyncProperty(hostileFormArb({ email: fc.constantFrom(learner.email, "nadie@academia.test") }), async (form) => {
        const answer = await callRoute(resetRequestAction, post("/restablecer-contrasena", form));
        expectSafeAnswer(answer, { catalogue });
      }),
      fuzzOptions(20),
    );
  });

  it("nueva contraseña con un token falso o hostil: sin 500 y sin cambiar ninguna contraseña", async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileFormArb({ token: fc.constantFrom("abc", "reset-password:abc"), password: passwordArb, confirmPassword: passwordArb }),
        async (form) => {
          const answer = await callRoute(resetAction, post("/restablecer-contrasena/nueva", form));
          expectSafeAnswer(answer, { catalogue, form, secrets: secretsOf(form, ["password", "confirmPassword"]) });
          expect((answer.data as { state?: string }).state).not.toBe("done");
        },
      ),
      fuzzOptions(20),
    );
    // The learner can still sign in with the original password.
    const answer = await callRoute(loginAction, post("/login", { email: learner.email, password: learner.password }));
    expect(answer.status).toBe(302);
  });
});

describe("perfil con entradas hostiles", () => {
  it("guarda solo datos válidos de la propia cuenta, o responde 400 con el mensaje del campo", async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileFormArb({
          intent: fc.constantFrom("profile", "password"),
          name: fc.constantFrom("Lucía Alumna", "María José Pérez"),
          phone: fc.constantFrom("+56 9 1234 5678", ""),
          address: fc.constantFrom("Av. Providencia 1234, Santiago", ""),
          // Never the right one: a successful change would end this test's session.
          currentPassword: fc.constantFrom("incorrecta", "clave-segura-2"),
          newPassword: passwordArb,
          confirmNewPassword: passwordArb,
        }),
        fc.constantFrom(victim.id, victim.email, "admin"),
        async (form, target) => {
          // Forged fields that try to reach another account or a higher role.
          form.userId = target;
          form.role = "admin";
          form.email = victim.email;
          const before = await db().select().from(user).where(eq(user.id, victim.id));
          const answer = await callRoute(profileAction, post("/perfil", form, learner.cookie));
          expectSafeAnswer(answer, { catalogue, form, secrets: secretsOf(form, ["currentPassword", "newPassword", "confirmNewPassword"]) });
          const data = answer.data as { intent?: string; success?: string; fieldErrors?: Record<string, string> };
          const name = first(form.name) ?? "";
          if (form.intent === "profile" && !stored(name) && answer.status !== 413) {
            expect(answer.status).toBe(400);
            expect(data.fieldErrors?.name).toBe(M.nameEmpty);
          }
          const [me] = await db().select().from(user).where(eq(user.id, learner.id));
          expect(me?.email).toBe(learner.email);
          expect(me?.role).toBe("user");
          if (data.intent === "profile" && data.success) expect(me?.name).toBe(stored(name));
          expect(await db().select().from(user).where(eq(user.id, victim.id))).toEqual(before);
          if (data.intent === "password") expect(data.success).toBeUndefined();
        },
      ),
      {
        ...fuzzOptions(50),
        examples: nasty.flatMap((value): [FormFields, string][] => [
          [{ intent: "profile", name: value, phone: "", address: "" }, victim.id],
          [{ intent: "profile", name: "Lucía Alumna", phone: value, address: value }, victim.id],
        ]),
      },
    );
    await expectValidTables();
  });

  it("sin sesión, perfil y logout no escriben nada y redirigen", async () => {
    await fc.assert(
      fc.asyncProperty(formArb({ intent: fc.constantFrom("profile", "password"), name: hostileString }), async (form) => {
        const profile = await callRoute(profileAction, post("/perfil", form));
        expect(profile.status).toBe(302);
        expect(profile.location).toMatch(/^\/login/);
        const logout = await callRoute(logoutAction, post("/logout", form));
        expectSafeAnswer(logout);
      }),
      fuzzOptions(10),
    );
  });
});

describe("API de autenticación con JSON hostil", () => {
  it("registro, inicio de sesión y restablecimiento por la API: nunca 500 ni trazas, nunca una cuenta inválida", async () => {
    const jsonValue = fc.oneof(
      hostileString,
      fc.constantFrom(learner.email, "nuevo@academia.test", "clave-segura-1"),
      fc.integer(),
      fc.constant(null),
      fc.boolean(),
      fc.array(hostileString, { maxLength: 2 }),
      fc.dictionary(fc.constantFrom("a", "__proto__", "constructor"), hostileString, { maxKeys: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<string>("/sign-up/email", "/sign-in/email", "/request-password-reset", "/reset-password", "/sign-out", "/update-user", "/admin/set-role"),
        fc.dictionary<unknown>(fc.constantFrom("email", "password", "name", "newPassword", "token", "rememberMe", "role", "callbackURL", "redirectTo"), jsonValue, { maxKeys: 5 }),
        fc.constantFrom<string>("json", "broken", "form"),
        fc.boolean(),
        async (path, body, encoding, signedIn) => {
          const headers: Record<string, string> = { origin: BASE };
          if (signedIn) headers.cookie = learner.cookie;
          let payload: string;
          if (encoding === "json") {
            headers["content-type"] = "application/json";
            payload = JSON.stringify(body);
          } else if (encoding === "broken") {
            headers["content-type"] = "application/json";
            payload = JSON.stringify(body).slice(0, -1) + "\u0000";
          } else {
            headers["content-type"] = "application/x-www-form-urlencoded";
            payload = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)])).toString();
          }
          const request = new Request(`${BASE}/api/auth${path}`, { method: "POST", headers, body: payload });
          const answer = await callRoute(authApiAction, request);
          expect(answer.status, `HTTP ${answer.status}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
          expect(answer.body).not.toMatch(/\n\s+at\s|node_modules|\/work\//);
        },
      ),
      {
        ...fuzzOptions(40),
        examples: [
          ["/sign-up/email", { email: "nul@academia.test", password: "clave-segura-1", name: "a\u0000b" }, "json", false] as [string, Record<string, unknown>, string, boolean],
          ["/sign-up/email", { email: "tipo@academia.test", password: 123456, name: ["x"] }, "json", false],
          ["/sign-in/email", { email: { $ne: 1 }, password: null }, "json", false],
          ["/update-user", { name: "\u0000", role: "admin" }, "json", true],
        ],
      },
    );
    const loaderAnswer = await callRoute(authApiLoader, new Request(`${BASE}/api/auth/reset-password/%00`));
    expect(loaderAnswer.status).toBeLessThan(500);
    const [me] = await db().select().from(user).where(eq(user.id, learner.id));
    expect(me?.role).toBe("user");
    await expectValidTables();
  });
});
