// A certificate that counts over time (docs/certificate-validity.md): the public page says vigente with its last day,
// vencido once the academy's clock passes it, and revocado after an admin revokes it (the reason stays private).
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { signInAs, signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { COMPANY_COURSE_TITLE, createCompanyWithManager, freshRut } from "./support/companies";
import { waitForMail } from "./support/mail";
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

// Renewal from a company's compliance matrix (docs/certificate-validity.md, "How a company renews"): two workers of a
// company hold certificates 30 days from their last day; the manager selects both and clicks "Renovar seleccionados".
// With no free seat nobody is renewed and the page says how many are missing, with the link to buy them; once the
// company has the seats, both renew: the seats are used and their cells say "Renovación en curso". It moves the
// server's clock, so it runs here, in the clock project.
test.describe("renovación desde la matriz de cumplimiento", { tag: "@escritorio" }, () => {
  test.afterAll(async ({ request }) => {
    await resetServerClock(request);
  });

  const SHOTS = process.env.E2E_SHOTS_DIR;
  async function shots(page: Page, name: string) {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    // From the top: a page scrolled to its message draws the sticky header mid-page in a full-page capture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  async function grantSeats(admin: Page, companyId: number, seats: number) {
    await admin.goto(`/admin/empresas/${companyId}`);
    const grant = admin.getByRole("form", { name: "Asignar cupos" });
    await grant.getByLabel("Curso").selectOption({ label: COMPANY_COURSE_TITLE });
    await grant.getByLabel("Cupos").fill(String(seats));
    await grant.getByLabel("Motivo").fill("Renovación 2028");
    await grant.getByRole("button", { name: "Asignar cupos" }).click();
    await expect(admin.getByRole("status")).toHaveText(`Se asignaron ${seats} cupos.`);
  }

  test("la encargada selecciona a los trabajadores por vencer: sin cupos no renueva a nadie y ofrece comprarlos; con cupos los renueva", async ({ page, browser }) => {
    // Two workers study the course: longer than a usual slow test.
    test.setTimeout(600_000);
    const tag = Date.now().toString(36);
    const manager = { name: "Encargada Renovaciones", email: uniqueEmail("renueva-encargada"), password: "clave-segura-1" };
    const workers = [0, 1].map((i) => ({ name: `Trabajadora Renueva ${i + 1} ${tag}`, email: uniqueEmail(`renueva${i + 1}`), rut: freshRut() }));
    await page.goto("/");
    await signUpAs(page, manager);
    const admin = await browser.newPage();
    await admin.goto("/");
    await signInAsAdmin(admin);
    const companyId = await createCompanyWithManager(admin, `Clínica Renovaciones ${tag} SpA`, manager.email, 2);

    // The manager invites both; each accepts and completes the course (a certificate valid 24 months).
    await page.goto(`/empresa/${companyId}/cursos/1`);
    const form = page.getByRole("form", { name: "Inscribir a un trabajador" });
    for (const w of workers) {
      await form.getByLabel("Nombre").fill(w.name);
      await form.getByLabel("Correo electrónico").fill(w.email);
      await form.getByLabel("RUT").fill(w.rut);
      await form.getByRole("button", { name: "Inscribir" }).click();
      await expect(page.getByText("Enviamos una invitación por correo. La persona quedará inscrita cuando la acepte.")).toBeVisible();
    }
    for (const w of workers) {
      const mail = await waitForMail(w.email, /\/invitacion\//);
      const link = mail.match(/https?:\/\/[^\s"<>]+\/invitacion\/[A-Za-z0-9_-]{43}/)?.[0];
      expect(link, mail).toBeTruthy();
      const context = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: "es-CL", timezoneId: "America/Santiago" });
      const workerPage = await context.newPage();
      await workerPage.goto(new URL(link!).pathname);
      await workerPage.getByLabel("Contraseña", { exact: true }).fill("clave-trabajador-1");
      await workerPage.getByLabel("Confirmar contraseña").fill("clave-trabajador-1");
      await workerPage.getByRole("button", { name: "Crear mi cuenta y empezar" }).click();
      await expect(workerPage).toHaveURL(/\/cursos\/1\/contenido/);
      await completeCourseOne(workerPage);
      await context.close();
    }

    // 30 days before their last day: both are "por vencer" and can be renewed; the company has no free seat.
    const { daysAhead } = expectedLastDay();
    await advanceServerClock(page.request, daysAhead - 30);
    try {
      // Two years on, everyone signs in again (a session does not last that long).
      await signInAs(page, manager.email, manager.password);
      await page.goto(`/empresa/${companyId}/cumplimiento`);
      const matrix = page.getByRole("table", { name: /Matriz de cumplimiento/ });
      for (const w of workers) {
        const row = matrix.getByRole("row").filter({ hasText: w.name });
        await expect(row).toContainText("Por vencer");
        await row.getByRole("checkbox", { name: new RegExp(`Renovar a ${w.name}`) }).check();
      }
      await page.getByRole("button", { name: "Renovar seleccionados" }).click();
      const refused = page.getByRole("alert").filter({ hasText: "Faltan 2 cupos de este curso" });
      await expect(refused).toContainText("seleccionaste 2 trabajadores que pueden renovar y quedan 0 libres. No se renovó a nadie.");
      await expect(refused.getByRole("link", { name: "Comprar 2 cupos" })).toHaveAttribute("href", `/empresa/${companyId}/comprar?curso=1`);
      for (const w of workers) await expect(matrix.getByRole("row").filter({ hasText: w.name })).not.toContainText("Renovación en curso");
      await expectNoA11yViolations(page);
      await shots(page, "renovar-sin-cupos");

      // The company gets two seats; now both renew in one step.
      await signInAsAdmin(admin);
      await grantSeats(admin, companyId, 2);
      await page.goto(`/empresa/${companyId}/cumplimiento`);
      for (const w of workers) await matrix.getByRole("row").filter({ hasText: w.name }).getByRole("checkbox").check();
      await page.getByRole("button", { name: "Renovar seleccionados" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Renovaste a 2 trabajadores" })).toHaveText(
        "Renovaste a 2 trabajadores: usaron 2 cupos. Les avisamos por correo para que empiecen el curso.",
      );
      for (const w of workers) {
        const row = matrix.getByRole("row").filter({ hasText: w.name });
        // The earlier certificate still counts while they study again; nothing left to renew.
        await expect(row).toContainText("Renovación en curso");
        await expect(row).toContainText("Por vencer");
        await expect(row.getByRole("checkbox")).toHaveCount(0);
      }
      await expect(page.getByRole("button", { name: "Renovar seleccionados" })).toHaveCount(0);
      await expectNoA11yViolations(page);
      await shots(page, "renovados");
      // The seats were used: none free.
      await page.goto(`/empresa/${companyId}/cursos/1`);
      await expect(page.getByText("Cupos disponibles", { exact: true }).locator("..")).toContainText("0");
      // Each renewed worker is mailed.
      for (const w of workers) expect(await waitForMail(w.email, /renovó tu curso/)).toContain("Tu empresa renovó tu curso");
    } finally {
      await resetServerClock(page.request);
      await admin.close();
    }
  });
});
