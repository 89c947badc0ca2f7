// Every page title ends with the brand through pageTitle() (app/ui/seo.ts): a route that writes the suffix by
// hand drifts from the brand config (it once said 'Academia' on some pages and 'Academia Andes' on others).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROUTES = path.resolve("app/routes");

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(full) : /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe("títulos de página", () => {
  it("ninguna ruta escribe a mano el sufijo de la marca", () => {
    const offenders = routeFiles(ROUTES).filter((file) => /\|\s*(Academia\b|\$\{site\.name\})/.test(fs.readFileSync(file, "utf8")));
    expect(offenders.map((f) => path.relative(process.cwd(), f))).toEqual([]);
  });
});
