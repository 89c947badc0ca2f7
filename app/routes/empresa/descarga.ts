// GET /empresa/:companyId/cursos/:courseId/descargas/{trabajadores.csv|trabajadores.xlsx|certificados.zip|plantilla.csv}:
// the company's workers of a course as CSV or Excel, all their certificates as one ZIP, and the upload's template.
import { data } from "react-router";
import type { Route } from "./+types/descarga";
import { companyMessages, parseWorkerFilters } from "~/domain/companies";
import { parseId } from "~/domain/ids";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { certificatesZip, fileSlug, rosterTemplateCsv, workersCsv, workersXlsx } from "~/server/companies/exports.server";
import { getPublishedCourse } from "~/server/catalogue/courses.server";
import { downloadResponse } from "~/server/platform/http/download.server";

const common = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await requireCompanyAccess(request, parseId(params.companyId));
  const courseId = parseId(params.courseId);
  const found = courseId === null ? null : await getPublishedCourse(courseId);
  if (!found) throw data(companyMessages.courseNotFound, { status: 404 });
  const c = found.course;
  const base = `${fileSlug(company.name)}-${fileSlug(c.title)}`;
  // The table's filters, when the link carries them: the download is what the page shows.
  const query = new URL(request.url).searchParams;
  const filters = [...query.keys()].length > 0 ? parseWorkerFilters(query) : null;
  switch (params.file) {
    case "plantilla.csv":
      return downloadResponse(rosterTemplateCsv(), { filename: "plantilla-trabajadores.csv", type: "csv" });
    case "trabajadores.csv":
      return downloadResponse(await workersCsv(company.id, c.id, filters), { filename: `${base}-trabajadores.csv`, type: "csv" });
    case "trabajadores.xlsx": {
      const xlsx = await workersXlsx(company.id, c.id, c.title, filters);
      return downloadResponse(new Uint8Array(xlsx), { filename: `${base}-trabajadores.xlsx`, type: "xlsx", length: xlsx.length });
    }
    case "certificados.zip": {
      const zip = await certificatesZip(company.id, c.id);
      if (!zip) return new Response("Aún no hay certificados emitidos en este curso.", { status: 404, headers: { ...common, "Content-Type": "text/plain; charset=utf-8" } });
      return downloadResponse(zip, { filename: `${base}-certificados.zip`, type: "zip" });
    }
    default:
      throw data("Archivo no encontrado.", { status: 404 });
  }
}
