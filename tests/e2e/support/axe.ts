import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const axeSource = require("fs").readFileSync(require.resolve("axe-core/axe.min.js"), "utf8") as string;

/** Runs axe-core in the page and fails on any WCAG A/AA violation. */
export async function expectNoA11yViolations(page: Page) {
  // Evaluated through the DevTools protocol, not as an inline <script>: the page's CSP stays as served. Once per
  // document: a second check of the same page (after a click) reuses it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // Every rule of the tags runs as before; only the violations are gathered into the result (axe's own option for
    // speed: the passes and the inapplicable rules are not collected node by node).
    // @ts-expect-error axe is injected above
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] });
    return result.violations.map((v: { id: string; help: string; nodes: { target: string[] }[] }) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
    }));
  });
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}
