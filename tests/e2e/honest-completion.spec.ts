// Honest completion (docs/decisions.md F8): a reading does not complete on opening — the page says what is missing
// next to the button — and completes once it has been read through and its time has passed on the server (here,
// for this learner's context only: the clock offset of support/course-content.ts).
import { expect, test } from "./support/test";
import { signUpAs } from "./support/auth";
import { buyCourse } from "./support/commerce";
import { setLearnerClockOffset } from "./support/course-content";
import { reviewShot } from "./support/screenshots";

test("una lectura no se completa al abrirla; leída hasta el final y con su tiempo, sí", { tag: "@ambos" }, async ({ page }) => {
  await page.goto("/");
  await signUpAs(page, { name: "Lola Lectora" });
  await buyCourse(page, 1);
  const viewer = page.locator('article[aria-labelledby="leccion-titulo"]');
  await expect(viewer.locator(".lesson-prose h2").first()).toBeVisible();
  const button = viewer.getByRole("button", { name: "Marcar como completada" });
  await expect(button).toBeVisible();
  await expect(page.getByText(/^0 de \d+ lecciones$/).first()).toBeVisible();

  // Pressed on opening: nothing is completed, and the page says what is missing, beside the button.
  await button.scrollIntoViewIfNeeded();
  await button.click();
  const missing = viewer.getByText(/^Te faltan unos \d+ minutos de lectura para completar esta lección\.$/);
  await expect(missing).toBeVisible();
  await expect(viewer.getByText("Completada", { exact: true })).toHaveCount(0);
  await expect(page.getByText(/^0 de \d+ lecciones$/).first()).toBeVisible();
  const width = page.viewportSize()?.width ?? 1280;
  await reviewShot(page, `/tmp/completion-falta-${width}.png`, { fullPage: false });

  // The learner reads on: minutes pass (for this learner only) and the button now completes the lesson.
  await setLearnerClockOffset(page, 8 * 60_000);
  try {
    await button.click();
    await expect(viewer.getByText("Completada", { exact: true })).toBeVisible();
    await expect(page.getByText(/^1 de \d+ lecciones$/).first()).toBeVisible();
  } finally {
    await setLearnerClockOffset(page, 0);
  }
});
