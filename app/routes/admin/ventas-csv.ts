// GET /admin/ventas.csv[?estado=&curso=&desde=&hasta=]: the filtered orders as a spreadsheet (';' separated, UTF-8 with BOM).
import type { Route } from "./+types/ventas-csv";
import { parseSalesFilters, salesCsvFilename, salesCsvStream } from "~/server/admin-sales.server";
import { requireAdmin } from "~/server/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseSalesFilters(new URL(request.url).searchParams);
  return new Response(salesCsvStream(filters), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${salesCsvFilename()}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
