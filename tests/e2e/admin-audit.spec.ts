// The audit log in the browser: an admin's change of someone's role appears on /admin/auditoria with who, on whom,
// the change and when; the filter by action keeps it; the page reads well on a phone and passes axe.
import { expect, test } from "./support/test";
import { expectNoA11yViolations } from "./support/axe";
import { signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";

test("registro de auditoría: un cambio de rol aparece con quién, sobre quién, antes → después y cuándo", { tag: "@ambos" }, async ({ page, browser, baseURL }, testInfo) => {
  const context = await browser.newContext({ baseURL });
  const learner = await signUpAs(await context.newPage(), { name: "Berta Auditada", email: uniqueEmail("audit-e2e") });
  await context.close();

  await signInAsAdmin(page);
  await page.goto(`/admin/usuarios?q=${encodeURIComponent(learner.email)}`);
  const row = page.getByRole("row").filter({ hasText: learner.email });
  await row.getByRole("button", { name: /Hacer administrador a/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Berta Auditada ahora es administrador." })).toBeVisible();

  await page.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: "Auditoría" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Registro de auditoría" })).toBeVisible();
  const record = page.getByRole("listitem").filter({ hasText: learner.email }).first();
  await expect(record.getByText("Cambio de rol")).toBeVisible();
  await expect(record.getByText("admin@academia.test")).toBeVisible();
  await expect(record.getByText("Rol: Usuario → Administrador")).toBeVisible();

  await page.getByLabel("Acción").selectOption({ label: "Cuenta deshabilitada o habilitada" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/accion=user\.banned/);
  await expect(page.getByRole("listitem").filter({ hasText: learner.email })).toHaveCount(0);
  await page.getByLabel("Acción").selectOption({ label: "Cambio de rol" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: learner.email }).first()).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: `/tmp/ops-audit-${testInfo.project.name}.png`, fullPage: true });
});
