import { describe, expect, test } from "vitest";
import { addDays, chileDay, chileDayEnd, chileDayStart, chileIsoDay, compareDays, daysBetween, endOfMonthAfter, parseIsoDay } from "~/domain/chile-time";

describe("días en Chile", () => {
  test("el día de un instante es el de Santiago, no el de UTC", () => {
    // 02:30 UTC on 1 January is still 31 December in Chile (UTC-3 in summer).
    expect(chileIsoDay(new Date("2027-01-01T02:30:00Z"))).toBe("2026-12-31");
    expect(chileIsoDay(new Date("2027-01-01T03:00:00Z"))).toBe("2027-01-01");
    // Winter: UTC-4.
    expect(chileIsoDay(new Date("2026-07-01T03:59:00Z"))).toBe("2026-06-30");
  });

  test("fin de mes más N meses, con años bisiestos", () => {
    expect(endOfMonthAfter({ y: 2026, m: 11, d: 28 }, 24)).toEqual({ y: 2028, m: 11, d: 30 });
    expect(endOfMonthAfter({ y: 2026, m: 2, d: 3 }, 24)).toEqual({ y: 2028, m: 2, d: 29 });
    expect(endOfMonthAfter({ y: 2027, m: 2, d: 10 }, 12)).toEqual({ y: 2028, m: 2, d: 29 });
    expect(endOfMonthAfter({ y: 2028, m: 2, d: 29 }, 12)).toEqual({ y: 2029, m: 2, d: 28 });
    expect(endOfMonthAfter({ y: 2026, m: 12, d: 31 }, 0)).toEqual({ y: 2026, m: 12, d: 31 });
    expect(endOfMonthAfter({ y: 2026, m: 1, d: 31 }, 1)).toEqual({ y: 2026, m: 2, d: 28 });
  });

  test("el fin de un día es el comienzo del siguiente en Chile", () => {
    const end = chileDayEnd({ y: 2026, m: 12, d: 31 });
    expect(chileIsoDay(new Date(end.getTime() - 1))).toBe("2026-12-31");
    expect(chileIsoDay(end)).toBe("2027-01-01");
    // The day the clocks go forward (first Sunday of September: midnight does not exist).
    const start = chileDayStart({ y: 2026, m: 9, d: 6 });
    expect(chileDay(start)).toEqual({ y: 2026, m: 9, d: 6 });
    expect(chileDay(new Date(start.getTime() - 1))).toEqual({ y: 2026, m: 9, d: 5 });
  });

  test("fechas ISO inválidas se rechazan", () => {
    expect(parseIsoDay("2026-02-29")).toBeNull();
    expect(parseIsoDay("2028-02-29")).toEqual({ y: 2028, m: 2, d: 29 });
    expect(parseIsoDay("2026-13-01")).toBeNull();
    expect(parseIsoDay("26-01-01")).toBeNull();
  });

  test("aritmética de días", () => {
    expect(addDays({ y: 2026, m: 12, d: 31 }, 1)).toEqual({ y: 2027, m: 1, d: 1 });
    expect(daysBetween({ y: 2026, m: 11, d: 28 }, { y: 2027, m: 2, d: 26 })).toBe(90);
    expect(compareDays({ y: 2026, m: 1, d: 2 }, { y: 2026, m: 1, d: 1 })).toBeGreaterThan(0);
  });
});

describe("vigencia hasta el fin de un día chileno", () => {
  test("un cupón que vence el 31/12/2026 deja de valer a la medianoche de Chile, no a la 01:00", async () => {
    const { endOfChileDay } = await import("~/domain/commerce");
    const end = endOfChileDay("2026-12-31")!;
    expect(chileIsoDay(end)).toBe("2026-12-31");
    expect(chileIsoDay(new Date(end.getTime() + 1))).toBe("2027-01-01");
    // Winter (UTC-4) too.
    const winter = endOfChileDay("2026-07-15")!;
    expect(winter.toISOString()).toBe("2026-07-16T03:59:59.999Z");
    expect(endOfChileDay("2026-02-30")).toBeNull();
  });
});
