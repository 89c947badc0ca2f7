// GET /admin/resumen.csv[?periodo=&curso=]: the overview of /admin as a spreadsheet, one row per bucket.
import type { Route } from "./+types/resumen-csv";
import { csvResponse, getOverview, overviewCsv, parseInsightFilters } from "~/server/admin-insight.server";
import { requireAdmin } from "~/server/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseInsightFilters(new URL(request.url).searchParams);
  const overview = await getOverview(filters);
  return csvResponse(overviewCsv(overview), `resumen-${filters.period}.csv`);
}
