// GET /compras/:number/comprobantes/:proofId — a proof of transfer, downloaded by the buyer of its order or by an
// administrator checking it before confirming the payment; a 404 for anyone else, as for one that does not exist.
import { Readable } from "node:stream";
import { data } from "react-router";
import type { Route } from "./+types/compra-comprobante";
import { parseId } from "~/domain/ids";
import { ORDER_NUMBER_PATTERN } from "~/domain/commerce";
import { isAdmin } from "~/domain/permissions";
import { requireUser } from "~/server/accounts/session.server";
import { proofForDownload } from "~/server/commerce/orders/transfer-proof.server";
import { contentDisposition } from "~/server/platform/http/download.server";
import { logAdminView } from "~/server/privacy/requests.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = parseId(params.proofId);
  const number = params.number ?? "";
  const found = id !== null && ORDER_NUMBER_PATTERN.test(number) ? await proofForDownload(number, id, isAdmin(user) ? null : user.id) : null;
  if (!found) throw data("Comprobante no encontrado", { status: 404 });
  // A receipt shows the buyer's name and bank: an administrator who opens it goes to the access log, as for the order.
  if (isAdmin(user)) await logAdminView(user, "admin.view_order", found.buyerId);
  return new Response(Readable.toWeb(found.body) as ReadableStream<Uint8Array>, {
    headers: {
      // The type the server found in its bytes when it was uploaded (domain/transfer-proof.ts), never the browser's.
      "Content-Type": found.mime,
      "Content-Length": String(found.size),
      "Content-Disposition": contentDisposition("attachment", found.filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
