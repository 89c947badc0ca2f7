// GET /admin/ventas/:number/documentos/:documentId — a sale's tax document, for admins.
import type { Route } from "./+types/venta-documento";
import { parseId } from "~/domain/ids";
import { requireAdmin } from "~/server/accounts/session.server";
import { adminDocumentPdf } from "~/server/commerce/tax-documents/queries.server";
import { documentNotFound } from "~/server/commerce/tax-documents/download.server";
import { downloadResponse } from "~/server/platform/http/download.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseId(params.documentId);
  const found = id !== null ? await adminDocumentPdf(params.number ?? "", id) : null;
  if (!found) return documentNotFound();
  return downloadResponse(new Uint8Array(found.pdf), { filename: found.filename, type: "pdf", length: found.pdf.length });
}
