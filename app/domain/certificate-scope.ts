// What a certificate certifies (docs/decisions.md D1), in one place for the PDF, the certificate mail, the
// public verification page and the course detail page: issued by the academy, theory only, no practical
// skill assessed. An external certifier is named only when the brand config has one.
import { site, type Certifier } from "~/config/site";

interface Brand {
  legalName: string;
  certifier: Certifier | null;
}

export interface CertificateScope {
  /** 'Emitido por Academia Andes Capacitación SpA.' */
  issuer: string;
  /** 'Acredita la aprobación de la parte teórica…; no evalúa habilidades prácticas…' */
  scope: string;
  /** The scope in a few words, printed under the certificate's title as large as it: what kind of certificate it is. */
  headline: string;
  /** 'Certificado además por X (reg. Y).', or null when no certifier is configured. */
  certifier: string | null;
}

/**
 * `kind` 'theory_practice': an instructor signed off the in-person skills session too (docs/decisions.md F2); the
 * certificate then says so, and still says what it does not certify.
 */
export function certificateScope(brand: Brand = site, kind: string = "theory"): CertificateScope {
  const c = brand.certifier;
  if (kind === "theory_practice") {
    return {
      issuer: `Emitido por ${brand.legalName}.`,
      scope:
        "Acredita la aprobación de la parte teórica de un curso en línea y de una evaluación práctica presencial con un relator, en las habilidades que se indican. No acredita otras habilidades ni es una licencia profesional.",
      headline: "Curso teórico-práctico · Teoría en línea y evaluación práctica presencial",
      certifier: c ? `Certificado además por ${c.name}${c.reference ? ` (${c.reference})` : ""}.` : null,
    };
  }
  return {
    issuer: `Emitido por ${brand.legalName}.`,
    scope:
      "Acredita la aprobación de la parte teórica de un curso en línea. No evalúa habilidades prácticas ni reemplaza un curso presencial con instructor.",
    headline: "Curso teórico en línea · No evalúa habilidades prácticas",
    certifier: c ? `Certificado además por ${c.name}${c.reference ? ` (${c.reference})` : ""}.` : null,
  };
}

/** The plain statements of the course detail page: what the course's certificate does and does not certify. */
export function certificationFacts(hoursLabel: string, brand: Brand = site): { certifies: string[]; doesNot: string[] } {
  const c = brand.certifier;
  return {
    certifies: [
      "Que completaste el curso en línea y aprobaste su evaluación teórica.",
      hoursLabel && hoursLabel !== "Por confirmar" ? `Sus horas de estudio: ${hoursLabel}, la suma de la duración de sus lecciones.` : "Sus horas de estudio: la suma de la duración de sus lecciones.",
      c
        ? `Lo emite ${brand.legalName} y lo certifica además ${c.name}${c.reference ? ` (${c.reference})` : ""}; cualquiera puede verificarlo con su código.`
        : `Lo emite ${brand.legalName}; cualquiera puede verificarlo con su código.`,
    ],
    doesNot: [
      "Habilidades prácticas: no hay evaluación presencial con maniquí ni con instructor.",
      ...(c ? [] : ["No es una acreditación oficial ni lo otorga un organismo externo."]),
    ],
  };
}
