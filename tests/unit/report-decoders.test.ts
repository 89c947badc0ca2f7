// The reports' UNION ALL statements return one row shape for several things; each has one decoder beside its
// SQL that says what the columns mean per branch. These tests pin those meanings down.
import { describe, expect, test } from "vitest";
import { decodeSummaryRows } from "~/server/reports/course-results.server";
import { decodeOverviewRows } from "~/server/reports/insight.server";

describe("resumen de /admin", () => {
  test("cada medida a su columna y balde; 'm' solo cuenta aprobados de los intentos", () => {
    const cols = decodeOverviewRows(
      [
        { k: "registrations", b: 1, n: 3, m: 0 },
        { k: "registrations", b: 3, n: 2, m: 0 },
        { k: "attempts", b: 2, n: 10, m: 7 },
        { k: "paid", b: 3, n: 20000, m: 99 },
        { k: "refunded", b: 3, n: 5000, m: 0 },
        // Outside the period's buckets (width_bucket gives 0 or size+1): ignored.
        { k: "enrolments", b: 0, n: 50, m: 0 },
        { k: "enrolments", b: 4, n: 50, m: 0 },
        // Not a measure: ignored, never a column.
        { k: "passed", b: 1, n: 9, m: 9 },
      ],
      3,
    );
    expect(cols.registrations).toEqual([3, 0, 2]);
    expect(cols.attempts).toEqual([0, 10, 0]);
    expect(cols.passed).toEqual([0, 7, 0]);
    expect(cols.paid).toEqual([0, 0, 20000]);
    expect(cols.refunded).toEqual([0, 0, 5000]);
    expect(cols.enrolments).toEqual([0, 0, 0]);
  });
});

describe("resultados de un curso", () => {
  test("cada fuente usa las columnas a su manera", () => {
    const s = decodeSummaryRows([
      { src: "enrolled", kind: "", a: 0, b: 0, n: 12 },
      { src: "cohort", kind: "started", a: 0, b: 0, n: 9 },
      { src: "cohort", kind: "module", a: 41, b: 0, n: 6 },
      { src: "cohort", kind: "module", a: 42, b: 0, n: 4 },
      { src: "attempt", kind: "pass", a: 2, b: 0, n: 3 },
      { src: "attempt", kind: "score", a: 70, b: 0, n: 5 },
      { src: "answer", kind: "", a: 900, b: 1, n: 7 },
      { src: "answer", kind: "", a: 900, b: -1, n: 2 },
    ]);
    expect(s.enrolled).toBe(12);
    expect(s.cohort("started")).toEqual([{ value: 0, n: 9 }]);
    expect(s.cohort("module")).toEqual([
      { value: 41, n: 6 },
      { value: 42, n: 4 },
    ]);
    expect(s.cohort("completed")).toEqual([]);
    expect([...s.passCounts]).toEqual([[2, 3]]);
    expect([...s.scoreCounts]).toEqual([[70, 5]]);
    // A blank answer (option -1) is null.
    expect([...s.chosenBy.get(900)!]).toEqual([
      [1, 7],
      [null, 2],
    ]);
  });
});
