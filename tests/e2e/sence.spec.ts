// SENCE (docs/decisions.md F3) in Chromium, through the local SENCE server the e2e server starts
// (scripts/sence, reached as "localhost": another site than the academy's 127.0.0.1, as SENCE is): the admin
// configures the OTEC; a manager records an action with two workers; one opens a SENCE session with Clave Única,
// studies and closes it; the other gets error 208 and reads what to do; an abandoned sign-in expires after 15
// minutes; the manager's attendance report shows both.
import type { Browser, Page } from "@playwright/test";
import { expect, test, BASE_URL } from "./support/test";
import { signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { expectNoA11yViolations } from "./support/axe";
import { advanceServerClock, resetServerClock } from "./support/clock";
import { reviewShot } from "./support/screenshots";
import { goToNextLesson } from "./support/course-content";
import { waitForMail } from "./support/mail";
import { createCompanyWithManager, freshRun } from "./support/companies";

const SENCE_URL = `http://localhost:${Number(process.env.E2E_SENCE_PORT || Number(process.env.E2E_PORT || 3210) + 5)}`;
const OTEC = { rut: "76543210-3", token: "6F1A2B3C-4D5E-4F60-8A7B-9C0D1E2F3A4B" }; // the local server's test OTEC

async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: "es-CL", timezoneId: "America/Santiago", viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

async function atPhoneWidth(page: Page, path: string) {
  await page.setViewportSize({ width: 375, height: 740 });
  await reviewShot(page, path);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe.configure({ mode: "serial" });

test.describe("SENCE", { tag: "@escritorio" }, () => {
  const tag = Date.now().toString(36);
  const codigo = String(7_000_000 + (Date.now() % 2_000_000));
  const manager = { name: "Encargada SENCE", email: uniqueEmail("encargada-sence"), password: "clave-segura-1" };
  const workers = [
    { name: `Ana Fuentes ${tag}`, email: uniqueEmail("ana"), password: "clave-segura-1", run: freshRun() },
    { name: `Bruno Díaz ${tag}`, email: uniqueEmail("bruno"), password: "clave-segura-1", run: freshRun() },
  ];
  let companyId = 0;
  let actionPath = "";

  test.afterAll(async ({ request }) => {
    await resetServerClock(request);
  });

  test("el administrador configura el OTEC, crea la empresa y su encargada; ella registra una acción con dos trabajadores", async ({ page, browser }) => {
    // Four people in turn (admin, manager, two workers accepting their invitations): ~25 s on a quiet machine.
    test.slow();
    for (const person of [manager, ...workers]) {
      const p = await newPage(browser);
      await signUpAs(p, person);
      await p.context().close();
    }
    await signInAsAdmin(page);
    await page.goto("/admin/sence");
    await expect(page.getByRole("heading", { level: 1, name: "SENCE" })).toBeVisible();
    const config = page.getByRole("form", { name: "Configuración SENCE del OTEC" });
    await config.getByLabel("RUT del OTEC").fill("76.543.210-4");
    await config.getByLabel(/^(Token SENCE|Reemplazar token)$/).fill("no-es-un-token");
    await config.getByRole("button", { name: "Guardar configuración" }).click();
    await expect(config.getByText("El dígito verificador del RUT no es correcto.")).toBeVisible();
    await expect(config.getByLabel("RUT del OTEC")).toHaveValue("76.543.210-4");
    await config.getByLabel("RUT del OTEC").fill(OTEC.rut);
    await config.getByLabel(/^(Token SENCE|Reemplazar token)$/).fill(OTEC.token);
    await config.getByRole("button", { name: "Guardar configuración" }).click();
    await expect(page.getByRole("status")).toHaveText("Configuración SENCE guardada.");
    await expect(page.getByText("Token guardado: ••••••••-••••-••••-••••-••••••••3A4B. Déjalo en blanco para mantenerlo.")).toBeVisible();
    await expect(page.getByText(OTEC.token)).toHaveCount(0);
    await expectNoA11yViolations(page);
    await reviewShot(page, "/tmp/sence-admin-1280.png");
    await atPhoneWidth(page, "/tmp/sence-admin-375.png");

    // The company, its manager and 2 seats of course 1.
    companyId = await createCompanyWithManager(page, `Minera Atacama ${tag} SpA`, manager.email, 2);

    // The manager enrols the two workers, then records the action and puts them under it.
    const m = await newPage(browser);
    await m.request.post("/api/auth/sign-in/email", { data: { email: manager.email, password: manager.password }, headers: { origin: BASE_URL } });
    await m.goto(`/empresa/${companyId}/cursos/1`);
    for (const w of workers) {
      const enrol = m.getByRole("form", { name: "Inscribir a un trabajador" });
      await enrol.getByLabel("Nombre").fill(w.name);
      await enrol.getByLabel("Correo electrónico").fill(w.email);
      await enrol.getByLabel("RUT").fill(w.run);
      await enrol.getByRole("button", { name: "Inscribir" }).click();
      await expect(m.getByRole("region", { name: "Invitaciones pendientes" }).getByText(w.email)).toBeVisible();
    }
    // Each worker already has an account: the company's enrolment is an invitation they accept signed in.
    for (const w of workers) {
      const mail = await waitForMail(w.email, /\/invitacion\//);
      const link = mail.match(/https?:\/\/[^\s"<>]+\/invitacion\/[A-Za-z0-9_-]{43}/)?.[0];
      expect(link, mail).toBeTruthy();
      const p = await newPage(browser);
      await p.request.post("/api/auth/sign-in/email", { data: { email: w.email, password: w.password }, headers: { origin: BASE_URL } });
      await p.goto(new URL(link!).pathname);
      await p.getByRole("button", { name: "Aceptar invitación" }).click();
      await expect(p).toHaveURL(/\/cursos\/1\/contenido/);
      await p.context().close();
    }
    await m.reload();
    for (const w of workers) await expect(m.getByRole("table", { name: "Trabajadores inscritos" }).getByText(w.email)).toBeVisible();
    await m.goto(`/empresa/${companyId}`);
    await m.getByRole("link", { name: "Acciones SENCE" }).click();
    await expect(m.getByRole("heading", { level: 1, name: "Acciones SENCE" })).toBeVisible();
    const action = m.getByRole("form", { name: "Registrar acción SENCE" });
    await action.getByLabel("Código SENCE del curso").fill("123799110");
    await action.getByLabel("ID de acción (CodigoCurso)").fill(codigo);
    await action.getByLabel("Fecha de inicio").fill("2026-01-05");
    await action.getByLabel("Fecha de término").fill("2026-12-18");
    await action.getByRole("button", { name: "Registrar acción" }).click();
    await expect(action.getByText("El código SENCE del curso tiene 10 dígitos")).toBeVisible();
    await expect(action.getByText("Elige el ambiente: pruebas o producción.")).toBeVisible();
    await expect(action.getByLabel("ID de acción (CodigoCurso)")).toHaveValue(codigo);
    await expectNoA11yViolations(m);
    await reviewShot(m, "/tmp/sence-actions-form-1280.png");
    await atPhoneWidth(m, "/tmp/sence-actions-form-375.png");
    await action.getByLabel("Código SENCE del curso").fill("1237991108");
    await action.getByRole("radio", { name: "Pruebas (rcetest)" }).check();
    await action.getByRole("button", { name: "Registrar acción" }).click();
    await expect(m.getByRole("heading", { level: 1, name: `Acción SENCE ${codigo}` })).toBeVisible();
    actionPath = new URL(m.url()).pathname;
    const candidates = m.getByRole("form", { name: "Inscribir trabajadores en la acción" });
    for (const w of workers) await candidates.getByRole("checkbox", { name: new RegExp(w.name) }).check();
    await candidates.getByRole("button", { name: "Inscribir en la acción" }).click();
    await expect(m.getByRole("status")).toHaveText("2 trabajadores inscritos en la acción SENCE.");
    await m.context().close();

    // SENCE's record of the action: only the first worker was communicated as a participant.
    const registered = await page.request.post(`${SENCE_URL}/_local/action`, {
      data: { codigoCurso: codigo, codSence: "1237991108", rutOtec: OTEC.rut, runs: [workers[0]!.run] },
    });
    expect(registered.ok()).toBe(true);
  });

  test("Ana abre una sesión SENCE con Clave Única, estudia y la cierra", async ({ page }) => {
    const ana = workers[0]!;
    await page.request.post("/api/auth/sign-in/email", { data: { email: ana.email, password: ana.password }, headers: { origin: BASE_URL } });
    await page.goto("/cursos/1/contenido");
    await expect(page.getByRole("heading", { level: 1, name: "Este curso se registra en SENCE" })).toBeVisible();
    await expect(page.getByText("Ambiente de pruebas de SENCE: esta sesión no cuenta como asistencia real.")).toBeVisible();
    await expect(page.getByRole("link", { name: "claveunica.gob.cl" })).toHaveAttribute("href", "https://claveunica.gob.cl/");
    await expectNoA11yViolations(page);
    await reviewShot(page, "/tmp/sence-gate-1280.png");
    await atPhoneWidth(page, "/tmp/sence-gate-375.png");
    // The lesson files are closed too, not only the page.
    const file = await page.request.get("/archivos/lecciones/1");
    expect(file.status()).toBe(403);
    expect(await file.text()).toBe("Este material se abre solo con una sesión SENCE iniciada. Vuelve al curso e inicia tu sesión SENCE.");

    await page.getByRole("button", { name: "Iniciar sesión SENCE" }).click();
    await expect(page).toHaveURL(new RegExp(`^${SENCE_URL}/rcetest/Registro/IniciarSesion`));
    await expect(page.getByRole("heading", { name: "Ingresa con tu Clave Única" })).toBeVisible();
    await expect(page.getByText(codigo)).toBeVisible();
    await reviewShot(page, "/tmp/sence-claveunica-1280.png");
    await atPhoneWidth(page, "/tmp/sence-claveunica-375.png");
    await page.getByRole("button", { name: "Ingresar" }).click();

    await expect(page).toHaveURL(/\/cursos\/1\/contenido\?leccion=\d+/);
    await expect(page.getByText(/^Sesión SENCE abierta desde las \d{2}:\d{2}/)).toBeVisible();
    await expect(page.locator("#leccion-titulo")).toBeVisible();
    await expectNoA11yViolations(page);
    await reviewShot(page, "/tmp/sence-open-1280.png");
    await atPhoneWidth(page, "/tmp/sence-open-375.png");
    // Studying: the next lesson opens.
    await goToNextLesson(page);
    expect((await page.request.get("/archivos/lecciones/1")).status()).toBe(200);

    await page.getByRole("button", { name: "Cerrar sesión SENCE" }).click();
    await expect(page).toHaveURL(new RegExp(`^${SENCE_URL}/rcetest/Registro/CerrarSesion`));
    await expect(page.getByText("Registro de asistencia e-learning: cierre de sesión")).toBeVisible();
    await page.getByRole("button", { name: "Ingresar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Este curso se registra en SENCE" })).toBeVisible();
    await expect(page.getByText(/^Cerraste tu sesión SENCE\. Tiempo conectado: /)).toBeVisible();
  });

  test("Bruno recibe el error 208 y ve qué hacer; un ingreso abandonado vence a los 15 minutos", async ({ page }) => {
    const bruno = workers[1]!;
    await page.request.post("/api/auth/sign-in/email", { data: { email: bruno.email, password: bruno.password }, headers: { origin: BASE_URL } });
    await page.goto("/cursos/1/contenido");
    await page.getByRole("button", { name: "Iniciar sesión SENCE" }).click();
    await expect(page.getByRole("heading", { name: "Ingresa con tu Clave Única" })).toBeVisible();
    await page.getByRole("button", { name: "Ingresar" }).click();
    await expect(page).toHaveURL(/\/cursos\/1\/contenido$/);
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("SENCE no abrió tu sesión");
    await expect(alert).toContainText("Tu RUN no está autorizado en SENCE para este curso");
    await expect(alert).toContainText("Pide a la persona a cargo de la capacitación en tu empresa que te incluya en la acción SENCE con tu RUN");
    await expect(alert).toContainText("Código SENCE 208");
    await expectNoA11yViolations(page);
    await reviewShot(page, "/tmp/sence-error-208-1280.png");
    await atPhoneWidth(page, "/tmp/sence-error-208-375.png");

    await page.getByRole("button", { name: "Iniciar sesión SENCE" }).click();
    await expect(page.getByRole("heading", { name: "Ingresa con tu Clave Única" })).toBeVisible();
    await page.getByRole("button", { name: "Abandonar sin terminar" }).click();
    await expect(page.getByRole("heading", { name: "Ingreso sin terminar" })).toBeVisible();
    await page.goto("/cursos/1/contenido");
    await expect(page.getByText(/^Estamos esperando la respuesta de SENCE\./)).toBeVisible();
    await advanceServerClock(page.request, 15 / 1440);
    await page.reload();
    await expect(page.getByText("Tu último ingreso a SENCE no se completó y venció (esperamos 15 minutos). Vuelve a iniciar la sesión SENCE.")).toBeVisible();
    // The clock stays ahead until the manager has seen the report (afterAll puts it back).
  });

  test("el reporte de asistencia de la encargada muestra a ambos, y se descarga en CSV", async ({ page }) => {
    await page.request.post("/api/auth/sign-in/email", { data: { email: manager.email, password: manager.password }, headers: { origin: BASE_URL } });
    await page.goto(actionPath);
    const table = page.getByRole("table", { name: "Asistencia SENCE por trabajador" });
    const ana = table.getByRole("row").filter({ hasText: workers[0]!.name });
    const bruno = table.getByRole("row").filter({ hasText: workers[1]!.name });
    await expect(ana).toContainText("Cerrada");
    // The fourth column: has at least one session (the sworn statement's condition).
    await expect(ana.getByRole("cell").nth(3)).toHaveText(/Sí$/);
    await expect(bruno).toContainText("Rechazada por SENCE");
    await expect(bruno).toContainText("código 208");
    await expect(bruno).toContainText("Vencida (sin respuesta)");
    await expect(bruno.getByRole("cell").nth(3)).toHaveText(/No$/);
    await expect(page.getByText("1 de 2 con al menos una sesión SENCE")).toBeVisible();
    await expectNoA11yViolations(page);
    await reviewShot(page, "/tmp/sence-report-1280.png");
    await atPhoneWidth(page, "/tmp/sence-report-375.png");

    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar CSV" }).click()]);
    const text = (await (await csv.createReadStream()).toArray()).join("");
    expect(text).toContain(workers[0]!.name);
    expect(text).toMatch(new RegExp(`${workers[1]!.name};[^\\n]*Rechazada por SENCE[^\\n]*;208;`));
  });
});
