import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  certificatePath,
  certificatePdfFilename,
  certificatePdfPath,
  formatCertificateCode,
  generateCertificateCode,
  isValidCertificateCode,
  normalizeCertificateCode,
  parseCertificateCode,
} from "~/domain/certificate-code";

describe("códigos de certificado", () => {
  it("el alfabeto es base32 de Crockford: sin I, L, O ni U", () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    for (const c of "ILOU") expect(CODE_ALPHABET).not.toContain(c);
  });

  it("genera códigos de 12 símbolos del alfabeto, válidos y distintos", () => {
    const codes = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const code = generateCertificateCode(crypto.randomBytes);
      expect(code).toHaveLength(CODE_LENGTH);
      expect(isValidCertificateCode(code)).toBe(true);
      codes.add(code);
    }
    expect(codes.size).toBe(500);
  });

  it("usa cada símbolo del alfabeto sin sesgo (byte % 32)", () => {
    const bytes = Uint8Array.from({ length: CODE_LENGTH }, (_, i) => i * 32 + 31);
    expect(generateCertificateCode(() => bytes)).toBe("Z".repeat(CODE_LENGTH));
    expect(generateCertificateCode(() => new Uint8Array(CODE_LENGTH))).toBe("0".repeat(CODE_LENGTH));
  });

  it("muestra el código en grupos de cuatro", () => {
    expect(formatCertificateCode("ABCDEFGHJK12")).toBe("ABCD-EFGH-JK12");
    expect(certificatePath("ABCDEFGHJK12")).toBe("/certificados/ABCD-EFGH-JK12");
    expect(certificatePdfPath("ABCDEFGHJK12")).toBe("/certificados/ABCD-EFGH-JK12/pdf");
    expect(certificatePdfFilename("ABCDEFGHJK12")).toBe("certificado-ABCD-EFGH-JK12.pdf");
  });

  it("acepta el código con o sin guiones, espacios y en cualquier caja", () => {
    for (const typed of ["ABCD-EFGH-JK12", "abcdefghjk12", " abcd efgh jk12 ", "Abcd–Efgh–Jk12", "ABCD_EFGH.JK12"]) {
      expect(parseCertificateCode(typed)).toBe("ABCDEFGHJK12");
    }
  });

  it("lee O como 0 e I/L como 1, como indica Crockford", () => {
    expect(normalizeCertificateCode("oooo-iiii-llll")).toBe("000011111111");
    expect(parseCertificateCode("ABCD-EFGH-JKIO")).toBe("ABCDEFGHJK10");
  });

  it("rechaza códigos con otra longitud o símbolos fuera del alfabeto", () => {
    for (const typed of ["", "ABCD-EFGH-JK1", "ABCD-EFGH-JK123", "ABCD-EFGH-JKU2", "ABCD-EFGH-JK1!", "ÁBCD-EFGH-JK12"]) {
      expect(parseCertificateCode(typed)).toBeNull();
    }
  });

  it("formatear y volver a leer devuelve el mismo código", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: CODE_LENGTH, maxLength: CODE_LENGTH }), (bytes) => {
        const code = generateCertificateCode(() => bytes);
        expect(parseCertificateCode(formatCertificateCode(code))).toBe(code);
        expect(parseCertificateCode(formatCertificateCode(code).toLowerCase())).toBe(code);
      }),
    );
  });

  it("no procesa entradas gigantes", () => {
    expect(normalizeCertificateCode("A".repeat(10_000)).length).toBeLessThanOrEqual(64);
  });
});
