// A PDF page's positioned text put back into headings, paragraphs and list items (the lesson's "Texto" view).
import { describe, expect, it } from "vitest";
import { hasReadableText, linesOf, readingBlocks, type TextPiece } from "~/domain/pdf-reading";

/** A line of body text (11 pt) at baseline y, from x, cut into pieces as PDFs often are. */
const line = (y: number, text: string, o: { x?: number; size?: number; width?: number } = {}): TextPiece[] => {
  const size = o.size ?? 11;
  const width = o.width ?? text.length * size * 0.5;
  const half = Math.floor(text.length / 2);
  const x = o.x ?? 72;
  return [
    { text: text.slice(0, half), x, y, width: (width * half) / text.length, height: size },
    { text: text.slice(half), x: x + (width * half) / text.length, y, width: width - (width * half) / text.length, height: size, endOfLine: true },
  ];
};
const FULL = 450; // a full line's width on an A4 page with 72 pt margins

describe("texto de un PDF para leer en el teléfono", () => {
  it("junta los trozos de una línea y separa las líneas por su línea base", () => {
    const lines = linesOf([
      { text: "Llama", x: 72, y: 700, width: 30, height: 11 },
      { text: "al 131", x: 105, y: 700, width: 30, height: 11 },
      { text: "de inmediato.", x: 72, y: 686, width: 60, height: 11 },
    ]);
    expect(lines.map((l) => l.text)).toEqual(["Llama al 131", "de inmediato."]);
  });

  it("títulos, párrafos unidos por línea, palabras cortadas con guion, listas y el número de página fuera", () => {
    const blocks = readingBlocks([
      ...line(800, "Cadena de supervivencia", { size: 18 }),
      ...line(770, "La cadena de supervivencia describe lo que hace quien está cerca de una per-", { width: FULL }),
      ...line(756, "sona en paro: reconocer, llamar al 131 y comenzar las compresiones sin", { width: FULL }),
      ...line(742, "esperar.", { width: 40 }),
      ...line(722, "Un segundo párrafo empieza aquí y sigue en la línea de abajo sin ningún", { width: FULL }),
      ...line(708, "punto aparte.", { width: 60 }),
      ...line(690, "• Reconocer el paro"),
      ...line(676, "• Llamar al 131 y pedir un DEA"),
      ...line(662, "1. Comprimir fuerte y rápido"),
      ...line(60, "3"),
    ]);
    expect(blocks).toEqual([
      { kind: "heading", text: "Cadena de supervivencia" },
      {
        kind: "paragraph",
        text: "La cadena de supervivencia describe lo que hace quien está cerca de una persona en paro: reconocer, llamar al 131 y comenzar las compresiones sin esperar.",
      },
      { kind: "paragraph", text: "Un segundo párrafo empieza aquí y sigue en la línea de abajo sin ningún punto aparte." },
      { kind: "item", text: "Reconocer el paro" },
      { kind: "item", text: "Llamar al 131 y pedir un DEA" },
      { kind: "item", text: "1. Comprimir fuerte y rápido" },
    ]);
  });

  it("un espacio grande entre líneas corta el párrafo aunque la línea llegue al margen", () => {
    const blocks = readingBlocks([
      ...line(700, "Primera línea del primer párrafo que llega hasta el margen derecho de la", { width: FULL }),
      ...line(686, "página y termina aquí.", { width: 120 }),
      ...line(686 - 14 * 3, "Otro párrafo tras un espacio grande, escrito hasta el margen derecho de la", { width: FULL }),
      ...line(686 - 14 * 4, "página.", { width: 40 }),
    ]);
    expect(blocks.map((b) => b.kind)).toEqual(["paragraph", "paragraph"]);
  });

  it("una diapositiva: título grande y viñetas", () => {
    const blocks = readingBlocks([
      ...line(500, "Escena segura", { size: 32, x: 60 }),
      ...line(430, "– Mira a tu alrededor antes de acercarte", { size: 20, x: 80 }),
      ...line(400, "– Tráfico, fuego, electricidad", { size: 20, x: 80 }),
      ...line(370, "– Si no es segura, llama al 131 y espera", { size: 20, x: 80 }),
    ]);
    expect(blocks).toEqual([
      { kind: "heading", text: "Escena segura" },
      { kind: "item", text: "Mira a tu alrededor antes de acercarte" },
      { kind: "item", text: "Tráfico, fuego, electricidad" },
      { kind: "item", text: "Si no es segura, llama al 131 y espera" },
    ]);
  });

  it("un PDF escaneado no tiene texto que leer", () => {
    expect(readingBlocks([])).toEqual([]);
    expect(hasReadableText(["", " ", "\n"])).toBe(false);
    expect(hasReadableText(["3", ""])).toBe(false);
    expect(hasReadableText(["La cadena de supervivencia describe lo que hace quien está cerca."])).toBe(true);
  });
});
