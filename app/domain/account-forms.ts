// The account forms' rules (spec §5, docs/decisions.md B6): one zod schema per form, used by the route actions.
import { z } from "zod";
import { safeLocalPath } from "./redirects";
import { accountMessages as M } from "./account-messages";
import { optionalText, singleLineText } from "./plain-text";
import { parseRut, RUT_MESSAGES } from "./rut";

import { MAX_ADDRESS_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MAX_PHONE_LENGTH, MIN_PASSWORD_LENGTH } from "./account-limits";

export { MAX_ADDRESS_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MAX_PHONE_LENGTH, MIN_PASSWORD_LENGTH };
const MAX_EMAIL_LENGTH = 254;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH, M.invalidEmail)
  .pipe(z.email(M.invalidEmail));

const newPassword = z.string().min(MIN_PASSWORD_LENGTH, M.passwordTooShort).max(MAX_PASSWORD_LENGTH, M.passwordTooLong);

// Control characters go before trimming and the length rules (plain-text.ts says why).

const name = singleLineText.pipe(z.string().trim().min(1, M.nameEmpty).max(MAX_NAME_LENGTH, M.nameTooLong));

export const registerSchema = z
  .object({ name, email, password: newPassword, confirmPassword: z.string() })
  .refine((d) => d.password === d.confirmPassword, { path: ["confirmPassword"], error: M.passwordMismatch });

export const loginSchema = z.object({ email, password: z.string() });

export const resetRequestSchema = z.object({ email });

/** Better Auth's reset tokens are URL-safe ids; anything else cannot be one (and NUL would upset PostgreSQL). */
export const resetTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/);

/** An e-mail address as the limiter may key it: the same rule as the forms. */
export const isValidEmail = (value: unknown) => email.safeParse(value).success;

export const newPasswordSchema = z
  .object({ token: resetTokenSchema, password: newPassword, confirmPassword: z.string() })
  .refine((d) => d.password === d.confirmPassword, { path: ["confirmPassword"], error: M.passwordMismatch });

/** An optional RUT: empty → null, otherwise the normalised form or the reason it is not one (app/domain/rut.ts). */
export const optionalRut = z
  .string()
  .trim()
  .max(20, RUT_MESSAGES.invalid)
  .transform((v, ctx) => {
    if (v === "") return null;
    const parsed = parseRut(v);
    if (parsed.ok) return parsed.rut;
    ctx.addIssue({ code: "custom", message: RUT_MESSAGES[parsed.reason] });
    return z.NEVER;
  });

export const profileSchema = z.object({
  name,
  phone: optionalText(MAX_PHONE_LENGTH, M.phoneTooLong),
  address: optionalText(MAX_ADDRESS_LENGTH, M.addressTooLong),
  rut: optionalRut,
});

export const changePasswordSchema = z
  .object({ currentPassword: z.string(), newPassword, confirmNewPassword: z.string() })
  .refine((d) => d.newPassword === d.confirmNewPassword, { path: ["confirmNewPassword"], error: M.passwordMismatch });

/**
 * The same-site path to go back to after signing in, or the fallback. Only a local absolute path is
 * accepted: `//evil.example`, `/\evil.example`, `https://…` and anything with control characters are not.
 */
export function safeRedirectPath(value: unknown, fallback = "/dashboard"): string {
  const path = safeLocalPath(value);
  // Going back to an auth page after signing in would loop.
  if (path === null || /^\/(?:login|registro|logout)(?:[/?#.]|$)/.test(path)) return fallback;
  return path;
}
