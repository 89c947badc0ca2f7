// /compras/:number — one order of the signed-in learner: its receipt when paid, the bank details while a
// transfer is awaited, or what happened at Webpay and how to try again. Another learner's order is a 404.
import { data, Link } from "react-router";
import { readForm } from "~/server/platform/http/request-body.server";
import { attachTransferProof, proofsOfOrder } from "~/server/commerce/orders/transfer-proof.server";
import { transferProofMessages } from "~/domain/transfer-proof";
import { logger } from "~/server/platform/logger.server";
import type { Route } from "./+types/compra";
import { formatClp, formatDateTime } from "~/domain/format";
import { formatRut } from "~/domain/rut";
import { placeLabel } from "~/domain/skills-sessions";
import { METHOD_LABELS, ORDER_NUMBER_PATTERN, ORDER_STATUS_LABELS, commerceMessages, isOrderStatus, seatCount, seatsLine, webpayPaymentDetails, type PaymentMethodType } from "~/domain/commerce";
import { getOrderForUser } from "~/server/commerce/orders/learner-orders.server";
import { buyerDocuments } from "~/server/commerce/tax-documents/queries.server";
import { requireUser } from "~/server/accounts/session.server";
import { site } from "~/config/site";
import { OrderView, type OrderViewData } from "~/ui/commerce/order-view";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData && "order" in loaderData ? `Pedido ${loaderData.order.number}` : "Pedido no encontrado") },
  { name: "robots", content: "noindex" },
];

function outcomeMessage(status: string, method: string): string | null {
  if (status === "rejected") return commerceMessages.paymentRejected;
  if (status === "cancelled") return commerceMessages.paymentCancelled;
  if (status === "failed") return method === "webpay" ? commerceMessages.paymentTimedOut : commerceMessages.paymentFailed;
  if (status === "pending" && method === "webpay") return commerceMessages.paymentUnconfirmed;
  return null;
}

/** What a paid seat's order page says: the seat booked, or given up and refunded. */
function seatPaidText(bookingStatus: string | null): string {
  if (bookingStatus === "booked" || bookingStatus === "closed") return "Tu pago está confirmado y tu cupo en la sesión práctica quedó reservado.";
  if (bookingStatus === "cancelled") return "Tu reserva en esta sesión práctica está cancelada: te devolvemos lo que pagaste y te avisamos por correo.";
  return "Tu pago está confirmado, pero la sesión ya no tenía cupo: te devolvemos el total y te avisamos por correo.";
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const number = params.number ?? "";
  const found = ORDER_NUMBER_PATTERN.test(number) ? await getOrderForUser(number, user.id) : null;
  if (!found) return data({ notFound: true as const }, { status: 404 });
  const { order: o, payment: p } = found;
  const status = isOrderStatus(o.status) ? o.status : "pending";
  const rows: { label: string; value: string }[] = [
    { label: "Pedido", value: o.number },
    { label: "Fecha", value: formatDateTime(o.paidAt ?? o.createdAt) },
  ];
  // Seats are bought for a company: the receipt names it and shows quantity × price (the factura's lines).
  if (found.company) {
    rows.push({ label: "Empresa", value: found.company.name }, { label: "RUT de la empresa", value: formatRut(found.company.rut) });
  }
  const seat = found.session;
  if (seat) {
    rows.push(
      { label: "Sesión práctica", value: found.courseTitle },
      { label: "Fecha de la sesión", value: formatDateTime(seat.startsAt) },
      { label: "Lugar", value: placeLabel(seat) },
    );
  } else rows.push({ label: "Curso", value: found.courseTitle });
  if (found.company) rows.push({ label: "Cupos", value: seatsLine(o.quantity, o.unitPriceClp) });
  if (o.discountClp > 0) {
    rows.push({ label: "Subtotal", value: formatClp(o.subtotalClp) });
    rows.push({ label: `Cupón ${o.couponCode ?? ""}`.trim(), value: formatClp(-o.discountClp) });
  }
  rows.push({ label: o.status === "paid" || o.status === "refunded" ? "Total pagado" : "Total", value: formatClp(o.amountClp) });
  rows.push({ label: "Medio de pago", value: METHOD_LABELS[o.method as PaymentMethodType] ?? o.method });
  if (p?.cardLast4) rows.push({ label: "Tarjeta", value: `terminada en ${p.cardLast4}` });
  // What Transbank's voucher shows of the payment: the card's kind and its cuotas (stored from Webpay's commit).
  const details = webpayPaymentDetails(p?.paymentTypeCode ?? null, p?.installments ?? null);
  if (details.type) rows.push({ label: "Tipo de pago", value: details.type });
  if (details.installments) rows.push({ label: "Cuotas", value: details.installments });
  if (p?.authorizationCode) rows.push({ label: "Código de autorización", value: p.authorizationCode });
  const view: OrderViewData = {
    number: o.number,
    status,
    statusLabel: ORDER_STATUS_LABELS[status],
    method: o.method,
    courseId: o.courseId,
    courseTitle: found.courseTitle,
    seats: found.company ? { companyName: found.company.name, what: `${seatCount(o.quantity)} de ${found.courseTitle}` } : null,
    start: seat ? { path: `/sesiones/${seat.id}`, label: "Ver mi reserva" } : o.companyId !== null ? { path: `/empresa/${o.companyId}/cursos/${o.courseId}`, label: "Asignar los cupos" } : null,
    retryPath: seat ? `/sesiones/${seat.id}` : o.companyId !== null ? `/empresa/${o.companyId}/comprar?curso=${o.courseId}` : null,
    paidText: seat ? seatPaidText(seat.bookingStatus) : null,
    total: formatClp(o.amountClp),
    rows,
    message: outcomeMessage(status, o.method),
    canPayAtWebpay: o.method === "webpay" && status === "pending" && !!o.token,
    bank: o.method === "transfer" && status === "pending" ? site.bank : null,
    issuer: `${site.legalName}, RUT ${site.rut}, ${site.address}`,
    documents: (await buyerDocuments(o.id)).map((d) => ({ ...d, href: `/compras/${o.number}/documentos/${d.id}` })),
    // A transfer's proofs, whatever became of the order; the form only while the transfer is awaited.
    proof:
      o.method === "transfer"
        ? {
            canUpload: status === "pending",
            uploaded: (await proofsOfOrder(o.id)).map((p) => ({ href: `/compras/${o.number}/comprobantes/${p.id}`, filename: p.filename, at: formatDateTime(p.uploadedAt) })),
          }
        : null,
  };
  return { order: view };
}

export type ProofActionData = { proofError: string } | { proofSaved: string };

/** The buyer's proof of transfer (multipart: one file), for their own order still awaiting the transfer. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const number = params.number ?? "";
  const read = await readForm(request, "proof");
  if (!read.ok) return data<ProofActionData>({ proofError: read.message }, { status: read.status, headers: { Connection: "close" } });
  try {
    if (read.form.get("intent") !== "upload-proof" || !ORDER_NUMBER_PATTERN.test(number)) {
      return data<ProofActionData>({ proofError: "La solicitud no es válida. Recarga la página e inténtalo de nuevo." }, { status: 400 });
    }
    let result;
    try {
      result = await attachTransferProof({ number, userId: user.id, file: read.files.get("comprobante") });
    } catch (error) {
      logger.error({ err: error, number }, "could not store a proof of transfer");
      return data<ProofActionData>({ proofError: transferProofMessages.saveFailed }, { status: 503 });
    }
    if (!result.ok) return data<ProofActionData>({ proofError: result.message || "El pedido no existe o no pertenece a tu cuenta." }, { status: result.status });
    return data<ProofActionData>({ proofSaved: transferProofMessages.received });
  } finally {
    await read.cleanup();
  }
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData) {
    return (
      <section className="bg-slate-50 px-4 py-16">
        <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
          <h1 className="text-2xl font-bold text-ink">Pedido no encontrado</h1>
          <p className="mt-3 text-slate-600">El pedido no existe o no pertenece a tu cuenta.</p>
          <Link to="/compras" className="mt-6 inline-block font-semibold text-brand-700 underline">
            Ver mis compras
          </Link>
        </div>
      </section>
    );
  }
  return <OrderView order={loaderData.order} proofReply={actionData} />;
}
