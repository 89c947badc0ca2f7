// GET /admin/ventas.csv[?estado=&curso=&desde=&hasta=]: the filtered orders as a spreadsheet (';' separated, UTF-8 with BOM).
import type { Route } from "./+types/ventas-csv";
import { parseSalesFilters, salesCsvFilename, salesCsvStream } from "~/server/commerce/admin-sales.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { downloadResponse } from "~/server/platform/http/download.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseSalesFilters(new URL(request.url).searchParams);
  return downloadResponse(salesCsvStream(filters), { filename: salesCsvFilename(), type: "csv" });
}
