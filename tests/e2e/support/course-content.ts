// The course content page as a test drives it: the module panel is a sidebar on a wide screen and a drawer
// (a dialog opened from the header's 'Módulos del curso' link) below 768 px, so tests reach it through here.
import { expect, type Locator, type Page } from "./test";

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
