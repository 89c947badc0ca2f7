// The session is looked up once per page request, however many loaders ask (request-scope.server.ts),
// and what is looked up reflects the database at that moment: a ban or a new name shows on the next request.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { session, user } from "~/server/platform/db/schema";
import { getAuth } from "~/server/accounts/auth.server";
import { withRequestScope } from "~/server/platform/http/request-scope.server";
import { getUser } from "~/server/accounts/session.server";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";

describe("sesión por solicitud", () => {
  it("los loaders de una misma solicitud GET comparten una sola consulta de la sesión", async () => {
    const u = await createUser();
    // React Router gives each loader its own Request object for the same HTTP request.
    const [a, b] = await withRequestScope(async () => {
      const first = getUser(getRequest("/dashboard", u.cookie));
      const second = getUser(getRequest("/dashboard", u.cookie));
      expect(second).toBe(first);
      return Promise.all([first, second]);
    });
    expect(a).toMatchObject({ id: u.id, role: "user" });
    expect(b).toBe(a);
    // Outside a scope (actions, tests), each Request looks the session up afresh.
    expect(getUser(getRequest("/dashboard", u.cookie))).not.toBe(getUser(getRequest("/dashboard", u.cookie)));
  });

  it("cookies distintas nunca comparten el resultado", async () => {
    const ana = await createUser({ name: "Ana Scope" });
    const bea = await createUser({ name: "Bea Scope" });
    const [first, second, anonymous] = await withRequestScope(() =>
      Promise.all([getUser(getRequest("/", ana.cookie)), getUser(getRequest("/", bea.cookie)), getUser(getRequest("/"))]),
    );
    expect(first?.name).toBe("Ana Scope");
    expect(second?.name).toBe("Bea Scope");
    expect(anonymous).toBeNull();
  });

  it("un cambio de nombre, de rol o una cuenta deshabilitada se ven en la solicitud siguiente", async () => {
    const u = await createUser({ name: "Antes Scope" });
    expect((await withRequestScope(() => getUser(getRequest("/", u.cookie))))?.name).toBe("Antes Scope");
    await db().update(user).set({ name: "Después Scope", role: "admin" }).where(eq(user.id, u.id));
    expect(await withRequestScope(() => getUser(getRequest("/", u.cookie)))).toMatchObject({ name: "Después Scope", role: "admin" });
    await db().update(user).set({ banned: true }).where(eq(user.id, u.id));
    expect(await withRequestScope(() => getUser(getRequest("/", u.cookie)))).toBeNull();
  });
});

describe("la cookie de sesión, leída sin pasar por Better Auth", () => {
  const tokenOf = (cookie: string) => decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(cookie)![1]!);

  it("una firma alterada, un token ajeno sin firma o una cookie rota no abren sesión", async () => {
    const u = await createUser();
    const value = tokenOf(u.cookie);
    const dot = value.lastIndexOf(".");
    const [token, signature] = [value.slice(0, dot), value.slice(dot + 1)];
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const cookie of [
      `better-auth.session_token=${encodeURIComponent(`${token}.${flipped}`)}`,
      `better-auth.session_token=${token}`,
      `better-auth.session_token=${encodeURIComponent(`${token}x.${signature}`)}`,
      "better-auth.session_token=%E0%A4%A",
      `__Secure-better-auth.session_token=${encodeURIComponent(value)}`,
    ]) {
      expect(await getUser(getRequest("/dashboard", cookie)), cookie).toBeNull();
    }
    expect(await getUser(getRequest("/dashboard", u.cookie))).toMatchObject({ id: u.id });
  });

  it("una sesión vencida no vale", async () => {
    const u = await createUser();
    const token = tokenOf(u.cookie).split(".")[0]!;
    await db().update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.token, token));
    expect(await getUser(getRequest("/dashboard", u.cookie))).toBeNull();
    // …and is deleted, as Better Auth does.
    expect(await db().select().from(session).where(eq(session.token, token))).toEqual([]);
  });

  it("una sesión con más de un día se extiende, como lo hace Better Auth", async () => {
    const u = await createUser();
    const token = tokenOf(u.cookie).split(".")[0]!;

    // Created two days ago: 28 days left of 30, more than a day old, so this request extends it to 30.
    const twoDaysOld = new Date(Date.now() + 28 * 24 * 3600 * 1000);
    await db().update(session).set({ expiresAt: twoDaysOld }).where(eq(session.token, token));
    expect(await getUser(getRequest("/dashboard", u.cookie))).toMatchObject({ id: u.id });
    const [row] = await db().select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it("cerrar sesión la termina en la solicitud siguiente", async () => {
    const u = await createUser();
    const auth = await getAuth();
    await auth.api.signOut({ headers: getRequest("/", u.cookie).headers });
    expect(await getUser(getRequest("/dashboard", u.cookie))).toBeNull();
  });
});
