// Calendar days in Chile (America/Santiago, site.timeZone): the one home for "which day is it in Chile",
// a day's first instant, and month arithmetic for validity dates. Chile is UTC-3 or UTC-4 and changes clocks
// at midnight, so a day is never "UTC date minus a fixed offset".
import { site } from "~/config/site";

/** A calendar day: year, month 1–12, day 1–31. */
export type Day = { y: number; m: number; d: number };

const dayParts = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: site.timeZone });

/** The calendar day in Chile of an instant. */
export function chileDay(at: Date): Day {
  const p: Record<string, string> = {};
  for (const part of dayParts.formatToParts(at)) p[part.type] = part.value;
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day) };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A day as 'yyyy-mm-dd'. */
export function isoDay(day: Day): string {
  return `${day.y}-${pad(day.m)}-${pad(day.d)}`;
}

/** 'yyyy-mm-dd' → a Day, or null when it is not a real calendar day. */
export function parseIsoDay(value: string): Day | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const day = { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
  return sameDay(addDays(day, 0), day) ? day : null;
}

// Reports send their bucket edges as Chile days, the same instants (Chile midnights) on every request: kept
// once converted, since each conversion goes through Intl.
const isoDays = new Map<number, string>();

/** The Chile calendar day of an instant as 'yyyy-mm-dd' (how daily summaries and file names write it). */
export function chileIsoDay(at: Date): string {
  const key = at.getTime();
  let iso = isoDays.get(key);
  if (iso === undefined) {
    iso = isoDay(chileDay(at));
    if (isoDays.size >= 10_000) isoDays.clear();
    isoDays.set(key, iso);
  }
  return iso;
}

export function sameDay(a: Day, b: Day): boolean {
  return a.y === b.y && a.m === b.m && a.d === b.d;
}

/** Orders two days: negative when a is earlier. */
export function compareDays(a: Day, b: Day): number {
  return a.y - b.y || a.m - b.m || a.d - b.d;
}

/** Normalises day overflow (31 November → 1 December) through UTC arithmetic. */
export function addDays(day: Day, n: number): Day {
  const t = new Date(Date.UTC(day.y, day.m - 1, day.d + n, 12));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** Whole days from a to b (b − a), counted on the calendar. */
export function daysBetween(a: Day, b: Day): number {
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

/** The last day of the month `months` after the month of `day` (0 = its own month); leap years included. */
export function endOfMonthAfter(day: Day, months: number): Day {
  const t = new Date(Date.UTC(day.y, day.m - 1 + months + 1, 0, 12));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

// Every report asks for the starts of the same few hundred days, each found by up to nine time-zone
// conversions: kept once found. A day's start changes only with the zone's rules.
const dayStarts = new Map<number, number>();

/**
 * The first instant of a Chile calendar day. Chile changes clocks at midnight (in September midnight does not
 * exist), so the answer is the first whole UTC hour that falls on that day.
 */
export function chileDayStart(day: Day): Date {
  const norm = addDays(day, 0);
  const key = norm.y * 10_000 + norm.m * 100 + norm.d;
  let start = dayStarts.get(key);
  if (start === undefined) {
    start = Date.UTC(norm.y, norm.m - 1, norm.d, 4);
    for (let h = 0; h <= 8; h++) {
      const t = new Date(Date.UTC(norm.y, norm.m - 1, norm.d, h));
      if (sameDay(chileDay(t), norm)) {
        start = t.getTime();
        break;
      }
    }
    if (dayStarts.size >= 10_000) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}

/** The first instant after a Chile calendar day (its end, exclusive): what "valid through day D" means. */
export function chileDayEnd(day: Day): Date {
  return chileDayStart(addDays(day, 1));
}

const wallClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: site.timeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The moment as a UTC Date whose fields read as Santiago's wall clock (how a spreadsheet shows it). */
export function chileWallClock(d: Date): Date {
  const p: Record<string, string> = {};
  for (const part of wallClock.formatToParts(d)) p[part.type] = part.value;
  return new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)));
}

/**
 * A wall-clock time in Chile ('yyyy-mm-ddThh:mm', what a datetime-local field sends) as an instant, or null when
 * it is not a real time there (a day that does not exist, or the hour skipped when clocks go forward).
 */
export function chileLocalToInstant(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (h > 23 || mi > 59 || !parseIsoDay(`${m[1]}-${m[2]}-${m[3]}`)) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // Chile is UTC−3 or UTC−4: the instant is one of the two whose Santiago wall clock reads the same.
  for (const offsetHours of [4, 3]) {
    const candidate = new Date(wall + offsetHours * 3_600_000);
    if (chileWallClock(candidate).getTime() === wall) return candidate;
  }
  return null;
}

/** An instant as Chile's wall clock 'yyyy-mm-ddThh:mm' (a datetime-local field's value). */
export function instantToChileLocal(at: Date): string {
  return chileWallClock(at).toISOString().slice(0, 16);
}
