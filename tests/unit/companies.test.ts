// Companies' pure rules: seats from the ledger, invitation states, the workers table's filters, the forms.
import { describe, expect, it } from "vitest";
import {
  companySchema,
  invitationState,
  matchesWorkerFilters,
  parseWorkerFilters,
  seatSummary,
  workerSchema,
  workerStatus,
} from "~/domain/companies";

describe("cupos", () => {
  it("comprados o asignados, usados y libres salen del libro", () => {
    expect(seatSummary(1, "RCP", { grant: 5, purchase: 10, enrolment: -3, invitation: -4, revocation: 1, refund: -2 })).toEqual({
      courseId: 1,
      courseTitle: "RCP",
      credited: 13,
      used: 6,
      free: 7,
    });
    expect(seatSummary(2, "PA", {})).toMatchObject({ credited: 0, used: 0, free: 0 });
  });
});

describe("invitaciones", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  it("vigente, vencida, aceptada o revocada", () => {
    const later = new Date("2026-03-11T12:00:00Z");
    const before = new Date("2026-03-09T12:00:00Z");
    expect(invitationState({ acceptedAt: null, revokedAt: null, expiresAt: later }, now)).toBe("open");
    expect(invitationState({ acceptedAt: null, revokedAt: null, expiresAt: before }, now)).toBe("expired");
    expect(invitationState({ acceptedAt: before, revokedAt: null, expiresAt: before }, now)).toBe("accepted");
    expect(invitationState({ acceptedAt: null, revokedAt: before, expiresAt: later }, now)).toBe("revoked");
    expect(invitationState({ acceptedAt: null, revokedAt: null, expiresAt: now }, now)).toBe("expired");
  });
});

describe("tabla de trabajadores", () => {
  const w = { name: "Ana Díaz", email: "ana@empresa.cl", rut: "12345678-5", progress: 40, completedAt: null };
  it("estado y filtros por nombre, correo o RUT con puntos", () => {
    expect(workerStatus(w)).toBe("en-curso");
    expect(workerStatus({ ...w, progress: 0 })).toBe("sin-iniciar");
    expect(workerStatus({ ...w, progress: 0, lessonsDone: 0 })).toBe("sin-iniciar");
    expect(workerStatus({ ...w, progress: 0, lessonsDone: 2 })).toBe("en-curso");
    // Time studied without a lesson completed yet is a start too.
    expect(workerStatus({ ...w, progress: 0, lessonsDone: 0, studyTime: { seconds: 120 } })).toBe("en-curso");
    expect(workerStatus({ ...w, progress: 0, lessonsDone: 0, studyTime: { seconds: 0 } })).toBe("sin-iniciar");
    expect(workerStatus({ ...w, completedAt: new Date() })).toBe("completado");
    const f = (q: string, estado = "") => parseWorkerFilters(new URLSearchParams({ q, estado }));
    expect(matchesWorkerFilters(w, f("ana"))).toBe(true);
    expect(matchesWorkerFilters(w, f("EMPRESA.cl"))).toBe(true);
    expect(matchesWorkerFilters(w, f("12.345.678-5"))).toBe(true);
    expect(matchesWorkerFilters(w, f("pedro"))).toBe(false);
    expect(matchesWorkerFilters(w, f("", "completado"))).toBe(false);
    expect(parseWorkerFilters(new URLSearchParams({ estado: "<x>", q: "a\u0000b".repeat(100) }))).toEqual({ status: null, q: "ab".repeat(50) });
  });
});

describe("formularios", () => {
  it("RUT normalizado; errores en español", () => {
    const ok = companySchema.safeParse({ name: " Los Andes SpA ", rut: "76.543.210-3", giro: "", address: "", comuna: "", contactName: "Marta", contactEmail: "M@X.CL", contactPhone: "+56 2 2345 6789" });
    expect(ok.success && ok.data).toEqual({ name: "Los Andes SpA", rut: "76543210-3", giro: null, address: null, comuna: null, contactName: "Marta", contactEmail: "m@x.cl", contactPhone: "+56 2 2345 6789" });
    const bad = workerSchema.safeParse({ name: "Ana", email: "ana@x.cl", rut: "76.543.210-4" });
    expect(bad.success).toBe(false);
    expect(!bad.success && bad.error.issues[0]!.message).toBe("El dígito verificador del RUT no es correcto.");
  });
});
