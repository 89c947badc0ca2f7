// The `test` every spec imports: Playwright's, plus a guard that fails the test when the browser refused
// anything under the academy's Content-Security-Policy. The suite runs with the real CSP (no bypassCSP),
// so an inline script without the nonce, or a style or frame the policy does not allow, shows up here.
import { test as base, expect } from "@playwright/test";

export * from "@playwright/test";

export const BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT || 3210)}`;

export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (/Content Security Policy|Refused to (?:execute|load|apply|frame|connect)/i.test(text)) violations.push(text);
      });
      await use();
      expect(violations, "el navegador bloqueó algo por la CSP").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
