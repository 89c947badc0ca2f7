// Course 1 completed through the real UI, as a learner does it: every lesson in order, then the exam passed with the
// bank's correct answers (the certificate specs start from here).
import fs from "node:fs";
import path from "node:path";
import { BASE_URL, expect, type Page } from "./test";
import { goToNextLesson, setLearnerClockOffset, studyLessonOnScreen } from "./course-content";
import { completeCompressionPracticeAside } from "./compressions";

interface BankQuestion {
  prompt: string;
  options: string[];
  correctIndex: number;
}
const bank: BankQuestion[] = JSON.parse(
  fs.readFileSync(path.resolve(process.env.CONTENT_DIR ?? "content", "courses/rcp-solo-compresiones/questions.json"), "utf8"),
);

/** Answers every question of the attempt on screen with the bank's correct option. */
async function answerCorrectly(page: Page) {
  const questions = page.locator("fieldset");
  await expect(questions).toHaveCount(10);
  for (const fieldset of await questions.all()) {
    const legend = (await fieldset.locator("legend").innerText()).replace(/\s+/g, " ").trim();
    const question = bank.find((q) => legend.endsWith(q.prompt.replace(/\s+/g, " ").trim()));
    expect(question, `pregunta del banco para: ${legend}`).toBeTruthy();
    await fieldset.getByText(question!.options[question!.correctIndex]!, { exact: true }).click();
  }
}

/** Studies every lesson of course 1 in order (each reading and video as the server asks: studyLessonOnScreen) and passes the exam. */
export async function completeCourseOne(page: Page) {
  for (let step = 0; step < 20; step++) {
    await expect(page.locator("#leccion-titulo")).toBeVisible();
    // The pad reads "Cargando la práctica…" until the page has hydrated.
    if ((await page.getByRole("button", { name: /^(Comprimir|Cargando la práctica)/ }).count()) > 0) await completeCompressionPracticeAside(page);
    else if ((await page.getByRole("button", { name: "Marcar como completada" }).count()) > 0) await studyLessonOnScreen(page);
    if ((await page.getByRole("button", { name: "Comenzar Evaluación" }).count()) > 0) return passExam(page);
    await goToNextLesson(page);
  }
  throw new Error("no se llegó a la evaluación final");
}


/** The exam lesson on screen: starts an attempt and passes it with the bank's correct answers. */
async function passExam(page: Page) {
  await page.getByRole("button", { name: "Comenzar Evaluación" }).click();
  await answerCorrectly(page);
  await page.getByRole("button", { name: "Enviar respuestas" }).click();
  await expect(page.getByText("Aprobado", { exact: true })).toBeVisible();
}

/** A passing round of the compression trainer as its page sends it: tap times at 110 a minute for 31 s. */
const PASSING_TAPS = JSON.stringify(Array.from({ length: Math.floor(31_000 / 545) + 1 }, (_, i) => i * 545));

/**
 * Course 1's theory passed quickly, for specs about what comes after it (the in-person skills session): each lesson
 * is completed by posting to the content page's own action what its page posts — a reading's or video's completion
 * form with the visit token its page was served with, after the lesson's time has passed for this learner (the
 * context's clock offset; the video reported watched through, as its player would), or a passing round of the
 * compression trainer. The server checks each as ever, and a lesson it refuses stays undone, so the exam would not
 * start; then the exam is passed in the browser. `completeCourseOne` is the walk.
 */
export async function completeCourseOneLessonsThenExam(page: Page) {
  const content = await page.request.get("/cursos/1/contenido");
  expect(content.status()).toBe(200);
  const lessons = [...new Set([...(await content.text()).matchAll(/\/cursos\/1\/contenido\?leccion=(\d+)/g)].map((m) => m[1]!))];
  expect(lessons.length, "las lecciones del curso 1 en su página").toBeGreaterThan(10);
  let exam: string | null = null;
  for (const lesson of lessons) {
    let done = false;
    const html = await (await page.request.get(`/cursos/1/contenido?leccion=${lesson}`)).text();
    const visita = /name="visita" value="([^"]+)"/.exec(html)?.[1];
    if (visita) {
      await setLearnerClockOffset(page, 65 * 60_000);
      try {
        // The course's videos are planned at two minutes: watched from start to end.
        const form = { intent: "lesson-study", leccion: lesson, visita, segmentos: "[[0,120]]", duracion: "120" };
        const res = await page.request.post(`/cursos/1/contenido?leccion=${lesson}`, { form, headers: { origin: BASE_URL }, maxRedirects: 0 });
        expect(res.status(), `lección ${lesson}: lesson-study`).toBe(200);
        done = true;
      } finally {
        await setLearnerClockOffset(page, 0);
      }
      // Completed: its page no longer offers the completion form.
      const after = await (await page.request.get(`/cursos/1/contenido?leccion=${lesson}`)).text();
      expect(after, `lección ${lesson} completada`).not.toContain('name="visita"');
    } else {
      const res = await page.request.post(`/cursos/1/contenido?leccion=${lesson}`, {
        form: { intent: "practice-completed", toques: PASSING_TAPS, leccion: lesson },
        headers: { origin: BASE_URL },
        maxRedirects: 0,
      });
      if (res.ok()) done = true;
      else expect(res.status(), `lección ${lesson}: practice-completed`).toBe(400);
    }
    // The one lesson no event completes is the exam.
    if (!done) {
      expect(exam, `dos lecciones sin completar: ${exam} y ${lesson}`).toBeNull();
      exam = lesson;
    }
  }
  expect(exam, "la evaluación final").not.toBeNull();
  await page.goto(`/cursos/1/contenido?leccion=${exam}`);
  await passExam(page);
}
