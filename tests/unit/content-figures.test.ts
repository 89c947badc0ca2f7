// Lesson figures: the [[figura:nombre|texto alternativo]] syntax and the SVG files it points to.
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { checkFigureSvg, loadFigures } from "../../scripts/content/figures";
import { figuresOf, parseDocument, parseSlides } from "../../scripts/content/markdown";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIGURES = path.join(ROOT, "content", "figures");
const COURSES = path.join(ROOT, "content", "courses");

const doc = (body: string) => parseDocument(`title: Prueba\n---\n${body}\n`, "prueba.md");
const svg = (inner = "", attrs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"${attrs}><title>Una figura</title>${inner}</svg>`;

describe("sintaxis [[figura:nombre|texto alternativo]]", () => {
  it("da un bloque de figura con su nombre y su texto alternativo", () => {
    const src = doc("Texto.\n\n[[figura:parches-dea|Parche 1 bajo la clavícula derecha y parche 2 en el costado izquierdo.]]\n");
    expect(src.sections[0]).toContainEqual({
      kind: "figure",
      name: "parches-dea",
      alt: "Parche 1 bajo la clavícula derecha y parche 2 en el costado izquierdo.",
    });
    expect(figuresOf(src).map((f) => f.name)).toEqual(["parches-dea"]);
  });

  it("falla sin texto alternativo, con uno vacío o demasiado corto", () => {
    expect(() => doc("[[figura:parches-dea]]")).toThrow(/alternative text/);
    expect(() => doc("[[figura:parches-dea|]]")).toThrow(/alternative text/);
    expect(() => doc("[[figura:parches-dea|   DEA  ]]")).toThrow(/alternative text/);
  });

  it("falla con un nombre inválido o una línea mal formada, en vez de mostrarla como texto", () => {
    expect(() => doc("[[figura:Parches DEA|Un texto alternativo suficiente]]")).toThrow(/bad figure name/);
    expect(() => doc("[[figura:../secreto|Un texto alternativo suficiente]]")).toThrow(/bad figure name/);
    expect(() => doc("[[figura:parches-dea|Un texto alternativo suficiente]")).toThrow(/malformed figure/);
  });

  it("funciona igual en presentaciones", () => {
    const src = parseSlides("title: P\n---\n# Lámina\n[[figura:posicion-manos|Manos en el centro del pecho de un adulto]]\n", "p.md");
    expect(figuresOf(src)).toEqual([{ name: "posicion-manos", alt: "Manos en el centro del pecho de un adulto" }]);
  });
});

describe("archivos SVG de figuras", () => {
  it("acepta un SVG autocontenido y devuelve el tamaño de su viewBox", () => {
    expect(checkFigureSvg(svg('<rect x="0" y="0" width="10" height="10" fill="#b91c1c"/>'), "ok")).toEqual({ width: 400, height: 300 });
  });

  it.each([
    ["un script", svg("<script>alert(1)</script>")],
    ["foreignObject", svg("<foreignObject><div/></foreignObject>")],
    ["una imagen incrustada", svg('<image href="data:image/png;base64,AAAA"/>')],
    ["una referencia externa", svg('<use href="https://example.com/a.svg#x"/>')],
    ["un url() externo", svg('<rect fill="url(https://example.com/x)"/>')],
    ["un manejador de eventos", svg('<rect onclick="x()"/>')],
    ["CSS", svg("<style>rect{fill:red}</style>")],
    ["otra fuente", svg('<text font-family="Comic Sans MS">Hola</text>')],
    ["width en la raíz", svg("", ' width="400"')],
  ])("rechaza %s", (_what, text) => {
    expect(() => checkFigureSvg(text, "mala")).toThrow();
  });

  it("rechaza un SVG sin viewBox o sin título", () => {
    expect(() => checkFigureSvg('<svg xmlns="http://www.w3.org/2000/svg"><title>x</title></svg>', "a")).toThrow(/viewBox/);
    expect(() => checkFigureSvg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>', "a")).toThrow(/title/);
  });

  it("cada archivo de content/figures cumple las reglas", () => {
    const figures = loadFigures(FIGURES);
    expect(figures.size).toBeGreaterThanOrEqual(2);
    for (const f of figures.values()) expect(f.width, f.name).toBeGreaterThan(0);
  });

  it("cada figura citada en una fuente de lección existe", () => {
    const names = new Set(readdirSync(FIGURES).map((f) => path.basename(f, ".svg")));
    let cited = 0;
    for (const slug of readdirSync(COURSES)) {
      const dir = path.join(COURSES, slug, "sources");
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir).filter((f) => f.endsWith(".md"))) {
        const raw = readFileSync(path.join(dir, file), "utf8");
        // Documents keep "---" inside the body only as a slide separator in presentations; both parsers accept both.
        for (const f of figuresOf(parseSlidesOrDocument(raw, file))) {
          expect(names.has(f.name), `${slug}/${file}: ${f.name}`).toBe(true);
          cited++;
        }
      }
    }
    expect(cited).toBeGreaterThanOrEqual(2);
  });
});

function parseSlidesOrDocument(raw: string, file: string) {
  try {
    return parseSlides(raw, file);
  } catch {
    return parseDocument(raw, file);
  }
}
