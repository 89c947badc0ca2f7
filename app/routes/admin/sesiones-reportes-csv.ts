// GET /admin/sesiones/reportes.csv?tabla=sesiones|items|relatores[&periodo=30d|90d|12m|todo] — one of the skills-session reports as a
// spreadsheet (';' separated, UTF-8 with BOM). Each table is aggregated in SQL and bounded.
import { data } from "react-router";
import type { Route } from "./+types/sesiones-reportes-csv";
import { toCsv } from "~/domain/csv";
import { parseSessionReportPeriod, SESSION_REPORT_PERIOD_PARAM, sessionReportSince } from "~/domain/skills-report-period";
import { chileIsoDay } from "~/domain/chile-time";
import { requireAdmin } from "~/server/accounts/session.server";
import { now } from "~/server/platform/clock.server";
import { downloadResponse } from "~/server/platform/http/download.server";
import { skillsReportCsv, type SkillsReportTable } from "~/server/sessions/reports.server";

const TABLES: readonly SkillsReportTable[] = ["sesiones", "items", "relatores"];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const asked = search.get("tabla") ?? "sesiones";
  const table = TABLES.find((t) => t === asked);
  if (!table) throw data("Ese reporte no existe.", { status: 404 });
  // The page's own period, read the same way: the CSV holds what the table showed.
  const period = parseSessionReportPeriod(search.get(SESSION_REPORT_PERIOD_PARAM));
  const { header, rows } = await skillsReportCsv(table, sessionReportSince(period, now()));
  return downloadResponse(toCsv(header, rows), { filename: `sesiones-practicas-${table}-${period}-${chileIsoDay(now())}.csv`, type: "csv" });
}
