// An uploaded PDF read on a phone: the owner uploads an A4 document, a 16:9 presentation and a scanned page (no
// text); the learner, on a 375 px phone, gets the pages drawn to the screen's width (zoomed by redrawing, panned
// sideways), a "Texto" view with the document's text reflowed at the reading size, and a plain word that the
// scanned one has no text.
import PDFDocument from "pdfkit";
import { expect, test, type Page } from "./support/test";
import { expectNoA11yViolations } from "./support/axe";
import { signInAs, signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { reviewShot } from "./support/screenshots";

const DOCUMENT = "content/courses/rcp-solo-compresiones/files/02-cadena-de-supervivencia.pdf";
const SLIDES = "content/courses/rcp-solo-compresiones/files/01-bienvenida.pdf";
const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function notice(page: Page, text: string | RegExp) {
  await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
}

/** A "scanned" A4 page: drawn shapes only, no text at all. */
function scannedPdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: "A4" });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    for (let i = 0; i < 30; i++) doc.rect(60, 80 + i * 22, 300 + ((i * 37) % 170), 9).fill("#555555");
    doc.end();
  });
}

async function lessonWithPdf(page: Page, moduleTitle: string, title: string, type: string, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByRole("link", { name: /Volver a módulos y lecciones|Módulos y lecciones/ }).first().click();
  const mod = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: moduleTitle }) });
  await mod.getByText("Nueva lección").click();
  await mod.getByLabel("Título de la lección").fill(title);
  await mod.getByLabel("Tipo").selectOption(type);
  await mod.getByRole("button", { name: "Agregar lección" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Datos de la lección" })).toBeVisible();
  const lessonId = Number(/leccion=(\d+)/.exec(page.url())![1]);
  const upload = page.getByRole("form", { name: "Archivo de la lección" });
  await upload.getByLabel("Archivo", { exact: true }).setInputFiles(file);
  await upload.getByRole("button", { name: "Subir archivo" }).click();
  await notice(page, /Archivo «.*» subido\./);
  await page.getByLabel("Estado", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Guardar lección" }).click();
  await notice(page, "Lección guardada.");
  return lessonId;
}

/** The canvas's backing store in device pixels against its size on screen. */
async function canvasDensity(page: Page, n: number) {
  return page.locator(`.pdf-page[data-page="${n}"] canvas`).evaluate((c: HTMLCanvasElement) => ({
    backing: c.width,
    css: c.getBoundingClientRect().width,
    dpr: window.devicePixelRatio,
  }));
}

test("PDF en el teléfono: páginas al ancho con zoom que redibuja, vista de texto y un escaneado sin texto", { tag: "@escritorio" }, async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const tag = uid();
  await signInAsAdmin(page);
  await page.goto("/admin/cursos/nuevo");
  await page.getByLabel("Título", { exact: true }).fill(`Curso PDF ${tag}`);
  await page.getByLabel("Categoría", { exact: true }).selectOption("Emergencias");
  await page.getByLabel("Descripción breve", { exact: true }).fill("Curso para leer PDF en el teléfono.");
  await page.getByRole("button", { name: "Crear curso" }).click();
  await notice(page, /Curso creado como borrador/);
  const courseId = Number(/\/admin\/cursos\/(\d+)/.exec(page.url())![1]);
  await page.getByRole("link", { name: "Módulos y lecciones" }).click();
  const addModule = page.getByRole("form", { name: "Agregar módulo" });
  await addModule.getByLabel("Título del nuevo módulo").fill("Material");
  await addModule.getByRole("button", { name: "Agregar módulo" }).click();
  await notice(page, "Módulo agregado.");
  const docId = await lessonWithPdf(page, "Material", "Cadena de supervivencia", "documento", DOCUMENT);
  const slidesId = await lessonWithPdf(page, "Material", "Bienvenida", "presentacion", SLIDES);
  const scannedId = await lessonWithPdf(page, "Material", "Hoja escaneada", "documento", { name: "escaneado.pdf", mimeType: "application/pdf", buffer: await scannedPdf() });
  await page.getByRole("link", { name: /Volver a módulos y lecciones/ }).first().click();
  await page.getByRole("link", { name: "Datos del curso" }).click();
  await page.getByRole("button", { name: "Publicar curso" }).click();
  await notice(page, /Curso publicado/);

  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  const account = await signUpAs(phone, { name: `Lectora PDF ${tag}`, email: uniqueEmail("pdf") });
  await page.goto("/admin/inscripciones");
  const form = page.getByRole("form", { name: "Inscribir a una persona" });
  await form.getByLabel("Correo electrónico").fill(account.email);
  await form.getByLabel("Curso").selectOption(String(courseId));
  await form.getByRole("button", { name: "Inscribir" }).click();
  await notice(page, /Se inscribió a Lectora PDF/);

  // Pages: drawn to the viewer's width at the phone's pixel density.
  await phone.goto(`/cursos/${courseId}/contenido?leccion=${docId}`);
  const toolbar = phone.getByRole("toolbar", { name: "Controles del documento" });
  await expect(toolbar.getByText(/^Página 1 de \d+$/)).toBeVisible({ timeout: 20_000 });
  const frame = phone.getByRole("region", { name: "Páginas de Cadena de supervivencia" });
  await expect(phone.locator('.pdf-page[data-page="1"] canvas')).toBeVisible();
  await expect.poll(async () => (await canvasDensity(phone, 1)).backing).toBeGreaterThan(0);
  const fit = await canvasDensity(phone, 1);
  const frameWidth = await frame.evaluate((f) => f.clientWidth);
  expect(fit.css).toBeGreaterThan(frameWidth - 20);
  expect(fit.css).toBeLessThanOrEqual(frameWidth);
  expect(fit.backing).toBeGreaterThanOrEqual(Math.floor(fit.css * fit.dpr) - 1);
  await frame.scrollIntoViewIfNeeded();
  await reviewShot(phone, "/tmp/reader-pdf-pages-375.png", { fullPage: false });

  // Zoom: the page is drawn again at 200 % (a bitmap twice as large, not a stretched one), and pans sideways.
  // 100 → 125 → 150 → 200 %.
  for (let i = 0; i < 3; i++) await toolbar.getByRole("button", { name: "Acercar" }).click();
  await expect(toolbar.getByText("200 %")).toBeVisible();
  await expect.poll(async () => (await canvasDensity(phone, 1)).backing).toBeGreaterThanOrEqual(Math.floor(fit.css * 2 * fit.dpr) - 2);
  expect(await frame.evaluate((f) => f.scrollWidth > f.clientWidth + 100)).toBe(true);
  await frame.evaluate((f) => f.scrollTo({ left: 120 }));
  expect(await frame.evaluate((f) => f.scrollLeft)).toBeGreaterThan(100);
  await reviewShot(phone, "/tmp/reader-pdf-zoom-375.png", { fullPage: false });
  await toolbar.getByRole("button", { name: "Ajustar al ancho" }).click();
  await expect(toolbar.getByText("100 %")).toBeVisible();
  // A pinch (two fingers moving apart to twice their distance) zooms to 200 %, drawn again at that zoom.
  await frame.evaluate((f) => {
    const box = f.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + 150];
    const touch = (identifier: number, clientX: number) => new Touch({ identifier, target: f, clientX, clientY: y });
    const fire = (type: string, touches: Touch[]) =>
      f.dispatchEvent(new TouchEvent(type, { touches, targetTouches: touches, changedTouches: touches, bubbles: true, cancelable: true }));
    fire("touchstart", [touch(1, x - 50), touch(2, x + 50)]);
    fire("touchmove", [touch(1, x - 100), touch(2, x + 100)]);
    fire("touchend", []);
  });
  await expect(toolbar.getByText("200 %")).toBeVisible();
  await expect.poll(async () => (await canvasDensity(phone, 1)).backing).toBeGreaterThanOrEqual(Math.floor(fit.css * 2 * fit.dpr) - 2);
  await toolbar.getByRole("button", { name: "Ajustar al ancho" }).click();
  await expect(toolbar.getByText("100 %")).toBeVisible();

  // Continuous pages: scrolling the viewer moves the page count; far pages hold no canvas.
  await toolbar.getByRole("button", { name: "Siguiente" }).click();
  await expect(toolbar.getByText(/^Página 2 de \d+$/)).toBeVisible();
  await expect(phone.locator('.pdf-page[data-page="2"] canvas')).toBeVisible();
  const pages = Number(/de (\d+)/.exec((await toolbar.getByText(/^Página \d+ de \d+$/).textContent())!)![1]);
  if (pages > 8) expect(await phone.locator(".pdf-page canvas").count()).toBeLessThan(pages);

  // Texto: the document's text, reflowed at the reading size.
  await toolbar.getByRole("button", { name: "Texto" }).click();
  await expect(toolbar.getByRole("button", { name: "Texto" })).toHaveAttribute("aria-pressed", "true");
  const reading = phone.locator(".pdf-reading");
  await expect(reading.getByRole("region", { name: "Página 1", exact: true })).toBeVisible();
  await expect(reading.locator("p, li").first()).toBeVisible();
  const fontSize = await reading.locator("p:not(.pdf-reading-marker)").first().evaluate((p) => parseFloat(getComputedStyle(p).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(16);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoA11yViolations(phone);
  await reading.scrollIntoViewIfNeeded();
  await reviewShot(phone, "/tmp/reader-pdf-text-375.png", { fullPage: false });
  // The page marker opens that page in the pages view.
  await reading.getByRole("button", { name: /Página 2/ }).click();
  await expect(toolbar.getByRole("button", { name: "Páginas" })).toHaveAttribute("aria-pressed", "true");
  await expect(toolbar.getByText(/^Página 2 de \d+$/)).toBeVisible();

  // The presentation, at 16:9.
  await phone.goto(`/cursos/${courseId}/contenido?leccion=${slidesId}`);
  await expect(toolbar.getByText(/^Página 1 de \d+$/)).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await canvasDensity(phone, 1)).backing).toBeGreaterThan(0);
  await phone.getByRole("region", { name: "Páginas de Bienvenida" }).scrollIntoViewIfNeeded();
  await reviewShot(phone, "/tmp/reader-pdf-slides-375.png", { fullPage: false });
  await toolbar.getByRole("button", { name: "Texto" }).click();
  await expect(phone.locator(".pdf-reading").getByRole("region", { name: "Página 1", exact: true })).toBeVisible();
  await phone.locator(".pdf-reading").scrollIntoViewIfNeeded();
  await reviewShot(phone, "/tmp/reader-pdf-slides-text-375.png", { fullPage: false });
  await toolbar.getByRole("button", { name: "Páginas" }).click();

  // The scanned page: no text to adapt, said next to the switch, and the pages stay.
  await phone.goto(`/cursos/${courseId}/contenido?leccion=${scannedId}`);
  await expect(phone.getByText("Este documento es una imagen escaneada y no tiene texto que podamos adaptar: léelo por páginas y usa el zoom.")).toBeVisible({ timeout: 20_000 });
  await expect(toolbar.getByRole("button", { name: "Texto" })).toBeDisabled();
  await expect(toolbar.getByRole("button", { name: "Páginas" })).toHaveAttribute("aria-pressed", "true");
  await reviewShot(phone, "/tmp/reader-pdf-scanned-375.png", { fullPage: false });
  await context.close();

  // The desktop: the same document at 1280 px, pages and text.
  const desk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const deskPage = await desk.newPage();
  await signInAs(deskPage, account.email, account.password);
  await deskPage.goto(`/cursos/${courseId}/contenido?leccion=${docId}`);
  const deskToolbar = deskPage.getByRole("toolbar", { name: "Controles del documento" });
  await expect(deskToolbar.getByText(/^Página 1 de \d+$/)).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await canvasDensity(deskPage, 1)).backing).toBeGreaterThan(0);
  await reviewShot(deskPage, "/tmp/reader-pdf-pages-1280.png", { fullPage: false });
  await deskToolbar.getByRole("button", { name: "Texto" }).click();
  await expect(deskPage.locator(".pdf-reading").getByRole("region", { name: "Página 1", exact: true })).toBeVisible();
  await reviewShot(deskPage, "/tmp/reader-pdf-text-1280.png", { fullPage: false });
  await desk.close();
});
