// Comments cite the product's documents by their path in the repository, so every reference resolves in a
// clone; and code carries no issue numbers (they go stale: the commit message and docs/ keep them).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "vitest";

const sources = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "app", "server", "scripts", "tests", "eslint"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => /\.(ts|tsx|js|mjs|css)$/.test(f) && fs.existsSync(f));

const SELF = "tests/unit/doc-references.test.ts";

test("decisions.md y product-spec.md se citan por su ruta en el repositorio", () => {
  const problems: string[] = [];
  for (const file of sources.filter((f) => f !== SELF)) {
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/(\S*?)(decisions|product-spec)\.md/g)) {
      if (!m[1]!.endsWith("docs/")) problems.push(`${file}: "${m[0]}" (write docs/${m[2]}.md)`);
    }
  }
  expect(problems).toEqual([]);
});

test("el código no lleva números de issue", () => {
  const problems: string[] = [];
  for (const file of sources.filter((f) => f !== SELF)) {
    fs.readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (/\((issue )?#\d+\)|\bissue #?\d+\b/i.test(line) && !/transbank/i.test(line)) problems.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  expect(problems).toEqual([]);
});

test("cada docs/*.md que cita el código existe", () => {
  const problems: string[] = [];
  for (const file of sources.filter((f) => f !== SELF)) {
    for (const m of fs.readFileSync(file, "utf8").matchAll(/\bdocs\/([\w./-]+?\.md)\b/g)) {
      if (!fs.existsSync(`docs/${m[1]}`)) problems.push(`${file}: docs/${m[1]}`);
    }
  }
  expect(problems).toEqual([]);
});
