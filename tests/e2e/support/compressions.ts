// Drives the compression trainer (issue 16) with the keyboard, as a learner would: one Space press per
// compression at a steady rate, paced by the clock (the rhythm itself is what the page measures).
import { expect, type Page } from "@playwright/test";

export async function tapCompressions(page: Page, perMinute: number, seconds = 31) {
  const pad = page.getByRole("button", { name: /^Comprimir/ });
  await pad.focus();
  const interval = 60_000 / perMinute;
  const start = Date.now();
  for (let i = 0; Date.now() - start < seconds * 1000 && i < 200; i++) {
    const due = start + i * interval;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await page.keyboard.press("Space");
  }
}

/** Passes the trainer at 110/min and waits until the server has recorded it. */
export async function completeCompressionPractice(page: Page) {
  await tapCompressions(page, 110);
  await expect(page.getByRole("status").getByText(/Mantuviste un ritmo de 100 a 120/)).toBeVisible();
  await expect(page.locator('article[aria-labelledby="leccion-titulo"]').getByText("Completada", { exact: true })).toBeVisible();
}
