// The first admin: ADMIN_EMAIL + ADMIN_PASSWORD on start, or `npm run admin:create`.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/domain/account-forms";
import { db } from "../platform/db/client.server";
import { user } from "../platform/db/schema";
import { env } from "../platform/env.server";
import { getAuth } from "./auth.server";
import { logger } from "../platform/logger.server";

export const adminInputSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("el correo electrónico no es válido")),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `la contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`)
    .max(MAX_PASSWORD_LENGTH, `la contraseña no puede tener más de ${MAX_PASSWORD_LENGTH} caracteres`),
  name: z
    .string()
    .trim()
    .max(MAX_NAME_LENGTH, `el nombre no puede tener más de ${MAX_NAME_LENGTH} caracteres`)
    .optional()
    .transform((v) => v || "Administrador"),
});

/**
 * Creates the account as an admin when it is missing; otherwise makes the existing account an admin
 * (its password and name stay as they are). Returns whether it was created.
 */
export async function createOrPromoteAdmin(input: { email: string; password: string; name?: string }) {
  const { email, password, name } = adminInputSchema.parse(input);
  const [existing] = await db().select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  let created = false;
  if (!existing) {
    const auth = await getAuth();
    try {
      // A server-side call without a session: Better Auth's admin plugin allows it (no HTTP route reaches it).
      await auth.api.createUser({ body: { email, password, name, role: "admin" } });
      created = true;
    } catch (error) {
      // Another instance starting at the same moment may have created it first: promote it below.
      const [again] = await db().select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
      if (!again) throw error;
    }
  }
  await db().update(user).set({ role: "admin", updatedAt: new Date() }).where(eq(user.email, email));
  return { created };
}

export async function ensureAdminFromEnv() {
  const { ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_NAME } = env();
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return;
  const { created } = await createOrPromoteAdmin({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, name: ADMIN_NAME });
  logger.info({ email: ADMIN_EMAIL, created }, "admin from environment ensured");
}
