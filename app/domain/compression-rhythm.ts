// The compression trainer's rhythm analysis: the learner taps for 30 s and is measured against
// the guideline rate of 100–120 compressions a minute. Shared by the browser (live feedback) and the server
// (which recomputes the summary from the submitted tap times before it records the practice as done).
import { percent } from "./format";

/** Guideline compression rate, per minute (AHA/ERC 2025). */
export const TARGET_MIN_RATE = 100;
export const TARGET_MAX_RATE = 120;
/** How long one practice round lasts. */
export const PRACTICE_SECONDS = 30;
/** What a passing round needs: enough taps, over most of the round, and no long interruption. */
export const PASS_MIN_TAPS = 50;
export const PASS_MIN_SPAN_MS = 25_000;
export const PASS_MAX_PAUSE_MS = 2_000;
/** A gap this much longer than the learner's usual interval counts as a pause in the feedback. */
export const PAUSE_FACTOR = 1.8;
/** Bounds on what the server accepts: a 30 s round at an absurd 300/min is 150 taps. */
export const MAX_TAPS = 400;
export const MAX_ROUND_MS = 60_000;
/** Faster than this between two taps (400/min) is no human compression: a forged or bouncing input. */
export const MIN_INTERVAL_MS = 150;

export interface RhythmSummary {
  taps: number;
  /** From the first tap to the last, in ms. */
  spanMs: number;
  /** Compressions per minute from the median interval (robust to a stray double tap); 0 with < 2 taps. */
  medianRate: number;
  /** 0–100: 100 when every interval is the same, lower as they vary (100 − coefficient of variation in %). */
  regularity: number;
  /** Longest gap between two taps, in ms. */
  longestPauseMs: number;
  /** Gaps longer than PAUSE_FACTOR × the median interval. */
  pauses: number;
  /** Share (0–100) of intervals whose own rate is within 100–120. */
  inTargetShare: number;
}

export type RateZone = "none" | "slow" | "target" | "fast";

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function intervalsOf(times: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < times.length; i++) out.push(times[i]! - times[i - 1]!);
  return out;
}

/** Interval in ms → compressions per minute. */
export function rateOf(intervalMs: number): number {
  return intervalMs > 0 ? 60_000 / intervalMs : 0;
}

export function rateZone(rate: number): RateZone {
  if (!(rate > 0)) return "none";
  if (rate < TARGET_MIN_RATE) return "slow";
  if (rate > TARGET_MAX_RATE) return "fast";
  return "target";
}

/** The summary of a round of tap times (ms, ascending). */
export function analyseTaps(times: readonly number[]): RhythmSummary {
  const gaps = intervalsOf(times);
  const med = median(gaps);
  const mean = gaps.length ? gaps.reduce((a, b) => a + b, 0) / gaps.length : 0;
  const sd = gaps.length ? Math.sqrt(gaps.reduce((a, g) => a + (g - mean) ** 2, 0) / gaps.length) : 0;
  const cv = mean > 0 ? sd / mean : 0;
  const inTarget = gaps.filter((g) => rateZone(rateOf(g)) === "target").length;
  return {
    taps: times.length,
    spanMs: times.length > 1 ? times[times.length - 1]! - times[0]! : 0,
    medianRate: med > 0 ? Math.round(rateOf(med)) : 0,
    regularity: gaps.length ? Math.max(0, Math.round(100 - cv * 100)) : 0,
    longestPauseMs: gaps.length ? Math.max(...gaps) : 0,
    pauses: med > 0 ? gaps.filter((g) => g > med * PAUSE_FACTOR).length : 0,
    inTargetShare: percent(inTarget, gaps.length) ?? 0,
  };
}

export type PracticeVerdict = { passed: true } | { passed: false; reason: "few-taps" | "short" | "slow" | "fast" | "pause" };

/** Did the round hold the target rhythm? The server's rule, shown to the learner by the same function. */
export function practiceVerdict(s: RhythmSummary): PracticeVerdict {
  // The most useful advice first: the rate, then pauses, then too short a round.
  if (s.taps >= 10 && s.medianRate < TARGET_MIN_RATE) return { passed: false, reason: "slow" };
  if (s.taps >= 10 && s.medianRate > TARGET_MAX_RATE) return { passed: false, reason: "fast" };
  if (s.longestPauseMs > PASS_MAX_PAUSE_MS) return { passed: false, reason: "pause" };
  if (s.taps < PASS_MIN_TAPS) return { passed: false, reason: "few-taps" };
  if (s.spanMs < PASS_MIN_SPAN_MS) return { passed: false, reason: "short" };
  return { passed: true };
}

/**
 * Tap times as submitted by a browser, or null when they cannot be a real round: not a list of finite
 * numbers, too many, not strictly increasing, taps faster than a human can compress, or a round far
 * longer than the practice. Times are relative to the first tap (the first is 0).
 */
export function parseTapTimes(input: unknown): number[] | null {
  if (!Array.isArray(input) || input.length === 0 || input.length > MAX_TAPS) return null;
  const times: number[] = [];
  for (const v of input) {
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0) return null;
    times.push(v);
  }
  if (times[0] !== 0) return null;
  for (let i = 1; i < times.length; i++) if (times[i]! - times[i - 1]! < MIN_INTERVAL_MS) return null;
  if (times[times.length - 1]! > MAX_ROUND_MS) return null;
  return times;
}

/** Live feedback while tapping: the rate over the last few taps and how long since the last one. */
export function liveRate(times: readonly number[], window = 6): number {
  const recent = times.slice(-window);
  if (recent.length < 2) return 0;
  return Math.round(rateOf((recent[recent.length - 1]! - recent[0]!) / (recent.length - 1)));
}

/** What the learner reads after a round (and what the server answers when it refuses one). */
export const practiceMessages = {
  passed:
    "¡Bien hecho! Mantuviste un ritmo de 100 a 120 compresiones por minuto. Práctica completada. La profundidad y la reexpansión del pecho se practican con un maniquí.",
  reasons: {
    slow: "Demasiado lento: acelera hasta 100–120 compresiones por minuto.",
    fast: "Demasiado rápido: baja a 100–120 compresiones por minuto y deja que el pecho vuelva a su posición.",
    pause: "Hubo una pausa de más de 2 segundos: en una RCP real, cada pausa detiene el flujo de sangre al cerebro.",
    "few-taps": "Faltaron compresiones: sigue comprimiendo durante los 30 segundos completos.",
    short: "Faltaron compresiones: sigue comprimiendo durante los 30 segundos completos.",
  } satisfies Record<Exclude<PracticeVerdict, { passed: true }>["reason"], string>,
  invalid: "No pudimos leer tu práctica. Inténtalo de nuevo.",
  notPractice: "Esta lección no es una práctica.",
} as const;
