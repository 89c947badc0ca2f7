// The owner's exam tools in the browser: an exam's own rules (80 %, 3 attempts), 20 questions imported from a
// spreadsheet after a preview that names the bad rows, a true/false question, and what a learner then sees.
import { expect, test, type Page } from "./support/test";
import { expectNoA11yViolations } from "./support/axe";
import { signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { reviewShot } from "./support/screenshots";

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function notice(page: Page, text: string | RegExp) {
  await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
}

function questionsCsv(tag: string) {
  const rows = ["tipo;pregunta;a;b;c;d;correcta;explicación"];
  for (let i = 1; i <= 18; i++) rows.push(`alternativas;¿Pregunta ${i} de ${tag}?;Opción uno ${i};Opción dos ${i};Opción tres ${i};Opción cuatro ${i};${"ABCD"[i % 4]};Explicación ${i}`);
  rows.push(`verdadero o falso;La víctima inconsciente que no respira requiere RCP (${tag}).;;;;;Verdadero;`);
  rows.push(`verdadero o falso;Las compresiones se hacen sobre el abdomen (${tag}).;;;;;Falso;`);
  // Two bad rows the preview must name.
  rows.push(`alternativas;¿Sin opción D (${tag})?;a;b;c;;A;`);
  rows.push(`alternativas;¿Letra que no existe (${tag})?;a;b;c;d;Z;`);
  return rows.join("\n");
}

test("dueño: reglas del examen, importar 20 preguntas desde una planilla y lo que ve el estudiante", { tag: "@escritorio" }, async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const tag = uid();
  const title = `Curso Reglas ${tag}`;
  await signInAsAdmin(page);
  await page.goto("/admin/cursos/nuevo");
  await page.getByLabel("Título", { exact: true }).fill(title);
  await page.getByLabel("Categoría", { exact: true }).selectOption("Emergencias");
  await page.getByLabel("Descripción breve", { exact: true }).fill("Curso para probar las reglas del examen.");
  await page.getByRole("button", { name: "Crear curso" }).click();
  await notice(page, /Curso creado como borrador/);
  const courseId = Number(/\/admin\/cursos\/(\d+)/.exec(page.url())![1]);

  await page.getByRole("link", { name: "Módulos y lecciones" }).click();
  const addModule = page.getByRole("form", { name: "Agregar módulo" });
  await addModule.getByLabel("Título del nuevo módulo").fill("Evaluación final");
  await addModule.getByRole("button", { name: "Agregar módulo" }).click();
  await notice(page, "Módulo agregado.");
  const mod = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: "Evaluación final" }) });
  await mod.getByText("Nueva lección").click();
  await mod.getByLabel("Título de la lección").fill("Examen");
  await mod.getByLabel("Tipo").selectOption("examen");
  await mod.getByRole("button", { name: "Agregar lección" }).click();

  // The exam's rules: invalid values explained next to the field and kept; then 80 % and 3 attempts.
  const rules = page.getByRole("region", { name: "Reglas del examen" });
  await expect(rules.getByLabel("Porcentaje para aprobar")).toHaveValue("70");
  await expect(rules.getByLabel("Preguntas por intento")).toHaveValue("10");
  await rules.getByLabel("Porcentaje para aprobar").fill("180");
  await rules.getByRole("button", { name: "Guardar reglas" }).click();
  await expect(rules.getByText("Ingresa el porcentaje para aprobar: un número entero entre 1 y 100.")).toBeVisible();
  await expect(rules.getByLabel("Porcentaje para aprobar")).toHaveValue("180");
  await rules.getByLabel("Porcentaje para aprobar").fill("80");
  await rules.getByLabel("Intentos permitidos").fill("3");
  await rules.getByRole("button", { name: "Guardar reglas" }).click();
  await notice(page, "Reglas del examen guardadas.");
  await expect(rules.getByLabel("Intentos permitidos")).toHaveValue("3");
  await reviewShot(page, "/tmp/owner-exam-rules-1280.png");

  // Import: the preview names both bad rows and writes nothing; then 20 questions join the bank.
  await rules.getByRole("link", { name: "Importar preguntas desde una planilla" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Importar preguntas" })).toBeVisible();
  await page.getByLabel("Planilla CSV o Excel (.xlsx)").setInputFiles({ name: "preguntas.csv", mimeType: "text/csv", buffer: Buffer.from(questionsCsv(tag)) });
  await page.getByRole("button", { name: "Ver vista previa" }).click();
  await expect(page.getByText("20 preguntas listas para importar; 2 filas tienen problemas y no se importarán.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Fila 22" }).getByText("Escribe la opción D.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Fila 23" }).getByText("La columna correcta debe decir A, B, C o D.")).toBeVisible();
  await expectNoA11yViolations(page);
  await reviewShot(page, "/tmp/owner-import-preview-1280.png");
  await page.setViewportSize({ width: 375, height: 740 });
  await reviewShot(page, "/tmp/owner-import-preview-375.png");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Importar 20 preguntas" }).click();
  await notice(page, "Listo: 20 preguntas importadas al banco.");
  await page.getByRole("link", { name: "Ver el banco de preguntas" }).click();
  const bank = page.getByRole("region", { name: /Banco de preguntas/ });
  await expect(bank.getByRole("heading", { name: "Banco de preguntas (20)" })).toBeVisible();
  await expect(bank.getByText(`19. La víctima inconsciente que no respira requiere RCP (${tag}).`)).toBeVisible();

  // A true/false question typed in the editor.
  const add = page.getByRole("form", { name: "Agregar pregunta" });
  await add.getByLabel("Tipo de pregunta").selectOption("truefalse");
  await expect(add.getByLabel("Opción A", { exact: true })).toHaveCount(0);
  await add.getByLabel("Afirmación").fill(`El DEA puede usarse en niños (${tag}).`);
  await add.getByLabel("Respuesta correcta").selectOption({ label: "Verdadero" });
  await add.getByRole("button", { name: "Agregar pregunta" }).click();
  await notice(page, "Pregunta agregada.");
  await expect(bank.getByRole("heading", { name: "Banco de preguntas (21)" })).toBeVisible();

  // Publish the exam and the course, enrol a learner, who sees the exam's own rules.
  await page.getByLabel("Estado", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Guardar lección" }).click();
  await notice(page, "Lección guardada.");
  await page.getByRole("link", { name: "Datos del curso" }).click();
  await page.getByRole("button", { name: "Publicar curso" }).click();
  await notice(page, /Curso publicado/);

  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
  const learner = await context.newPage();
  const account = await signUpAs(learner, { name: `Alumna Reglas ${tag}`, email: uniqueEmail("reglas") });
  await page.goto("/admin/inscripciones");
  const form = page.getByRole("form", { name: "Inscribir a una persona" });
  await form.getByLabel("Correo electrónico").fill(account.email);
  await form.getByLabel("Curso").selectOption(String(courseId));
  await form.getByRole("button", { name: "Inscribir" }).click();
  await notice(page, /Se inscribió a Alumna Reglas/);

  await learner.goto(`/cursos/${courseId}/contenido`);
  await expect(learner.getByText("80 % para aprobar")).toBeVisible();
  await expect(learner.getByText(/Te quedan 3 intentos\./)).toBeVisible();
  await reviewShot(learner, "/tmp/owner-exam-intro-375.png");
  await learner.getByRole("button", { name: "Comenzar Evaluación" }).click();
  await expect(learner.getByText("0 de 10 respondidas")).toBeVisible();
  await reviewShot(learner, "/tmp/owner-exam-attempt-375.png", { fullPage: false });
  await context.close();
});
