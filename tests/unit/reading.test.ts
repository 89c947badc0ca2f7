import { describe, expect, it } from "vitest";
import { figureVersion, renderReading } from "~/server/catalogue/reading.server";

const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200"><title>x</title></svg>';
const figure = (name: string) => (name === "parches-dea" ? svg : null);

describe("lectura desde la fuente de una lección", () => {
  it("documento: títulos, listas de dos niveles, recuadros, cifras, pasos y negritas, con el texto escapado", () => {
    const html = renderReading(
      [
        "title: Título",
        "---",
        "# Sección <uno>",
        "Texto con **negrita** & más.",
        "- uno",
        "  - uno.a",
        "- dos",
        "1. paso",
        "> Mensaje clave",
        ":: 100–120 | por minuto",
        ">>> Llama | Comprime | DEA",
        "[[figura:parches-dea|Pecho de un adulto con los dos parches del DEA]]",
      ].join("\n"),
      "documento",
      figure,
    );
    expect(html).toContain("<h2>Sección &lt;uno&gt;</h2>");
    expect(html).toContain("<p>Texto con <strong>negrita</strong> &amp; más.</p>");
    expect(html).toContain("<ul><li>uno<ul><li>uno.a</li></ul></li><li>dos</li></ul>");
    expect(html).toContain("<ol><li>paso</li></ol>");
    expect(html).toContain('<aside class="lesson-callout"><p>Mensaje clave</p></aside>');
    expect(html).toContain('<ul class="lesson-stats"><li><strong>100–120</strong> <span>por minuto</span></li></ul>');
    expect(html).toContain('<ol class="lesson-flow"><li>Llama</li><li>Comprime</li><li>DEA</li></ol>');
    // The figure is a file the browser caches, named by its content; the page carries only its URL and size.
    expect(html).toContain(`<img src="/figuras/parches-dea.svg?v=${figureVersion(svg)}" alt="Pecho de un adulto con los dos parches del DEA" width="400" height="200" loading="lazy" />`);
  });

  it("presentación: una sección por diapositiva; una figura desconocida es un error", () => {
    const html = renderReading("title: T\n---\n# Uno\nA\n---\n# Dos\nB\n", "presentacion", figure);
    expect(html).toBe('<section class="lesson-slide"><h2>Uno</h2><p>A</p></section><section class="lesson-slide"><h2>Dos</h2><p>B</p></section>');
    expect(() => renderReading("title: T\n---\n# Uno\n[[figura:no-existe|Una figura que no existe]]\n", "presentacion", figure)).toThrow(/no-existe/);
  });
});
