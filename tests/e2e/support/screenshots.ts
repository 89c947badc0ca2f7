// Screenshots taken for people to look at (every learner, admin and company screen at 1280 and 375 px), written
// to /tmp only when E2E_SCREENSHOTS=1: a full-page capture costs Chromium about a second of CPU on this suite's
// 2 cores, and CI never looks at them. A failing test keeps its own screenshot regardless (playwright.config.ts).
import type { Page } from "@playwright/test";

export const REVIEW_SCREENSHOTS = !!process.env.E2E_SCREENSHOTS;

export async function reviewShot(page: Page, path: string, options: { fullPage?: boolean } = {}) {
  if (REVIEW_SCREENSHOTS) await page.screenshot({ path, fullPage: options.fullPage ?? true });
}
