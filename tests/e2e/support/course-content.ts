// The course content page as a test drives it: the module panel is a sidebar on a wide screen and a drawer
// (a dialog opened from the header's 'Módulos del curso' link) below 768 px, so tests reach it through here.
import { BASE_URL, expect, type Locator, type Page } from "./test";

export function isMobile(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** The module panel, opened first when it is the phone's drawer. */
export async function modulesPanel(page: Page): Promise<Locator> {
  if (!isMobile(page)) return page.getByRole("complementary", { name: "Módulos del curso" });
  await page.getByRole("link", { name: "Módulos del curso" }).click();
  const drawer = page.getByRole("dialog", { name: "Módulos del curso" });
  await expect(drawer).toBeVisible();
  return drawer;
}

/**
 * Opens a lesson from the module panel and waits until it is shown (and the drawer closed on a phone); the router
 * follows the panel's links, so the page's document stays the same.
 */
export async function openLesson(page: Page, title: string) {
  const panel = await modulesPanel(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await panel.getByRole("link", { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) }).click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  if (isMobile(page)) await expect(page.getByRole("dialog")).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), "the lesson link reloaded the page").toBe(true);
}

/**
 * Follows "Siguiente lección →" and waits until the next lesson is on screen: the URL changes first, and
 * until React has drawn the new lesson the old one (its title, its badge, its links) is still there.
 */
export async function goToNextLesson(page: Page) {
  const title = page.locator("#leccion-titulo");
  const current = await title.innerText();
  const next = page.getByRole("link", { name: "Siguiente lección →" });
  const nextId = /leccion=(\d+)/.exec((await next.getAttribute("href")) ?? "")?.[1];
  expect(nextId, `siguiente lección después de ${current}`).toBeTruthy();
  await next.click();
  await expect(page).toHaveURL(new RegExp(`leccion=${nextId}$`));
  await expect(title).not.toHaveText(current);
}

/** The cookie by which the end-to-end server moves the clock for one browser context's requests only. */
const CLOCK_OFFSET_COOKIE = "academia_reloj_pruebas";
/**
 * How far a learner's clock moves while they study one lesson here: more than the longest visit the server credits
 * (a lesson's planned duration, docs/decisions.md F8), so one press of "Marcar como completada" is enough.
 */
const STUDY_TIME_MS = 65 * 60_000;

/** Moves the server's clock by `ms` for this page's context alone (0: the real time again). */
export async function setLearnerClockOffset(page: Page, ms: number) {
  if (ms === 0) await page.context().clearCookies({ name: CLOCK_OFFSET_COOKIE });
  else await page.context().addCookies([{ name: CLOCK_OFFSET_COOKIE, value: String(Math.round(ms)), url: BASE_URL }]);
}

/**
 * Studies the lesson on screen as the server now asks (docs/decisions.md F8): a video is played through (muted,
 * at the player's top speed: its watched ranges are real), the reading is followed to its end (the completion
 * panel in view), the lesson's time passes — for this learner only, through the context's clock offset, so the
 * tests beside it keep the real time — and "Marcar como completada" is pressed. Waits for "Completada".
 */
export async function studyLessonOnScreen(page: Page) {
  const viewer = page.locator('article[aria-labelledby="leccion-titulo"]');
  const video = viewer.locator("video");
  if ((await video.count()) > 0) {
    await video.evaluate(async (v: HTMLVideoElement) => {
      if (v.readyState < 1) await new Promise((r) => v.addEventListener("loadedmetadata", r, { once: true }));
      v.muted = true;
      v.currentTime = 0;
      v.playbackRate = 16;
      await v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 30_000 }).toBe(true);
  }
  const button = viewer.getByRole("button", { name: "Marcar como completada" });
  await button.scrollIntoViewIfNeeded();
  await setLearnerClockOffset(page, STUDY_TIME_MS);
  try {
    await button.click();
    await expect(viewer.getByText("Completada", { exact: true })).toBeVisible();
  } finally {
    await setLearnerClockOffset(page, 0);
  }
}
