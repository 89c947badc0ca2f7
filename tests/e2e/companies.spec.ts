// Companies (docs/decisions.md E2) in Chromium: an admin creates a company and names its manager, the
// company gets seats; the manager uploads a CSV of 5 workers with a bad RUT and a duplicate, fixes them in the
// preview and enrols them; a worker accepts the invitation and completes the course; the manager sees
// 'Completado' and downloads the Excel report and the certificates' ZIP; another company's manager sees none of it.
import fs from "node:fs";
import path from "node:path";
import * as ExcelJSNamespace from "exceljs";
import { unzipSync } from "fflate";
import type { Browser, Page } from "@playwright/test";
import { expect, test, BASE_URL } from "./support/test";
import { goToNextLesson, studyLessonOnScreen } from "./support/course-content";
import { signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { expectNoA11yViolations } from "./support/axe";
import { COMPANY_COURSE_TITLE, createCompanyWithManager, freshRut } from "./support/companies";
import { completeCompressionPracticeAside } from "./support/compressions";
import { waitForMail } from "./support/mail";
import { REVIEW_SCREENSHOTS, reviewShot } from "./support/screenshots";

// exceljs is CommonJS: Node's ESM loader puts it all under `default`.
const ExcelJS = (ExcelJSNamespace as unknown as { default?: typeof ExcelJSNamespace }).default ?? ExcelJSNamespace;

const COURSE_TITLE = COMPANY_COURSE_TITLE;

interface BankQuestion {
  prompt: string;
  options: string[];
  correctIndex: number;
}
const bank: BankQuestion[] = JSON.parse(
  fs.readFileSync(path.resolve(process.env.CONTENT_DIR ?? "content", "courses/rcp-solo-compresiones/questions.json"), "utf8"),
);

async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: "es-CL", timezoneId: "America/Santiago", viewport });
  return context.newPage();
}

/** Answers every question of the attempt on screen with the bank's correct option. */
async function answerCorrectly(page: Page) {
  const questions = page.locator("fieldset");
  await expect(questions).toHaveCount(10);
  for (const fieldset of await questions.all()) {
    const legend = (await fieldset.locator("legend").innerText()).replace(/\s+/g, " ").trim();
    const question = bank.find((q) => legend.endsWith(q.prompt.replace(/\s+/g, " ").trim()));
    expect(question, `pregunta del banco para: ${legend}`).toBeTruthy();
    await fieldset.getByText(question!.options[question!.correctIndex]!, { exact: true }).click();
  }
}

/** Studies every lesson of course 1 in order (each reading and video as the server asks, the trainer passed) and passes the exam. */
async function completeCourseOne(page: Page) {
  for (let step = 0; step < 20; step++) {
    await expect(page.locator("#leccion-titulo")).toBeVisible();
    // The pad reads "Cargando la práctica…" until the page has hydrated.
    if ((await page.getByRole("button", { name: /^(Comprimir|Cargando la práctica)/ }).count()) > 0) await completeCompressionPracticeAside(page);
    else if ((await page.getByRole("button", { name: "Marcar como completada" }).count()) > 0) await studyLessonOnScreen(page);
    if ((await page.getByRole("button", { name: "Comenzar Evaluación" }).count()) > 0) {
      await page.getByRole("button", { name: "Comenzar Evaluación" }).click();
      await answerCorrectly(page);
      await page.getByRole("button", { name: "Enviar respuestas" }).click();
      await expect(page.getByText("Aprobado", { exact: true })).toBeVisible();
      return;
    }
    await goToNextLesson(page);
  }
  throw new Error("no se llegó a la evaluación final");
}

test.describe.configure({ mode: "serial" });

// Review screenshots at 1280 and 375 px, written when E2E_SHOTS_DIR names a folder.
const SHOTS = process.env.E2E_SHOTS_DIR;
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

// The whole story runs on the desktop project; the phone checks the portal below (tags: playwright.config.ts).
test.describe("empresas", { tag: "@escritorio" }, () => {
  const tag = Date.now().toString(36);
  const companyName = `Constructora Los Andes ${tag} SpA`;
  const manager = { name: "Encargada Empresa", email: "", password: "clave-segura-1" };
  const other = { name: "Encargado Otra", email: "", password: "clave-segura-1" };
  const workers = Array.from({ length: 5 }, (_, i) => ({ name: `Trabajador ${i + 1} ${tag}`, email: uniqueEmail(`trabajador${i + 1}`), rut: freshRut() }));
  let companyId = 0;


  test("el administrador crea la empresa y su encargada; ella compra 5 cupos por transferencia y el administrador la marca pagada", async ({ page, browser }) => {
    const managerPage = await newPage(browser);
    await managerPage.goto("/");
    manager.email = uniqueEmail("encargada");
    await signUpAs(managerPage, manager);
    await page.goto("/");
    await signInAsAdmin(page);
    companyId = await createCompanyWithManager(page, companyName, manager.email, 0);
    await expectNoA11yViolations(page);

    await managerPage.goto(`/empresa/${companyId}`);
    await expectNoA11yViolations(managerPage);
    await managerPage.getByRole("link", { name: "Comprar cupos" }).click();
    const buy = managerPage.getByRole("form", { name: "Comprar cupos" });
    await expect(buy).toBeVisible();
    await expectNoA11yViolations(managerPage);
    await buy.getByLabel("Curso").selectOption("1");
    await buy.getByLabel("Cantidad de cupos").fill("5");
    // The total is shown before paying, and the terms are linked from the box that accepts them.
    await expect(buy.getByText("5 cupos × $20.000 = $100.000").first()).toBeVisible();
    await expect(buy.getByRole("link", { name: "términos de compra" })).toHaveAttribute("href", "#terminos-compra");
    // The factura's data: razón social and RUT are the company's; giro, address and comuna are asked once and kept.
    await buy.getByLabel("Giro").fill("Construcción de edificios");
    await buy.getByLabel("Dirección").fill("Av. Matta 100");
    await buy.getByLabel("Comuna").fill("Santiago");
    await buy.getByRole("radio", { name: /Transferencia bancaria/ }).check();
    await buy.getByRole("checkbox", { name: "Acepto los términos de compra" }).check();
    await buy.getByRole("button", { name: "Confirmar compra" }).click();
    await expect(managerPage).toHaveURL(/\/compras\/[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const number = managerPage.url().split("/").pop()!;
    await expect(managerPage.getByText("$100.000").first()).toBeVisible();
    await expect(managerPage.getByText("RUT de la empresa")).toBeVisible();
    await expect(managerPage.getByText(companyName).first()).toBeVisible();
    await expect(managerPage.getByText("5 cupos × $20.000 = $100.000")).toBeVisible();

    await page.goto(`/admin/ventas/${number}`);
    await page.getByRole("checkbox", { name: /Revisé la cuenta/ }).check();
    await page.getByRole("button", { name: "Marcar como pagado" }).click();
    await expect(page.getByRole("status")).toHaveText("Transferencia confirmada: los cupos quedaron disponibles para la empresa y el encargado recibió un correo.");
    await page.goto(`/admin/empresas/${companyId}`);
    await expect(page.getByText(new RegExp(`Compra \\(pedido ${number}\\)`))).toBeVisible();

    // Paid, the receipt tells the manager the seats are the company's to assign, never that they have access.
    await managerPage.goto(`/compras/${number}`);
    await expect(managerPage.getByText(`los 5 cupos de ${COURSE_TITLE} ya están disponibles para ${companyName}`)).toBeVisible();
    await expect(managerPage.getByText(/ya tienes acceso/)).toHaveCount(0);
    await expect(managerPage.getByRole("link", { name: "Asignar los cupos" })).toHaveAttribute("href", `/empresa/${companyId}/cursos/1`);
    await managerPage.goto(`/empresa/${companyId}`);
    const seatsRow = managerPage.getByRole("row").filter({ hasText: COURSE_TITLE });
    await expect(seatsRow).toContainText("5");
    await reviewShot(page, "/tmp/companies-admin-detail-1280.png");
    await page.goto("/admin/empresas");
    await expect(page.getByRole("link", { name: companyName })).toBeVisible();
    await expectNoA11yViolations(page);
    await reviewShot(page, "/tmp/companies-admin-1280.png");
    await managerPage.context().close();
  });

  test("la encargada sube un CSV con un RUT malo y un correo repetido, los corrige en la vista previa e inscribe a los 5", async ({ page }) => {
    await page.goto("/");
    await page.request.post("/api/auth/sign-in/email", { data: { email: manager.email, password: manager.password }, headers: { origin: BASE_URL } });
    // The account menu offers the portal to a manager; with one company it opens that company.
    await page.goto("/dashboard");
    await page.getByRole("button", { name: /Menú de usuario/ }).click();
    await page.getByRole("link", { name: "Portal de empresa" }).click();
    await expect(page).toHaveURL(new RegExp(`/empresa/${companyId}$`));
    await expect(page.getByRole("heading", { level: 1, name: companyName })).toBeVisible();
    await page.getByRole("link", { name: COURSE_TITLE }).click();
    await expect(page.getByText("Cupos disponibles", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Carga masiva (CSV o Excel)" }).click();
    await expect(page.getByRole("link", { name: "Descargar plantilla CSV" })).toHaveAttribute("href", `/empresa/${companyId}/cursos/1/descargas/plantilla.csv`);

    const [body, dv] = workers[2]!.rut.split("-") as [string, string];
    const wrongRut = `${body}-${dv === "1" ? "2" : "1"}`;
    const csv = [
      "nombre;correo;RUT",
      ...workers.map((w, i) => `${w.name};${i === 4 ? workers[0]!.email : w.email};${i === 2 ? wrongRut : w.rut}`),
    ].join("\r\n");
    await page.getByLabel("Archivo CSV o Excel (.xlsx)").setInputFiles({ name: "trabajadores.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${csv}`, "utf8") });
    await page.getByRole("button", { name: "Ver vista previa" }).click();
    await expect(page.getByRole("status").filter({ hasText: "5 filas" })).toContainText("3 válidas y 2 con problemas");
    const row4 = page.getByRole("listitem", { name: "Fila 4" });
    await expect(row4.getByText("El dígito verificador del RUT no es correcto.")).toBeVisible();
    const row6 = page.getByRole("listitem", { name: "Fila 6" });
    await expect(row6.getByText("Correo repetido en el archivo (también en la fila 2).")).toBeVisible();
    await expectNoA11yViolations(page);
    await reviewShot(page, "/tmp/companies-preview-1280.png");

    await row4.getByLabel("RUT (fila 4)").fill(workers[2]!.rut);
    await row6.getByLabel("Correo (fila 6)").fill(workers[4]!.email);
    await page.getByRole("button", { name: "Revisar de nuevo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "5 filas" })).toContainText("5 válidas");
    await page.getByRole("button", { name: "Inscribir 5 filas válidas" }).click();
    await expect(page.getByRole("status")).toHaveText("Listo: enviamos 5 invitaciones. Cada persona quedará inscrita cuando acepte la suya.");

    await page.getByRole("link", { name: "Ver trabajadores del curso" }).click();
    const invitations = page.getByRole("region", { name: "Invitaciones pendientes" });
    for (const w of workers) await expect(invitations.getByText(w.email)).toBeVisible();
    await expect(page.getByText("Cupos disponibles", { exact: true }).locator("..")).toContainText("0");
  });

  test("un trabajador acepta la invitación, crea su contraseña y completa el curso", async ({ page }) => {
    test.slow();
    const w = workers[0]!;
    const mail = await waitForMail(w.email, /\/invitacion\//);
    const link = mail.match(/https?:\/\/[^\s"<>]+\/invitacion\/[A-Za-z0-9_-]{43}/)?.[0];
    expect(link, mail).toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await expect(page.getByRole("heading", { level: 1, name: `Hola, ${w.name}` })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel("Contraseña", { exact: true }).fill("clave-trabajador-1");
    await page.getByLabel("Confirmar contraseña").fill("clave-trabajador-1");
    await page.getByRole("button", { name: "Crear mi cuenta y empezar" }).click();
    await expect(page).toHaveURL(/\/cursos\/1\/contenido/);
    await completeCourseOne(page);
    // The link cannot be used twice.
    await page.context().clearCookies();
    await page.goto(new URL(link!).pathname);
    await expect(page.getByText("Esta invitación ya fue usada. Inicia sesión con tu correo y contraseña.")).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("la encargada ve 'Completado' y descarga el Excel y el ZIP de certificados; otra empresa no ve nada", async ({ page, browser }) => {
    await page.goto("/");
    await page.request.post("/api/auth/sign-in/email", { data: { email: manager.email, password: manager.password }, headers: { origin: BASE_URL } });
    await page.goto(`/empresa/${companyId}/cursos/1`);
    const table = page.getByRole("table", { name: "Trabajadores inscritos" });
    const row = table.getByRole("row").filter({ hasText: workers[0]!.email });
    await expect(row).toContainText("Completado");
    await expect(row).toContainText("100 %");
    await expect(row.getByRole("link", { name: /Descargar/ })).toBeVisible();
    await expectNoA11yViolations(page);
    if (REVIEW_SCREENSHOTS) {
      await page.screenshot({ path: "/tmp/companies-empresa-curso-1280.png", fullPage: true });
      await page.goto(`/empresa/${companyId}`);
      await page.screenshot({ path: "/tmp/companies-empresa-1280.png", fullPage: true });
      await page.goto(`/empresa/${companyId}/cursos/1`);
    }

    const [xlsxDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar Excel" }).click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await xlsxDownload.path())!);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).text).toBe("Nombre");
    const names: string[] = [];
    sheet.eachRow((r, n) => {
      if (n > 1) names.push(r.getCell(1).text + "|" + r.getCell(4).text);
    });
    expect(names).toContain(`${workers[0]!.name}|Completado`);

    const [zipDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar certificados (ZIP)" }).click()]);
    const files = unzipSync(new Uint8Array(fs.readFileSync((await zipDownload.path())!)));
    const pdfs = Object.keys(files).filter((f) => f.endsWith(".pdf"));
    expect(pdfs).toHaveLength(1);
    expect(Buffer.from(files[pdfs[0]!]!.subarray(0, 5)).toString("latin1")).toBe("%PDF-");

    // Another company's manager: their portal shows none of it, and this company's pages and files are refused.
    const otherPage = await newPage(browser);
    await otherPage.goto("/");
    other.email = uniqueEmail("otra");
    await signUpAs(otherPage, other);
    const admin = await newPage(browser);
    await admin.goto("/");
    await signInAsAdmin(admin);
    const otherId = await createCompanyWithManager(admin, `Otra Empresa ${tag} Ltda`, other.email, 2);
    await otherPage.goto("/empresa");
    await expect(otherPage).toHaveURL(new RegExp(`/empresa/${otherId}$`));
    await otherPage.getByRole("link", { name: COURSE_TITLE }).click();
    await expect(otherPage.getByText("No hay trabajadores que mostrar.")).toBeVisible();
    await expect(otherPage.getByText(workers[0]!.email)).toHaveCount(0);
    await otherPage.goto(`/empresa/${companyId}/cursos/1`);
    await expect(otherPage.getByText("No tienes acceso a esta empresa.")).toBeVisible();
    const refused = await otherPage.request.get(`/empresa/${companyId}/cursos/1/descargas/certificados.zip`);
    expect(refused.status()).toBe(403);
    await otherPage.context().close();
    await admin.context().close();
  });

  test("la encargada abre la matriz de cumplimiento desde el portal, la filtra y descarga el Excel y la nómina", async ({ page, browser }) => {
    await page.goto("/");
    await page.request.post("/api/auth/sign-in/email", { data: { email: manager.email, password: manager.password }, headers: { origin: BASE_URL } });
    await page.goto(`/empresa/${companyId}`);
    await page.getByRole("link", { name: "Cumplimiento" }).click();
    await expect(page).toHaveURL(new RegExp(`/empresa/${companyId}/cumplimiento$`));
    await expect(page.getByRole("heading", { level: 1, name: "Cumplimiento" })).toBeVisible();
    const counts = page.getByRole("table", { name: "Trabajadores por curso y estado" }).getByRole("row").filter({ hasText: COURSE_TITLE });
    await expect(counts.getByRole("link", { name: `1 vigente en ${COURSE_TITLE}` })).toBeVisible();
    const matrix = page.getByRole("table", { name: /Matriz de cumplimiento/ });
    const row = matrix.getByRole("row").filter({ hasText: workers[0]!.name });
    await expect(row).toContainText("Vigente");
    await expect(row).toContainText(/hasta \d{2}\/\d{2}\/\d{4}/);
    await expect(row).toContainText(workers[0]!.rut);
    // The four who have not accepted their invitation are rows too, with the RUT the manager typed, counted apart.
    for (const w of workers.slice(1)) {
      const invited = matrix.getByRole("row").filter({ hasText: w.name });
      await expect(invited).toHaveCount(1);
      await expect(invited).toContainText("Invitación pendiente");
      await expect(invited).toContainText(w.rut);
    }
    await expect(counts.getByRole("link", { name: `4 invitación pendiente en ${COURSE_TITLE}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Trabajadores (5)" })).toBeVisible();
    await expectNoA11yViolations(page);
    await reviewShot(page, "/tmp/cumplimiento-matriz-1280.png");
    await shots(page, "matriz-invitados");

    // Filters go through the query string: nobody's certificate has run out; the vigente one shows again.
    const filters = page.getByRole("form", { name: "Filtrar la matriz" });
    await filters.getByLabel("Curso").selectOption("1");
    await filters.getByLabel("Estado").selectOption("vencido");
    await filters.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/curso=1&estado=vencido/);
    await expect(page.getByText("No hay trabajadores que mostrar.")).toBeVisible();
    await filters.getByLabel("Estado").selectOption("vigente");
    await filters.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/estado=vigente/);
    await expect(matrix.getByRole("row").filter({ hasText: workers[0]!.name })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Trabajadores (1 de 5)" })).toBeVisible();

    const [xlsxDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar Excel" }).click()]);
    expect(xlsxDownload.suggestedFilename()).toMatch(/-cumplimiento-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await xlsxDownload.path())!);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(3).text).toBe(`${COURSE_TITLE}: estado`);
    expect(sheet.getRow(2).getCell(1).text).toBe(workers[0]!.name);
    expect(sheet.getRow(2).getCell(3).text).toBe("Vigente");

    const [pdfDownload] = await Promise.all([
      page.waitForEvent("download"),
      counts.getByRole("link", { name: `PDF nómina de personal capacitado en ${COURSE_TITLE}` }).click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toMatch(/^nomina-.+\.pdf$/);
    const pdf = fs.readFileSync((await pdfDownload.path())!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // A group: the certified worker and one invited at Sucursal Antofagasta; the matrix scoped to it, counts too.
    await page.goto(`/empresa/${companyId}/cursos/1`);
    await page.getByRole("checkbox", { name: `Elegir a ${workers[0]!.name}` }).check();
    await page.getByRole("checkbox", { name: `Elegir la invitación de ${workers[1]!.name}` }).check();
    const selection = page.getByRole("form", { name: "Acciones para los elegidos" });
    await selection.getByLabel("Grupo", { exact: true }).selectOption("sucursal");
    await selection.getByLabel("Nombre del grupo").fill("Antofagasta");
    await selection.getByRole("button", { name: "Asignar grupo" }).click();
    await expect(page.getByRole("status")).toHaveText("Sucursal «Antofagasta» asignada a 2 trabajadores.");
    await page.goto(`/empresa/${companyId}/cumplimiento`);
    await filters.getByLabel("Sucursal").selectOption("Antofagasta");
    await filters.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/sucursal=Antofagasta/);
    await expect(page.getByText("Grupo: Sucursal Antofagasta.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Trabajadores (2)" })).toBeVisible();
    await expect(counts.getByRole("link", { name: `1 invitación pendiente en ${COURSE_TITLE}` })).toBeVisible();
    await expect(matrix.getByRole("row").filter({ hasText: workers[2]!.name })).toHaveCount(0);
    await expect(matrix.getByRole("row").filter({ hasText: workers[1]!.name })).toHaveCount(1);
    await expectNoA11yViolations(page);
    await reviewShot(page, "/tmp/cumplimiento-grupo-1280.png");

    // On a phone each worker is a card with each course's state under its title, and nothing scrolls sideways.
    const phone = await browser.newContext({ baseURL: BASE_URL, locale: "es-CL", timezoneId: "America/Santiago", viewport: { width: 375, height: 740 }, storageState: await page.context().storageState() });
    const phonePage = await phone.newPage();
    await phonePage.goto(`/empresa/${companyId}/cumplimiento?sucursal=Antofagasta`);
    await expect(phonePage.getByRole("combobox", { name: "Sucursal" })).toHaveValue("Antofagasta");
    await expect(phonePage.getByRole("heading", { level: 1, name: "Cumplimiento" })).toBeVisible();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(phonePage);
    await reviewShot(phonePage, "/tmp/cumplimiento-matriz-375.png");
    await phone.close();
  });
});

test.describe("portal de empresa en el teléfono", { tag: "@movil" }, () => {
  test("se lee sin desplazamiento horizontal (375 px)", async ({ browser }) => {
    const managerPage = await newPage(browser, { width: 375, height: 740 });
    await managerPage.goto("/");
    const manager = await signUpAs(managerPage, { name: "Encargada Móvil", email: uniqueEmail("movil") });
    const admin = await newPage(browser);
    await admin.goto("/");
    await signInAsAdmin(admin);
    const id = await createCompanyWithManager(admin, `Empresa Móvil ${Date.now().toString(36)} SpA`, manager.email, 3);
    await admin.context().close();
    for (const url of [`/empresa/${id}`, `/empresa/${id}/cursos/1`, `/empresa/${id}/cursos/1/carga`, `/empresa/${id}/cumplimiento`]) {
      await managerPage.goto(url);
      await expect(managerPage.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await managerPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, url).toBeLessThanOrEqual(0);
    }
    const form = managerPage.getByRole("form", { name: "Inscribir a un trabajador" });
    await managerPage.goto(`/empresa/${id}/cursos/1`);
    await form.getByLabel("Nombre").fill("Pedro Soto");
    await form.getByLabel("Correo electrónico").fill(uniqueEmail("pedro"));
    await form.getByLabel("RUT").fill("12.345.678-9");
    await form.getByRole("button", { name: "Inscribir" }).click();
    await expect(form.getByText("El dígito verificador del RUT no es correcto.")).toBeVisible();
    await expect(form.getByLabel("Nombre")).toHaveValue("Pedro Soto");
    await expectNoA11yViolations(managerPage);
    await reviewShot(managerPage, "/tmp/companies-empresa-375.png");
    if (REVIEW_SCREENSHOTS) {
      const adminPhone = await newPage(browser, { width: 375, height: 740 });
      await adminPhone.goto("/");
      await signInAsAdmin(adminPhone);
      await adminPhone.goto("/admin/empresas");
      await adminPhone.screenshot({ path: "/tmp/companies-admin-375.png", fullPage: true });
      await adminPhone.goto(`/admin/empresas/${id}`);
      await adminPhone.screenshot({ path: "/tmp/companies-admin-detail-375.png", fullPage: true });
      await adminPhone.context().close();
    }
    await managerPage.context().close();
  });
});
