// Course 2, Primeros Auxilios: its detail page sells what it teaches and says what it
// certifies; a learner buys it, studies every lesson, passes the exam and is certified.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./support/test";
import { goToNextLesson, studyLessonOnScreen } from "./support/course-content";
import { signUpAs, uniqueEmail } from "./support/auth";
import { expectNoA11yViolations } from "./support/axe";
import { buyCourse } from "./support/commerce";
import { waitForMail } from "./support/mail";
import { reviewShot } from "./support/screenshots";

const courseDir = path.resolve(process.env.CONTENT_DIR ?? "content", "courses/primeros-auxilios");
const course = JSON.parse(fs.readFileSync(path.join(courseDir, "course.json"), "utf8")) as {
  title: string;
  priceClp: number;
  modules: { title: string; lessons: { title: string; type: string }[] }[];
};
const bank = JSON.parse(fs.readFileSync(path.join(courseDir, "questions.json"), "utf8")) as {
  prompt: string;
  options: string[];
  correctIndex: number;
}[];
const studyLessons = course.modules.flatMap((m) => m.lessons).filter((l) => l.type !== "examen");

function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 1280;
  return reviewShot(page, `/tmp/mat2-e2e-${name}-${width}.png`);
}

/** Each lesson is read as HTML at the screen's width (the PDF is the download); studying it completes it (F8). */
async function expectLessonShown(page: Page) {
  await expect(page.locator(".lesson-prose h2").first()).toBeVisible();
  await studyLessonOnScreen(page);
}

/** Answers the ten questions on screen with the bank's correct options. */
async function answerCorrectly(page: Page) {
  const groups = page.getByRole("group");
  await expect(groups).toHaveCount(10);
  for (let i = 0; i < 10; i++) {
    const group = groups.nth(i);
    const legend = (await group.locator("legend").innerText()).replace(/^Pregunta \d+ de \d+\.\s*/, "").trim();
    const q = bank.find((b) => b.prompt.trim() === legend);
    expect(q, legend).toBeTruthy();
    await group.getByText(q!.options[q!.correctIndex]!, { exact: true }).click();
  }
}

test("el detalle del curso 2 muestra su precio, sus módulos con lecciones publicadas y qué certifica", { tag: "@ambos" }, async ({ page }) => {
  const response = await page.goto("/cursos/2");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: course.title })).toBeVisible();
  const main = page.getByRole("main");
  await expect(page.getByRole("complementary", { name: "Inscripción" }).getByText("$30.000").first()).toBeVisible();
  expect(course.priceClp).toBe(30000);
  for (const m of course.modules) await expect(main.getByText(m.title, { exact: true }).first()).toBeVisible();
  await expect(main.getByText("Próximamente")).toHaveCount(0);
  await expect(main.getByText("Contenido en preparación")).toHaveCount(0);
  await expect(main.getByText(/no evalúa habilidades prácticas/).first()).toBeVisible();
  await expect(main.getByText(/organismo internacional/)).toHaveCount(0);
  await expectNoA11yViolations(page);
  await shot(page, "curso2-detalle");
});

// On the phone only: the desktop walks course 1 through the same lesson screens (learning.spec.ts, certificates.spec.ts).
test("un alumno compra el curso 2, estudia cada lección, aprueba la evaluación y recibe su certificado", { tag: "@movil" }, async ({ page }) => {
  test.setTimeout(300_000);
  const learner = { name: "Valentina Rojas", email: uniqueEmail("primeros-auxilios"), password: "clave-segura-1" };
  await page.goto("/");
  await signUpAs(page, learner);

  await buyCourse(page, 2);
  await expect(page.getByRole("heading", { level: 1, name: course.title })).toBeVisible();

  // Every study lesson, in order: each is read as HTML; opening it completes it.
  for (const [i, lesson] of studyLessons.entries()) {
    await expect(page.locator("#leccion-titulo")).toHaveText(lesson.title);
    await expectLessonShown(page);
    if (i === 7) {
      // The bleeding lesson (tourniquet figure) as the learner sees it.
      await expectNoA11yViolations(page);
      await shot(page, "curso2-leccion");
    }
    await goToNextLesson(page);
  }

  await page.getByRole("button", { name: "Comenzar Evaluación" }).click();
  await answerCorrectly(page);
  await page.getByRole("button", { name: "Enviar respuestas" }).click();
  await expect(page.getByText("Aprobado", { exact: true })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Progreso del curso" })).toHaveAttribute("aria-valuenow", "100");

  const mail = await waitForMail(learner.email, /Felicitaciones/);
  expect(mail).toContain(course.title);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/certificados\/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}(?![\w/-])/)?.[0];
  expect(link, mail).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1, name: "Certificado válido" })).toBeVisible();
  await expect(page.getByRole("main").getByText(learner.name)).toBeVisible();
  await expect(page.getByRole("main").getByText(course.title, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
});
