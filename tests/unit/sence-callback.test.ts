import { describe, expect, it } from "vitest";
import { echoMismatches, parseGlosaError, parseSenceCallback, type SenceArrival } from "~/domain/sence-callback";
import { SENCE_ERROR_CODES, senceError, senceErrors } from "~/domain/sence-errors";

const echo = {
  CodSence: "1237991108",
  CodigoCurso: "5911547",
  IdSesionAlumno: "corr-0001",
  RunAlumno: "12345678-5",
  FechaHora: "2026-05-12 10:03:11",
  ZonaHoraria: "America/Santiago",
  LineaCapacitacion: "3",
};

const parse = (fields: Record<string, string>, arrival: SenceArrival) => {
  const result = parseSenceCallback(Object.entries(fields), arrival);
  if (!result.ok) throw new Error(result.reason);
  return result.callback;
};

describe("SENCE callbacks: the four shapes (manual §3.2, §3.3)", () => {
  it("start OK: IdSesionSence and no GlosaError", () => {
    const c = parse({ ...echo, IdSesionSence: "S-77" }, "retoma");
    expect(c).toMatchObject({ outcome: "ok", shape: "start", idSesionSence: "S-77", codes: [], idSesionAlumno: "corr-0001" });
  });

  it("start error: GlosaError wins even though IdSesionSence is present", () => {
    const c = parse({ ...echo, IdSesionSence: "", GlosaError: "208" }, "error");
    expect(c).toMatchObject({ outcome: "error", shape: "start", codes: ["208"] });
  });

  it("close OK: neither IdSesionSence nor GlosaError", () => {
    expect(parse(echo, "retoma")).toMatchObject({ outcome: "ok", shape: "close", idSesionSence: null });
  });

  it("close error: GlosaError without IdSesionSence", () => {
    expect(parse({ ...echo, GlosaError: "304" }, "error")).toMatchObject({ outcome: "error", shape: "close", codes: ["304"] });
  });

  it("GlosaError on the success address is still an error; the error address without a code is an error too", () => {
    expect(parse({ ...echo, IdSesionSence: "S-1", GlosaError: "300" }, "retoma")).toMatchObject({ outcome: "error", codes: ["300"] });
    expect(parse({ ...echo, IdSesionSence: "S-1" }, "error")).toMatchObject({ outcome: "error", codes: [] });
  });

  it("several codes at once, as integrators report them", () => {
    expect(parse({ ...echo, GlosaError: "211;204" }, "error").codes).toEqual(["211", "204"]);
    expect(parseGlosaError(" 211 ; 204;211 ")).toEqual(["211", "204"]);
    expect(parseGlosaError("abc;<script>;99999;12")).toEqual(["12"]);
    expect(parseGlosaError(Array.from({ length: 30 }, (_, i) => 200 + i).join(";"))).toHaveLength(12);
  });

  it("refuses a field sent twice, a field longer than the manual allows, and no correlation id", () => {
    expect(parseSenceCallback([...Object.entries(echo), ["RunAlumno", "11111111-1"]], "retoma")).toEqual({ ok: false, reason: "duplicate" });
    expect(parseSenceCallback(Object.entries({ ...echo, IdSesionAlumno: "x".repeat(150) }), "retoma")).toEqual({ ok: false, reason: "oversize" });
    expect(parseSenceCallback(Object.entries({ ...echo, RunAlumno: "12345678-55" }), "retoma")).toEqual({ ok: false, reason: "oversize" });
    expect(parseSenceCallback(Object.entries({ ...echo, IdSesionAlumno: "  " }), "retoma")).toEqual({ ok: false, reason: "missing-id" });
    // Fields the manual does not name are ignored, whatever their size.
    expect(parseSenceCallback([...Object.entries(echo), ["Otro", "x".repeat(5000)]], "retoma").ok).toBe(true);
  });

  it("echo: RUN (either case of K), CodSence and CodigoCurso must be what was sent", () => {
    const sent = { runAlumno: "22333444-K", codSence: "1237991108", codigoCurso: "5911547" };
    expect(echoMismatches({ runAlumno: "22333444-k", codSence: "1237991108", codigoCurso: "5911547" }, sent)).toEqual([]);
    expect(echoMismatches({ runAlumno: "11111111-1", codSence: "1237991108", codigoCurso: "5911548" }, sent)).toEqual(["runAlumno", "codigoCurso"]);
    expect(echoMismatches({ runAlumno: "22333444-K", codSence: "", codigoCurso: "5911547" }, sent)).toEqual(["codSence"]);
  });
});

describe("SENCE error messages (Anexo 2)", () => {
  it("has a message and an action for every code of the manual", () => {
    expect(SENCE_ERROR_CODES).toEqual([
      "200", "201", "202", "203", "204", "205", "206", "207", "208", "209", "211", "212",
      "300", "301", "302", "303", "304", "305", "306", "307", "308", "309", "310", "311", "312", "313",
    ]);
    for (const code of SENCE_ERROR_CODES) {
      const info = senceError(code);
      expect(info.problem.length, code).toBeGreaterThan(20);
      expect(info.action.length, code).toBeGreaterThan(20);
    }
  });

  it("208 tells the learner to ask the company", () => {
    const info = senceError("208");
    expect(info.who).toBe("company");
    expect(info.problem).toMatch(/RUN no está autorizado/);
    expect(info.action).toMatch(/empresa/);
  });

  it("an unknown code and a missing code still get a message", () => {
    expect(senceError("999").problem).toContain("código 999");
    expect(senceErrors([])).toHaveLength(1);
    expect(senceErrors(["211", "204"]).map((e) => e.who)).toEqual(["academy", "company"]);
  });
});
