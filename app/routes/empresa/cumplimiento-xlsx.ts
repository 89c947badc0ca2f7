// GET /empresa/:companyId/cumplimiento.xlsx: the company's compliance matrix as Excel, under the page's filters;
// with `?mes=`, that month's snapshot as it was taken.
import { data } from "react-router";
import type { Route } from "./+types/cumplimiento-xlsx";
import { chileIsoDay } from "~/domain/chile-time";
import { parseSnapshotMonth } from "~/domain/compliance";
import { formatDateTime } from "~/domain/format";
import { parseId } from "~/domain/ids";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { complianceXlsx, todayComplianceXlsx } from "~/server/companies/compliance.server";
import { loadSnapshot } from "~/server/companies/compliance-snapshots.server";
import { fileSlug } from "~/server/companies/exports.server";
import { now } from "~/server/platform/clock.server";
import { downloadResponse } from "~/server/platform/http/download.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await requireCompanyAccess(request, parseId(params.companyId));
  const search = new URL(request.url).searchParams;
  const asked = search.get("mes") ?? "";
  if (asked !== "") {
    const month = parseSnapshotMonth(asked);
    const snapshot = month ? await loadSnapshot(company.id, month) : null;
    if (!snapshot) throw data("No hay una foto de la matriz de ese mes.", { status: 404 });
    const xlsx = complianceXlsx(snapshot, search, `Cumplimiento · ${company.name} · foto del ${formatDateTime(snapshot.takenAt)}`);
    return downloadResponse(new Uint8Array(xlsx), {
      filename: `${fileSlug(company.name)}-cumplimiento-foto-${chileIsoDay(snapshot.takenAt)}.xlsx`,
      type: "xlsx",
      length: xlsx.length,
    });
  }
  const at = now();
  // Streamed as its rows are read: no length is known beforehand.
  const xlsx = await todayComplianceXlsx(company.id, company.name, search, at);
  return downloadResponse(xlsx, { filename: `${fileSlug(company.name)}-cumplimiento-${chileIsoDay(at)}.xlsx`, type: "xlsx" });
}
