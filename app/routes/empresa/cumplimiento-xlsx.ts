// GET /empresa/:companyId/cumplimiento.xlsx: the company's compliance matrix as Excel, under the page's filters.
import type { Route } from "./+types/cumplimiento-xlsx";
import { chileIsoDay } from "~/domain/chile-time";
import { parseId } from "~/domain/ids";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { todayComplianceXlsx } from "~/server/companies/compliance.server";
import { fileSlug } from "~/server/companies/exports.server";
import { now } from "~/server/platform/clock.server";
import { downloadResponse } from "~/server/platform/http/download.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await requireCompanyAccess(request, parseId(params.companyId));
  const at = now();
  const xlsx = await todayComplianceXlsx(company.id, company.name, new URL(request.url).searchParams, at);
  return downloadResponse(new Uint8Array(xlsx), { filename: `${fileSlug(company.name)}-cumplimiento-${chileIsoDay(at)}.xlsx`, type: "xlsx", length: xlsx.length });
}
