// Admin insight in the browser: an admin builds a small free course with an exam, two learners
// take it (one fails, then passes; one only enrols), and the overview, the course's funnel, the per-question
// table and the learner's page show exactly those figures. Every page passes axe.
import { expectNoA11yViolations } from "./support/axe";
import { signInAsAdmin, signUpAs, uniqueEmail } from "./support/auth";
import { BASE_URL, expect, test, type APIRequestContext, type Browser, type Page } from "./support/test";
import { reviewShot } from "./support/screenshots";
import { studyLessonOnScreen } from "./support/course-content";

const QUESTIONS = 10;
const headers = { origin: BASE_URL };

async function post(request: APIRequestContext, path: string, form: Record<string, string>) {
  const res = await request.post(path, { form, headers, maxRedirects: 0 });
  expect(res.status(), `${path} ${form.intent ?? ""}: ${res.status()}`).toBeLessThan(400);
  return res;
}

/** A free, published course: module A (one reading), module B (the exam, ten questions). */
async function buildCourse(request: APIRequestContext, title: string) {
  const created = await post(request, "/admin/cursos/nuevo", {
    title,
    category: "Salud",
    level: "Básico",
    priceClp: "0",
    description: "Curso de prueba de informes.",
  });
  const id = Number(/\/admin\/cursos\/(\d+)/.exec(created.headers().location ?? "")![1]);
  const editor = `/admin/cursos/${id}`;
  await post(request, editor, { intent: "add-module", title: "Módulo A", description: "" });
  await post(request, editor, { intent: "add-module", title: "Módulo B", description: "" });
  const html = await (await request.get(`${editor}?vista=contenido`)).text();
  const moduleIds = [...new Set([...html.matchAll(/name="moduleId" value="(\d+)"/g)].map((m) => m[1]!))];
  expect(moduleIds).toHaveLength(2);
  const lessonId = async (moduleId: string, lessonTitle: string, type: string) => {
    const res = await post(request, editor, { intent: "add-lesson", moduleId, title: lessonTitle, type });
    return /leccion=(\d+)/.exec(res.headers().location ?? "")![1]!;
  };
  const reading = await lessonId(moduleIds[0]!, "Lectura inicial", "lectura");
  await post(request, editor, { intent: "update-lesson", lessonId: reading, title: "Lectura inicial", type: "lectura", durationMin: "5", status: "published", downloadable: "", body: "Texto de la lección." });
  const exam = await lessonId(moduleIds[1]!, "Examen final", "examen");
  for (let i = 1; i <= QUESTIONS; i++) {
    await post(request, editor, {
      intent: "add-question",
      lessonId: exam,
      prompt: `Pregunta de informe ${i}`,
      option0: `Correcta ${i}`,
      option1: `Incorrecta ${i} B`,
      option2: `Incorrecta ${i} C`,
      option3: `Incorrecta ${i} D`,
      correctIndex: "0",
      explanation: "",
    });
  }
  await post(request, editor, { intent: "update-lesson", lessonId: exam, title: "Examen final", type: "examen", durationMin: "20", status: "published", downloadable: "", body: "" });
  await post(request, editor, { intent: "publish" });
  return { id, reading, exam };
}

async function newLearner(browser: Browser, name: string) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  const account = await signUpAs(page, { name, email: uniqueEmail("informe") });
  return { context, page, ...account };
}

/** Takes the exam in the browser: questions 1…`right` answered correctly, the rest with option B. */
async function takeExam(page: Page, courseId: number, exam: string, right: number) {
  await page.goto(`/cursos/${courseId}/contenido?leccion=${exam}`);
  await page.getByRole("button", { name: "Comenzar Evaluación" }).click();
  for (let i = 1; i <= QUESTIONS; i++) {
    await page.getByText(i <= right ? `Correcta ${i}` : `Incorrecta ${i} B`, { exact: true }).click();
  }
  await page.getByRole("button", { name: "Enviar respuestas" }).click();
  await expect(page.getByText(right >= 7 ? "Aprobado" : "Reprobado", { exact: true })).toBeVisible();
}

function shot(page: Page, name: string) {
  return reviewShot(page, `/tmp/insight-${name}-${test.info().project.name}.png`);
}

test("un administrador ve el resumen, el embudo del curso, las preguntas y la ficha de un alumno con las cifras de lo que pasó", { tag: "@ambos" }, async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto("/");
  await signInAsAdmin(page);
  const title = `Curso Informe ${Date.now().toString(36)}`;
  const course = await buildCourse(page.request, title);

  // Ana enrols, reads, fails the exam with 3 of 10, then passes with 10 of 10. Beto only enrols.
  const ana = await newLearner(browser, "Ana Informe");
  const beto = await newLearner(browser, "Beto Informe");
  for (const l of [ana, beto]) await post(l.page.request, `/cursos/${course.id}/inscribir`, {});
  await ana.page.goto(`/cursos/${course.id}/contenido?leccion=${course.reading}`);
  await expect(ana.page.getByText("Texto de la lección.")).toBeVisible();
  // A reading completes once studied (docs/decisions.md F8): wait for it before leaving, or the exam below may
  // pass while the course still lacks this lesson (no completion to count).
  await studyLessonOnScreen(ana.page);
  await takeExam(ana.page, course.id, course.exam, 3);
  await takeExam(ana.page, course.id, course.exam, QUESTIONS);
  await ana.context.close();
  await beto.context.close();

  // Overview for this course, last 7 days.
  await page.goto(`/admin?periodo=7d&curso=${course.id}`);
  const overview = page.getByRole("region", { name: "Resumen de la academia" });
  await expect(overview.getByText(`Últimos 7 días, ${title}`, { exact: true })).toBeVisible();
  const figure = (label: string) => overview.locator(`dd[data-figure="${label}"]`);
  await expect(figure("Inscripciones")).toHaveText("2");
  await expect(figure("Cursos completados")).toHaveText("1");
  await expect(figure("Certificados emitidos")).toHaveText("1");
  await expect(figure("Aprobación de exámenes")).toHaveText("50%");
  await expect(overview.getByText("1 de 2 intentos aprobados")).toBeVisible();
  await expect(figure("Ingresos netos")).toHaveText("$0");
  await expect(overview.getByRole("img", { name: /Inscripciones y cursos completados/ })).toBeVisible();
  await overview.getByText("Ver los datos del gráfico").click();
  const lastRow = overview.getByRole("region", { name: "Datos del gráfico" }).getByRole("row").last();
  await expect(lastRow.getByRole("cell")).toHaveText(["2", "1"]);
  // The dashboard's admin panel is still there.
  await expect(page.getByRole("link", { name: /Gestionar Usuarios/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, "overview");

  // The course's results: funnel and questions (worst first: 4…10 were missed once, 1…3 never).
  await page.goto(`/admin/cursos/${course.id}`);
  await page.getByRole("link", { name: "Resultados", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Resultados: ${title}` })).toBeVisible();
  const funnel = page.getByRole("table", { name: /Embudo de/ });
  const step = (label: string | RegExp) => funnel.getByRole("row").filter({ has: page.getByRole("rowheader", { name: label }) });
  await expect(step("Inscritos").getByRole("cell").first()).toHaveText("2");
  await expect(step("Comenzaron").getByRole("cell").nth(0)).toHaveText("1");
  await expect(step("Comenzaron").getByRole("cell").nth(1)).toHaveText("50%");
  await expect(step(/módulo 1: Módulo A/).getByRole("cell").first()).toHaveText("1");
  await expect(step(/módulo 2: Módulo B/).getByRole("cell").first()).toHaveText("1");
  await expect(step("Aprobaron el examen").getByRole("cell").nth(0)).toHaveText("1");
  await expect(step("Aprobaron el examen").getByRole("cell").nth(1)).toHaveText("50%");
  const attempts = page.getByRole("table", { name: "Personas según el intento en que aprobaron" });
  await expect(attempts.getByRole("row").filter({ hasText: "2 intentos" }).getByRole("cell")).toHaveText("1");
  const questions = page.getByRole("table", { name: /Preguntas del banco/ });
  const rows = questions.getByRole("row");
  await expect(rows).toHaveCount(1 + QUESTIONS);
  await expect(rows.nth(1).getByRole("rowheader")).toContainText("Pregunta de informe 4");
  await expect(rows.nth(1).getByRole("cell").nth(0)).toHaveText("2");
  await expect(rows.nth(1).getByRole("cell").nth(1)).toHaveText("50%");
  await expect(rows.nth(1).getByRole("cell").nth(2)).toContainText("B. Incorrecta 4 B: 1");
  await expect(rows.nth(1).getByRole("cell").nth(2)).toContainText("C. Incorrecta 4 C: 0");
  await expect(rows.last().getByRole("cell").nth(1)).toHaveText("100%");
  await expectNoA11yViolations(page);
  await shot(page, "course-results");
  // Each question links to its place in the editor.
  await rows.nth(1).getByRole("link", { name: "Pregunta de informe 4" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/cursos/${course.id}\\?leccion=${course.exam}#pregunta-\\d+$`));
  await expect(page.getByRole("heading", { name: /Banco de preguntas/ })).toBeVisible();

  // The administration menu's links are followed by the router (the same document) and mark the page they name.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const adminNav = page.getByRole("navigation", { name: "Administración" });
  await adminNav.getByRole("link", { name: "Usuarios" }).click();
  await expect(page).toHaveURL(/\/admin\/usuarios$/);
  await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();
  await expect(adminNav.getByRole("link", { name: "Usuarios" })).toHaveAttribute("aria-current", "page");
  await expect(adminNav.getByRole("link", { name: "Cursos" })).not.toHaveAttribute("aria-current");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // Ana's page, reached from the users list.
  await page.goto(`/admin/usuarios?q=${encodeURIComponent(ana.email)}`);
  await page.getByRole("link", { name: "Ana Informe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ana Informe" })).toBeVisible();
  const enrolment = page.getByRole("listitem", { name: `Inscripción en ${title}` });
  await expect(enrolment.getByText("Progreso: 100%")).toBeVisible();
  await expect(enrolment.getByText("Lecciones completadas (2)")).toBeVisible();
  await expect(page.getByText(`${title}: intento 2`)).toBeVisible();
  await expect(page.getByText(/Puntaje 100% · Aprobado/)).toBeVisible();
  await expect(page.getByText(/Puntaje 30% · Reprobado/)).toBeVisible();
  await page.getByText(`${title}: intento 1`).click();
  const answers = page.getByRole("table", { name: `Respuestas del intento 1 de ${title}` });
  await expect(answers.getByRole("row")).toHaveCount(1 + QUESTIONS);
  await expect(answers.getByRole("cell", { name: "Incorrecta", exact: true })).toHaveCount(7);
  await expect(page.getByRole("heading", { name: "Certificados (1)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pedidos (0)" })).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, "learner");
});

// Paging is the server's: once, at 1280 px; the results page at 375 px is walked by the story above.
test("las preguntas de un banco grande se recorren de a 25, sin perder el periodo", { tag: "@escritorio" }, async ({ page }) => {
  // Course 1's bank (content/courses/rcp-solo-compresiones/questions.json) has more than 25 questions.
  await page.goto("/");
  await signInAsAdmin(page);
  await page.goto("/admin/cursos/1/resultados?periodo=90d");
  const section = page.getByRole("region", { name: "Preguntas del examen" });
  const rows = section.getByRole("table", { name: /Preguntas del banco/ }).getByRole("row");
  await expect(rows).toHaveCount(1 + 25);
  const pages = section.getByRole("navigation", { name: "Páginas de preguntas" });
  await expect(pages.getByText("Página 1")).toBeVisible();
  await pages.getByRole("link", { name: "Siguiente →" }).click();
  await expect(page).toHaveURL(/\/admin\/cursos\/1\/resultados\?periodo=90d&pagina=2$/);
  await expect(pages.getByText("Página 2")).toBeVisible();
  await expect(rows).toHaveCount(1 + 25);
  await expect(pages.getByRole("link", { name: "← Anterior" })).toBeVisible();

  // Each question leads to its editor, inside the app (the same document, no reload).
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const first = rows.nth(1).getByRole("link");
  const href = await first.getAttribute("href");
  expect(href).toMatch(/^\/admin\/cursos\/1\?leccion=\d+#pregunta-\d+$/);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, "\\?")}$`));
  await expect(page.locator(href!.slice(href!.indexOf("#")))).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
