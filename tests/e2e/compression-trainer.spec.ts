// The compression trainer of course 1: a learner presses Space at ~110/min for 30 s and the
// practice completes; at 80/min it does not and the page says to go faster.
import { expect, test, type Page } from "./support/test";
import { signUpAs } from "./support/auth";
import { expectNoA11yViolations } from "./support/axe";
import { completeCompressionPractice, tapCompressions } from "./support/compressions";
import { buyCourse } from "./support/commerce";
import { reviewShot } from "./support/screenshots";
import { isMobile } from "./support/course-content";

const PRACTICE = "Práctica: entrena tu ritmo de compresiones";

async function openPractice(page: Page) {
  await page.goto("/");
  await signUpAs(page);
  // Course 1 has a price: bought through the checkout and the local Webpay server.
  await buyCourse(page, 1);
  // On a phone the module list is folded away: follow the lesson's link wherever it is.
  const href = await page.locator("a", { hasText: PRACTICE }).first().getAttribute("href");
  await page.goto(new URL(href!, page.url()).toString());
  await expect(page.getByRole("heading", { level: 2, name: PRACTICE })).toBeVisible();
}

test("a 110 por minuto durante 30 s la práctica se completa", { tag: "@ambos" }, async ({ page }, info) => {
  test.setTimeout(120_000);
  await openPractice(page);
  const pad = page.getByRole("button", { name: /^Comprimir/ });
  await expect(pad).toBeVisible();
  await expectNoA11yViolations(page);
  await reviewShot(page, `/tmp/material-trainer-${info.project.name}-inicio.png`, { fullPage: false });
  // The three figures' labels fit their boxes, also at 375 px.
  const overflowing = await page.locator("dl > div").evaluateAll((boxes) => boxes.filter((b) => b.scrollWidth > b.clientWidth + 1).length);
  expect(overflowing).toBe(0);

  // A touch screen is not told to press Space; a device with a mouse (and so a keyboard) is.
  await expect(pad).toHaveAccessibleName(isMobile(page) ? "Comprimir: toca aquí para empezar" : "Comprimir: pulsa Espacio o toca aquí para empezar");

  // The learner has scrolled just far enough to reach the pad: the figures are below the screen's edge.
  await pad.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 8));
  const rate = page.locator("#entrenador-estado");
  await expect(rate).not.toBeInViewport({ ratio: 1 });
  // Live feedback while tapping: rate, zone and the countdown, on screen with the pad.
  const tapping = completeCompressionPractice(page);
  await expect(page.getByText("En el rango", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^Quedan \d+ s$/)).toBeVisible();
  await expect(rate).toBeInViewport({ ratio: 1 });
  await expect(pad).toBeInViewport({ ratio: 1 });
  await reviewShot(page, `/tmp/material-trainer-${info.project.name}-en-curso.png`, { fullPage: false });
  await tapping;
  // The result too, without scrolling.
  await expect(page.getByRole("status").filter({ hasText: /Mantuviste un ritmo/ })).toBeInViewport({ ratio: 1 });
  await expect(rate).toBeInViewport({ ratio: 1 });
  await reviewShot(page, `/tmp/material-trainer-${info.project.name}-aprobada.png`, { fullPage: false });
  // The module panel marks it too, after a reload (the server recorded it).
  await page.reload();
  await expect(page.getByText("Ya completaste esta práctica.", { exact: false })).toBeVisible();
});

test("a 80 por minuto no se completa y pide más rapidez", { tag: "@ambos" }, async ({ page }, info) => {
  test.setTimeout(120_000);
  await openPractice(page);
  await tapCompressions(page, 80);
  const result = page.getByRole("status").filter({ hasText: "Demasiado lento" });
  await expect(result).toBeInViewport({ ratio: 1 });
  await reviewShot(page, `/tmp/material-trainer-${info.project.name}-lento.png`, { fullPage: false });
  await expect(page.locator('article[aria-labelledby="leccion-titulo"]').getByText("Completada", { exact: true })).toHaveCount(0);
  // Another round starts from the button, keyboard focus on the pad.
  await page.getByRole("button", { name: "Intentar de nuevo" }).click();
  await expect(page.getByRole("button", { name: /^Comprimir: (pulsa Espacio o )?toca aquí para empezar$/ })).toBeFocused();
});
