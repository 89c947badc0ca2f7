// GET /admin/cursos/:id/resultados.csv[?periodo=]: the course's results as a spreadsheet.
import { data } from "react-router";
import type { Route } from "./+types/curso-resultados-csv";
import { parseId } from "~/domain/ids";
import { parsePeriod, PERIOD_PARAM } from "~/domain/insight";
import { courseResultsCsv, getCourseResults } from "~/server/reports/course-results.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { downloadResponse } from "~/server/platform/http/download.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const period = parsePeriod(new URL(request.url).searchParams.get(PERIOD_PARAM));
  const results = id === null ? null : await getCourseResults(id, period);
  if (!results) throw data("No existe un curso con ese identificador.", { status: 404 });
  return downloadResponse(courseResultsCsv(results), { filename: `resultados-curso-${results.course.id}-${period}.csv`, type: "csv" });
}
