// The reports' periods: Chile calendar days and months, contiguous buckets, hostile parameters.
import { describe, expect, it } from "vitest";
import { chileDay, chileDayStart } from "~/domain/chile-time";
import { percent } from "~/domain/format";
import { passMarkNote } from "~/domain/insight-view";
import { formatDays, formatPercent, medianOfCounts, parsePeriod, periodBuckets, scoreBandLabel } from "~/domain/insight";

const HOUR = 60 * 60 * 1000;

describe("periodos de los informes", () => {
  it("parsePeriod acepta solo los cuatro periodos; lo demás es 30 días", () => {
    expect(["7d", "30d", "90d", "12m"].map(parsePeriod)).toEqual(["7d", "30d", "90d", "12m"]);
    for (const v of [null, undefined, "", "1y", "7D", " 7d", "\u0000", "constructor", "__proto__"]) expect(parsePeriod(v)).toBe("30d");
  });

  it("un día en Chile empieza a medianoche de Chile (UTC-3 en verano, UTC-4 en invierno)", () => {
    expect(chileDayStart({ y: 2026, m: 1, d: 15 }).toISOString()).toBe("2026-01-15T03:00:00.000Z");
    expect(chileDayStart({ y: 2026, m: 7, d: 1 }).toISOString()).toBe("2026-07-01T04:00:00.000Z");
    // Whatever the clock change, the start is the first instant of that day: an hour earlier is the day before.
    for (let day = 1; day <= 366; day++) {
      const start = chileDayStart({ y: 2026, m: 1, d: day });
      const d = chileDay(start);
      expect(chileDay(new Date(start.getTime() - 1))).not.toEqual(d);
      expect(chileDay(new Date(start.getTime() + 20 * HOUR))).toEqual(d);
    }
  });

  it("7 y 30 días: un tramo por día, contiguos, el último es hoy", () => {
    const now = new Date("2026-11-23T15:00:00Z");
    for (const [period, n] of [["7d", 7], ["30d", 30]] as const) {
      const b = periodBuckets(period, now);
      expect(b).toHaveLength(n);
      for (let i = 1; i < b.length; i++) expect(b[i]!.start.getTime()).toBe(b[i - 1]!.end.getTime());
      expect(b[n - 1]!.start.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(b[n - 1]!.end.getTime()).toBeGreaterThan(now.getTime());
      expect(b[n - 1]!.longLabel).toBe("23/11/2026");
      expect(b[n - 1]!.label).toBe("23/11");
    }
    expect(periodBuckets("7d", now)[0]!.start.toISOString()).toBe("2026-11-17T03:00:00.000Z");
  });

  it("90 días: semanas (la más antigua de 6 días) que cubren exactamente 90 días", () => {
    const b = periodBuckets("90d", new Date("2026-11-23T15:00:00Z"));
    expect(b).toHaveLength(13);
    expect(b[12]!.longLabel).toBe("17/11/2026 – 23/11/2026");
    expect(b[0]!.longLabel).toBe("26/08/2026 – 31/08/2026");
  });

  it("12 meses: meses calendario hasta el actual, también al cruzar el año", () => {
    const b = periodBuckets("12m", new Date("2026-02-10T12:00:00Z"));
    expect(b.map((x) => x.label)).toEqual(["mar 2025", "abr 2025", "may 2025", "jun 2025", "jul 2025", "ago 2025", "sept 2025", "oct 2025", "nov 2025", "dic 2025", "ene 2026", "feb 2026"]);
    expect(b[0]!.start.toISOString()).toBe("2025-03-01T03:00:00.000Z");
    expect(b[11]!.end.toISOString()).toBe("2026-03-01T03:00:00.000Z");
  });

  it("porcentajes, días y tramos de puntaje", () => {
    expect(percent(2, 3)).toBe(67);
    expect(percent(1, 0)).toBeNull();
    expect(formatPercent(null)).toBe("—");
    expect(formatPercent(50)).toBe("50%");
    expect(formatDays(3)).toBe("3 días");
    expect(formatDays(1)).toBe("1 día");
    expect(formatDays(2.25)).toBe("2,3 días");
    expect(formatDays(0.1)).toBe("2 horas");
    expect(formatDays(null)).toBe("—");
    expect(scoreBandLabel(40)).toBe("40–49");
    expect(scoreBandLabel(100)).toBe("100");
  });
});

describe("medianOfCounts", () => {
  it("como percentile_cont(0.5): el del medio, o el promedio de los dos del medio", () => {
    expect(medianOfCounts([])).toBeNull();
    expect(medianOfCounts([{ value: 5, n: 0 }])).toBeNull();
    expect(medianOfCounts([{ value: 7, n: 1 }])).toBe(7);
    // 1, 3, 3, 10 → (3 + 3) / 2
    expect(medianOfCounts([{ value: 10, n: 1 }, { value: 1, n: 1 }, { value: 3, n: 2 }])).toBe(3);
    // 48, 96 → 72
    expect(medianOfCounts([{ value: 96, n: 1 }, { value: 48, n: 1 }])).toBe(72);
    // 1, 1, 1, 50, 60 → 1
    expect(medianOfCounts([{ value: 50, n: 1 }, { value: 1, n: 3 }, { value: 60, n: 1 }])).toBe(1);
  });
});

describe("passMarkNote", () => {
  it("una nota si todos los exámenes la comparten; cada una si difieren; nada sin examen", () => {
    expect(passMarkNote([70])).toBe("Se aprueba con 70 %.");
    expect(passMarkNote([80, 80])).toBe("Se aprueba con 80 %.");
    expect(passMarkNote([80, 60, 70])).toBe("Cada examen tiene su nota para aprobar: 60 %, 70 % y 80 %.");
    expect(passMarkNote([])).toBeNull();
  });
});
