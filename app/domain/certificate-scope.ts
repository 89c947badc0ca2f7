// What a certificate certifies (decisions.md D1), in one place for the PDF, the certificate mail, the
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
  /** 'Certificado además por X (reg. Y).', or null when no certifier is configured. */
  certifier: string | null;
}

export function certificateScope(brand: Brand = site): CertificateScope {
  const c = brand.certifier;
  return {
    issuer: `Emitido por ${brand.legalName}.`,
    scope:
      "Acredita la aprobación de la parte teórica de un curso en línea. No evalúa habilidades prácticas ni reemplaza un curso presencial con instructor.",
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
