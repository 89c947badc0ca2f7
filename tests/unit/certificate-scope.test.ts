import { describe, expect, test } from "vitest";
import { certificateScope, certificationFacts } from "~/domain/certificate-scope";
import { site } from "~/config/site";

const plain = { legalName: "Academia Andes Capacitación SpA", certifier: null };
const withCertifier = { legalName: "Academia Andes Capacitación SpA", certifier: { name: "OTEC Ejemplo", reference: "NCh 2728" } };

describe("what a certificate certifies (docs/decisions.md D1)", () => {
  test("the shipped brand names no external certifier", () => {
    expect(site.certifier).toBeNull();
    expect(certificateScope().certifier).toBeNull();
  });

  test("issued by the academy, theory only, no practical skills", () => {
    const s = certificateScope(plain);
    expect(s.issuer).toBe("Emitido por Academia Andes Capacitación SpA.");
    expect(s.scope).toMatch(/parte teórica/);
    expect(s.scope).toMatch(/No evalúa habilidades prácticas/);
    expect(`${s.issuer} ${s.scope}`).not.toMatch(/internacional|respaldo|avalado/i);
  });

  test("a configured certifier is named, with its reference", () => {
    expect(certificateScope(withCertifier).certifier).toBe("Certificado además por OTEC Ejemplo (NCh 2728).");
    expect(certificateScope({ ...withCertifier, certifier: { name: "OTEC Ejemplo" } }).certifier).toBe("Certificado además por OTEC Ejemplo.");
  });

  test("the detail page's statements", () => {
    const f = certificationFacts("2 horas", plain);
    expect(f.certifies.join(" ")).toContain("2 horas");
    expect(f.doesNot.join(" ")).toMatch(/Habilidades prácticas/);
    expect(f.doesNot.join(" ")).toMatch(/organismo externo/);
    const g = certificationFacts("Por confirmar", withCertifier);
    expect(g.certifies.join(" ")).toContain("OTEC Ejemplo");
    expect(g.certifies.join(" ")).not.toContain("Por confirmar");
    expect(g.doesNot.join(" ")).not.toMatch(/organismo externo/);
  });
});
