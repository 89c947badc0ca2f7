import { describe, expect, it } from "vitest";
import {
  COMPLIANCE_STATES,
  complianceClassifier,
  complianceState,
  isComplianceState,
  isCurrent,
  matchesComplianceFilters,
  monthOf,
  parseComplianceFilters,
  parseSnapshotMonth,
  snapshotMonthParam,
  type ComplianceState,
} from "~/domain/compliance";
import { certificateState } from "~/domain/certificate-validity";
import { addDays, type Day } from "~/domain/chile-time";

const cert = (validUntil: string | null, revokedAt: Date | null = null) => ({ enrolled: true, certificate: { validUntil, revokedAt } });
const day = (iso: string): Day => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return { y, m, d };
};

describe("complianceState: la celda de un trabajador en un curso", () => {
  it("sin inscripción: sin curso; inscrito sin certificado: en curso", () => {
    expect(complianceState({ enrolled: false, certificate: null }, day("2027-01-10"))).toBe("sin-curso");
    expect(complianceState({ enrolled: true, certificate: null }, day("2027-01-10"))).toBe("en-curso");
  });

  it("revocado gana sobre una fecha vigente y sobre una vencida", () => {
    const at = new Date("2027-01-05T15:00:00Z");
    expect(complianceState(cert("2030-01-31", at), day("2027-01-10"))).toBe("revocado");
    expect(complianceState(cert("2026-01-31", at), day("2027-01-10"))).toBe("revocado");
  });

  it("sin fecha de vencimiento: vigente para siempre", () => {
    expect(complianceState(cert(null), day("2099-12-31"))).toBe("vigente");
  });

  it("el límite de 60 días: a 61 días vigente, a 60 por vencer, el último día por vencer, el siguiente vencido", () => {
    const last = "2028-11-30";
    expect(complianceState(cert(last), day("2028-09-30"))).toBe("vigente"); // 61 days before
    expect(complianceState(cert(last), day("2028-10-01"))).toBe("por-vencer"); // 60 days before
    expect(complianceState(cert(last), day("2028-11-30"))).toBe("por-vencer");
    expect(complianceState(cert(last), day("2028-12-01"))).toBe("vencido");
  });

  it("fin de mes: 60 días antes del 31 de marzo cruza febrero (30 de enero en año común, 31 de enero en bisiesto)", () => {
    // 2027 is a common year: 31 March − 60 days = 30 January.
    expect(complianceState(cert("2027-03-31"), day("2027-01-29"))).toBe("vigente");
    expect(complianceState(cert("2027-03-31"), day("2027-01-30"))).toBe("por-vencer");
    // 2028 is a leap year: the extra day moves the boundary to 31 January.
    expect(complianceState(cert("2028-03-31"), day("2028-01-30"))).toBe("vigente");
    expect(complianceState(cert("2028-03-31"), day("2028-01-31"))).toBe("por-vencer");
    // Across a year's end: 31 January − 60 days = 2 December.
    expect(complianceState(cert("2029-01-31"), day("2028-12-01"))).toBe("vigente");
    expect(complianceState(cert("2029-01-31"), day("2028-12-02"))).toBe("por-vencer");
  });

  it("día bisiesto: un certificado válido hasta el 29 de febrero cuenta ese día y vence el 1 de marzo", () => {
    expect(complianceState(cert("2028-02-29"), day("2028-02-28"))).toBe("por-vencer");
    expect(complianceState(cert("2028-02-29"), day("2028-02-29"))).toBe("por-vencer");
    expect(complianceState(cert("2028-02-29"), day("2028-03-01"))).toBe("vencido");
    // 29 February − 60 days = 31 December.
    expect(complianceState(cert("2028-02-29"), day("2027-12-31"))).toBe("por-vencer");
    expect(complianceState(cert("2028-02-29"), day("2027-12-30"))).toBe("vigente");
    expect(complianceState(cert("2028-03-01"), day("2028-01-01"))).toBe("por-vencer");
  });

  it("coincide con certificateState en cada día de tres años (vencido, y vigente con daysLeft ≤ 60 = por vencer)", () => {
    const classify = (today: Day, validUntil: string): ComplianceState => {
      const s = certificateState({ validUntil, revokedAt: null }, today);
      if (s.kind === "vencido") return "vencido";
      if (s.kind === "vigente") return s.daysLeft <= 60 ? "por-vencer" : "vigente";
      return "vigente";
    };
    for (const last of ["2028-02-29", "2027-02-28", "2028-12-31", "2028-11-30"]) {
      for (let today = day("2026-10-01"), i = 0; i < 3 * 366; i++, today = addDays(today, 1)) {
        expect(complianceClassifier(today)(cert(last)), `${last} a ${JSON.stringify(today)}`).toBe(classify(today, last));
      }
    }
  });

  it("solo vigente y por vencer cubren al trabajador", () => {
    expect(COMPLIANCE_STATES.filter(isCurrent)).toEqual(["vigente", "por-vencer"]);
  });
});

describe("filtros de la matriz", () => {
  it("curso y estado del query string; un curso ajeno o un estado inventado se ignoran", () => {
    expect(parseComplianceFilters(new URLSearchParams("curso=2&estado=vencido"), [1, 2])).toEqual({ courseId: 2, state: "vencido" });
    expect(parseComplianceFilters(new URLSearchParams("curso=9&estado=perdido"), [1, 2])).toEqual({ courseId: null, state: null });
    expect(parseComplianceFilters(new URLSearchParams("curso=abc&estado="), [1])).toEqual({ courseId: null, state: null });
  });

  it("grupos: solo con los de la empresa, y solo los valores que tiene; en una foto (sin opciones) no hay", () => {
    const options = { sucursal: ["Antofagasta", "Santiago"], faena: [], centroCosto: ["CC-7"] };
    const params = new URLSearchParams("sucursal=%20Antofagasta%20&faena=Escondida&cc=CC-7");
    expect(parseComplianceFilters(params, [1], options)).toEqual({ courseId: null, state: null, groups: { sucursal: "Antofagasta", centroCosto: "CC-7" } });
    expect(parseComplianceFilters(new URLSearchParams("sucursal=Iquique"), [1], options)).toEqual({ courseId: null, state: null });
    expect(parseComplianceFilters(params, [1]).groups).toBeUndefined();
  });

  it("con curso mira esa celda; sin curso, cualquiera; sin estado, todos", () => {
    const states = (id: number): ComplianceState => (id === 1 ? "vigente" : "sin-curso");
    expect(matchesComplianceFilters(states, [1, 2], { courseId: 2, state: "sin-curso" })).toBe(true);
    expect(matchesComplianceFilters(states, [1, 2], { courseId: 1, state: "sin-curso" })).toBe(false);
    expect(matchesComplianceFilters(states, [1, 2], { courseId: null, state: "vigente" })).toBe(true);
    expect(matchesComplianceFilters(states, [1, 2], { courseId: null, state: "vencido" })).toBe(false);
    expect(matchesComplianceFilters(states, [1, 2], { courseId: 1, state: null })).toBe(true);
  });
});

describe("fotos mensuales", () => {
  it("el mes de un día de Chile es su primer día; ?mes= acepta solo año-mes", () => {
    expect(monthOf({ y: 2026, m: 12, d: 31 })).toBe("2026-12-01");
    expect(monthOf({ y: 2027, m: 2, d: 1 })).toBe("2027-02-01");
    expect(parseSnapshotMonth("2026-12")).toBe("2026-12-01");
    expect(parseSnapshotMonth("2027-01")).toBe("2027-01-01");
    for (const bad of ["2026-13", "2026-00", "2026-1", "2026-12-01", "diciembre", "", null]) expect(parseSnapshotMonth(bad), String(bad)).toBeNull();
    expect(snapshotMonthParam("2026-12-01")).toBe("2026-12");
  });

  it("una celda guardada con un estado que ya no existe se reconoce como tal", () => {
    expect(isComplianceState("invitado")).toBe(true);
    expect(isComplianceState("caducado")).toBe(false);
    expect(isComplianceState(3)).toBe(false);
  });
});
