// How numbers and dates are shown to users: Chilean pesos and America/Santiago time (docs/decisions.md §C).
import { site } from "~/config/site";

export const PRICE_TO_CONFIRM = "Precio por confirmar";

const clp = new Intl.NumberFormat(site.locale, {
  style: "currency",
  currency: "CLP",
  maximumFractionDigits: 0,
});

// One formatter each, built once: Number#toLocaleString builds a new one on every call, and a report page shows
// hundreds of figures.
const plainNumber = new Intl.NumberFormat(site.locale);
const oneDecimal = new Intl.NumberFormat(site.locale, { maximumFractionDigits: 1 });

/** 1234 → '1.234' (up to three decimals, as toLocaleString). */
export function formatCount(value: number): string {
  // A whole number under a thousand needs no separator: the common case, without the formatter.
  return Number.isInteger(value) && value > -1000 && value < 1000 ? String(value) : plainNumber.format(value);
}

/** 3.46 → '3,5'. */
export function formatOneDecimal(value: number): string {
  return oneDecimal.format(value);
}

/** 20000 → '$20.000'; null/undefined → 'Precio por confirmar'. */
export function formatClp(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return PRICE_TO_CONFIRM;
  const rounded = Math.round(amount);
  // es-CL puts the sign after the symbol ('$-1.500'); a leading minus reads better.
  return rounded < 0 ? `-${clp.format(-rounded)}` : clp.format(rounded);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day stored as 'yyyy-mm-dd' is already a day in Chile: formatting it through a time
 * zone could move it to the previous day, so it is formatted as-is (in UTC, where it was built).
 */
function toDateAndZone(value: Date | string): { date: Date; timeZone: string } | null {
  if (typeof value === "string") {
    const m = DATE_ONLY.exec(value);
    if (m) {
      const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
      // Reject impossible days such as 2025-02-30, which Date.UTC would roll over.
      if (date.getUTCMonth() !== Number(m[2]) - 1) return null;
      return { date, timeZone: "UTC" };
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return { date, timeZone: site.timeZone };
}

const longDateCache = new Map<string, Intl.DateTimeFormat>();
function longDate(timeZone: string): Intl.DateTimeFormat {
  let f = longDateCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat(site.locale, { day: "numeric", month: "long", year: "numeric", timeZone });
    longDateCache.set(timeZone, f);
  }
  return f;
}

/** '2025-03-15' or a Date → '15 de marzo de 2025' (America/Santiago); '' for an invalid value. */
export function formatDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const parsed = toDateAndZone(value);
  return parsed ? longDate(parsed.timeZone).format(parsed.date) : "";
}

/** A Chile calendar day '2028-11-30' → '30/11/2028' (a table's compact date); '' for anything else. */
export function formatShortDay(value: string | null | undefined): string {
  const m = value ? DATE_ONLY.exec(value) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : "";
}

const dateTimeParts = new Intl.DateTimeFormat(site.locale, {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: site.timeZone,
});

/** A moment → 'dd/MM/yyyy HH:mm' in America/Santiago (exam history, admin lists); '' if invalid. */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const parts: Record<string, string> = {};
  for (const p of dateTimeParts.formatToParts(date)) parts[p.type] = p.value;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

const weekdayParts = new Intl.DateTimeFormat(site.locale, { weekday: "long", day: "numeric", month: "long", timeZone: site.timeZone });

/** A moment → 'sábado 30 de noviembre a las 10:00' in America/Santiago (a reminder's day and hour); '' if invalid. */
export function formatWeekdayAndTime(value: Date | string | null | undefined): string {
  const time = formatTime(value);
  if (!time) return "";
  const parts: Record<string, string> = {};
  for (const p of weekdayParts.formatToParts(value instanceof Date ? value : new Date(value!))) parts[p.type] = p.value;
  return `${parts.weekday} ${parts.day} de ${parts.month} a las ${time}`;
}

/** A moment → 'HH:mm' in America/Santiago (the start of a SENCE session); '' if invalid. */
export function formatTime(value: Date | string | null | undefined): string {
  return formatDateTime(value).slice(-5);
}

/** Hours (whole or half) → '16 horas', '1 hora', '2,5 horas', and under one hour '30 minutos'; '' when there are none (0). */
export function formatHours(hours: number): string {
  if (!Number.isFinite(hours) || hours <= 0) return "";
  // Nobody says "0,5 horas": under an hour is said in minutes.
  if (hours < 1) return `${Math.round(hours * 60)} minutos`;
  const n = Number.isInteger(hours) ? String(hours) : formatOneDecimal(hours);
  return `${n} ${hours === 1 ? "hora" : "horas"}`;
}

/** Lesson minutes → '45 min' / '1 h 30 min'; '' when unknown (0). */
export function formatMinutes(minutes: number): string {
  if (!minutes || minutes <= 0) return "";
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Cuts text at `max` characters (at a word boundary when one is near) and adds '…'. */
export function truncate(text: string, max = 100): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A count with its noun: (1, 'lección', 'lecciones') → '1 lección'; (3, …) → '3 lecciones'. */
export function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A file's size → '340 KB' (at least 1 KB) or '2,5 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${formatOneDecimal(bytes / (1024 * 1024))} MB`;
}

/**
 * Whole percentage of `part` over `whole`, rounded to the nearest; null when there is nothing to divide by, so
 * each caller says what 0 of 0 means for it (a report shows '—', a score or a share is 0).
 */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part * 100) / whole) : null;
}
