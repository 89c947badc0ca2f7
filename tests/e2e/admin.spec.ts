// Administration (docs/decisions.md B3/B4) done in the browser by an admin: users, enrolments with CSV,
// the preset course, the course editor with a PDF that a learner then opens, and contact messages.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "./support/test";
import { expectNoA11yViolations } from "./support/axe";
import { signInAs, signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { REVIEW_SCREENSHOTS, reviewShot } from "./support/screenshots";
import { waitForMail } from "./support/mail";

const PDF_FILE = "content/courses/rcp-solo-compresiones/files/01-bienvenida.pdf";

function uid() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A learner in a browser context of their own, so the admin's session stays untouched. */
async function newLearner(browser: Browser, baseURL: string | undefined, name: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const account = await signUpAs(page, { name, email: uniqueEmail("admin-e2e") });
  return { context, page, ...account };
}

async function notice(page: Page, text: string | RegExp) {
  await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
}

// The back office's long stories (users, enrolments, the course editor) run at 1280 px only: at 375 px they
// would repeat the same server work for ~2 min of the e2e stage's CPU; the admin menu and pages at 375 px are
// still walked by the shorter stories below (courses, contact messages) and by admin-insight.spec.ts.
// Tagged @escritorio (playwright.config.ts): the same walk on a phone would test nothing new.
const DESKTOP_ONLY = { tag: "@escritorio" };

test.describe("administración", () => {
  test("usuarios: buscar, cambiar rol, deshabilitar (cierra sus sesiones) y habilitar", DESKTOP_ONLY, async ({ page, browser, baseURL }) => {
    const tag = uid();
    const learner = await newLearner(browser, baseURL, `Rigoberta Usuaria${tag}`);
    await signInAsAdmin(page);
    await page.goto("/admin/usuarios");
    await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: "Usuarios" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("Página 1")).toBeVisible();

    // The admin's own row cannot lose its role or be disabled.
    await page.getByLabel("Buscar por nombre, correo electrónico o RUT").fill("admin@academia");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/q=admin%40academia/);
    await expect(page.getByRole("row").filter({ hasText: "@" })).toHaveCount(1);
    await expect(page.getByRole("button", { name: /Quitar administrador a/ })).toBeDisabled();
    await expect(page.getByRole("button", { name: /^Deshabilitar a/ })).toBeDisabled();

    await page.getByLabel("Buscar por nombre, correo electrónico o RUT").fill(`usuaria${tag}`);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(new RegExp(`q=usuaria${tag}`));
    const row = page.getByRole("row").filter({ hasText: learner.email });
    await expect(row).toHaveCount(1);
    await expect(row.getByText("Usuario", { exact: true })).toBeVisible();

    await row.getByRole("button", { name: /Hacer administrador a/ }).click();
    await notice(page, `Rigoberta Usuaria${tag} ahora es administrador.`);
    await expect(row.getByText("Administrador", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: /Quitar administrador a/ }).click();
    await notice(page, `Rigoberta Usuaria${tag} ahora es usuario.`);

    // Disabling signs the learner out everywhere; they cannot sign in again until enabled.
    await learner.page.goto("/dashboard");
    await expect(learner.page.getByText("Panel de Usuario", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: /^Deshabilitar a/ }).click();
    await notice(page, /Se deshabilitó la cuenta de Rigoberta/);
    await expect(row.getByText("Deshabilitada", { exact: true })).toBeVisible();
    await learner.page.goto("/dashboard");
    await expect(learner.page).toHaveURL(/\/login/);
    const refused = await learner.page.request.post("/api/auth/sign-in/email", {
      data: { email: learner.email, password: learner.password },
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(refused.status()).not.toBe(200);

    await row.getByRole("button", { name: /^Habilitar a/ }).click();
    await notice(page, /Se habilitó la cuenta de Rigoberta/);
    await signInAs(learner.page, learner.email, learner.password);
    await expectNoA11yViolations(page);
    await learner.context.close();
  });

  test("inscripciones: inscribir por correo, filtrar, exportar CSV y eliminar con confirmación", DESKTOP_ONLY, async ({ page, browser, baseURL }) => {
    const tag = uid();
    const learner = await newLearner(browser, baseURL, `Inés Inscrita${tag}`);
    await signInAsAdmin(page);
    await page.goto("/admin/inscripciones");
    await expect(page.getByRole("heading", { level: 1, name: "Inscripciones" })).toBeVisible();

    const form = page.getByRole("form", { name: "Inscribir a una persona" });
    // An unknown e-mail gets a Spanish message next to the field and keeps what was typed.
    await form.getByLabel("Correo electrónico").fill(`nadie.${tag}@academia.test`);
    await form.getByLabel("Curso").selectOption("1");
    await form.getByRole("button", { name: "Inscribir" }).click();
    await expect(form.getByText("No existe una cuenta con este correo electrónico.")).toBeVisible();
    await expect(form.getByLabel("Correo electrónico")).toHaveValue(`nadie.${tag}@academia.test`);
    await expect(form.getByLabel("Correo electrónico")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("Correo electrónico").fill(learner.email);
    await form.getByLabel("Curso").selectOption("1");
    await form.getByRole("button", { name: "Inscribir" }).click();
    await notice(page, `Se inscribió a Inés Inscrita${tag} en «Reanimación Cardiopulmonar solo Compresiones».`);
    await form.getByLabel("Correo electrónico").fill(learner.email);
    await form.getByLabel("Curso").selectOption("1");
    await form.getByRole("button", { name: "Inscribir" }).click();
    await notice(page, `Inés Inscrita${tag} ya está inscrito en «Reanimación Cardiopulmonar solo Compresiones».`);

    await page.getByLabel("Filtrar por curso").selectOption("1");
    await page.getByLabel("Filtrar por estado").selectOption("en-progreso");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/curso=1&estado=en-progreso/);
    const row = page.getByRole("row").filter({ hasText: learner.email });
    await expect(row).toHaveCount(1);
    await expect(row.getByText("En progreso", { exact: true })).toBeVisible();
    await expect(row.getByText("0%", { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);

    // The CSV honours the filters: BOM, ';' separator, header row.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Descargar CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^inscripciones-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync((await file.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toBe("Curso;Nombre;Correo electrónico;Fecha de inscripción;Progreso (%);Estado;Fecha de término;Código de certificado");
    expect(lines.find((l) => l.includes(learner.email))).toMatch(
      new RegExp(`^Reanimación Cardiopulmonar solo Compresiones;Inés Inscrita${tag};${learner.email.replace(/\./g, "\\.")};\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2};0;En progreso;;$`),
    );
    const completedCsv = await page.request.get("/admin/inscripciones.csv?curso=1&estado=completado");
    expect(await completedCsv.text()).not.toContain(learner.email);

    // Removing asks first; cancelling keeps it, confirming removes it.
    await row.getByRole("link", { name: /^Eliminar la inscripción de Inés/ }).click();
    const confirm = page.getByRole("region", { name: "¿Eliminar esta inscripción?" });
    await expect(confirm).toContainText(learner.email);
    await confirm.getByRole("link", { name: "Cancelar" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row).toHaveCount(1);
    await row.getByRole("link", { name: /^Eliminar la inscripción de Inés/ }).click();
    await page.getByRole("button", { name: "Sí, eliminar inscripción" }).click();
    await notice(page, `Se eliminó la inscripción de Inés Inscrita${tag} en «Reanimación Cardiopulmonar solo Compresiones».`);
    await expect(page.getByRole("row").filter({ hasText: learner.email })).toHaveCount(0);
    await learner.context.close();
  });

  test("cursos: registro del curso predefinido y 'Publicar curso predefinido'", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/cursos");
    await expect(page.getByRole("heading", { level: 1, name: "Administración de Cursos" })).toBeVisible();
    const preset = page.getByRole("region", { name: "Curso predefinido" });
    await expect(preset.getByText("Reanimación Cardiopulmonar solo Compresiones")).toBeVisible();
    await expect(preset.getByText("$20.000")).toBeVisible();
    const table = page.getByRole("table", { name: "Cursos de la plataforma" });
    await expect(table.getByRole("row").filter({ hasText: "Reanimación Cardiopulmonar solo Compresiones" }).getByText("Publicado")).toBeVisible();
    // Out of the way, behind a confirmation that says what it overwrites.
    await expect(preset.getByRole("button", { name: "Publicar curso predefinido" })).toBeHidden();
    await preset.getByText("Restaurar y publicar el curso predefinido").click();
    await expect(preset.getByText(/Reemplaza los datos del curso 1/)).toBeVisible();
    await reviewShot(page, "/tmp/admin-curso-predefinido-1280.png");
    await preset.getByRole("button", { name: "Publicar curso predefinido" }).click();
    await expect(preset.getByText("Marca la casilla para confirmar que quieres restaurar el curso predefinido.")).toBeVisible();
    await preset.getByRole("checkbox", { name: "Entiendo que se reemplazan los datos del curso 1." }).check();
    await preset.getByRole("button", { name: "Publicar curso predefinido" }).click();
    await expect(preset.getByRole("status")).toHaveText("Curso publicado exitosamente. Ahora podrás verlo en el Dashboard.");
    await expectNoA11yViolations(page);
    // Its editor says it still receives the corrected material of upgrades, and what editing it changes.
    await page.goto("/admin/cursos/1");
    await expect(page.getByText(/Curso incluido con la academia: al actualizarla recibe sus lecciones y preguntas corregidas/)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("editor: crear curso, validar, módulos y lecciones, subir un PDF que un estudiante abre, examen y publicar", DESKTOP_ONLY, async ({ page, browser, baseURL }) => {
    // A whole course built and taken through the browser: about 40 s on a quiet 2-core machine, so the
    // default 60 s leaves too little room when the machine is busy.
    test.setTimeout(180_000);
    const tag = uid();
    const title = `Curso Admin ${tag}`;
    await signInAsAdmin(page);
    await page.goto("/admin/cursos");
    await page.getByRole("link", { name: "Crear Nuevo Curso" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Nuevo curso" })).toBeVisible();

    // Invalid input: Spanish messages next to the fields, and what was typed stays.
    await page.getByLabel("Categoría", { exact: true }).selectOption("Emergencias");
    await page.getByLabel("Precio (CLP)", { exact: true }).fill("15.000");
    await page.getByLabel("Descripción breve", { exact: true }).fill("Curso creado en una prueba de punta a punta.");
    await page.getByRole("button", { name: "Crear curso" }).click();
    await expect(page.getByText("Ingresa el título del curso.")).toBeVisible();
    // The hours are not typed: they come from the lessons (decisions D1).
    await expect(page.getByText(/Se calcula sola: la suma de la duración de las lecciones publicadas/)).toBeVisible();
    await expect(page.getByLabel("Título", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Precio (CLP)", { exact: true })).toHaveValue("15.000");
    await expect(page.getByLabel("Descripción breve", { exact: true })).toHaveValue("Curso creado en una prueba de punta a punta.");

    await page.getByLabel("Título", { exact: true }).fill(title);
    await page.getByLabel("Temas (uno por línea)").fill("Tema uno\nTema dos");
    await page.getByRole("button", { name: "Crear curso" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await notice(page, /Curso creado como borrador/);
    const courseId = Number(/\/admin\/cursos\/(\d+)/.exec(page.url())![1]);

    // Modules: add two, reorder, delete one after confirming.
    await page.getByRole("link", { name: "Módulos y lecciones" }).click();
    const addModule = page.getByRole("form", { name: "Agregar módulo" });
    await addModule.getByRole("button", { name: "Agregar módulo" }).click();
    await expect(addModule.getByText("Ingresa el título del módulo.")).toBeVisible();
    await addModule.getByLabel("Título del nuevo módulo").fill("Módulo Fundamentos");
    await addModule.getByRole("button", { name: "Agregar módulo" }).click();
    await notice(page, "Módulo agregado.");
    await expect(addModule.getByLabel("Título del nuevo módulo")).toHaveValue("");
    await addModule.getByLabel("Título del nuevo módulo").fill("Módulo Temporal");
    await addModule.getByRole("button", { name: "Agregar módulo" }).click();
    await expect(page.getByRole("heading", { level: 3, name: "Módulo Temporal" })).toBeVisible();
    await page.getByRole("button", { name: "Subir módulo Módulo Temporal" }).click();
    await expect(page.getByRole("heading", { level: 3 }).first()).toHaveText("Módulo Temporal");
    const temporal = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: "Módulo Temporal" }) });
    await temporal.getByText("Eliminar módulo").click();
    await temporal.getByRole("button", { name: "Sí, eliminar" }).click();
    await notice(page, "Módulo eliminado.");
    await expect(page.getByRole("heading", { level: 3, name: "Módulo Temporal" })).toHaveCount(0);

    // A document lesson: the editor opens after adding it.
    const fundamentals = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: "Módulo Fundamentos" }) });
    await fundamentals.getByText("Nueva lección").click();
    await fundamentals.getByLabel("Título de la lección").fill("Guía de bienvenida");
    await fundamentals.getByLabel("Tipo").selectOption("documento");
    await fundamentals.getByRole("button", { name: "Agregar lección" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Datos de la lección" })).toBeVisible();
    const lessonId = Number(/leccion=(\d+)/.exec(page.url())![1]);

    // Publishing without a file is refused; a file named .pdf that is not a PDF is refused.
    await page.getByLabel("Estado", { exact: true }).selectOption("published");
    await page.getByRole("button", { name: "Guardar lección" }).click();
    await expect(page.getByText("Sube el archivo de la lección antes de publicarla.")).toBeVisible();
    const upload = page.getByRole("form", { name: "Archivo de la lección" });
    await upload.getByLabel("Archivo", { exact: true }).setInputFiles({ name: "guia.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html>no soy un PDF</html>") });
    await upload.getByRole("button", { name: "Subir archivo" }).click();
    await expect(upload.getByText("El archivo no es un PDF válido: su contenido no corresponde a un PDF.")).toBeVisible();
    await upload.getByLabel("Archivo", { exact: true }).setInputFiles(PDF_FILE);
    await upload.getByRole("button", { name: "Subir archivo" }).click();
    await notice(page, "Archivo «01-bienvenida.pdf» subido.");
    await expect(upload.getByText(/Archivo actual: 01-bienvenida\.pdf · PDF/)).toBeVisible();
    await page.getByLabel("Estado", { exact: true }).selectOption("published");
    await page.getByRole("button", { name: "Guardar lección" }).click();
    await notice(page, "Lección guardada.");

    // An exam lesson cannot be published before its bank has 10 questions.
    await page.getByRole("link", { name: "← Volver a módulos y lecciones" }).click();
    await fundamentals.getByText("Nueva lección").click();
    await fundamentals.getByLabel("Título de la lección").fill("Evaluación");
    await fundamentals.getByLabel("Tipo").selectOption("examen");
    await fundamentals.getByRole("button", { name: "Agregar lección" }).click();
    const bank = page.getByRole("region", { name: /Banco de preguntas/ });
    await bank.getByLabel("Pregunta", { exact: true }).fill("¿Cuántas compresiones por minuto?");
    for (const [i, text] of ["60", "80", "100 a 120", "200"].entries()) await bank.getByLabel(`Opción ${"ABCD"[i]}`, { exact: true }).fill(text);
    await bank.getByRole("button", { name: "Agregar pregunta" }).click();
    await expect(bank.getByText("Elige la opción correcta.")).toBeVisible();
    await expect(bank.getByLabel("Opción C", { exact: true })).toHaveValue("100 a 120");
    await bank.getByLabel("Opción correcta").selectOption({ label: "Opción C" });
    await bank.getByRole("button", { name: "Agregar pregunta" }).click();
    await notice(page, "Pregunta agregada.");
    await expect(bank.getByRole("heading", { name: "Banco de preguntas (1)" })).toBeVisible();
    await page.getByLabel("Estado", { exact: true }).selectOption("published");
    await page.getByRole("button", { name: "Guardar lección" }).click();
    await expect(page.getByText("Un examen necesita al menos 10 preguntas para publicarse (tiene 1).")).toBeVisible();

    // Publish the course: a visitor sees it at once, even though /cursos is served from the page cache.
    const visitor = await browser.newContext({ baseURL });
    const catalogue = async () => (await visitor.request.get("/cursos")).text();
    expect(await catalogue()).not.toContain(title);
    await page.getByRole("link", { name: "Datos del curso" }).click();
    await page.getByRole("button", { name: "Publicar curso" }).click();
    await notice(page, "Curso publicado: ya aparece en el catálogo.");
    expect(await catalogue()).toContain(title);
    await visitor.close();
    await expectNoA11yViolations(page);

    // A learner enrolled by the admin opens the uploaded PDF.
    const learner = await newLearner(browser, baseURL, `Lectora ${tag}`);
    await page.goto("/admin/inscripciones");
    const form = page.getByRole("form", { name: "Inscribir a una persona" });
    await form.getByLabel("Correo electrónico").fill(learner.email);
    await form.getByLabel("Curso").selectOption(String(courseId));
    await form.getByRole("button", { name: "Inscribir" }).click();
    await notice(page, /Se inscribió a Lectora/);

    const file = await learner.page.request.get(`/archivos/lecciones/${lessonId}`);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    expect((await file.body()).equals(fs.readFileSync(PDF_FILE))).toBe(true);
    await learner.page.goto(`/cursos/${courseId}/contenido?leccion=${lessonId}`);
    await expect(learner.page.getByRole("heading", { level: 2, name: "Guía de bienvenida" })).toBeVisible();
    await expect(learner.page.getByRole("toolbar", { name: "Controles del documento" }).getByText(/^Página 1 de \d+$/)).toBeVisible({ timeout: 20_000 });
    // The pending exam is not served as content to the learner; another learner, not enrolled, gets nothing.
    const stranger = await newLearner(browser, baseURL, `Ajena ${tag}`);
    expect((await stranger.page.request.get(`/archivos/lecciones/${lessonId}`)).status()).toBe(403);
    await learner.context.close();
    await stranger.context.close();
  });

  test("mensajes de contacto: el más nuevo primero y marcar como atendido", async ({ page, browser, baseURL }) => {
    const tag = uid();
    const visitor = await browser.newContext({ baseURL });
    const vpage = await visitor.newPage();
    await vpage.goto("/contacto");
    await vpage.getByLabel("Nombre", { exact: true }).fill(`Empresa ${tag}`);
    await vpage.getByLabel("Correo electrónico", { exact: true }).fill(`rrhh.${tag}@example.cl`);
    await vpage.getByLabel("Asunto", { exact: true }).selectOption({ label: "Capacitación para empresas" });
    await vpage.getByLabel("Mensaje", { exact: true }).fill(`Necesitamos capacitar a 20 personas (${tag}).`);
    await vpage.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(vpage.getByText("¡Gracias por contactarnos! Te responderemos a la brevedad.")).toBeVisible();
    await visitor.close();

    await signInAsAdmin(page);
    // The admin's home says it waits, and the menu counts it.
    await page.goto("/admin");
    const todo = page.getByRole("region", { name: "Por hacer" });
    await expect(todo.getByRole("link", { name: /mensajes? de contacto sin atender/ })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: /^Mensajes \d+ por revisar$/ })).toBeVisible();
    await reviewShot(page, "/tmp/admin-por-hacer-1280.png", { fullPage: false });
    await todo.getByRole("link", { name: /mensajes? de contacto sin atender/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Mensajes de contacto" })).toBeVisible();
    const message = page.getByRole("article").filter({ hasText: `(${tag})` });
    await expect(message.getByRole("heading", { name: `Capacitación para empresas — Empresa ${tag}` })).toBeVisible();
    await expect(message.getByText("Pendiente", { exact: true })).toBeVisible();
    await message.getByRole("button", { name: "Marcar como atendido" }).click();
    await notice(page, "Mensaje marcado como atendido.");
    await expect(message.getByText(/^Atendido \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
    await message.getByRole("button", { name: "Marcar como pendiente" }).click();
    await notice(page, "Mensaje marcado como pendiente.");
    await expectNoA11yViolations(page);
    // Answered from the page: an empty answer is refused next to the field; the answer reaches the person by mail.
    await message.getByText("Responder por correo").click();
    await message.getByRole("button", { name: "Enviar respuesta" }).click();
    await expect(message.getByText("Escribe la respuesta antes de enviarla.")).toBeVisible();
    await message.getByLabel(/Respuesta para/).fill(`Hola, podemos ir a su empresa (${tag}).`);
    await message.getByRole("button", { name: "Enviar respuesta" }).click();
    await notice(page, `Respuesta enviada a rrhh.${tag}@example.cl. El mensaje quedó como atendido.`);
    await expect(message.getByText(`Hola, podemos ir a su empresa (${tag}).`)).toBeVisible();
    await expect(message.getByText(/^Atendido /)).toBeVisible();
    await reviewShot(page, "/tmp/admin-mensajes-respuesta-1280.png");
    expect(await waitForMail(`rrhh.${tag}@example.cl`, /Respuesta a tu mensaje: Capacitación para empresas/)).toContain(`Necesitamos capacitar a 20 personas (${tag}).`);
    await expectNoA11yViolations(page);
  });

  test("vencimientos: lo que vence, lo que representaría renovarlo y la tasa de renovación", { tag: "@ambos" }, async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/vencimientos?dias=180");
    await expect(page.getByRole("heading", { level: 1, name: "Certificados por vencer" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Próximos 180 días" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 2, name: "Renovación de los que ya vencieron" })).toBeVisible();
    await expect(page.getByText(/cuyo último día de vigencia cayó entre el/)).toBeVisible();
    await expectNoA11yViolations(page);
    await reviewShot(page, `/tmp/admin-vencimientos-${page.viewportSize()!.width}.png`);
  });

  test("correos: buscar lo enviado a una persona y reenviarlo", { tag: "@ambos" }, async ({ page, browser, baseURL }) => {
    const learner = await newLearner(browser, baseURL, "Persona Que Pregunta");
    await learner.context.close();
    const mailsTo = (address: string) => {
      const dir = path.resolve(process.env.E2E_MAIL_DIR || "test-results/mail-e2e");
      return fs.readdirSync(dir).filter((f) => fs.readFileSync(path.join(dir, f), "utf8").toLowerCase().includes(`x-envelope-to: ${address.toLowerCase()}`)).length;
    };
    await expect.poll(() => mailsTo(learner.email), { timeout: 15_000 }).toBeGreaterThan(0);
    const before = mailsTo(learner.email);

    await signInAsAdmin(page);
    await page.goto("/admin/correos");
    await expect(page.getByRole("heading", { level: 1, name: "Correos" })).toBeVisible();
    const search = page.getByRole("region", { name: "Correos enviados a una persona" });
    await search.getByLabel("Correo electrónico").fill("no es un correo");
    await search.getByRole("button", { name: "Buscar" }).click();
    await expect(search.getByText("Escribe un correo electrónico válido, por ejemplo nombre@empresa.cl.")).toBeVisible();
    await expect(search.getByLabel("Correo electrónico")).toHaveValue("no es un correo");
    await search.getByLabel("Correo electrónico").fill(learner.email.toUpperCase());
    await search.getByRole("button", { name: "Buscar" }).click();
    const found = search.getByRole("listitem");
    await expect(found.first().getByText("Entregado", { exact: true })).toBeVisible();
    await expect(found.first()).toContainText(`Para: ${learner.email.toLowerCase()}`);
    if (REVIEW_SCREENSHOTS) await reviewShot(page, `/tmp/admin-correos-${page.viewportSize()!.width}.png`);
    const count = await found.count();
    await found.first().getByRole("button", { name: /^Reenviar/ }).click();
    await notice(page, "El correo se volverá a enviar en unos segundos. Aparecerá arriba como uno nuevo.");
    await expect.poll(() => mailsTo(learner.email), { timeout: 15_000 }).toBe(before + 1);
    await page.reload();
    await expect(found).toHaveCount(count + 1);
    await expectNoA11yViolations(page);
  });
});
