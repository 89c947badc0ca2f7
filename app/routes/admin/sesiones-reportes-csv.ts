// GET /admin/sesiones/reportes.csv?tabla=sesiones|items|relatores — one of the skills-session reports as a
// spreadsheet (';' separated, UTF-8 with BOM). Each table is aggregated in SQL and bounded.
import { data } from "react-router";
import type { Route } from "./+types/sesiones-reportes-csv";
import { toCsv } from "~/domain/csv";
import { chileIsoDay } from "~/domain/chile-time";
import { requireAdmin } from "~/server/accounts/session.server";
import { now } from "~/server/platform/clock.server";
import { downloadResponse } from "~/server/platform/http/download.server";
import { skillsReportCsv, type SkillsReportTable } from "~/server/sessions/reports.server";

const TABLES: readonly SkillsReportTable[] = ["sesiones", "items", "relatores"];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const asked = new URL(request.url).searchParams.get("tabla") ?? "sesiones";
  const table = TABLES.find((t) => t === asked);
  if (!table) throw data("Ese reporte no existe.", { status: 404 });
  const { header, rows } = await skillsReportCsv(table);
  return downloadResponse(toCsv(header, rows), { filename: `sesiones-practicas-${table}-${chileIsoDay(now())}.csv`, type: "csv" });
}
