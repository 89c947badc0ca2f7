// Buying a course with Webpay Plus in Chromium, against the local Webpay server the e2e server starts.
import { expect, test } from "./support/test";
import { signInAsAdmin, signUpAs } from "./support/auth";
import { expectNoA11yViolations } from "./support/axe";
import { answerAtWebpay, buyCourse, checkoutToWebpay } from "./support/commerce";
import { waitForMail } from "./support/mail";
import { REVIEW_SCREENSHOTS, reviewShot } from "./support/screenshots";

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

  // Replays and Webpay's other outcomes are the server's rules: once, at 1280 px. Paying and a rejected card run
  // on both screens.
  test("volver a abrir la URL de retorno de Webpay no cobra ni inscribe de nuevo", { tag: "@escritorio" }, async ({ page }) => {
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

  // With JavaScript (every other test here) the page that leads to Webpay sends its form by itself, under the
  // page's Content-Security-Policy; without it, the buyer presses its button.
  test("sin JavaScript, 'Ir a Webpay' lleva al formulario de pago de Webpay", { tag: "@escritorio" }, async ({ page, browser }) => {
    await signUpAs(page);
    const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await noScript.newPage();
    await plain.goto("/cursos/1/comprar");
    await plain.getByRole("radio", { name: /Webpay Plus/ }).check();
    await plain.getByRole("checkbox", { name: "Acepto los términos de compra" }).check();
    await plain.getByRole("button", { name: "Confirmar compra" }).click();
    await expect(plain).toHaveURL(/\/compras\/[A-Z0-9]{4}-[A-Z0-9]{4}\/webpay$/);
    await expect(plain.getByRole("heading", { level: 1, name: "Te estamos llevando a Webpay..." })).toBeVisible();
    await expect(plain).toHaveTitle("Ir a Webpay | Academia Andes");
    // axe needs JavaScript: the same markup, without the script that would send it on, in the other page.
    await page.setContent((await plain.content()).replace(/<script[\s\S]*?<\/script>/g, ""));
    await expectNoA11yViolations(page);
    await plain.getByRole("button", { name: "Ir a Webpay" }).click();
    // Webpay's own pages need JavaScript to send the buyer back: the academy's part ends at its form.
    await expect(plain.getByRole("heading", { name: "Webpay Plus local — pago de prueba" })).toBeVisible();
    await expect(plain.getByText("$20.000").first()).toBeVisible();
    await noScript.close();
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

  test("anular la compra en Webpay vuelve al pedido anulado, sin cargo", { tag: "@escritorio" }, async ({ page }) => {
    await signUpAs(page);
    await checkoutToWebpay(page, 1);
    await answerAtWebpay(page, "Anular compra y volver al comercio");
    await expect(page.getByRole("alert")).toContainText("Anulaste el pago en Webpay. No se realizó ningún cargo.");
    await expect(page.getByText("Anulado", { exact: true })).toBeVisible();
  });

  test("tiempo agotado en Webpay: el pedido no se cobra", { tag: "@escritorio" }, async ({ page }) => {
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
    // The admin sees the list by course, with its CSV; "Avisar" waits until the course opens.
    await page.context().clearCookies();
    await signInAsAdmin(page);
    await page.goto("/admin/ventas");
    const lists = page.getByRole("list", { name: "Listas de espera por curso" });
    const row = lists.getByRole("listitem").filter({ hasText: /personas? anotadas?/ }).first();
    await expect(row).toContainText("el curso aún no abre");
    await expect(row.getByRole("link", { name: "CSV" })).toHaveAttribute("href", /\/admin\/lista-de-espera\.csv\?curso=\d+$/);
    await expect(row.getByRole("button", { name: /^Avisar/ })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await reviewShot(page, "/tmp/admin-lista-de-espera-1280.png");
  });

  test("buyCourse deja al alumno en el contenido del curso", { tag: "@escritorio" }, async ({ page }) => {
    await signUpAs(page);
    await buyCourse(page, 1);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

// Desktop only: what they test is the order and the administration, not the screen; paying by card runs on both.
test.describe("transferencia, cupones y reembolsos con la administración", { tag: "@escritorio" }, () => {
  test("transferencia: el pedido espera, el admin lo marca pagado y el alumno queda inscrito y avisado", async ({ page, browser }) => {
    const learner = await signUpAs(page);
    await page.goto("/cursos/1/comprar");
    await page.getByRole("radio", { name: /Transferencia bancaria/ }).check();
    await page.getByRole("checkbox", { name: "Acepto los términos de compra" }).check();
    await page.getByRole("button", { name: "Confirmar compra" }).click();
    await expect(page).toHaveURL(/\/compras\/[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const number = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByRole("heading", { level: 1, name: `Pedido ${number}` })).toBeVisible();
    await expect(page.getByText("Datos para la transferencia")).toBeVisible();
    await expectNoA11yViolations(page);
    // The amount is copied as the digits a bank's form takes; the order number as the comment to write.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copiar monto" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Copiado" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("20000");
    await page.getByRole("button", { name: "Copiar comentario de la transferencia" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`Pedido ${number}`);
    // On a phone the order number stays whole beside its "Copiar" (a browser may break a line at a hyphen).
    await page.setViewportSize({ width: 375, height: 740 });
    const numberInComment = page.getByRole("definition").filter({ hasText: `Pedido ${number}` }).getByText(number, { exact: true });
    expect((await numberInComment.boundingBox())!.height).toBeLessThan(30);
    await page.setViewportSize({ width: 1280, height: 800 });
    if (REVIEW_SCREENSHOTS) {
      await reviewShot(page, "/tmp/commerce-transferencia-1280.png");
      await page.setViewportSize({ width: 375, height: 740 });
      await reviewShot(page, "/tmp/commerce-transferencia-375.png");
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(await waitForMail(learner.email, new RegExp(number))).toContain("$20.000");
    // The proof of transfer: a file of another kind is refused next to the field before it is sent; a photo goes.
    const proofField = page.getByLabel("Archivo del comprobante");
    await proofField.setInputFiles({ name: "comprobante.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ-no-es-un-comprobante") });
    await page.getByRole("button", { name: "Enviar comprobante" }).click();
    await expect(page.getByText("Sube el comprobante en PDF o como imagen (JPG, PNG, WebP o HEIC).")).toBeVisible();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 3)]);
    await proofField.setInputFiles({ name: "captura-banco.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Enviar comprobante" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Recibimos tu comprobante." })).toBeVisible();
    await expect(page.getByRole("link", { name: "captura-banco.png" })).toBeVisible();
    if (REVIEW_SCREENSHOTS) {
      await reviewShot(page, "/tmp/commerce-comprobante-1280.png");
      await page.setViewportSize({ width: 375, height: 740 });
      await reviewShot(page, "/tmp/commerce-comprobante-375.png");
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(await waitForMail("pagos@", new RegExp(`Comprobante de transferencia: pedido ${number}`))).toContain(number);
    // Not paid yet: no access.
    await page.goto("/cursos/1/contenido");
    await expect(page.getByText("No estás inscrito en este curso. Por favor, inscríbete primero.")).toBeVisible();

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    await admin.goto(`/admin/ventas/${number}`);
    await expect(admin.getByRole("heading", { name: "Transferencia" })).toBeVisible();
    // The buyer's proof is beside the confirmation, downloaded with the order's name.
    const [proof] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: "Comprobante: captura-banco.png" }).click()]);
    expect(proof.suggestedFilename()).toBe(`comprobante-${number}.png`);
    await admin.getByRole("checkbox", { name: /Revisé la cuenta/ }).check();
    await admin.getByRole("button", { name: "Marcar como pagado" }).click();
    await expect(admin.getByText("Transferencia confirmada: la persona quedó inscrita y recibió un correo.")).toBeVisible();
    // Pressed again (a second tab, a replay): nothing changes twice.
    await admin.goto(`/admin/ventas/${number}`);
    await expect(admin.getByRole("button", { name: "Marcar como pagado" })).toHaveCount(0);
    await adminContext.close();

    await page.goto(`/compras/${number}`);
    await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();
    await page.getByRole("link", { name: "Empezar el curso" }).click();
    await expect(page).toHaveURL(/\/cursos\/1\/contenido/);
    await expect(page.getByText("No estás inscrito en este curso. Por favor, inscríbete primero.")).toHaveCount(0);
  });

  test("un cupón del 100 % inscribe sin pasar por Webpay, y el reembolso quita el acceso", async ({ page, browser }) => {
    const code = `GRATIS${Date.now().toString(36).toUpperCase()}`;
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    await admin.goto("/admin/cupones");
    const form = admin.getByRole("form", { name: "Crear cupón" });
    await form.getByLabel("Código").fill(code);
    await form.getByLabel("Tipo de descuento").selectOption("percent");
    await form.getByLabel("Valor").fill("100");
    await form.getByLabel("Máximo de usos (opcional)").fill("1");
    await form.getByRole("button", { name: "Crear cupón" }).click();
    await expect(admin.getByRole("cell", { name: code })).toBeVisible();

    await signUpAs(page);
    await page.goto("/cursos/1/comprar");
    await page.getByLabel("Cupón de descuento (opcional)").fill(code.toLowerCase());
    await page.getByRole("radio", { name: /Webpay Plus/ }).check();
    await page.getByRole("checkbox", { name: "Acepto los términos de compra" }).check();
    await page.getByRole("button", { name: "Confirmar compra" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();
    const number = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByText("$0", { exact: true }).first()).toBeVisible();

    // The single use is spent: another buyer is told so next to the field.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signUpAs(other);
    await other.goto("/cursos/1/comprar");
    await other.getByLabel("Cupón de descuento (opcional)").fill(code);
    await other.getByRole("radio", { name: /Webpay Plus/ }).check();
    await other.getByRole("checkbox", { name: "Acepto los términos de compra" }).check();
    await other.getByRole("button", { name: "Confirmar compra" }).click();
    await expect(other.getByLabel("Cupón de descuento (opcional)")).toHaveValue(code);
    await expect(other.getByText(/cupón/i).filter({ hasNotText: "Cupón de descuento" }).first()).toBeVisible();
    await expect(other.getByRole("heading", { name: "Webpay Plus local — pago de prueba" })).toHaveCount(0);
    await otherContext.close();

    await admin.goto(`/admin/ventas/${number}`);
    await admin.getByLabel("Motivo del reembolso").fill("Cliente desistió dentro del plazo.");
    await admin.getByRole("button", { name: "Reembolsar" }).click();
    await expect(admin.getByText("Reembolso registrado. La persona ya no tiene acceso al curso.")).toBeVisible();
    await adminContext.close();

    await page.goto("/cursos/1/contenido");
    await expect(page.getByText("No estás inscrito en este curso. Por favor, inscríbete primero.")).toBeVisible();
  });
});
