// GET /admin/resumen.csv[?periodo=&curso=]: the overview of /admin as a spreadsheet, one row per bucket.
import type { Route } from "./+types/resumen-csv";
import { getOverview, overviewCsv, parseInsightFilters } from "~/server/reports/insight.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { downloadResponse } from "~/server/platform/http/download.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseInsightFilters(new URL(request.url).searchParams);
  const overview = await getOverview(filters);
  return downloadResponse(overviewCsv(overview), { filename: `resumen-${filters.period}.csv`, type: "csv" });
}
