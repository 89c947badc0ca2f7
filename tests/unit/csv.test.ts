import { describe, expect, it } from "vitest";
import { CSV_BOM, csvField, csvRow, toCsv } from "~/domain/csv";

describe("CSV para Excel en español", () => {
  it("empieza con BOM UTF-8 y separa con punto y coma", () => {
    const doc = toCsv(["Nombre", "Correo electrónico"], [["José Pérez", "jose@example.cl"]]);
    expect(doc.startsWith(CSV_BOM)).toBe(true);
    expect(Buffer.from(doc, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(doc.slice(1)).toBe("Nombre;Correo electrónico\r\nJosé Pérez;jose@example.cl\r\n");
  });

  it("entrecomilla campos con separador, comillas, comas o saltos de línea", () => {
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField('dice "hola"')).toBe('"dice ""hola"""');
    expect(csvField("línea 1\nlínea 2")).toBe('"línea 1\nlínea 2"');
    expect(csvField("Pérez, Ana")).toBe('"Pérez, Ana"');
    expect(csvField("simple")).toBe("simple");
  });

  it("neutraliza fórmulas en texto pero no en números", () => {
    expect(csvField("=HYPERLINK(\"x\")")).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField("+56 9 1234 5678")).toBe("'+56 9 1234 5678");
    expect(csvField("@suma")).toBe("'@suma");
    expect(csvField(-5)).toBe("-5");
    expect(csvField(100)).toBe("100");
  });

  it("deja vacíos los nulos", () => {
    expect(csvRow([null, undefined, "x"])).toBe(";;x\r\n");
  });
});
