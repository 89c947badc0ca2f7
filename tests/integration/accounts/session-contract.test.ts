// The academy reads a signed-in request's session itself (accounts/session-cookie.server.ts, session.server.ts)
// instead of through Better Auth's getSession. This is the contract that makes that safe: on every kind of
// session — valid, expired, tampered, revoked, banned — both readings agree, and a cookie from a real sign-in and
// one written by sessionCookie() are the same thing to both. A Better Auth upgrade that changes the format fails
// here, and the exact pin in package.json keeps an upgrade from arriving unnoticed.
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getAuth } from "~/server/accounts/auth.server";
import { getUser } from "~/server/accounts/session.server";
import { sessionCookie, VERIFIED_WITH } from "~/server/accounts/session-cookie.server";
import { db } from "~/server/platform/db/client.server";
import { session, user } from "~/server/platform/db/schema";
import { createUser } from "../support/users";

async function both(cookie: string) {
  const auth = await getAuth();
  const theirs = await auth.api.getSession({ headers: new Headers({ cookie }) });
  const ours = await getUser(new Request("http://localhost:3000/dashboard", { headers: { cookie } }));
  return { theirs: theirs?.user.id ?? null, ours: ours?.id ?? null };
}

function tokenOf(cookie: string) {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  return value.slice(0, value.lastIndexOf("."));
}

describe("la sesión leída por la academia y por Better Auth", () => {
  it("la versión instalada de Better Auth es la fijada y la verificada", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
    const installed = JSON.parse(fs.readFileSync("node_modules/better-auth/package.json", "utf8")).version;
    expect(pkg.dependencies["better-auth"]).toBe(VERIFIED_WITH);
    expect(installed).toBe(VERIFIED_WITH);
  });

  it("válida: la cookie de un inicio de sesión real y la escrita por sessionCookie() son la misma para ambos", async () => {
    const u = await createUser({ password: "clave-contrato-1" });
    expect(await both(u.cookie)).toEqual({ theirs: u.id, ours: u.id });

    const auth = await getAuth();
    const { headers } = await auth.api.signInEmail({ body: { email: u.email, password: "clave-contrato-1" }, returnHeaders: true });
    const real = headers.getSetCookie().map((c) => c.split(";")[0] ?? "").find((c) => c.includes("session_token"))!;
    expect(await both(real)).toEqual({ theirs: u.id, ours: u.id });
    expect(await sessionCookie(tokenOf(real))).toBe(real);
  });

  it("vencida: ninguno la acepta", async () => {
    const u = await createUser();
    await db().update(session).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(session.userId, u.id));
    expect(await both(u.cookie)).toEqual({ theirs: null, ours: null });
  });

  it("alterada (firma, token o nombre): ninguno la acepta", async () => {
    const u = await createUser();
    const value = decodeURIComponent(u.cookie.slice(u.cookie.indexOf("=") + 1));
    const [token, sig] = [value.slice(0, value.lastIndexOf(".")), value.slice(value.lastIndexOf(".") + 1)];
    const name = u.cookie.slice(0, u.cookie.indexOf("="));
    // Each forgery changes a character for a different one (a fixed replacement is no change when the random
    // value already has it there); the signature's first, since its last may carry only unused bits.
    const other = (c: string) => (c === "A" ? "B" : "A");
    const forged = [
      `${name}=${encodeURIComponent(`${token}.${other(sig[0]!)}${sig.slice(1)}`)}`,
      `${name}=${encodeURIComponent(`${token.slice(0, -1)}${other(token.at(-1)!)}.${sig}`)}`,
      `${name}=${encodeURIComponent(token)}`,
      `other-${name}=${encodeURIComponent(value)}`,
    ];
    for (const cookie of forged) expect(await both(cookie), cookie).toEqual({ theirs: null, ours: null });
  });

  it("revocada (cerrar sesión): ninguno la acepta", async () => {
    const u = await createUser();
    const auth = await getAuth();
    await auth.api.signOut({ headers: new Headers({ cookie: u.cookie }) });
    expect(await db().select().from(session).where(eq(session.userId, u.id))).toHaveLength(0);
    expect(await both(u.cookie)).toEqual({ theirs: null, ours: null });
  });

  it("suspendida por un administrador: ninguno la acepta", async () => {
    const admin = await createUser({ role: "admin" });
    const u = await createUser();
    const auth = await getAuth();
    await auth.api.banUser({ body: { userId: u.id, banReason: "prueba" }, headers: new Headers({ cookie: admin.cookie }) });
    expect((await db().select({ banned: user.banned }).from(user).where(eq(user.id, u.id)))[0]?.banned).toBe(true);
    expect(await both(u.cookie)).toEqual({ theirs: null, ours: null });
  });
});
