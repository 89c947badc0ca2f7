// GET /empresa/:companyId/documentos/:documentId — the factura (or nota de crédito) of a seat purchase, for the
// company's managers: only a document of an order placed for this company.
import type { Route } from "./+types/documento";
import { parseId } from "~/domain/ids";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { companyDocumentPdf } from "~/server/commerce/tax-documents/queries.server";
import { documentNotFound } from "~/server/commerce/tax-documents/download.server";
import { downloadResponse } from "~/server/platform/http/download.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await requireCompanyAccess(request, parseId(params.companyId));
  const id = parseId(params.documentId);
  const found = id !== null ? await companyDocumentPdf(company.id, id) : null;
  if (!found) return documentNotFound();
  return downloadResponse(new Uint8Array(found.pdf), { filename: found.filename, type: "pdf", length: found.pdf.length });
}
