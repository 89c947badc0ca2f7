// Course 1 completed through the real UI, as a learner does it: every lesson in order, then the exam passed with the
// bank's correct answers (the certificate specs start from here).
import fs from "node:fs";
import path from "node:path";
import { BASE_URL, expect, type Page } from "./test";
import { goToNextLesson } from "./course-content";
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

/** Opens every lesson of course 1 in order (opening completes readings; the video is played to its end) and passes the exam. */
export async function completeCourseOne(page: Page) {
  const viewer = page.locator('article[aria-labelledby="leccion-titulo"]');
  for (let step = 0; step < 20; step++) {
    await expect(page.locator("#leccion-titulo")).toBeVisible();
    if ((await page.locator("video").count()) > 0) {
      // What a learner does: play the video to the end (here, jump near the end and play muted).
      await page.locator("video").evaluate(async (v: HTMLVideoElement) => {
        if (!(v.duration > 0)) await new Promise((resolve) => v.addEventListener("loadedmetadata", resolve, { once: true }));
        v.muted = true;
        v.currentTime = Math.max(0, v.duration - 0.3);
        await v.play();
      });
      await expect(viewer.getByText("Completada", { exact: true })).toBeVisible();
    }
    // The pad reads "Cargando la práctica…" until the page has hydrated.
    if ((await page.getByRole("button", { name: /^(Comprimir|Cargando la práctica)/ }).count()) > 0) await completeCompressionPracticeAside(page);
    if ((await page.locator(".lesson-prose").count()) > 0) {
      // A reading completes once shown (the page tells the server): wait for it before moving on.
      await expect(viewer.getByText("Completada", { exact: true })).toBeVisible();
    }
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
 * is completed by posting to the content page's own action what its page posts (opened, video watched, a passing
 * round of the compression trainer) — the server checks each as ever, and a lesson whose event it refuses stays
 * undone, so the exam would not start — then the exam is passed in the browser. `completeCourseOne` is the walk.
 */
export async function completeCourseOneLessonsThenExam(page: Page) {
  const content = await page.request.get("/cursos/1/contenido");
  expect(content.status()).toBe(200);
  const lessons = [...new Set([...(await content.text()).matchAll(/\/cursos\/1\/contenido\?leccion=(\d+)/g)].map((m) => m[1]!))];
  expect(lessons.length, "las lecciones del curso 1 en su página").toBeGreaterThan(10);
  let exam: string | null = null;
  for (const lesson of lessons) {
    let done = false;
    const events: Record<string, string>[] = [{ intent: "lesson-opened" }, { intent: "video-watched" }, { intent: "practice-completed", toques: PASSING_TAPS }];
    for (const fields of events) {
      const res = await page.request.post(`/cursos/1/contenido?leccion=${lesson}`, { form: { ...fields, leccion: lesson }, headers: { origin: BASE_URL }, maxRedirects: 0 });
      if (res.ok()) {
        done = true;
        break;
      }
      expect(res.status(), `lección ${lesson}: ${fields.intent}`).toBe(400);
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
