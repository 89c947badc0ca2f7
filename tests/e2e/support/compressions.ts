// Drives the compression trainer with the keyboard, as a learner would: one Space press per
// compression at a steady rate. The rate is kept on the page's own clock (Playwright's fake clock, which
// stands in for performance.now, Date and timers): it is paused, and moved on by exactly one interval
// between presses. The page measures and reports the same as with a person's half minute of tapping, and
// the round takes a few seconds of the suite instead of 31 (six such rounds cost CI three minutes).
import { expect, type Page } from "@playwright/test";

export async function tapCompressions(page: Page, perMinute: number, seconds = 31) {
  // Named "Comprimir…" only once hydrated ("Cargando la práctica…" before, when presses would be lost):
  // focusing it waits for that.
  const pad = page.getByRole("button", { name: /^Comprimir/ });
  await pad.focus();
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  const interval = Math.round(60_000 / perMinute);
  for (let elapsed = 0; elapsed < seconds * 1000; elapsed += interval) {
    await page.keyboard.press("Space");
    await page.clock.runFor(interval);
  }
  // Time flows again for whatever the test does next (the exam's autosave, the video).
  await page.clock.resume();
}

/** Passes the trainer at 110/min and waits until the server has recorded it. */
export async function completeCompressionPractice(page: Page) {
  await tapCompressions(page, 110);
  await expect(page.getByRole("status").getByText(/Mantuviste un ritmo de 100 a 120/)).toBeVisible();
  await expect(page.locator('article[aria-labelledby="leccion-titulo"]').getByText("Completada", { exact: true })).toBeVisible();
}

/**
 * Passes the practice of the lesson `page` shows, as its learner, in a browser context of its own (the same
 * session cookies), then reloads `page`, which now shows the practice completed. For walks through a whole
 * course: Playwright's fake clock cannot be taken off a page once installed, and left on the learner's page it
 * once froze Chromium's renderer for the rest of the test (CI, 24/11/2026: the next lesson's video loaded and
 * the page never answered again). Here the clock lives and dies with the context that needed it.
 */
export async function completeCompressionPracticeAside(page: Page) {
  const browser = page.context().browser();
  if (!browser) throw new Error("la práctica aparte necesita el navegador de la página");
  const aside = await browser.newContext({ storageState: await page.context().storageState(), locale: "es-CL", timezoneId: "America/Santiago" });
  try {
    const practice = await aside.newPage();
    await practice.goto(page.url());
    await completeCompressionPractice(practice);
  } finally {
    await aside.close();
  }
  await page.reload();
  await expect(page.locator('article[aria-labelledby="leccion-titulo"]').getByText("Completada", { exact: true })).toBeVisible();
}
