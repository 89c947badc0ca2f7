// A certificate that counts over time (docs/certificate-validity.md): the public page says vigente with its last day,
// vencido once the academy's clock passes it, and revocado after an admin revokes it (the reason stays private).
import { expect, test } from "./support/test";
import { signInAs, signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { answerAtWebpay, buyCourse } from "./support/commerce";
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

// Renewal (docs/certificate-validity.md, "Renewal"): within 90 days of the last day the dashboard offers to renew; the
// learner pays the course again, studies it from zero and gets a new certificate, and the old one still verifies,
// marked renovado. It moves the server's clock, so it runs here, in the clock project, after the test above.
test.describe("renovación del certificado", { tag: "@escritorio" }, () => {
  test.afterAll(async ({ request }) => {
    await resetServerClock(request);
  });

  test("cerca del vencimiento renueva, estudia de nuevo y obtiene un certificado nuevo; el anterior se verifica como renovado", async ({ page, browser }) => {
    // Two purchases and the course studied twice, in one browser: longer than a usual slow test.
    test.setTimeout(480_000);
    const shots = process.env.E2E_RENEWAL_SHOTS;
    await page.goto("/");
    const learner = await signUpAs(page, { name: "Rosa Pizarro", email: uniqueEmail("renovacion") });
    await buyCourse(page, 1);
    await completeCourseOne(page);
    await page.goto("/dashboard");
    const oldHref = await page.getByRole("link", { name: /Descargar certificado/ }).first().getAttribute("href");
    const oldCode = /\/certificados\/([0-9A-Z-]+)/.exec(oldHref ?? "")?.[1] ?? "";
    expect(oldCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    // Far from its expiry there is nothing to renew.
    await expect(page.getByRole("link", { name: /Renovar certificado/ })).toHaveCount(0);

    // 30 days before its last day: the card says so and offers the renewal.
    const { daysAhead } = expectedLastDay();
    await advanceServerClock(page.request, daysAhead - 30);
    try {
      // Two years on, the learner signs in again (a session does not last that long).
      await signInAs(page, learner.email, learner.password);
      await page.goto("/dashboard");
      const renew = page.getByRole("link", { name: /Renovar certificado/ }).first();
      await expect(renew).toBeVisible();
      await expect(page.getByText(/: Vigente hasta el/).first()).toBeVisible();
      if (shots) await page.screenshot({ path: `${shots}/dashboard-renovar-1280.png`, fullPage: true });
      const phone = await browser.newPage({ viewport: { width: 375, height: 740 } });
      await signInAs(phone, learner.email, learner.password);
      await phone.goto("/dashboard");
      await expect(phone.getByRole("link", { name: /Renovar certificado/ }).first()).toBeVisible();
      if (shots) await phone.screenshot({ path: `${shots}/dashboard-renovar-375.png`, fullPage: true });

      await renew.click();
      await expect(page).toHaveURL(/\/cursos\/1\/comprar$/);
      await expect(page.getByRole("heading", { level: 1, name: "Renovar certificado" })).toBeVisible();
      await expectNoA11yViolations(page);
      if (shots) await page.screenshot({ path: `${shots}/checkout-renovar-1280.png`, fullPage: true });
      await phone.goto("/cursos/1/comprar");
      if (shots) await phone.screenshot({ path: `${shots}/checkout-renovar-375.png`, fullPage: true });
      await page.getByRole("radio", { name: /Webpay Plus/ }).check();
      await page.getByRole("checkbox", { name: "Acepto los términos de compra" }).check();
      await page.getByRole("button", { name: "Confirmar compra" }).click();
      await expect(page.getByRole("heading", { name: "Webpay Plus local — pago de prueba" })).toBeVisible();
      await answerAtWebpay(page, "Pagar");
      await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();

      // A new cycle from zero; the earlier certificate in the card's history, renewed.
      await page.goto("/dashboard");
      await expect(page.getByRole("link", { name: /Renovar certificado/ })).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 4, name: "Certificados anteriores" })).toBeVisible();
      await expect(page.getByRole("link", { name: `Ver certificado ${oldCode}, renovado` })).toBeVisible();
      if (shots) await page.screenshot({ path: `${shots}/dashboard-renovando-1280.png`, fullPage: true });

      await page.goto("/cursos/1/contenido");
      await completeCourseOne(page);
      await page.goto("/dashboard");
      const newHref = await page.getByRole("link", { name: /Descargar certificado/ }).first().getAttribute("href");
      const newCode = /\/certificados\/([0-9A-Z-]+)/.exec(newHref ?? "")?.[1] ?? "";
      expect(newCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(newCode).not.toBe(oldCode);
      if (shots) await page.screenshot({ path: `${shots}/dashboard-renovado-1280.png`, fullPage: true });
      await phone.goto("/dashboard");
      if (shots) await phone.screenshot({ path: `${shots}/dashboard-renovado-375.png`, fullPage: true });

      // Anyone verifies both: the old one still genuine and marked renewed, the new one valid.
      await page.context().clearCookies();
      await page.goto(`/certificados/${oldCode}`);
      await expect(page.getByRole("heading", { level: 1, name: "Certificado válido" })).toBeVisible();
      await expect(page.getByTestId("certificado-renovado")).toContainText("Renovado");
      await expectNoA11yViolations(page);
      if (shots) await page.screenshot({ path: `${shots}/verificacion-renovado-1280.png`, fullPage: true });
      const anon = await browser.newPage({ viewport: { width: 375, height: 740 } });
      await anon.goto(`/certificados/${oldCode}`);
      await expect(anon.getByTestId("certificado-renovado")).toBeVisible();
      if (shots) await anon.screenshot({ path: `${shots}/verificacion-renovado-375.png`, fullPage: true });
      await anon.goto(`/certificados/${newCode}`);
      await expect(anon.getByRole("heading", { level: 1, name: "Certificado válido" })).toBeVisible();
      await expect(anon.getByTestId("certificado-renovado")).toHaveCount(0);
      await anon.close();
      await phone.close();
    } finally {
      await resetServerClock(page.request);
    }
  });
});
