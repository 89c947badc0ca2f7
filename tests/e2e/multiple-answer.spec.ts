// Multiple-answer questions in the browser: the owner adds one in the course editor (no correct option marked is
// explained next to the field, what was typed kept), and a learner on a 375 px phone meets it as checkboxes under
// "Selección múltiple: marca todas las correctas.", marks the right ones and sees them in the review.
import { expect, test, type Page } from "./support/test";
import { expectNoA11yViolations } from "./support/axe";
import { signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { reviewShot } from "./support/screenshots";

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function notice(page: Page, text: string | RegExp) {
  await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
}

/** Nine four-option questions whose right option always reads "Correcta …". */
function questionsCsv(tag: string) {
  const rows = ["tipo;pregunta;a;b;c;d;correcta;explicación"];
  for (let i = 1; i <= 9; i++) {
    const options = [`Mala uno ${i}`, `Mala dos ${i}`, `Mala tres ${i}`];
    const at = i % 4;
    options.splice(at, 0, `Correcta ${i}`);
    rows.push(`alternativas;¿Pregunta ${i} de ${tag}?;${options.join(";")};${"ABCD"[at]};`);
  }
  return rows.join("\n");
}

test("selección múltiple: la dueña la crea y una alumna la responde en el teléfono", { tag: "@escritorio" }, async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const tag = uid();
  const title = `Curso Marca Todas ${tag}`;
  const prompt = `¿Qué elementos de protección usas al atender a una víctima? (${tag})`;
  await signInAsAdmin(page);
  await page.goto("/admin/cursos/nuevo");
  await page.getByLabel("Título", { exact: true }).fill(title);
  await page.getByLabel("Categoría", { exact: true }).selectOption("Emergencias");
  await page.getByLabel("Descripción breve", { exact: true }).fill("Curso para probar la selección múltiple.");
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

  const rules = page.getByRole("region", { name: "Reglas del examen" });
  await rules.getByRole("link", { name: "Importar preguntas desde una planilla" }).click();
  await page.getByLabel("Planilla CSV o Excel (.xlsx)").setInputFiles({ name: "preguntas.csv", mimeType: "text/csv", buffer: Buffer.from(questionsCsv(tag)) });
  await page.getByRole("button", { name: "Ver vista previa" }).click();
  await page.getByRole("button", { name: "Importar 9 preguntas" }).click();
  await notice(page, "Listo: 9 preguntas importadas al banco.");
  await page.getByRole("link", { name: "Ver el banco de preguntas" }).click();
  const bank = page.getByRole("region", { name: /Banco de preguntas/ });

  // The multiple-answer question: without a correct option marked, the form says so and keeps what was typed.
  const add = page.getByRole("form", { name: "Agregar pregunta" });
  await add.getByLabel("Tipo de pregunta").selectOption("multiple");
  await add.getByLabel("Pregunta", { exact: true }).fill(prompt);
  await add.getByLabel("Opción A", { exact: true }).fill("Guantes");
  await add.getByLabel("Opción B", { exact: true }).fill("Reloj");
  await add.getByLabel("Opción C (opcional)").fill("Mascarilla");
  await add.getByLabel("Opción D (opcional)").fill("Pulsera");
  await add.getByRole("button", { name: "Agregar pregunta" }).click();
  const retry = page.getByRole("form", { name: "Agregar pregunta" });
  await expect(retry.getByText("Marca al menos una opción correcta, entre las opciones escritas.")).toBeVisible();
  await expect(retry.getByLabel("Opción C (opcional)")).toHaveValue("Mascarilla");
  await expect(retry.getByLabel("Tipo de pregunta")).toHaveValue("multiple");
  const correct = retry.getByRole("checkbox", { name: "Correcta" });
  await expect(correct).toHaveCount(6);
  await correct.nth(0).check();
  await correct.nth(2).check();
  await reviewShot(page, "/tmp/reader-multiple-editor-1280.png", { fullPage: false });
  await retry.getByRole("button", { name: "Agregar pregunta" }).click();
  await notice(page, "Pregunta agregada.");
  await expect(bank.getByRole("heading", { name: "Banco de preguntas (10)" })).toBeVisible();
  const listed = bank.getByRole("listitem").filter({ hasText: prompt }).first();
  await expect(listed.getByText("Selección múltiple", { exact: true })).toBeVisible();
  await expect(listed.getByText("A) Guantes ✓ (correcta)")).toBeVisible();
  await expect(listed.getByText("C) Mascarilla ✓ (correcta)")).toBeVisible();

  await page.getByLabel("Estado", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Guardar lección" }).click();
  await notice(page, "Lección guardada.");
  await page.getByRole("link", { name: "Datos del curso" }).click();
  await page.getByRole("button", { name: "Publicar curso" }).click();
  await notice(page, /Curso publicado/);

  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const learner = await context.newPage();
  const account = await signUpAs(learner, { name: `Alumna Marca Todas ${tag}`, email: uniqueEmail("multiple") });
  await page.goto("/admin/inscripciones");
  const form = page.getByRole("form", { name: "Inscribir a una persona" });
  await form.getByLabel("Correo electrónico").fill(account.email);
  await form.getByLabel("Curso").selectOption(String(courseId));
  await form.getByRole("button", { name: "Inscribir" }).click();
  await notice(page, /Se inscribió a Alumna Marca Todas/);

  await learner.goto(`/cursos/${courseId}/contenido`);
  await learner.getByRole("button", { name: "Comenzar Evaluación" }).click();
  await expect(learner.getByText("0 de 10 respondidas")).toBeVisible();
  const multiple = learner.getByRole("group", { name: new RegExp(prompt.replace(/[()?¿]/g, ".")) });
  await expect(multiple.getByText("Selección múltiple: marca todas las correctas.")).toBeVisible();
  await expect(multiple.getByRole("checkbox")).toHaveCount(4);
  await multiple.getByText("Guantes").click();
  await multiple.getByText("Reloj").click();
  await expect(learner.getByText("1 de 10 respondidas")).toBeVisible();
  await multiple.scrollIntoViewIfNeeded();
  await reviewShot(learner, "/tmp/reader-exam-multiple-375.png", { fullPage: false });
  // Changing one's mind: unmark Reloj, mark Mascarilla.
  await multiple.getByText("Reloj").click();
  await multiple.getByText("Mascarilla").click();
  await expect(multiple.getByRole("checkbox", { name: /Guantes/ })).toBeChecked();
  await expect(multiple.getByRole("checkbox", { name: /Mascarilla/ })).toBeChecked();
  await expect(multiple.getByRole("checkbox", { name: /Reloj/ })).not.toBeChecked();
  for (let i = 1; i <= 9; i++) await learner.getByText(`Correcta ${i}`, { exact: true }).click();
  await expect(learner.getByText("10 de 10 respondidas")).toBeVisible();
  await expectNoA11yViolations(learner);
  await learner.setViewportSize({ width: 1280, height: 900 });
  await multiple.scrollIntoViewIfNeeded();
  await reviewShot(learner, "/tmp/reader-exam-multiple-1280.png", { fullPage: false });
  await learner.setViewportSize({ width: 375, height: 740 });
  await learner.getByRole("button", { name: "Enviar respuestas" }).click();
  await expect(learner.getByText("Aprobado", { exact: false }).first()).toBeVisible();
  const reviewed = learner.getByRole("listitem").filter({ hasText: prompt });
  await expect(reviewed.getByText("✓ Correcta")).toBeVisible();
  await expect(reviewed.getByText(/Guantes\s*\(respuesta correcta\)\s*\(la marcaste\)/)).toBeVisible();
  await reviewed.scrollIntoViewIfNeeded();
  await reviewShot(learner, "/tmp/reader-exam-multiple-review-375.png", { fullPage: false });
  await context.close();
});
