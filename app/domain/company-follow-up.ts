// A company's follow-up of the courses it assigns (docs/admin-guide.md, "Empresas"): the due date the manager sets
// per assignment, how late a worker is against it, and the automatic nudges a company may switch on. Dates are
// Chile calendar days ('2026-12-15'); "today" comes from the caller (the server's clock).
import { z } from "zod";
import { addDays, daysBetween, isoDay, parseIsoDay } from "./chile-time";
import { formatShortDay } from "./format";

/** How far ahead a due date may be set: a typo such as 2206 is refused instead of stored. */
export const MAX_DUE_YEARS = 5;

export const dueDateMessages = {
  invalid: "Escribe una fecha válida (día, mes y año).",
  past: "La fecha límite no puede ser anterior a hoy.",
  tooFar: `La fecha límite no puede estar a más de ${MAX_DUE_YEARS} años.`,
  set: (n: number, day: string) => (n === 1 ? `Fijaste la fecha límite del ${formatShortDay(day)} a 1 trabajador.` : `Fijaste la fecha límite del ${formatShortDay(day)} a ${n} trabajadores.`),
  cleared: (n: number) => (n === 1 ? "Quitaste la fecha límite a 1 trabajador." : `Quitaste la fecha límite a ${n} trabajadores.`),
  noneSelected: "Marca al menos un trabajador o invitación de la lista.",
  tooMany: "Puedes elegir hasta 2 000 trabajadores a la vez.",
  notFound: "Alguno de los elegidos no está inscrito ni invitado en este curso por tu empresa.",
} as const;

/**
 * A due date as typed (an `<input type="date">` sends '2026-12-15'): empty is none; otherwise a real day, not before
 * today and at most MAX_DUE_YEARS ahead.
 */
export function parseDueDate(raw: unknown, today: string): { ok: true; value: string | null } | { ok: false; message: string } {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text === "") return { ok: true, value: null };
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? parseIsoDay(text) : null;
  if (!day) return { ok: false, message: dueDateMessages.invalid };
  const value = isoDay(day);
  if (value < today) return { ok: false, message: dueDateMessages.past };
  const limit = parseIsoDay(today)!;
  if (value > isoDay({ ...limit, y: limit.y + MAX_DUE_YEARS })) return { ok: false, message: dueDateMessages.tooFar };
  return { ok: true, value };
}

export type DueState = "none" | "done" | "ok" | "soon" | "overdue";

/** Days before the due date from which the portal marks it "por vencer". */
export const DUE_SOON_DAYS = 7;

/** Where a worker stands against the due date: finished, none set, on time, due within a week, or late. */
export function dueState(dueOn: string | null, completedAt: Date | string | null, today: string): DueState {
  if (completedAt) return "done";
  if (!dueOn) return "none";
  if (dueOn < today) return "overdue";
  return daysBetween(parseIsoDay(today)!, parseIsoDay(dueOn)!) <= DUE_SOON_DAYS ? "soon" : "ok";
}

/** The portal's filter by due date ('plazo' in the URL). */
export const DEADLINE_FILTERS = ["atrasados", "por-vencer", "sin-fecha"] as const;
export type DeadlineFilter = (typeof DEADLINE_FILTERS)[number];
export const DEADLINE_FILTER_LABELS: Record<DeadlineFilter, string> = {
  atrasados: "Atrasados",
  "por-vencer": "Vencen en 7 días",
  "sin-fecha": "Sin fecha límite",
};

export function matchesDeadline(state: DueState, filter: DeadlineFilter | null): boolean {
  if (filter === null) return true;
  if (filter === "atrasados") return state === "overdue";
  if (filter === "por-vencer") return state === "soon";
  return state === "none";
}

/** The worker's line on their dashboard card. */
export function dueLine(dueOn: string, today: string): { text: string; late: boolean } {
  const late = dueOn < today;
  return { text: `Tu empresa ${late ? "pedía" : "pide"} terminar este curso antes del ${formatShortDay(dueOn)}`, late };
}

// ── Automatic nudges ──────────────────────────────────────────────────────────
export const NUDGE_RULES = ["inactive", "before-due", "overdue"] as const;
export type NudgeRule = (typeof NUDGE_RULES)[number];

/** The choices the manager has for the two rules that take a number of days. */
export const NUDGE_DAY_CHOICES = [3, 7, 14, 30] as const;

export interface NudgeSettings {
  /** Days without activity after which the worker is nudged once; null is off. */
  inactiveDays: number | null;
  /** Days before the due date on which the worker is nudged once; null is off. */
  beforeDueDays: number | null;
  /** A nudge the day after the due date passed without finishing. */
  overdue: boolean;
}

export const NUDGES_OFF: NudgeSettings = { inactiveDays: null, beforeDueDays: null, overdue: false };

const dayChoice = z
  .string()
  .optional()
  .transform((v) => (v ? Number(v) : null))
  .refine((v) => v === null || (NUDGE_DAY_CHOICES as readonly number[]).includes(v), { message: "Elige una de las opciones." });

export const nudgeSettingsSchema = z.object({
  inactiveDays: dayChoice,
  beforeDueDays: dayChoice,
  overdue: z
    .string()
    .optional()
    .transform((v) => v === "on"),
});
export const NUDGE_FIELDS = ["inactiveDays", "beforeDueDays", "overdue"] as const;

export const nudgeMessages = {
  saved: "Guardamos los avisos automáticos.",
  digestOn: "Te enviaremos un resumen diario de quienes completen un curso.",
  digestOff: "Ya no te enviaremos el resumen diario de quienes completen un curso.",
  digestOnlyManagers: "El resumen diario es para los encargados de la empresa.",
} as const;

/**
 * The nudge a worker is due today, given the company's settings; the rules a late look passed over are returned in
 * `skipped` (claimed without a mail). Only for an unfinished assignment.
 */
export function dueNudges(
  s: NudgeSettings,
  w: { dueOn: string | null; lastActivityDay: string },
  today: string,
): NudgeRule[] {
  const out: NudgeRule[] = [];
  const t = parseIsoDay(today)!;
  if (s.inactiveDays !== null && daysBetween(parseIsoDay(w.lastActivityDay)!, t) >= s.inactiveDays) out.push("inactive");
  if (w.dueOn) {
    if (s.overdue && w.dueOn < today) out.push("overdue");
    else if (s.beforeDueDays !== null && w.dueOn >= today && isoDay(addDays(t, s.beforeDueDays)) >= w.dueOn) out.push("before-due");
  }
  return out;
}
