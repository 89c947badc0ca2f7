// GET /admin/inscripciones.csv[?curso=&estado=]: the filtered enrolments as a spreadsheet (';' separated, UTF-8 with BOM).
import type { Route } from "./+types/inscripciones-csv";
import { csvFilename, enrolmentsCsvStream, parseEnrolmentFilters } from "~/server/learning/admin-enrolments.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { downloadResponse } from "~/server/platform/http/download.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseEnrolmentFilters(new URL(request.url).searchParams);
  return downloadResponse(enrolmentsCsvStream(filters), { filename: csvFilename(), type: "csv" });
}
