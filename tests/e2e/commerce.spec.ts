// Buying a course with Webpay Plus in Chromium, against the local Webpay server the e2e server starts.
import { expect, test } from "./support/test";
import { signUpAs } from "./support/auth";
import { expectNoA11yViolations } from "./support/axe";
import { answerAtWebpay, buyCourse, checkoutToWebpay } from "./support/commerce";
import { waitForMail } from "./support/mail";

test.describe("compra con Webpay", () => {
  test("pagar con la VISA de prueba inscribe, muestra el comprobante y lo envía por correo", async ({ page }) => {
    const learner = await signUpAs(page);
    await page.goto("/cursos/1");
    await page.getByRole("complementary", { name: "Inscripción" }).getByRole("button", { name: "Comprar curso" }).click();
    await expect(page).toHaveURL(/\/cursos\/1\/comprar$/);
    await expect(page.getByRole("heading", { level: 1, name: "Comprar curso" })).toBeVisible();
    await expect(page.getByText("$20.000", { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);

    // Without the terms the form says so next to the box, and keeps the choice.
    await page.getByRole("radio", { name: /Webpay Plus/ }).check();
    await page.getByRole("button", { name: "Confirmar compra" }).click();
    await expect(page.getByText("Debes aceptar los términos y condiciones para continuar.")).toBeVisible();

    await page.getByRole("checkbox", { name: "Acepto los términos de compra" }).check();
    await page.getByRole("button", { name: "Confirmar compra" }).click();
    await expect(page.getByRole("heading", { name: "Webpay Plus local — pago de prueba" })).toBeVisible();
    await expect(page.getByText("$20.000").first()).toBeVisible();
    const number = await answerAtWebpay(page, "Pagar");

    await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();
    await expect(page.getByText(number, { exact: true })).toBeVisible();
    await expect(page.getByText("Total pagado")).toBeVisible();
    await expect(page.getByText(/Emitido por .*RUT/)).toBeVisible();
    await expectNoA11yViolations(page);

    const mail = await waitForMail(learner.email, /Comprobante de tu compra/);
    expect(mail).toContain(number);

    // The page reloaded (the return URL opened again) changes nothing.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();

    await page.getByRole("link", { name: "Empezar el curso" }).click();
    await expect(page).toHaveURL(/\/cursos\/1\/contenido/);
    await page.goto("/cursos/1");
    await expect(page.getByRole("link", { name: "Acceder ahora" })).toBeVisible();

    // 'Mis compras' (user menu and /perfil) lists the order with its receipt.
    await page.goto("/perfil");
    await page.getByRole("link", { name: "Mis compras y comprobantes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Mis compras" })).toBeVisible();
    await expect(page.getByText(`Pedido ${number}`, { exact: false })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("volver a abrir la URL de retorno de Webpay no cobra ni inscribe de nuevo", async ({ page }) => {
    await signUpAs(page);
    await checkoutToWebpay(page, 1);
    const returned = page.waitForRequest((r) => r.url().includes("/pagos/webpay/retorno"));
    const number = await answerAtWebpay(page, "Pagar");
    const returnUrl = (await returned).url();
    await page.goto(returnUrl);
    await expect(page).toHaveURL(new RegExp(`/compras/${number}$`));
    await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();
    await page.goto("/compras");
    await expect(page.getByRole("listitem").filter({ hasText: number })).toHaveCount(1);
    await expect(page.getByText("Pagado", { exact: true })).toHaveCount(1);
  });

  test("tarjeta rechazada: el pedido queda rechazado y se puede intentar de nuevo", async ({ page }) => {
    await signUpAs(page);
    await checkoutToWebpay(page, 1);
    await answerAtWebpay(page, "Pagar", /MASTERCARD 5186 0595 5959 0568/);
    await expect(page.getByRole("alert")).toContainText("Tu pago fue rechazado. No se realizó ningún cargo.");
    await expect(page.getByText("Rechazado", { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("link", { name: "Intentar de nuevo" }).click();
    await expect(page).toHaveURL(/\/cursos\/1\/comprar$/);
    await page.goto("/cursos/1/contenido");
    await expect(page.getByText("No estás inscrito en este curso. Por favor, inscríbete primero.")).toBeVisible();
  });

  test("anular la compra en Webpay vuelve al pedido anulado, sin cargo", async ({ page }) => {
    await signUpAs(page);
    await checkoutToWebpay(page, 1);
    await answerAtWebpay(page, "Anular compra y volver al comercio");
    await expect(page.getByRole("alert")).toContainText("Anulaste el pago en Webpay. No se realizó ningún cargo.");
    await expect(page.getByText("Anulado", { exact: true })).toBeVisible();
  });

  test("tiempo agotado en Webpay: el pedido no se cobra", async ({ page }) => {
    await signUpAs(page);
    await checkoutToWebpay(page, 1);
    await answerAtWebpay(page, "Simular tiempo agotado");
    await expect(page.getByRole("alert")).toContainText("El tiempo para pagar en Webpay se agotó.");
  });

  test("un curso que aún no abre ofrece dejar el correo", async ({ page }) => {
    await page.goto("/cursos/3");
    await page.getByRole("complementary", { name: "Inscripción" }).getByRole("link", { name: "Avísame cuando abra" }).click();
    await expect(page).toHaveURL(/\/cursos\/3\/avisame$/);
    await page.getByLabel("Correo electrónico").fill("interesado@academia.test");
    await page.getByRole("button", { name: "Avisarme" }).click();
    await expect(page.getByText("¡Listo! Te avisaremos por correo cuando el curso abra.")).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("buyCourse deja al alumno en el contenido del curso", async ({ page }) => {
    await signUpAs(page);
    await buyCourse(page, 1);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
