import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatRut, isValidRut, maskRut, normalizeRut, parseRut, rutCheckDigit } from "~/domain/rut";

const body = fc.integer({ min: 1_000_000, max: 99_999_999 });

describe("RUT", () => {
  it("computes known check digits (módulo 11)", () => {
    expect(rutCheckDigit(12_345_678)).toBe("5");
    expect(rutCheckDigit(11_111_111)).toBe("1");
    expect(rutCheckDigit(76_086_428)).toBe("5");
    expect(rutCheckDigit(10_000_013)).toBe("K");
    expect(rutCheckDigit(15_000_004)).toBe("1");
    expect(rutCheckDigit(30_686_957)).toBe("4");
  });

  it("accepts the ways people type a RUT and normalises them", () => {
    for (const input of ["12.345.678-5", "12345678-5", "123456785", " 12 345 678-5 ", "012.345.678-5", "12.345.678–5"]) {
      expect(normalizeRut(input)).toBe("12345678-5");
    }
    expect(normalizeRut("10.000.013-k")).toBe("10000013-K");
  });

  it("refuses malformed input and wrong check digits, saying which", () => {
    expect(parseRut("12.345.678-4")).toEqual({ ok: false, reason: "checkDigit" });
    for (const input of ["", "abc", "12.345.678-", "12-345-678-5", "999-9", "1234567890-1", "12.345.678-X", "123456785\u0000"]) {
      expect(parseRut(input)).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("formats and masks", () => {
    expect(formatRut("12345678-5")).toBe("12.345.678-5");
    expect(formatRut("1000005-K".replace("K", rutCheckDigit(1_000_005)))).toMatch(/^1\.000\.005-[\dK]$/);
    expect(maskRut("12345678-5")).toBe("12.345.XXX-5");
    expect(maskRut("7654321-6")).toBe("7.654.XXX-6");
    expect(maskRut("nope")).toBe("");
  });

  it("agrees with the weighted-series formulation (3,2,7,6,5,4,3,2) for every body (property)", () => {
    const reference = (n: number) => {
      const s = String(n).padStart(8, "0");
      const weights = [3, 2, 7, 6, 5, 4, 3, 2];
      const r = 11 - (weights.reduce((sum, w, i) => sum + w * Number(s[i]), 0) % 11);
      return r === 11 ? "0" : r === 10 ? "K" : String(r);
    };
    fc.assert(fc.property(body, (n) => rutCheckDigit(n) === reference(n)));
  });

  it("every body with its digit is valid; any other digit is not (property)", () => {
    fc.assert(
      fc.property(body, fc.constantFrom(..."0123456789K".split("")), (n, dv) => {
        expect(isValidRut(`${n}-${dv}`)).toBe(dv === rutCheckDigit(n));
      }),
    );
  });

  it("normalise ∘ format is the identity on valid RUTs, and the mask keeps the first digits (property)", () => {
    fc.assert(
      fc.property(body, (n) => {
        const rut = `${n}-${rutCheckDigit(n)}`;
        const formatted = formatRut(rut);
        expect(formatted).toMatch(/^\d{1,2}\.\d{3}\.\d{3}-[\dK]$/);
        expect(normalizeRut(formatted)).toBe(rut);
        expect(normalizeRut(formatted.replace(/\./g, "").replace("-", ""))).toBe(rut);
        const masked = maskRut(rut);
        expect(masked).toBe(`${formatted.slice(0, -5)}XXX-${rut.slice(-1)}`);
      }),
    );
  });

  it("a single changed digit is always caught (property)", () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 9 }), (n, pos, delta) => {
        const digits = String(n).padStart(8, "0").split("");
        digits[pos] = String((Number(digits[pos]) + delta) % 10);
        const changed = Number(digits.join(""));
        fc.pre(changed >= 1_000_000);
        expect(isValidRut(`${changed}-${rutCheckDigit(n)}`)).toBe(false);
      }),
    );
  });
});
