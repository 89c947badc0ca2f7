// Personal data (docs/privacy.md): a learner who signed up with the marketing box ticked and earned a certificate
// downloads their data, asks for its deletion and is mailed; the admin sees the request with its legal deadline and
// completes it; the certificate still verifies, without the holder's name. The sign-up and profile screens with the
// marketing consent are captured at both widths for review. A company's manager downloads their workers' data: their
// worker is in it, another company's is not.
import fs from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import type { Browser, Page } from "@playwright/test";
import { BASE_URL, expect, test } from "./support/test";
import { signInAs, signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { expectNoA11yViolations } from "./support/axe";
import { createCompanyWithManager, freshRut } from "./support/companies";
import { completeCourseOne } from "./support/course-one";
import { buyCourse } from "./support/commerce";
import { waitForMail } from "./support/mail";
import { reviewShot } from "./support/screenshots";

async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: "es-CL", timezoneId: "America/Santiago", viewport });
  return context.newPage();
}

/** The manager invites the worker to course 1 from the portal; the worker accepts with a new account. */
async function enrolThroughInvitation(manager: Page, browser: Browser, companyId: number, worker: { name: string; email: string; rut: string }) {
  await manager.goto(`/empresa/${companyId}/cursos/1`);
  const form = manager.getByRole("form", { name: "Inscribir a un trabajador" });
  await form.getByLabel("Nombre").fill(worker.name);
  await form.getByLabel("Correo electrónico").fill(worker.email);
  await form.getByLabel("RUT").fill(worker.rut);
  await form.getByRole("button", { name: "Inscribir" }).click();
  await expect(manager.getByRole("status")).toHaveText("Enviamos una invitación por correo. La persona quedará inscrita cuando la acepte.");
  const mail = await waitForMail(worker.email, /\/invitacion\//);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/invitacion\/[A-Za-z0-9_-]{43}/)![0];
  const page = await newPage(browser);
  await page.goto(new URL(link).pathname);
  await page.getByLabel("Contraseña", { exact: true }).fill("clave-trabajador-1");
  await page.getByLabel("Confirmar contraseña").fill("clave-trabajador-1");
  await page.getByRole("button", { name: "Crear mi cuenta y empezar" }).click();
  await expect(page).toHaveURL(/\/cursos\/1\/contenido/);
  await page.context().close();
}

/** The portal's "Descargar datos de trabajadores (ZIP)", opened: its JSON rows and its CSV text. */
async function downloadWorkersData(manager: Page, companyId: number) {
  await manager.goto(`/empresa/${companyId}`);
  await expect(manager.getByRole("heading", { name: "Datos de tus trabajadores" })).toBeVisible();
  const [download] = await Promise.all([manager.waitForEvent("download"), manager.getByRole("link", { name: "Descargar datos de trabajadores (ZIP)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/-datos-trabajadores\.zip$/);
  const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
  expect(Object.keys(files).sort()).toEqual(["cumplimiento-fotos-mensuales.csv", "cumplimiento-fotos-mensuales.json", "trabajadores.csv", "trabajadores.json"]);
  return { rows: JSON.parse(strFromU8(files["trabajadores.json"]!)) as Record<string, unknown>[], csv: strFromU8(files["trabajadores.csv"]!) };
}

test.describe("datos personales", () => {
  test("registro y perfil: el permiso de novedades se da sin marcar y se retira en el perfil @ambos", async ({ page }, info) => {
    const email = uniqueEmail("novedades");
    await page.goto("/registro");
    const box = page.getByRole("checkbox", { name: /Quiero recibir novedades y ofertas/ });
    await expect(box).not.toBeChecked();
    await expect(page.locator("form").getByRole("link", { name: "política de privacidad" })).toHaveAttribute("href", "/privacidad");
    await page.getByLabel("Nombre").fill("Valentina Rojas");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña", { exact: true }).fill("clave-segura-1");
    await page.getByLabel("Confirmar contraseña").fill("clave-segura-1");
    await box.check();
    await reviewShot(page, `/tmp/shots-privacidad/registro-${info.project.name}.png`);
    await page.getByRole("button", { name: "Registrarse" }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    await page.goto("/perfil");
    const section = page.getByRole("region", { name: "Novedades por correo" });
    const own = section.getByRole("checkbox", { name: /Quiero recibir novedades y ofertas/ });
    await expect(own).toBeChecked();
    await expect(section.getByText(/^Lo autorizaste el /)).toBeVisible();
    await reviewShot(page, `/tmp/shots-privacidad/perfil-${info.project.name}.png`);
    await own.uncheck();
    await section.getByRole("button", { name: "Guardar preferencia" }).click();
    await expect(section.getByText("Listo: no te enviaremos novedades ni ofertas por correo.")).toBeVisible();
    await expect(section.getByRole("checkbox", { name: /Quiero recibir novedades y ofertas/ })).not.toBeChecked();
    await expect(section.getByText(/^Sin autorización desde el /)).toBeVisible();
  });

  test("descarga sus datos, pide la supresión, el administrador la cumple y el certificado sigue válido sin el nombre", async ({ page }) => {
    test.slow();
    const learner = { name: "Ignacia Privacidad Fuentes", email: uniqueEmail("privacidad"), password: "clave-segura-1" };
    await page.goto("/registro");
    await page.getByLabel("Nombre").fill(learner.name);
    await page.getByLabel("Correo electrónico").fill(learner.email);
    await page.getByLabel("Contraseña", { exact: true }).fill(learner.password);
    await page.getByLabel("Confirmar contraseña").fill(learner.password);
    await page.getByRole("button", { name: "Registrarse" }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    await buyCourse(page, 1);
    await completeCourseOne(page);
    const certificateMail = await waitForMail(learner.email, /Felicitaciones/);
    const link = certificateMail.match(/https?:\/\/[^\s"<>]+\/certificados\/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}(?![\w/-])/)![0];
    // Every mail's footer links to the privacy notice.
    expect(certificateMail).toMatch(/\/privacidad\b/);

    // The download: a ZIP with a JSON (and a CSV) per kind, their account with the notice accepted at sign-up.
    await page.goto("/mis-datos");
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Descargar mis datos (ZIP)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
    for (const kind of ["cuenta", "inscripciones", "certificados", "compras", "sesiones"]) {
      expect(Object.keys(files)).toContain(`${kind}.json`);
      expect(Object.keys(files)).toContain(`${kind}.csv`);
    }
    const [account] = JSON.parse(strFromU8(files["cuenta.json"]!)) as Record<string, unknown>[];
    expect(account).toMatchObject({ name: learner.name, email: learner.email, marketing_consent: false });
    expect(account!.privacy_notice_version).toBeTruthy();
    expect(JSON.parse(strFromU8(files["certificados.json"]!))).toHaveLength(1);

    // The request, acknowledged on the page and by mail with its deadline.
    await page.getByLabel("¿Qué quieres solicitar?").selectOption("deletion");
    await page.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Recibimos tu solicitud de supresión" })).toBeVisible();
    const received = await waitForMail(learner.email, /Recibimos tu solicitud de supresi/);
    expect(received).toContain("Respuesta a más tardar el");

    // The admin: the request with its legal deadline, answered; the answer names what is kept.
    await page.context().clearCookies();
    await signInAsAdmin(page);
    await page.goto("/admin/privacidad");
    const row = page.getByRole("row").filter({ hasText: learner.email }).filter({ has: page.getByRole("link", { name: "Supresión" }) });
    await expect(row).toContainText("Supresión");
    await expect(row).toContainText("quedan 30 días");
    await expect(row).toContainText("Pendiente");
    await row.getByRole("link", { name: "Supresión" }).click();
    await page.getByLabel("Decisión").selectOption("done");
    await page.getByLabel("Respuesta a la persona").fill("Eliminamos tus datos personales, salvo lo que la ley nos obliga a conservar.");
    await page.getByRole("button", { name: "Enviar respuesta" }).click();
    await expect(page.getByRole("heading", { name: "Se conserva, porque otra ley lo exige" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Certificados emitidos" })).toBeVisible();
    const answer = await waitForMail(learner.email, /Respuesta a tu solicitud de supresi/);
    expect(answer).toContain("Se conservan, porque otra ley lo exige:");

    // The certificate still verifies, without the holder's name.
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Certificado válido" })).toBeVisible();
    await expect(page.getByText(/Nombre reservado/)).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText(learner.name);
    // And the account no longer signs in.
    const signIn = await page.request.post("/api/auth/sign-in/email", { data: { email: learner.email, password: learner.password }, headers: { origin: new URL(link).origin } });
    expect(signIn.status()).not.toBe(200);
  });

  test("la encargada descarga los datos de sus trabajadores (los de su empresa sí, los de otra no) y termina su tratamiento", { tag: "@escritorio" }, async ({ page, browser }) => {
    test.slow();
    const tag = Date.now().toString(36);
    const managerPage = await newPage(browser);
    const manager = await signUpAs(managerPage, { name: "Encargada Datos", email: uniqueEmail("encargada-datos") });
    const otherPage = await newPage(browser);
    const other = await signUpAs(otherPage, { name: "Encargado Otra", email: uniqueEmail("encargado-otra") });
    await signInAsAdmin(page);
    const companyId = await createCompanyWithManager(page, `Transportes Datos ${tag} SpA`, manager.email, 1);
    const otherId = await createCompanyWithManager(page, `Vigilancia Otra ${tag} Ltda`, other.email, 1);
    const ours = { name: `Rosa Trabajadora ${tag}`, email: uniqueEmail("rosa"), rut: freshRut() };
    const theirs = { name: `Tomás Ajeno ${tag}`, email: uniqueEmail("tomas"), rut: freshRut() };
    await enrolThroughInvitation(managerPage, browser, companyId, ours);
    await enrolThroughInvitation(otherPage, browser, otherId, theirs);

    const mine = await downloadWorkersData(managerPage, companyId);
    expect(mine.rows).toEqual([
      expect.objectContaining({ nombre: ours.name, correo: ours.email, rut: ours.rut, curso: "Reanimación Cardiopulmonar solo Compresiones", datos_bloqueados: false }),
    ]);
    expect(mine.csv.split("\r\n")[0]).toContain("nombre;correo;rut");
    expect(mine.csv).toContain(ours.name);
    expect(mine.csv).toContain(ours.rut);
    expect(mine.csv).not.toContain(theirs.name);
    expect(mine.csv).not.toContain(theirs.email);
    expect(mine.csv).not.toContain(theirs.rut);
    // The other company's manager gets their own worker only, and this company's file is refused to them.
    const others = await downloadWorkersData(otherPage, otherId);
    expect(others.rows.map((r) => r.nombre)).toEqual([theirs.name]);
    expect((await otherPage.request.get(`/empresa/${companyId}/datos-trabajadores.zip`)).status()).toBe(403);

    // Ending the company's processing of its workers' data: from the portal, a page that says what ends and what
    // stays and offers the export first; nobody else can do it, and it asks for the confirmation next to its box.
    const endPath = `/empresa/${companyId}/terminar-tratamiento`;
    const refused = await otherPage.request.post(endPath, { form: { intent: "end", confirm: "yes" }, headers: { origin: BASE_URL } });
    expect(refused.status()).toBe(403);
    const anonymous = await (await browser.newContext({ baseURL: BASE_URL })).request.post(endPath, { form: { intent: "end", confirm: "yes" }, headers: { origin: BASE_URL }, maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    await managerPage.goto(`/empresa/${companyId}`);
    await managerPage.getByRole("link", { name: "Terminar el tratamiento de datos de tus trabajadores" }).click();
    await expect(managerPage).toHaveURL(new RegExp(`${endPath}$`));
    await expect(managerPage.getByRole("heading", { level: 1, name: "Terminar el tratamiento de datos de tus trabajadores" })).toBeVisible();
    await expect(managerPage.getByText("Dejarás de ver a tu trabajador (1 inscripción)", { exact: false })).toBeVisible();
    await expect(managerPage.getByText("Cada trabajador conserva su cuenta, sus cursos, su avance y sus certificados: son suyos.")).toBeVisible();
    await expect(managerPage.getByRole("link", { name: "Descargar datos de trabajadores (ZIP)" })).toHaveAttribute("href", `/empresa/${companyId}/datos-trabajadores.zip`);
    await expectNoA11yViolations(managerPage);
    await reviewShot(managerPage, "/tmp/shots-privacidad/terminar-tratamiento-1280.png");
    const phone = await browser.newContext({ baseURL: BASE_URL, locale: "es-CL", timezoneId: "America/Santiago", viewport: { width: 375, height: 740 }, storageState: await managerPage.context().storageState() });
    const phonePage = await phone.newPage();
    await phonePage.goto(endPath);
    await expect(phonePage.getByRole("button", { name: "Terminar el tratamiento" })).toBeVisible();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await reviewShot(phonePage, "/tmp/shots-privacidad/terminar-tratamiento-375.png");
    await phone.close();

    const form = managerPage.getByRole("form", { name: "Terminar el tratamiento" });
    await form.getByRole("button", { name: "Terminar el tratamiento" }).click();
    await expect(form.getByText("Marca la casilla para confirmar que entiendes lo que pasará.")).toBeVisible();
    await form.getByRole("checkbox", { name: /Entiendo que dejaré de ver los datos/ }).check();
    await form.getByRole("button", { name: "Terminar el tratamiento" }).click();
    await expect(managerPage.getByRole("status")).toHaveText(
      "Listo: terminamos el tratamiento de los datos de 1 trabajador. Ellos conservan sus cuentas, cursos y certificados.",
    );
    await expect(managerPage.getByText("Tu empresa no tiene trabajadores vinculados ni invitaciones pendientes: no hay nada que terminar.")).toBeVisible();
    await reviewShot(managerPage, "/tmp/shots-privacidad/terminar-tratamiento-hecho-1280.png");
    // The manager no longer sees the worker; the worker still has the course.
    expect((await downloadWorkersData(managerPage, companyId)).rows).toEqual([]);
    await managerPage.goto(`/empresa/${companyId}/cursos/1`);
    await expect(managerPage.getByText(ours.email)).toHaveCount(0);
    const worker = await newPage(browser);
    await signInAs(worker, ours.email, "clave-trabajador-1");
    await worker.goto("/dashboard");
    await expect(worker.getByRole("main")).toContainText("Reanimación Cardiopulmonar solo Compresiones");
    await worker.context().close();
    await managerPage.context().close();
    await otherPage.context().close();
  });

  test("el registro de accesos dice qué administrador abrió la ficha de una persona @ambos", async ({ page, browser }, info) => {
    const learnerPage = await newPage(browser);
    const person = await signUpAs(learnerPage, { name: `Olga Consultada ${Date.now().toString(36)}` });
    await learnerPage.context().close();
    await signInAsAdmin(page);
    await page.goto(`/admin/usuarios?q=${encodeURIComponent(person.email)}`);
    await page.getByRole("link", { name: person.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: person.name })).toBeVisible();
    await page.goto("/admin/privacidad");
    const row = page.getByRole("row").filter({ hasText: person.name }).filter({ hasText: "Un administrador abrió su ficha de usuario" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("admin@academia.test");
    await expect(row.getByRole("link", { name: person.name })).toHaveAttribute("href", /\/admin\/usuarios\//);
    await row.scrollIntoViewIfNeeded();
    await reviewShot(page, `/tmp/shots-privacidad/registro-accesos-${info.project.name}.png`);
  });
});
