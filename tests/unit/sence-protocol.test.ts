import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rutCheckDigit } from "~/domain/rut";
import {
  checkSenceFields,
  isCodigoCurso,
  isCodSence,
  isSenceReturnUrl,
  isSenceRut,
  isSenceToken,
  senceEndpoint,
  type SenceStartFields,
} from "~/domain/sence-protocol";

const TOKEN = "3EEE939E-9A98-44E9-B6D5-4422D0832535";

const good: SenceStartFields = {
  RutOtec: "76543210-3",
  Token: TOKEN,
  CodSence: "1237991108",
  CodigoCurso: "5911547",
  LineaCapacitacion: "3",
  RunAlumno: "12345678-5",
  IdSesionAlumno: "Q2hhbGxlbmdlLXJlc3BvbnNlLXNlc3Npb24taWQtMDE",
  UrlRetoma: "https://academia.example.cl/sence/retorno",
  UrlError: "https://academia.example.cl/sence/error",
};

describe("SENCE endpoints (manual Anexo 1)", () => {
  it("tells the environments apart by path, on SENCE's host or a local one", () => {
    expect(senceEndpoint("https://sistemas.sence.cl", "test", "start")).toBe("https://sistemas.sence.cl/rcetest/Registro/IniciarSesion");
    expect(senceEndpoint("https://sistemas.sence.cl", "test", "close")).toBe("https://sistemas.sence.cl/rcetest/Registro/CerrarSesion");
    expect(senceEndpoint("https://sistemas.sence.cl", "production", "start")).toBe("https://sistemas.sence.cl/rce/Registro/IniciarSesion");
    expect(senceEndpoint("https://sistemas.sence.cl/", "production", "close")).toBe("https://sistemas.sence.cl/rce/Registro/CerrarSesion");
    expect(senceEndpoint("http://localhost:4105", "test", "start")).toBe("http://localhost:4105/rcetest/Registro/IniciarSesion");
  });
});

describe("SENCE field rules (manual §3.2)", () => {
  it("RUTs: no dots, dash, right check digit, ≤ 10 characters", () => {
    expect(isSenceRut("76543210-3")).toBe(true);
    expect(isSenceRut("9876543-3")).toBe(true);
    expect(isSenceRut("22333444-K")).toBe(true);
    for (const bad of ["76.543.210-3", "765432103", "76543210-4", "076543210-3", "", "76543210-", "1-9", "22333444-k "]) {
      expect(isSenceRut(bad), bad).toBe(false);
    }
  });

  it("accepts every valid RUT body with its check digit and refuses every other digit (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000, max: 99_999_999 }), fc.constantFrom(..."0123456789K"), (body, dv) => {
        expect(isSenceRut(`${body}-${dv}`)).toBe(rutCheckDigit(body) === dv);
      }),
    );
  });

  it("tokens are 36-character GUIDs", () => {
    expect(isSenceToken(TOKEN)).toBe(true);
    expect(isSenceToken(TOKEN.toLowerCase())).toBe(true);
    expect(isSenceToken("12345678-1234-1234-1234-123456789")).toBe(false); // the manual's shortened example
    expect(isSenceToken(`${TOKEN}0`)).toBe(false);
    expect(isSenceToken("ZEEE939E-9A98-44E9-B6D5-4422D0832535")).toBe(false);
  });

  it("CodSence: 10 digits for franquicia, blank for line 1, -1 only in the test environment", () => {
    expect(isCodSence("1237991108", 3, "production")).toBe(true);
    expect(isCodSence("123799110", 3, "production")).toBe(false);
    expect(isCodSence("12379911080", 3, "production")).toBe(false);
    expect(isCodSence("12379911AB", 3, "production")).toBe(false);
    expect(isCodSence("-1", 3, "test")).toBe(true);
    expect(isCodSence("-1", 3, "production")).toBe(false);
    expect(isCodSence("", 1, "production")).toBe(true);
    expect(isCodSence("1237991108", 1, "production")).toBe(false);
  });

  it("CodigoCurso: 7 to 50 characters (no minimum for FPT), -1 only in test", () => {
    expect(isCodigoCurso("5911547", 3, "production")).toBe(true);
    expect(isCodigoCurso("591154", 3, "production")).toBe(false);
    expect(isCodigoCurso("591154", 6, "production")).toBe(true);
    expect(isCodigoCurso("RLAB-19-02-08-0071-1", 1, "production")).toBe(true);
    expect(isCodigoCurso("x".repeat(50), 3, "production")).toBe(true);
    expect(isCodigoCurso("x".repeat(51), 3, "production")).toBe(false);
    expect(isCodigoCurso("5911 547", 3, "production")).toBe(false);
    expect(isCodigoCurso("-1", 3, "test")).toBe(true);
    expect(isCodigoCurso("-1", 3, "production")).toBe(false);
  });

  it("return URLs: absolute http(s), at most 100 characters", () => {
    expect(isSenceReturnUrl("https://academia.example.cl/sence/retorno")).toBe(true);
    const base = "https://academia.example.cl/";
    expect(isSenceReturnUrl(base + "a".repeat(100 - base.length))).toBe(true);
    expect(isSenceReturnUrl(base + "a".repeat(101 - base.length))).toBe(false);
    for (const bad of ["", "/sence/retorno", "javascript:alert(1)", "ftp://academia.example.cl/x", "https://academia.example.cl/a b"]) {
      expect(isSenceReturnUrl(bad), bad).toBe(false);
    }
  });

  it("a correct start form has no problems; each broken field reports SENCE's code", () => {
    expect(checkSenceFields(good, "production")).toEqual([]);
    const codes = (fields: Partial<SenceStartFields>, environment: "test" | "production" = "production") =>
      checkSenceFields({ ...good, ...fields }, environment).map((p) => `${p.field}:${p.code}`);
    expect(codes({ RutOtec: "76543210-4" })).toEqual(["RutOtec:209"]);
    expect(codes({ RutOtec: " " })).toEqual(["RutOtec:200"]);
    expect(codes({ Token: "abc" })).toEqual(["Token:303"]);
    expect(codes({ CodSence: "123" })).toEqual(["CodSence:204"]);
    expect(codes({ CodigoCurso: "123" })).toEqual(["CodigoCurso:205"]);
    expect(codes({ LineaCapacitacion: "2" })).toEqual(["LineaCapacitacion:206"]);
    expect(codes({ RunAlumno: "12345678-4" })).toEqual(["RunAlumno:207"]);
    expect(codes({ UrlRetoma: "" })).toEqual(["UrlRetoma:201"]);
    expect(codes({ UrlRetoma: `https://a.cl/${"x".repeat(100)}` })).toEqual(["UrlRetoma:202"]);
    expect(codes({ UrlError: "nope" })).toEqual(["UrlError:203"]);
    expect(codes({ IdSesionAlumno: "x".repeat(150) })).toEqual(["IdSesionAlumno:200"]);
    expect(codes({ CodSence: "-1", CodigoCurso: "-1" }, "test")).toEqual([]);
    expect(codes({ CodSence: "-1", CodigoCurso: "-1" })).toEqual(["CodSence:204", "CodigoCurso:205"]);
  });

  it("a close form also needs IdSesionSence, and a bad return URL there is 313", () => {
    expect(checkSenceFields({ ...good, IdSesionSence: "A1B2C3" }, "production")).toEqual([]);
    expect(checkSenceFields({ ...good, IdSesionSence: "" }, "production")).toEqual([{ field: "IdSesionSence", code: "200" }]);
    expect(checkSenceFields({ ...good, IdSesionSence: "A1", UrlError: "nope" }, "production")).toEqual([{ field: "UrlError", code: "313" }]);
  });
});
