// The admin reports: which periods they cover, how a period is cut into the chart's bars
// (calendar days and months in Chile, not UTC), and the small sums the screens share.
import { addDays, chileDay, chileDayStart, type Day } from "./chile-time";
import { formatCount, formatOneDecimal } from "./format";

export const PERIODS = ["7d", "30d", "90d", "12m"] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = "30d";
export const PERIOD_LABELS: Record<Period, string> = {
  "7d": "Últimos 7 días",
  "30d": "Últimos 30 días",
  "90d": "Últimos 90 días",
  "12m": "Últimos 12 meses",
};
/** The query parameter every report reads its period from. */
export const PERIOD_PARAM = "periodo";

/** `?periodo=`: one of PERIODS; anything else (absent, hostile, repeated) is the default. */
export function parsePeriod(value: string | null | undefined): Period {
  return (PERIODS as readonly string[]).includes(value ?? "") ? (value as Period) : DEFAULT_PERIOD;
}

export interface Bucket {
  /** First instant of the bucket (inclusive). */
  start: Date;
  /** First instant after it (exclusive). */
  end: Date;
  /** Short label for the chart's axis, e.g. '23/11' or 'nov 2026'. */
  label: string;
  /** Full label for the table and the CSV, e.g. '23/11/2026' or '17/11/2026 – 23/11/2026'. */
  longLabel: string;
}

const pad = (n: number) => String(n).padStart(2, "0");
const MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];
const shortDay = (d: Day) => `${pad(d.d)}/${pad(d.m)}`;
const longDay = (d: Day) => `${pad(d.d)}/${pad(d.m)}/${d.y}`;

/**
 * The bars of a period ending today (in Chile): 7 or 30 days; 90 days as weeks (the oldest one shorter,
 * so that exactly 90 days are covered); 12 calendar months including the current one.
 */
export function periodBuckets(period: Period, now: Date = new Date()): Bucket[] {
  const today = chileDay(now);
  if (period === "12m") {
    const out: Bucket[] = [];
    for (let i = 11; i >= 0; i--) {
      const first = new Date(Date.UTC(today.y, today.m - 1 - i, 1, 12));
      const m: Day = { y: first.getUTCFullYear(), m: first.getUTCMonth() + 1, d: 1 };
      const next: Day = m.m === 12 ? { y: m.y + 1, m: 1, d: 1 } : { y: m.y, m: m.m + 1, d: 1 };
      const label = `${MONTHS[m.m - 1]} ${m.y}`;
      out.push({ start: chileDayStart(m), end: chileDayStart(next), label, longLabel: label });
    }
    return out;
  }
  const days = period === "7d" ? 7 : period === "30d" ? 30 : 90;
  const step = period === "90d" ? 7 : 1;
  const out: Bucket[] = [];
  // Walk back from tomorrow's start, one step at a time, until the period's first day.
  let endDay = addDays(today, 1);
  let remaining = days;
  while (remaining > 0) {
    const len = Math.min(step, remaining);
    const startDay = addDays(endDay, -len);
    const lastDay = addDays(endDay, -1);
    out.unshift({
      start: chileDayStart(startDay),
      end: chileDayStart(endDay),
      label: shortDay(step === 1 ? startDay : startDay),
      longLabel: step === 1 ? longDay(startDay) : `${longDay(startDay)} – ${longDay(lastDay)}`,
    });
    endDay = startDay;
    remaining -= len;
  }
  return out;
}

/** 12 → '12%'; null → '—'. */
export function formatPercent(value: number | null): string {
  return value === null ? "—" : `${formatCount(value)}%`;
}

/** A duration in days, for 'median time to complete': '3,5 días', '1 día', '—'. */
export function formatDays(days: number | null): string {
  if (days === null || !Number.isFinite(days)) return "—";
  const rounded = Math.round(days * 10) / 10;
  if (rounded < 1) {
    const hours = Math.max(1, Math.round(days * 24));
    return `${hours} ${hours === 1 ? "hora" : "horas"}`;
  }
  return `${formatOneDecimal(rounded)} ${rounded === 1 ? "día" : "días"}`;
}

/** Score bands of the distribution: 0–9, 10–19, …, 90–99, 100. */
export const SCORE_BANDS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;
export function scoreBandLabel(lower: number): string {
  return lower === 100 ? "100" : `${lower}–${lower + 9}`;
}

/**
 * The median of values kept as counts ({value, n}: n people took `value`), interpolated between the two middle
 * values when the count is even, as SQL's percentile_cont(0.5) does. null when there is nobody.
 */
export function medianOfCounts(counts: readonly { value: number; n: number }[]): number | null {
  const sorted = counts.filter((c) => c.n > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((s, c) => s + c.n, 0);
  if (total === 0) return null;
  // 0-based positions of the middle value(s) in the sorted list of `total` values.
  const lower = Math.floor((total - 1) / 2);
  const upper = Math.ceil((total - 1) / 2);
  let seen = 0;
  let lowValue: number | null = null;
  for (const c of sorted) {
    if (lowValue === null && lower < seen + c.n) lowValue = c.value;
    if (upper < seen + c.n) return (lowValue! + c.value) / 2;
    seen += c.n;
  }
  return lowValue;
}
