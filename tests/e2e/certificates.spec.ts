// Certificates (docs/decisions.md B9): a learner completes course 1 through the real UI, receives the e-mail,
// verifies the certificate publicly and downloads the PDF; nobody else can download it.
import fs from "node:fs";
import { expect, test } from "./support/test";
import { signInAs, signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { expectNoA11yViolations } from "./support/axe";
import { completeCourseOne } from "./support/course-one";
import { buyCourse } from "./support/commerce";
import { waitForMail } from "./support/mail";

const COURSE_TITLE = "Reanimación Cardiopulmonar solo Compresiones";
const CODE_IN_URL = /\/certificados\/([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})$/;

async function pdfText(bytes: Buffer) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  const text = content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
  await doc.destroy();
  return text;
}

test.describe.configure({ mode: "serial" });

test.describe("certificados", () => {
  const learner = { name: "José Muñoz", email: "", password: "clave-segura-1" };
  let code = "";

  test("alumno completa el curso 1, recibe el correo, verifica y descarga su certificado", async ({ page }) => {
    test.slow();
    learner.email = uniqueEmail("certificado");
    await page.goto("/");
    await signUpAs(page, learner);

    await buyCourse(page, 1);
    await completeCourseOne(page);

    const mail = await waitForMail(learner.email, /Felicitaciones/);
    expect(mail).toContain(COURSE_TITLE);
    const link = mail.match(/https?:\/\/[^\s"<>]+\/certificados\/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}(?![\w/-])/)?.[0];
    expect(link, mail).toBeTruthy();
    code = CODE_IN_URL.exec(link!)![1]!;

    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 1, name: "Certificado válido" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByText("José Muñoz")).toBeVisible();
    await expect(main.getByText(COURSE_TITLE)).toBeVisible();
    await expect(main.getByText("2 horas")).toBeVisible();
    // What it certifies, as visible as the verdict (docs/decisions.md D1), and the full statement below.
    await expect(main.getByText("Curso teórico en línea · No evalúa habilidades prácticas", { exact: true })).toBeVisible();
    await expect(main.getByText(/Acredita la aprobación de la parte teórica.*No evalúa habilidades prácticas/)).toBeVisible();
    await expect(main.getByText(code, { exact: true })).toBeVisible();

    // The holder is offered the download on the verification page too.
    await expect(main.getByRole("link", { name: "Descargar certificado" })).toHaveAttribute("href", `/certificados/${code}/pdf`);

    // The dashboard counts the certificate and downloads it from the completed course card.
    await page.goto("/dashboard");
    await expect(page.getByText("Certificados", { exact: true })).toBeVisible();
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: /Descargar certificado/ }).first().click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`certificado-${code}.pdf`);
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain("José Muñoz");
    expect(text).toContain(COURSE_TITLE);
    expect(text).toContain(code);
    expect(text).toContain("2 horas");
    expect(text).toContain("No evalúa habilidades prácticas");
    // Course 1 counts 24 months (docs/certificate-validity.md): the PDF prints the last day.
    expect(text).toContain("Válido hasta");
  });

  test("la página del certificado no revela el correo y pide no indexarse", async ({ page }) => {
    test.skip(!code, "necesita el certificado de la prueba anterior");
    const response = await page.goto(`/certificados/${code}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Certificado válido" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    expect(await page.content()).not.toContain(learner.email);
    // Anonymous visitors see the confirmation, not the download.
    await expect(page.getByRole("link", { name: "Descargar certificado" })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test("el formulario /certificados acepta el código en minúsculas y sin guiones", async ({ page }) => {
    test.skip(!code, "necesita el certificado de la prueba anterior");
    await page.goto("/certificados");
    await expect(page.getByRole("heading", { level: 1, name: "Verificar certificado" })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel("Código del certificado").fill(code.replace(/-/g, "").toLowerCase());
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page).toHaveURL(new RegExp(`/certificados/${code}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Certificado válido" })).toBeVisible();
  });

  test("un código inventado muestra 'Certificado no encontrado' con HTTP 404", async ({ page }) => {
    const response = await page.goto("/certificados/ZZZZ-ZZZZ-ZZZZ");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Certificado no encontrado" })).toBeVisible();
    await expectNoA11yViolations(page);

    // The same answer through the form.
    await page.goto("/certificados");
    await page.getByLabel("Código del certificado").fill("no-existe-1234");
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Certificado no encontrado" })).toBeVisible();
  });

  test("el formulario vacío pide el código junto al campo", async ({ page }) => {
    await page.goto("/certificados");
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page.getByText("Ingresa el código del certificado.")).toBeVisible();
    await expect(page.getByLabel("Código del certificado")).toHaveAttribute("aria-invalid", "true");
  });

  // Who may download the PDF is the server's rule: checked once, at 1280 px.
  test("sin sesión, el PDF lleva a /login", { tag: "@escritorio" }, async ({ page }) => {
    test.skip(!code, "necesita el certificado de la prueba anterior");
    await page.goto(`/certificados/${code}/pdf`);
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });

  test("otro alumno no puede descargar el PDF; un administrador sí", { tag: "@escritorio" }, async ({ page }) => {
    test.skip(!code, "necesita el certificado de la prueba anterior");
    await page.goto("/");
    await signUpAs(page, { name: "Otra Alumna" });
    const denied = await page.request.get(`/certificados/${code}/pdf`, { maxRedirects: 0 });
    expect(denied.status()).toBe(403);
    await page.goto(`/certificados/${code}`);
    await expect(page.getByRole("link", { name: "Descargar certificado" })).toHaveCount(0);

    await page.context().clearCookies();
    await signInAsAdmin(page);
    const allowed = await page.request.get(`/certificados/${code}/pdf`, { maxRedirects: 0 });
    expect(allowed.status()).toBe(200);
    expect(allowed.headers()["content-type"]).toBe("application/pdf");

    // And the holder, signing in again, still can.
    await page.context().clearCookies();
    await signInAs(page, learner.email, learner.password);
    const own = await page.request.get(`/certificados/${code}/pdf`, { maxRedirects: 0 });
    expect(own.status()).toBe(200);
    expect(own.headers()["content-disposition"]).toBe(`attachment; filename="certificado-${code}.pdf"; filename*=UTF-8''certificado-${code}.pdf`);
  });
});
