// The period of the skills-session reports (/admin/sesiones/reportes and its CSVs): the sessions that start from
// the period's first day (Chile's calendar, cut as the other admin reports cut theirs) — the coming ones included,
// whose seats are already taken — or every session.
import { PERIOD_LABELS, PERIOD_PARAM, periodBuckets } from "./insight";

export const SESSION_REPORT_PERIODS = ["30d", "90d", "12m", "todo"] as const;
export type SessionReportPeriod = (typeof SESSION_REPORT_PERIODS)[number];
export const DEFAULT_SESSION_REPORT_PERIOD: SessionReportPeriod = "12m";
export const SESSION_REPORT_PERIOD_LABELS: Record<SessionReportPeriod, string> = {
  "30d": PERIOD_LABELS["30d"],
  "90d": PERIOD_LABELS["90d"],
  "12m": PERIOD_LABELS["12m"],
  todo: "Todas las fechas",
};
/** The same query parameter as every other report's. */
export const SESSION_REPORT_PERIOD_PARAM = PERIOD_PARAM;

/** `?periodo=`: one of the periods; anything else (absent, hostile, repeated) is the default, as in the other reports. */
export function parseSessionReportPeriod(value: string | null | undefined): SessionReportPeriod {
  return (SESSION_REPORT_PERIODS as readonly string[]).includes(value ?? "") ? (value as SessionReportPeriod) : DEFAULT_SESSION_REPORT_PERIOD;
}

/** The first instant of the period (inclusive), or null for every session. */
export function sessionReportSince(period: SessionReportPeriod, now: Date): Date | null {
  if (period === "todo") return null;
  return periodBuckets(period, now)[0]!.start;
}
