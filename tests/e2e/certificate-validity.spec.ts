// A certificate that counts over time (docs/certificate-validity.md): the public page says vigente with its last day,
// vencido once the academy's clock passes it, and revocado after an admin revokes it (the reason stays private).
import { expect, test } from "./support/test";
import { signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { buyCourse } from "./support/commerce";
import { completeCourseOne } from "./support/course-one";
import { advanceServerClock, resetServerClock } from "./support/clock";
import { expectNoA11yViolations } from "./support/axe";
import { reviewShot } from "./support/screenshots";

const MONTHS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];

/** The last day a certificate issued today in Chile counts: the end of this month, 24 months on. */
function expectedLastDay(): { label: string; daysAhead: number } {
  const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santiago" }).format(new Date()).split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + 24 + 1, 0));
  const daysAhead = Math.round((last.getTime() - Date.UTC(y, m - 1, d)) / 86_400_000);
  return { label: `${last.getUTCDate()} de ${MONTHS[last.getUTCMonth()]} de ${last.getUTCFullYear()}`, daysAhead };
}

test.describe.configure({ mode: "serial" });

// One certificate followed through its states; the clock is the server's, so this runs once, on the desktop.
test.describe("vigencia del certificado", { tag: "@escritorio" }, () => {
  let code = "";

  test.afterAll(async ({ request }) => {
    await resetServerClock(request);
  });

  test("vigente al emitirse, vencido al pasar su último día, revocado por un administrador", async ({ page, browser }) => {
    test.slow();
    await page.goto("/");
    await signUpAs(page, { name: "Valentina Rojas", email: uniqueEmail("vigencia") });
    await buyCourse(page, 1);
    await completeCourseOne(page);

    await page.goto("/dashboard");
    const link = await page.getByRole("link", { name: /Descargar certificado/ }).first().getAttribute("href");
    code = /\/certificados\/([0-9A-Z-]+)/.exec(link ?? "")?.[1] ?? "";
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const { label, daysAhead } = expectedLastDay();
    await page.context().clearCookies();
    await page.goto(`/certificados/${code}`);
    await expect(page.getByRole("heading", { level: 1, name: "Certificado válido" })).toBeVisible();
    await expect(page.getByTestId("estado-certificado")).toHaveText(`Vigente hasta el ${label}`);
    await expectNoA11yViolations(page);
    await reviewShot(page, "/tmp/renewal-cert-vigente-1280.png");

    // The day after its last day, a scanned QR must not look valid.
    await advanceServerClock(page.request, daysAhead + 1);
    try {
      await page.goto(`/certificados/${code}`);
      await expect(page.getByRole("heading", { level: 1, name: "Certificado vencido" })).toBeVisible();
      await expect(page.getByTestId("estado-certificado")).toHaveText(`Vencido el ${label}`);
      await expect(page).toHaveTitle(/Certificado vencido/);
      await expectNoA11yViolations(page);
      await reviewShot(page, "/tmp/renewal-cert-vencido-1280.png");
      const phone = await browser.newPage({ viewport: { width: 375, height: 740 } });
      await phone.goto(`/certificados/${code}`);
      await expect(phone.getByRole("heading", { level: 1, name: "Certificado vencido" })).toBeVisible();
      await reviewShot(phone, "/tmp/renewal-cert-vencido-375.png");
      await phone.close();
    } finally {
      await resetServerClock(page.request);
    }

    // An admin revokes it from the same page: a reason is required, and the public page never shows it.
    await signInAsAdmin(page);
    await page.goto(`/certificados/${code}`);
    await page.getByRole("button", { name: "Revocar certificado" }).click();
    await expect(page.getByText("Escribe el motivo de la revocación.")).toBeVisible();
    await expect(page.getByLabel(/Motivo/)).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel(/Motivo/).fill("Evaluación rendida por otra persona");
    await page.getByRole("button", { name: "Revocar certificado" }).click();
    await expect(page.getByText("Certificado revocado. La página pública ya lo muestra revocado.")).toBeVisible();
    await expect(page.getByText(/Motivo: Evaluación rendida por otra persona/)).toBeVisible();

    await page.context().clearCookies();
    await page.goto(`/certificados/${code}`);
    await expect(page.getByRole("heading", { level: 1, name: "Certificado revocado" })).toBeVisible();
    await expect(page.getByTestId("estado-certificado")).toHaveText("Revocado");
    expect(await page.content()).not.toContain("Evaluación rendida por otra persona");
    await expect(page.getByRole("button", { name: "Revocar certificado" })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await reviewShot(page, "/tmp/renewal-cert-revocado-1280.png");
    const phone = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await phone.goto(`/certificados/${code}`);
    await reviewShot(phone, "/tmp/renewal-cert-revocado-375.png");
    await phone.close();
  });

  test("un alumno no puede revocar: el servidor lo rechaza", async ({ page }) => {
    test.skip(!code, "necesita el certificado de la prueba anterior");
    await page.goto("/");
    await signUpAs(page, { name: "Otro Alumno" });
    const response = await page.request.post(`/certificados/${code}`, {
      form: { intent: "revoke", reason: "yo" },
      headers: { origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect([302, 303, 403]).toContain(response.status());
  });
});
