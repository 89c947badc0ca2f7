// Buying a course in the browser: checkout, the local Webpay server's payment form (started by the e2e
// server, scripts/e2e-server.mjs), and back to the receipt.
import { expect, type Page } from "@playwright/test";

export type WebpayButton = "Pagar" | "Rechazar pago" | "Anular compra y volver al comercio" | "Simular tiempo agotado";

/** From the course page to Webpay's form: 'Comprar curso', the checkout with Webpay, 'Confirmar compra'. */
export async function checkoutToWebpay(page: Page, courseId: number, options: { coupon?: string } = {}) {
  await page.goto(`/cursos/${courseId}`);
  await page.getByRole("complementary", { name: "Inscripción" }).getByRole("button", { name: "Comprar curso" }).click();
  await expect(page).toHaveURL(new RegExp(`/cursos/${courseId}/comprar$`));
  await page.getByRole("radio", { name: /Webpay Plus/ }).check();
  if (options.coupon) await page.getByLabel("Cupón de descuento (opcional)").fill(options.coupon);
  await page.getByRole("checkbox", { name: "Acepto los términos de compra" }).check();
  await page.getByRole("button", { name: "Confirmar compra" }).click();
  await expect(page.getByRole("heading", { name: "Webpay Plus local — pago de prueba" })).toBeVisible();
}

/** Presses a button of the local Webpay form (with a test card) and waits to be back at the order page. */
export async function answerAtWebpay(page: Page, button: WebpayButton, card?: RegExp) {
  if (card) await page.getByRole("radio", { name: card }).check();
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page).toHaveURL(/\/compras\/[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  return new URL(page.url()).pathname.split("/").pop()!;
}

/** Buys a priced course with the approved VISA test card and ends in its content. Returns the order number. */
export async function buyCourse(page: Page, courseId: number) {
  await checkoutToWebpay(page, courseId);
  const number = await answerAtWebpay(page, "Pagar");
  await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();
  await page.getByRole("link", { name: "Empezar el curso" }).click();
  await expect(page).toHaveURL(new RegExp(`/cursos/${courseId}/contenido`));
  return number;
}
