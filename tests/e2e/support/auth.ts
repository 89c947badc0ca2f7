// Sign-up and sign-in through the auth endpoints directly, so a test starts already signed in.
import { expect, type Page } from "@playwright/test";
import { BASE_URL } from "./test";

export const ADMIN = { email: "admin@academia.test", password: "admin-e2e-123", name: "Administradora Pruebas" };

let counter = 0;
export function uniqueEmail(prefix = "alumno") {
  return `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}@academia.test`;
}

/**
 * Creates a learner account and leaves the page's context signed in as it. Sign-up signs no one in (it answers
 * an address in use the same way, docs/decisions.md B12): the sign-in follows, as /registro does it.
 */
export async function signUpAs(page: Page, input: { name?: string; email?: string; password?: string } = {}) {
  const user = { name: input.name ?? "Alumna Pruebas", email: input.email ?? uniqueEmail(), password: input.password ?? "clave-segura-1" };
  const res = await page.request.post("/api/auth/sign-up/email", { data: user, headers: { origin: BASE_URL } });
  expect(res.status(), await res.text()).toBe(200);
  await signInAs(page, user.email, user.password);
  return user;
}

/** Signs the page's context in with an existing account. */
export async function signInAs(page: Page, email: string, password: string) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { origin: BASE_URL } });
  expect(res.status(), await res.text()).toBe(200);
}

export async function signInAsAdmin(page: Page) {
  await signInAs(page, ADMIN.email, ADMIN.password);
  return ADMIN;
}
