// GET /empresa/:companyId/sence/:actionId/descargas/asistencia.{csv|xlsx} — an action's attendance report for the OTIC or the
// company (its manager and the admins only).
import { data } from "react-router";
import type { Route } from "./+types/sence-asistencia";
import { parseId } from "~/domain/ids";
import { senceMessages as M } from "~/domain/sence-messages";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { fileSlug } from "~/server/companies/exports.server";
import { getAction } from "~/server/sence/actions.server";
import { attendanceCsv, attendanceReport, attendanceXlsx } from "~/server/sence/attendance.server";
import { downloadResponse } from "~/server/platform/http/download.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await requireCompanyAccess(request, parseId(params.companyId));
  const id = parseId(params.actionId);
  const action = id === null ? null : await getAction(company.id, id);
  if (!action) throw data(M.actionNotFound, { status: 404 });
  const workers = await attendanceReport(action.id);
  const base = `asistencia-sence-${fileSlug(action.codigoCurso)}-${fileSlug(company.name)}`;
  if (params.file === "asistencia.csv") return downloadResponse(attendanceCsv(workers), { filename: `${base}.csv`, type: "csv" });
  if (params.file === "asistencia.xlsx") {
    const xlsx = attendanceXlsx(workers, `${action.courseTitle} · acción ${action.codigoCurso}`);
    return downloadResponse(new Uint8Array(xlsx), { filename: `${base}.xlsx`, type: "xlsx", length: xlsx.length });
  }
  throw data("Archivo no encontrado.", { status: 404 });
}
