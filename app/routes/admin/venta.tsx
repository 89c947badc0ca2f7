// /admin/ventas/:number — one order: buyer, amounts, payment, refund and its history (who, when, from → to);
// confirm or reject a transfer; refund a payment (Webpay's refund call for a card) with a reason.
import { data, Link } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/venta";
import { REFUND_FIELDS, REJECT_FIELDS, ORDER_NUMBER_PATTERN, commerceMessages, refundSchema, rejectSchema } from "~/domain/commerce";
import { parseForm } from "~/domain/form-parse";
import { getSaleDetail } from "~/server/commerce/admin-sales.server";
import { confirmTransfer, refundOrder, rejectTransfer } from "~/server/commerce/orders/admin-orders.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { logAdminView } from "~/server/privacy/requests.server";
import { Notice } from "~/ui/admin/notice";
import { SaleDetail, type SaleActionData } from "~/ui/admin/sale-detail";
import { SaleDocuments } from "~/ui/admin/tax-documents";
import { documentAction, orderDocumentsForAdmin } from "~/server/commerce/tax-documents/admin.server";
import { taxDocumentsEnabled } from "~/server/commerce/tax-documents/config.server";
import { proofsOfOrder } from "~/server/commerce/orders/transfer-proof.server";
import { formatDateTime } from "~/domain/format";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";
import type { ActionResult } from "~/domain/action-result";

export const meta: Route.MetaFunction = ({ params }) => [{ title: pageTitle(`Pedido ${params.number} | Ventas | Administración`) }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const number = params.number ?? "";
  const detail = ORDER_NUMBER_PATTERN.test(number) ? await getSaleDetail(number) : null;
  if (!detail) return data({ notFound: true as const }, { status: 404 });
  // The order shows its buyer's name, e-mail and tax data: who opened it goes to the access log.
  await logAdminView(admin, "admin.view_order", detail.order.buyerId);
  const [documents, proofs] = await Promise.all([orderDocumentsForAdmin(detail.order.id, detail.order.number), proofsOfOrder(detail.order.id)]);
  const liveSale = documents.find((d) => d.kind === "sale" && d.state !== "rejected");
  return {
    ...detail,
    documents,
    proofs: proofs.map((p) => ({ href: `/compras/${detail.order.number}/comprobantes/${p.id}`, filename: p.filename, at: formatDateTime(p.uploadedAt) })),
    taxDocumentsEnabled: taxDocumentsEnabled(),
    // Refunded while its sale document had no folio yet: the nota de crédito follows that document.
    waitingCreditNote: detail.order.status === "refunded" && !!liveSale && liveSale.state !== "issued" && !documents.some((d) => d.kind === "credit"),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const number = params.number ?? "";
  const form = await readFormOrThrow(request);
  const intent = form.get("intent");
  const reply = (result: ActionResult) => data<SaleActionData>({ ...result, intent: String(intent), fieldErrors: {}, values: {} }, { status: result.ok ? 200 : 409 });
  if (!ORDER_NUMBER_PATTERN.test(number)) return reply({ ok: false, message: "El pedido no existe." });
  const documentResult = await documentAction(form, admin.id);
  if (documentResult) return reply(documentResult);
  if (intent === "confirm") {
    // Marking a transfer paid enrols or credits seats and mails the buyer, and is undone only by a refund: the
    // admin says first that they saw the money (a second step a stray click or a replayed form does not take).
    if (form.get("received") !== "on") {
      return data<SaleActionData>({ ok: false, message: null, intent: "confirm", fieldErrors: { received: commerceMessages.transferNotChecked }, values: {} }, { status: 400 });
    }
    return reply(await confirmTransfer(number, admin.id));
  }
  if (intent === "reject") {
    const parsed = parseForm(rejectSchema, form, REJECT_FIELDS);
    if (!parsed.ok) return data<SaleActionData>({ ok: false, message: null, intent: "reject", fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
    return reply(await rejectTransfer(number, admin.id, parsed.data.reason));
  }
  if (intent === "refund") {
    const parsed = parseForm(refundSchema, form, REFUND_FIELDS);
    if (!parsed.ok) return data<SaleActionData>({ ok: false, message: null, intent: "refund", fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
    return reply(await refundOrder({ number, adminId: admin.id, reason: parsed.data.reason, keepAccess: parsed.data.keepAccess }));
  }
  return data<SaleActionData>({ ok: false, message: "La solicitud no es válida.", intent: "", fieldErrors: {}, values: {} }, { status: 400 });
}

export default function AdminSale({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData) {
    return (
      <section className={`${container} py-8`}>
        <h1 className="text-2xl font-bold text-ink">Pedido no encontrado</h1>
        <Link to="/admin/ventas" className="mt-4 inline-block font-semibold text-brand-700 underline">
          Volver a ventas
        </Link>
      </section>
    );
  }
  return (
    <section className={`${container} py-8`}>
      <p className="text-sm">
        <Link to="/admin/ventas" className="font-semibold text-brand-700 underline underline-offset-4">
          ← Ventas
        </Link>
      </p>
      {actionData?.message ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      <SaleDetail detail={loaderData} actionData={actionData} />
      <SaleDocuments documents={loaderData.documents} orderNumber={loaderData.order.number} enabled={loaderData.taxDocumentsEnabled} waitingCreditNote={loaderData.waitingCreditNote} />
    </section>
  );
}
