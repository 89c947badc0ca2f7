// GET /admin/lista-de-espera.csv[?curso=]: the courses' waiting lists (or one's) as a spreadsheet: address, course,
// when they joined and when they were told the course opened.
import type { Route } from "./+types/lista-espera-csv";
import { parseId } from "~/domain/ids";
import { requireAdmin } from "~/server/accounts/session.server";
import { waitlistCsvFilename, waitlistCsvStream } from "~/server/catalogue/waitlist.server";
import { downloadResponse } from "~/server/platform/http/download.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const courseId = parseId(new URL(request.url).searchParams.get("curso") ?? "");
  return downloadResponse(waitlistCsvStream(courseId), { filename: waitlistCsvFilename(), type: "csv" });
}
