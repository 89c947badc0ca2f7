// The owner writes a reading in the editor — a title, text, two images uploaded in place with their alt text, a
// table and a highlighted box —, sees it in the phone preview, publishes it; a learner opens it on a 375 px
// phone and gets the reading view the built-in lessons use (.lesson-prose, lesson-figure, lesson-callout).
import sharp from "sharp";
import { expect, test, type Page } from "./support/test";
import { expectNoA11yViolations } from "./support/axe";
import { signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { REVIEW_SCREENSHOTS, reviewShot } from "./support/screenshots";

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function notice(page: Page, text: string | RegExp) {
  await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
}

async function photo(color: string, width: number, height: number) {
  // A picture with a gradient (not a flat colour) and EXIF data that must not survive.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#fde68a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#1e293b"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().withExif({ IFD0: { Artist: "Cámara de prueba" } }).toBuffer();
}

async function uploadImage(page: Page, name: string, bytes: Buffer, alt: string) {
  await page.getByRole("button", { name: "Imagen", exact: true }).click();
  const panel = page.getByRole("group", { name: "Agregar una imagen" });
  await panel.getByLabel("Imagen (PNG, JPEG, WebP o GIF)").setInputFiles({ name, mimeType: "image/jpeg", buffer: bytes });
  await panel.getByLabel("Texto alternativo (obligatorio)").fill(alt);
  await panel.getByRole("button", { name: "Subir imagen" }).click();
  await expect(page.locator(`.ProseMirror figure img[alt="${alt}"]`)).toBeVisible();
}

test("dueño: escribe una lectura con dos imágenes y una tabla, la ve en el teléfono y la publica; el alumno la lee a 375 px", { tag: "@escritorio" }, async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const tag = uid();
  const title = `Curso Lectura ${tag}`;
  await signInAsAdmin(page);
  await page.goto("/admin/cursos/nuevo");
  await page.getByLabel("Título", { exact: true }).fill(title);
  await page.getByLabel("Categoría", { exact: true }).selectOption("Emergencias");
  await page.getByLabel("Descripción breve", { exact: true }).fill("Curso para probar el editor de lecturas.");
  await page.getByRole("button", { name: "Crear curso" }).click();
  await notice(page, /Curso creado como borrador/);
  const courseId = Number(/\/admin\/cursos\/(\d+)/.exec(page.url())![1]);

  await page.getByRole("link", { name: "Módulos y lecciones" }).click();
  const addModule = page.getByRole("form", { name: "Agregar módulo" });
  await addModule.getByLabel("Título del nuevo módulo").fill("Extintores");
  await addModule.getByRole("button", { name: "Agregar módulo" }).click();
  await notice(page, "Módulo agregado.");
  const mod = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: "Extintores" }) });
  await mod.getByText("Nueva lección").click();
  await mod.getByLabel("Título de la lección").fill("Uso del extintor");
  await mod.getByLabel("Tipo").selectOption("lectura");
  await mod.getByRole("button", { name: "Agregar lección" }).click();

  // The editor replaces the Markdown field once its code has loaded.
  await expect(page.locator('[data-reading-editor="ready"]')).toBeVisible();
  const text = page.getByRole("textbox", { name: "Texto de la lectura" });
  await text.click();
  await page.getByRole("button", { name: "Título", exact: true }).click();
  await page.keyboard.type("Antes de usar un extintor");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Revisa que el manómetro esté en verde y que el pasador esté puesto. ");
  await page.getByRole("button", { name: "Negrita" }).click();
  await page.keyboard.type("Nunca des la espalda al fuego.");
  await page.getByRole("button", { name: "Negrita" }).click();
  await page.keyboard.press("Enter");

  await uploadImage(page, "extintor.jpg", await photo("#dc2626", 2000, 1200), "Extintor rojo de polvo químico seco");
  await uploadImage(page, "manometro.jpg", await photo("#16a34a", 900, 900), "Manómetro con la aguja en la zona verde");

  await page.getByRole("button", { name: "Tabla" }).click();
  const cells = ["Clase", "Qué se quema", "A", "Sólidos: madera, papel", "B", "Líquidos inflamables"];
  for (const [i, cell] of cells.entries()) {
    await page.keyboard.type(cell);
    if (i < cells.length - 1) await page.keyboard.press("Tab");
  }
  // Out of the table, to the paragraph the editor keeps after it.
  await page.keyboard.press("Control+End");
  await page.getByRole("button", { name: "Recuadro destacado" }).click();
  await page.keyboard.type("En un fuego eléctrico, nunca uses agua.");

  // The phone preview shows the same reading view.
  const preview = page.frameLocator("[data-phone-preview]");
  await expect(preview.getByRole("heading", { level: 2, name: "Antes de usar un extintor" })).toBeVisible();
  await expect(preview.locator(".lesson-prose figure.lesson-figure img")).toHaveCount(2);
  await expect(preview.locator(".lesson-prose table td").first()).toHaveText("A");
  await expect(preview.locator(".lesson-prose aside.lesson-callout")).toContainText("nunca uses agua");
  await expect
    .poll(() => preview.locator(".lesson-prose img").evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  expect(await preview.locator("body").evaluate((b) => b.ownerDocument.documentElement.clientWidth)).toBe(375);
  await reviewShot(page, "/tmp/editor-lesson-1280.png");
  if (REVIEW_SCREENSHOTS) await page.locator("[data-phone-preview]").screenshot({ path: "/tmp/editor-preview-375.png" });
  await expectNoA11yViolations(page);

  // Publish the lesson and the course; enrol a learner.
  await page.getByLabel("Estado", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Guardar lección" }).click();
  await notice(page, "Lección guardada.");
  await expect(page.locator('[data-reading-editor="ready"] .ProseMirror figure img')).toHaveCount(2);
  await page.setViewportSize({ width: 375, height: 740 });
  await reviewShot(page, "/tmp/editor-lesson-375.png");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("link", { name: "Datos del curso" }).click();
  await page.getByRole("button", { name: "Publicar curso" }).click();
  await notice(page, /Curso publicado/);

  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
  const learner = await context.newPage();
  const account = await signUpAs(learner, { name: `Alumna Lectura ${tag}`, email: uniqueEmail("lectura") });
  await page.goto("/admin/inscripciones");
  const form = page.getByRole("form", { name: "Inscribir a una persona" });
  await form.getByLabel("Correo electrónico").fill(account.email);
  await form.getByLabel("Curso").selectOption(String(courseId));
  await form.getByRole("button", { name: "Inscribir" }).click();
  await notice(page, /Se inscribió a Alumna Lectura/);

  await learner.goto(`/cursos/${courseId}/contenido`);
  const prose = learner.locator(".lesson-prose");
  await expect(prose.getByRole("heading", { level: 2, name: "Antes de usar un extintor" })).toBeVisible();
  await expect(prose.locator("strong")).toHaveText("Nunca des la espalda al fuego.");
  await expect(prose.locator("figure.lesson-figure picture source[type='image/webp']")).toHaveCount(2);
  await expect(prose.getByRole("img", { name: "Manómetro con la aguja en la zona verde" })).toBeVisible();
  await expect(prose.locator("table th").first()).toHaveText("Clase");
  await expect(prose.locator("aside.lesson-callout")).toContainText("nunca uses agua");
  // The browser took the WebP it was offered, at the phone's width, and every image loaded.
  await prose.locator("img").last().scrollIntoViewIfNeeded();
  await expect
    .poll(() => prose.locator("img").evaluateAll((imgs) => imgs.map((i) => [(i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0, (i as HTMLImageElement).currentSrc.endsWith(".webp")])))
    .toEqual([
      [true, true],
      [true, true],
    ]);
  // The reading view's own style, as the built-in lessons have it: 17 px text, nothing wider than the phone.
  expect(await prose.evaluate((el) => getComputedStyle(el).fontSize)).toBe("17px");
  expect(await learner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoA11yViolations(learner);
  await reviewShot(learner, "/tmp/editor-learner-375.png");

  // Someone not enrolled gets none of its images.
  const src = await prose.locator("img").first().getAttribute("src");
  const outsider = await browser.newContext({ baseURL });
  const outsiderPage = await outsider.newPage();
  await signUpAs(outsiderPage, { name: `Otra ${tag}`, email: uniqueEmail("otra") });
  expect((await outsiderPage.request.get(src!)).status()).toBe(403);
  await outsider.close();
  await context.close();
});

test("dueño: categorías — agregar, nombre repetido explicado junto al campo, y la que tiene cursos no se elimina", { tag: "@escritorio" }, async ({ page }) => {
  const name = `Trabajo en altura ${uid()}`;
  await signInAsAdmin(page);
  await page.goto("/admin/cursos");
  await page.getByRole("link", { name: "Categorías" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Categorías" })).toBeVisible();
  const add = page.getByRole("form", { name: "Agregar categoría" });
  await add.getByLabel("Nombre").fill(name);
  await add.getByRole("button", { name: "Agregar categoría" }).click();
  await notice(page, `Categoría «${name}» agregada.`);
  await add.getByLabel("Nombre").fill("salud");
  await add.getByRole("button", { name: "Agregar categoría" }).click();
  await expect(add.getByText("Ya existe la categoría «salud».")).toBeVisible();
  await expect(add.getByLabel("Nombre")).toHaveValue("salud");
  // Salud has the built-in course: its remove button is off.
  await expect(page.getByRole("form", { name: "Eliminar Salud" }).getByRole("button", { name: "Eliminar" })).toBeDisabled();
  await expectNoA11yViolations(page);
  await reviewShot(page, "/tmp/editor-categories-1280.png");
  await page.setViewportSize({ width: 375, height: 740 });
  await reviewShot(page, "/tmp/editor-categories-375.png");
});
