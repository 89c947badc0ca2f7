// GET /empresa/:companyId/datos-trabajadores.zip: the company's workers' personal data and results, for its managers
// (app/server/privacy/company-export.server.ts). Logged in the access log.
import type { Route } from "./+types/datos-trabajadores";
import { parseId } from "~/domain/ids";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { fileSlug } from "~/server/companies/exports.server";
import { downloadResponse } from "~/server/platform/http/download.server";
import { companyWorkersZip } from "~/server/privacy/company-export.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, company } = await requireCompanyAccess(request, parseId(params.companyId));
  const zip = await companyWorkersZip(company.id, user);
  return downloadResponse(zip, { filename: `${fileSlug(company.name)}-datos-trabajadores.zip`, type: "zip" });
}
