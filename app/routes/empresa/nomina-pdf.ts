// GET /empresa/:companyId/cumplimiento/:courseId/nomina.pdf: the nómina de personal capacitado of one of the
// company's courses (docs/certificate-validity.md), streamed.
import { data } from "react-router";
import type { Route } from "./+types/nomina-pdf";
import { companyMessages } from "~/domain/companies";
import { chileIsoDay } from "~/domain/chile-time";
import { parseId } from "~/domain/ids";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { companyCourses, nominaPdf } from "~/server/companies/compliance.server";
import { fileSlug } from "~/server/companies/exports.server";
import { now } from "~/server/platform/clock.server";
import { downloadResponse } from "~/server/platform/http/download.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await requireCompanyAccess(request, parseId(params.companyId));
  const courseId = parseId(params.courseId);
  const c = (await companyCourses(company.id)).find((x) => x.id === courseId);
  if (!c) throw data(companyMessages.courseNotFound, { status: 404 });
  const at = now();
  const pdf = await nominaPdf(company, c, at);
  return downloadResponse(pdf, { filename: `nomina-${fileSlug(c.title)}-${fileSlug(company.name)}-${chileIsoDay(at)}.pdf`, type: "pdf" });
}
