// GET /compras/:number/documentos/:documentId — a tax document's PDF for its buyer: only a document of one of
// the signed-in person's own orders (404 otherwise, as for one that does not exist).
import type { Route } from "./+types/compra-documento";
import { parseId } from "~/domain/ids";
import { ORDER_NUMBER_PATTERN } from "~/domain/commerce";
import { requireUser } from "~/server/accounts/session.server";
import { buyerDocumentPdf } from "~/server/commerce/tax-documents/queries.server";
import { downloadResponse } from "~/server/platform/http/download.server";
import { documentNotFound } from "~/server/commerce/tax-documents/download.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = parseId(params.documentId);
  const number = params.number ?? "";
  const found = id !== null && ORDER_NUMBER_PATTERN.test(number) ? await buyerDocumentPdf(number, user.id, id) : null;
  if (!found) return documentNotFound();
  return downloadResponse(new Uint8Array(found.pdf), { filename: found.filename, type: "pdf", length: found.pdf.length });
}
