// eslint/links.js: a plain <a> to a page of the site reloads the whole document unless the router follows it.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function plainAnchors(code: string) {
  const [result] = await eslint.lintText(code, { filePath: "app/ui/x.tsx" });
  return (result?.messages ?? []).filter((m) => m.ruleId === "links/internal-anchor").length;
}

const wrap = (jsx: string) => `import { followInternalLink } from "~/ui/layout/internal-links";\nexport function X({ to, navigate }: { to: string; navigate: never }) {\n  return ${jsx};\n}\n`;

describe("un <a> a una página del sitio lo sigue el enrutador", { timeout: 60_000 }, () => {
  it.each([
    ['<a href="/cursos">Cursos</a>'],
    ["<a href={to}>Ir</a>"],
    ["<a href={`/cursos/${to}`}>Ir</a>"],
    ['<div><a href="/perfil">Perfil</a></div>'],
  ])("%s → error", async (jsx) => {
    expect(await plainAnchors(wrap(jsx))).toBe(1);
  });

  it.each([
    ['<nav onClick={(e) => followInternalLink(e, navigate)}><ul><li><a href="/cursos">Cursos</a></li></ul></nav>'],
    ['<a href="/admin/ventas.csv" download>CSV</a>'],
    ['<a href="/" data-document>Volver</a>'],
    ['<a href="mailto:hola@academia.cl">Correo</a>'],
    ['<a href="https://example.cl">Fuera</a>'],
    ['<a href="#contenido">Saltar</a>'],
    ['<a href="/cursos" onClick={() => undefined}>Cursos</a>'],
  ])("%s → permitido", async (jsx) => {
    expect(await plainAnchors(wrap(jsx))).toBe(0);
  });
});
