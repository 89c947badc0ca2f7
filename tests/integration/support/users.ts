// Test accounts written the way Better Auth writes them, with the cookie a browser would hold.
//
// A real sign-up hashes the password with scrypt (~0.6 s of CPU here) and runs the whole endpoint; a few hundred
// test accounts made that way were a large share of the integration stage. Here the rows come from Better Auth's
// own internal adapter (the same user, credential account and session rows its sign-up writes), the password hash
// is computed once per distinct password and worker, and the cookie is signed as Better Auth signs it. The tests
// about sign-up and sign-in themselves go through the real endpoints (tests/integration/accounts/).
import { eq } from "drizzle-orm";
import { getAuth } from "~/server/accounts/auth.server";
import { sessionCookie } from "~/server/accounts/session-cookie.server";
import { db } from "~/server/platform/db/client.server";
import { user } from "~/server/platform/db/schema";

let n = 0;
const hashes = new Map<string, Promise<string>>();

export async function createUser(input: { name?: string; email?: string; password?: string; role?: "user" | "admin" } = {}) {
  const auth = await getAuth();
  const ctx = await auth.$context;
  const email = (input.email ?? `usuario${++n}.${Math.random().toString(36).slice(2, 8)}@academia.test`).toLowerCase();
  const password = input.password ?? "clave-segura-1";
  const name = input.name ?? `Usuario ${n}`;
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = ctx.password.hash(password)));
  const created = await ctx.internalAdapter.createUser({ email, name }, { method: "email-password" });
  await ctx.internalAdapter.linkAccount({ userId: created.id, providerId: "credential", accountId: created.id, password: await hash });
  if (input.role === "admin") await db().update(user).set({ role: "admin" }).where(eq(user.id, created.id));
  const session = await ctx.internalAdapter.createSession(created.id);
  return { id: created.id, email, password, name, cookie: await sessionCookie(session.token) };
}
