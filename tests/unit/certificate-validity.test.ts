import { describe, expect, it } from "vitest";
import { certificateState, certificateStateLabel, dueReminderThreshold, validityMonthsField, validUntilFor } from "~/domain/certificate-validity";

describe("validUntilFor: fin del mes de emisión + N meses, en días de Chile", () => {
  it("24 meses desde el 21 de noviembre de 2026 → 30 de noviembre de 2028", () => {
    expect(validUntilFor(new Date("2026-11-21T15:00:00Z"), 24)).toBe("2028-11-30");
  });
  it("el día de Chile manda: 1 de diciembre 02:00 UTC es aún 30 de noviembre en Santiago", () => {
    expect(validUntilFor(new Date("2026-12-01T02:00:00Z"), 24)).toBe("2028-11-30");
    expect(validUntilFor(new Date("2026-12-01T04:00:00Z"), 24)).toBe("2028-12-31");
  });
  it("años bisiestos: febrero de 2028 termina el 29; de 2027, el 28", () => {
    expect(validUntilFor(new Date("2026-02-10T15:00:00Z"), 24)).toBe("2028-02-29");
    expect(validUntilFor(new Date("2025-02-10T15:00:00Z"), 24)).toBe("2027-02-28");
    expect(validUntilFor(new Date("2027-12-31T15:00:00Z"), 2)).toBe("2028-02-29");
  });
  it("sin vigencia: nunca vence", () => {
    expect(validUntilFor(new Date(), null)).toBeNull();
    expect(validUntilFor(new Date(), 0)).toBeNull();
  });
});

describe("certificateState", () => {
  const cert = { validUntil: "2028-11-30", revokedAt: null };
  it("vigente el último día, vencido el siguiente", () => {
    expect(certificateState(cert, { y: 2028, m: 11, d: 30 })).toEqual({ kind: "vigente", validUntil: "2028-11-30", daysLeft: 0 });
    expect(certificateState(cert, { y: 2028, m: 10, d: 1 })).toMatchObject({ kind: "vigente", daysLeft: 60 });
    expect(certificateState(cert, { y: 2028, m: 12, d: 1 })).toEqual({ kind: "vencido", validUntil: "2028-11-30" });
    expect(certificateState(cert, { y: 2029, m: 6, d: 1 }).kind).toBe("vencido");
  });
  it("revocado gana sobre la fecha", () => {
    expect(certificateState({ ...cert, revokedAt: new Date("2027-01-05T15:00:00Z") }, { y: 2027, m: 2, d: 1 })).toEqual({ kind: "revocado", revokedOn: "2027-01-05" });
  });
  it("sin fecha: vigente sin vencimiento", () => {
    expect(certificateState({ validUntil: null, revokedAt: null }, { y: 2040, m: 1, d: 1 })).toEqual({ kind: "sin-vencimiento" });
  });
  it("las frases que dice la página", () => {
    expect(certificateStateLabel({ kind: "vigente", validUntil: "2028-11-30", daysLeft: 3 })).toBe("Vigente hasta el 30 de noviembre de 2028");
    expect(certificateStateLabel({ kind: "vencido", validUntil: "2028-11-30" })).toBe("Vencido el 30 de noviembre de 2028");
    expect(certificateStateLabel({ kind: "revocado", revokedOn: "2027-01-05" })).toBe("Revocado");
  });
});

describe("campo de vigencia del editor", () => {
  it("acepta vacío (sin vencimiento) y 1–120 meses; rechaza lo demás con un mensaje en español", () => {
    expect(validityMonthsField.parse("")).toBeNull();
    expect(validityMonthsField.parse(" 24 ")).toBe(24);
    expect(validityMonthsField.parse("120")).toBe(120);
    for (const bad of ["0", "121", "-3", "2,5", "dos", "1e2"]) {
      const r = validityMonthsField.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/^Ingresa la vigencia en meses/);
    }
  });
});

describe("dueReminderThreshold: el umbral más cercano aún no pasado", () => {
  it("90, 30, 7 días antes y el día mismo; un día de gracia después", () => {
    expect(dueReminderThreshold(91)).toBeNull();
    expect(dueReminderThreshold(90)).toBe(90);
    expect(dueReminderThreshold(31)).toBe(90);
    expect(dueReminderThreshold(30)).toBe(30);
    expect(dueReminderThreshold(20)).toBe(30);
    expect(dueReminderThreshold(7)).toBe(7);
    expect(dueReminderThreshold(1)).toBe(7);
    expect(dueReminderThreshold(0)).toBe(0);
    expect(dueReminderThreshold(-1)).toBe(0);
    expect(dueReminderThreshold(-2)).toBeNull();
  });
});
