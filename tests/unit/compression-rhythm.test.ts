import { describe, expect, test } from "vitest";
import {
  analyseTaps,
  liveRate,
  MAX_TAPS,
  parseTapTimes,
  practiceVerdict,
  rateZone,
} from "~/domain/compression-rhythm";

/** Tap times for `seconds` at `perMinute`, with optional jitter (ms, deterministic) and extra gaps. */
function round(perMinute: number, seconds = 30, jitter = 0, gapAt?: { index: number; ms: number }): number[] {
  const interval = 60_000 / perMinute;
  const times: number[] = [];
  let t = 0;
  for (let i = 0; t <= seconds * 1000; i++) {
    times.push(Math.round(t));
    const wobble = jitter ? ((i * 7919) % 21) / 10 - 1 : 0; // −1…+1, repeatable
    t += interval + wobble * jitter + (gapAt && gapAt.index === i ? gapAt.ms : 0);
  }
  return times;
}

describe("rhythm analysis", () => {
  test("110 per minute for 30 s passes, with a regular rhythm", () => {
    const s = analyseTaps(round(110));
    expect(s.taps).toBe(56);
    expect(s.medianRate).toBeGreaterThanOrEqual(109);
    expect(s.medianRate).toBeLessThanOrEqual(111);
    expect(s.regularity).toBeGreaterThanOrEqual(98);
    expect(s.pauses).toBe(0);
    expect(s.inTargetShare).toBe(100);
    expect(practiceVerdict(s)).toEqual({ passed: true });
  });

  test("an uneven but on-target rhythm still passes, and shows lower regularity", () => {
    const s = analyseTaps(round(110, 30, 80));
    expect(practiceVerdict(s).passed).toBe(true);
    expect(s.regularity).toBeLessThan(95);
  });

  test("80 per minute is too slow; 140 too fast", () => {
    expect(practiceVerdict(analyseTaps(round(80)))).toEqual({ passed: false, reason: "slow" });
    expect(practiceVerdict(analyseTaps(round(140)))).toEqual({ passed: false, reason: "fast" });
  });

  test("the target's edges: 100 and 120 pass, 98 and 123 do not", () => {
    expect(practiceVerdict(analyseTaps(round(100))).passed).toBe(true);
    expect(practiceVerdict(analyseTaps(round(120))).passed).toBe(true);
    expect(practiceVerdict(analyseTaps(round(98))).passed).toBe(false);
    expect(practiceVerdict(analyseTaps(round(123))).passed).toBe(false);
  });

  test("a pause over 2 s fails even when the rate is right", () => {
    const s = analyseTaps(round(110, 30, 0, { index: 20, ms: 2100 }));
    expect(s.longestPauseMs).toBeGreaterThan(2000);
    expect(s.pauses).toBe(1);
    expect(practiceVerdict(s)).toEqual({ passed: false, reason: "pause" });
  });

  test("too few taps, or too short a round, fails", () => {
    expect(practiceVerdict(analyseTaps(round(110, 20)))).toEqual({ passed: false, reason: "few-taps" });
    // Enough taps squeezed into 24 s at 120/min fails on time (48 taps fails on count first).
    const quick = round(120, 24.9).slice(0, 50);
    expect(practiceVerdict(analyseTaps(quick)).passed).toBe(false);
  });

  test("empty and single-tap rounds", () => {
    expect(analyseTaps([])).toMatchObject({ taps: 0, medianRate: 0, regularity: 0, longestPauseMs: 0 });
    expect(analyseTaps([0])).toMatchObject({ taps: 1, spanMs: 0, medianRate: 0 });
  });

  test("live rate over the last taps and rate zones", () => {
    expect(liveRate([0])).toBe(0);
    expect(liveRate(round(110).slice(0, 10))).toBeGreaterThanOrEqual(109);
    expect(rateZone(0)).toBe("none");
    expect(rateZone(90)).toBe("slow");
    expect(rateZone(110)).toBe("target");
    expect(rateZone(130)).toBe("fast");
  });
});

describe("submitted tap times", () => {
  test("a real round is accepted as is", () => {
    const times = round(110);
    expect(parseTapTimes(times)).toEqual(times);
  });

  test.each([
    ["not a list", "0,545,1090"],
    ["empty", []],
    ["a string inside", [0, "545"]],
    ["NaN", [0, Number.NaN]],
    ["negative", [-5, 600]],
    ["not starting at 0", [100, 700]],
    ["out of order", [0, 1200, 600]],
    ["repeated", [0, 600, 600]],
    ["faster than a person (bounce or script)", [0, 100, 200]],
    ["far longer than a round", [0, 61_000]],
    ["too many", Array.from({ length: MAX_TAPS + 1 }, (_, i) => i * 200)],
  ])("refused: %s", (_name, input) => {
    expect(parseTapTimes(input)).toBeNull();
  });
});
