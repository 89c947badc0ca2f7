// When a certificate may be renewed (docs/certificate-validity.md, "Renewal"): from 90 days before its last valid
// day, or after it, or once revoked; never one without expiry, nor a cycle that has no certificate yet.
import { describe, expect, it } from "vitest";
import { renewalEligibility, renewalPrice, renewalRefusal } from "~/domain/renewal";

const day = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return { y, m, d };
};

describe("renewalEligibility", () => {
  const cert = { validUntil: "2028-11-30", revokedAt: null };
  it("opens 90 days before the last valid day (Chile's calendar), not the day before", () => {
    expect(renewalEligibility(cert, day("2028-08-31"))).toEqual({ ok: false, reason: "too-early", opensOn: "2028-09-01" });
    expect(renewalEligibility(cert, day("2028-09-01"))).toEqual({ ok: true });
    expect(renewalEligibility(cert, day("2028-11-30"))).toEqual({ ok: true });
    expect(renewalEligibility(cert, day("2031-01-01"))).toEqual({ ok: true });
  });
  it("across a leap day: 29 February 2028 minus 90 days is 1 December 2027", () => {
    expect(renewalEligibility({ validUntil: "2028-02-29", revokedAt: null }, day("2027-11-30"))).toMatchObject({ ok: false, opensOn: "2027-12-01" });
  });
  it("a revoked certificate may be renewed at once; one without expiry or none at all, never", () => {
    expect(renewalEligibility({ validUntil: "2030-01-31", revokedAt: new Date("2027-01-01T12:00:00Z") }, day("2027-02-01"))).toEqual({ ok: true });
    expect(renewalEligibility({ validUntil: null, revokedAt: null }, day("2040-01-01"))).toEqual({ ok: false, reason: "no-expiry" });
    expect(renewalEligibility(null, day("2040-01-01"))).toEqual({ ok: false, reason: "no-certificate" });
  });
  it("says when it opens, in words", () => {
    expect(renewalRefusal({ ok: false, reason: "too-early", opensOn: "2028-09-01" })).toBe("Podrás renovarlo desde el 1 de septiembre de 2028, 90 días antes de su vencimiento.");
  });
});

describe("renewalPrice", () => {
  it("is the course's renewal price, else its price, and never more than the price", () => {
    expect(renewalPrice(20000, 12000)).toBe(12000);
    expect(renewalPrice(20000, null)).toBe(20000);
    // A catalogue price restored below an older renewal price.
    expect(renewalPrice(15000, 18000)).toBe(15000);
  });
});
