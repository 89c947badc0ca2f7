// Test accounts created through Better Auth itself, with the cookie a browser would hold.
import { and, eq, sql } from "drizzle-orm";
import { getAuth } from "~/server/auth.server";
import { db } from "~/server/db/client.server";
import { outbox, user } from "~/server/db/schema";

let n = 0;

export async function createUser(input: { name?: string; email?: string; password?: string; role?: "user" | "admin" } = {}) {
  const auth = await getAuth();
  const email = input.email ?? `usuario${++n}.${Math.random().toString(36).slice(2, 8)}@academia.test`;
  const password = input.password ?? "clave-segura-1";
  const name = input.name ?? `Usuario ${n}`;
  const { headers, response } = await auth.api.signUpEmail({ body: { email, password, name }, returnHeaders: true });
  if (input.role === "admin") await db().update(user).set({ role: "admin" }).where(eq(user.id, response.user.id));
  // Signing up queues a welcome mail; a test user goes without it, so mail counts see only what a test
  // causes (tests/integration/mail/learner-mails.test.ts follows the welcome mail of a real sign-up).
  await db().delete(outbox).where(and(eq(outbox.kind, "welcome"), sql`${outbox.payload}->>'userId' = ${response.user.id}`));
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id: response.user.id, email, password, name, cookie };
}
