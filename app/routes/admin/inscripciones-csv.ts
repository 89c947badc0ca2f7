// GET /admin/inscripciones.csv[?curso=&estado=]: the filtered enrolments as a spreadsheet (';' separated, UTF-8 with BOM).
import type { Route } from "./+types/inscripciones-csv";
import { csvFilename, enrolmentsCsvStream, parseEnrolmentFilters } from "~/server/admin-enrolments.server";
import { requireAdmin } from "~/server/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseEnrolmentFilters(new URL(request.url).searchParams);
  return new Response(enrolmentsCsvStream(filters), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFilename()}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
