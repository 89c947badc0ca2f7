// Tax documents in Chromium (docs/decisions.md F4): a person buys and gets a boleta PDF; a company buys seats
// and gets a factura with its data; an admin refunds and a nota de crédito appears; a provider outage delays a
// document and the retry issues it once. Against the local OpenFactura server the e2e server starts.
import fs from "node:fs";
import type { Browser, Download, Page } from "@playwright/test";
import { expect, test, BASE_URL } from "./support/test";
import { signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { expectNoA11yViolations } from "./support/axe";
import { answerAtWebpay } from "./support/commerce";
import { waitForMail } from "./support/mail";
import { reviewShot } from "./support/screenshots";
import { dteDocumentsOf, dteOutage } from "./support/dte";

async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: "es-CL", timezoneId: "America/Santiago", viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** Reloads until `text` shows: a document is issued by the outbox a moment after the payment. */
async function reloadUntil(page: Page, text: RegExp) {
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByText(text).count();
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
}

async function savedPdf(download: Download) {
  const file = await download.path();
  return fs.readFileSync(file!);
}

/** Both widths of a page, for people to look at (E2E_SCREENSHOTS=1). */
async function shots(page: Page, name: string) {
  await reviewShot(page, `/tmp/dte-${name}-1280.png`);
  await page.setViewportSize({ width: 375, height: 740 });
  await reviewShot(page, `/tmp/dte-${name}-375.png`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function checkout(page: Page, courseId: number) {
  await page.goto(`/cursos/${courseId}`);
  await page.getByRole("complementary", { name: "Inscripción" }).getByRole("button", { name: "Comprar curso" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Comprar curso" })).toBeVisible();
}

test.describe.configure({ mode: "serial" });

test.describe("documentos tributarios", { tag: "@escritorio" }, () => {
  test.afterEach(async () => {
    await dteOutage(null);
  });

  test("una persona compra con boleta y recibe la boleta en PDF; el administrador reembolsa y aparece la nota de crédito", async ({ page, browser }) => {
    const learner = await signUpAs(page, { name: "Camila Soto" });
    await checkout(page, 1);
    const tax = page.getByRole("group", { name: "Documento tributario" });
    await expect(tax.getByRole("radio", { name: /Boleta/ })).toBeChecked();
    // The factura's fields show only when a factura is asked for.
    await expect(tax.getByLabel("Razón social")).toBeHidden();
    await tax.getByLabel("RUT", { exact: true }).fill("12.345.678-4");
    await page.getByRole("radio", { name: /Webpay Plus/ }).check();
    await page.getByRole("checkbox", { name: "Acepto los términos de compra" }).check();
    await page.getByRole("button", { name: "Confirmar compra" }).click();
    await expect(tax.getByText("El dígito verificador del RUT no es correcto.")).toBeVisible();
    await expect(tax.getByLabel("RUT", { exact: true })).toHaveValue("12.345.678-4");
    await tax.getByLabel("RUT", { exact: true }).fill("12.345.678-5");
    await page.getByRole("checkbox", { name: "Acepto los términos de compra" }).check();
    await page.getByRole("button", { name: "Confirmar compra" }).click();
    await expect(page.getByRole("heading", { name: "Webpay Plus local — pago de prueba" })).toBeVisible();
    const number = await answerAtWebpay(page, "Pagar");

    await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();
    await reloadUntil(page, /Boleta exenta electrónica N° \d+/);
    await expect(page.getByRole("heading", { name: "Documentos tributarios" })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Descargar PDF \(Boleta exenta electrónica N° \d+\)/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^boleta-exenta-41-folio-\d+\.pdf$/);
    expect((await savedPdf(download)).subarray(0, 5).toString()).toBe("%PDF-");
    await expectNoA11yViolations(page);
    await shots(page, "compra-boleta");

    // The receipt arrived with the boleta attached; the provider issued one document, to the RUT given.
    const mail = await waitForMail(learner.email, /filename=boleta-exenta-41-folio-\d+\.pdf/);
    expect(mail).toContain("Adjuntamos tu Boleta exenta electr");
    const [boleta] = await dteDocumentsOf(number);
    expect(boleta).toMatchObject({ type: 41, totals: { exempt: 20_000, total: 20_000 } });
    expect(boleta!.dte.Encabezado.Receptor.RUTRecep).toBe("12345678-5");

    // The admin refunds: the nota de crédito appears on the sale's page and in the buyer's purchases.
    const admin = await newPage(browser);
    await signInAsAdmin(admin);
    await admin.goto(`/admin/ventas/${number}`);
    await expect(admin.getByText(`Boleta exenta electrónica N° ${boleta!.folio}`, { exact: true })).toBeVisible();
    await admin.getByLabel("Motivo del reembolso").fill("Compra por error");
    await admin.getByRole("button", { name: "Reembolsar" }).click();
    await expect(admin.getByRole("status")).toContainText("Reembolso registrado");
    await reloadUntil(admin, /Nota de crédito electrónica N° \d+/);
    await expect(admin.getByRole("link", { name: /Descargar PDF \(Nota de crédito electrónica N° \d+\)/ })).toBeVisible();
    await expectNoA11yViolations(admin);
    await shots(admin, "venta-admin");
    const documents = await dteDocumentsOf(number);
    expect(documents.map((d) => d.type)).toEqual([41, 61]);

    await page.reload();
    await expect(page.getByText(/^Nota de crédito electrónica N° \d+$/)).toBeVisible();
    await waitForMail(learner.email, /filename=nota-de-credito-61-folio-\d+\.pdf/);
    await admin.context().close();
  });

  test("una empresa compra cupos y recibe la factura con sus datos", async ({ page, browser }) => {
    const manager = await newPage(browser);
    const managerUser = await signUpAs(manager, { name: "Encargada Compras", email: uniqueEmail("encargada") });
    await signInAsAdmin(page);
    const name = `Constructora Andina ${Date.now().toString(36)} SpA`;
    await page.goto("/admin/empresas");
    const form = page.getByRole("form", { name: "Crear empresa" });
    await form.getByLabel("Razón social").fill(name);
    await form.getByLabel("RUT", { exact: true }).fill("76.430.498-5");
    await form.getByLabel("Nombre del contacto").fill("Marta Rojas");
    await form.getByLabel("Correo del contacto").fill("contacto@andina.test");
    await form.getByLabel("Teléfono del contacto").fill("+56 2 2345 6789");
    await form.getByRole("button", { name: "Crear empresa" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const companyId = Number(/\/admin\/empresas\/(\d+)$/.exec(page.url())![1]);
    const managers = page.getByRole("form", { name: "Agregar encargado" });
    await managers.getByLabel("Correo del encargado").fill(managerUser.email);
    await managers.getByRole("button", { name: "Agregar encargado" }).click();
    await expect(page.getByRole("status")).toContainText("encargada de la empresa");

    await manager.goto(`/empresa/${companyId}/comprar`);
    const buy = manager.getByRole("form", { name: "Comprar cupos" });
    await expect(buy.getByText(new RegExp(`Factura a nombre de ${name}`))).toBeVisible();
    await buy.getByLabel("Curso").selectOption("1");
    await buy.getByLabel("Cantidad de cupos").fill("3");
    await buy.getByLabel("Giro").fill("Construcción de obras de ingeniería civil");
    await buy.getByLabel("Dirección").fill("Av. Matta 100, of. 3");
    await buy.getByLabel("N° de orden de compra (opcional)").fill("OC-2026-118");
    await buy.getByRole("radio", { name: /Transferencia bancaria/ }).check();
    await buy.getByRole("checkbox", { name: "Acepto los términos de compra" }).check();
    await buy.getByRole("button", { name: "Confirmar compra" }).click();
    // The comuna was left out: its message next to it, and what was typed kept.
    await expect(buy.getByText("Ingresa la comuna.")).toBeVisible();
    await expect(buy.getByLabel("Giro")).toHaveValue("Construcción de obras de ingeniería civil");
    await shots(manager, "empresa-comprar-error");
    await buy.getByLabel("Comuna").fill("Santiago");
    await buy.getByRole("checkbox", { name: "Acepto los términos de compra" }).check();
    await buy.getByRole("button", { name: "Confirmar compra" }).click();
    await expect(manager).toHaveURL(/\/compras\/[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const number = manager.url().split("/").pop()!;

    await page.goto(`/admin/ventas/${number}`);
    await page.getByRole("checkbox", { name: /Revisé la cuenta/ }).check();
    await page.getByRole("button", { name: "Marcar como pagado" }).click();
    await expect(page.getByRole("status")).toContainText("Transferencia confirmada");

    await manager.goto(`/empresa/${companyId}`);
    await reloadUntil(manager, /Factura exenta electrónica N° \d+/);
    const purchases = manager.getByRole("region", { name: "Compras y documentos tributarios" });
    await expect(purchases).toContainText(number);
    const [download] = await Promise.all([manager.waitForEvent("download"), purchases.getByRole("link", { name: /Descargar PDF \(Factura exenta electrónica/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^factura-exenta-34-folio-\d+\.pdf$/);
    expect((await savedPdf(download)).subarray(0, 5).toString()).toBe("%PDF-");
    await expectNoA11yViolations(manager);
    await shots(manager, "portal-empresa");

    const [factura] = await dteDocumentsOf(number);
    expect(factura).toMatchObject({ type: 34, totals: { exempt: 60_000, total: 60_000 } });
    expect(factura!.dte.Encabezado.Receptor).toEqual({ RUTRecep: "76430498-5", RznSocRecep: name, GiroRecep: "Construcción de obras de ingeniería civi", DirRecep: "Av. Matta 100, of. 3", CmnaRecep: "Santiago" });
    expect(factura!.dte.Detalle[0]).toMatchObject({ QtyItem: 3, PrcItem: 20_000 });
    await manager.context().close();
  });

  test("una caída del proveedor retrasa la boleta; el reintento del administrador la emite una sola vez", async ({ page, browser }) => {
    await signUpAs(page);
    await dteOutage("unavailable");
    await checkout(page, 1);
    await page.getByRole("radio", { name: /Transferencia bancaria/ }).check();
    await page.getByRole("checkbox", { name: "Acepto los términos de compra" }).check();
    await page.getByRole("button", { name: "Confirmar compra" }).click();
    await expect(page).toHaveURL(/\/compras\/[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const number = page.url().split("/").pop()!;

    const admin = await newPage(browser);
    await signInAsAdmin(admin);
    await admin.goto(`/admin/ventas/${number}`);
    await admin.getByRole("checkbox", { name: /Revisé la cuenta/ }).check();
    await admin.getByRole("button", { name: "Marcar como pagado" }).click();
    await expect(admin.getByRole("status")).toContainText("Transferencia confirmada");

    // Delayed, not lost: the buyer sees it on its way; the admin sees it waiting, with the provider's error.
    await reloadUntil(page, /En proceso de emisión/);
    await admin.goto("/admin/documentos");
    const row = admin.getByRole("row").filter({ hasText: number });
    await expect(row).toContainText("Pendiente de emisión");
    await expect(row).toContainText("Service Unavailable");
    await expectNoA11yViolations(admin);
    await shots(admin, "documentos-admin");
    expect(await dteDocumentsOf(number)).toEqual([]);

    await dteOutage(null);
    await row.getByRole("button", { name: "Reintentar emisión" }).click();
    await expect(admin.getByRole("status")).toHaveText("Listo: el documento quedó en cola para emitirse de nuevo.");
    await reloadUntil(page, /Boleta exenta electrónica N° \d+/);
    await admin.reload();
    await expect(admin.getByRole("row").filter({ hasText: number })).toHaveCount(0);
    expect(await dteDocumentsOf(number)).toHaveLength(1);
    await admin.context().close();
  });
});

test.describe("checkout con factura en el teléfono", { tag: "@movil" }, () => {
  test("los datos de la factura aparecen al elegirla y sus errores quedan junto a cada campo", async ({ page }) => {
    await signUpAs(page);
    await checkout(page, 1);
    const tax = page.getByRole("group", { name: "Documento tributario" });
    await tax.getByRole("radio", { name: /Factura/ }).check();
    await expect(tax.getByLabel("Razón social")).toBeVisible();
    await page.getByRole("checkbox", { name: "Acepto los términos de compra" }).check();
    await page.getByRole("button", { name: "Confirmar compra" }).click();
    for (const message of ["Ingresa el RUT de quien recibe la factura.", "Ingresa la razón social (o tu nombre completo si la factura es a tu nombre).", "Ingresa la comuna."]) {
      await expect(tax.getByText(message)).toBeVisible();
    }
    await expectNoA11yViolations(page);
    await reviewShot(page, "/tmp/dte-checkout-factura-375.png");
    await page.setViewportSize({ width: 1280, height: 800 });
    await reviewShot(page, "/tmp/dte-checkout-factura-1280.png");
  });
});
