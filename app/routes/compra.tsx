// /compras/:number — one order of the signed-in learner: its receipt when paid, the bank details while a
// transfer is awaited, or what happened at Webpay and how to try again. Another learner's order is a 404.
import { data } from "react-router";
import type { Route } from "./+types/compra";
import { formatClp, formatCount, formatDateTime } from "~/domain/format";
import { METHOD_LABELS, ORDER_NUMBER_PATTERN, ORDER_STATUS_LABELS, commerceMessages, isOrderStatus, type PaymentMethodType } from "~/domain/commerce";
import { getOrderForUser } from "~/server/orders/learner-orders.server";
import { requireUser } from "~/server/session.server";
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
    { label: "Curso", value: found.courseTitle },
  ];
  if (o.companyId !== null) rows.push({ label: "Cupos para la empresa", value: formatCount(o.quantity) });
  if (o.discountClp > 0) {
    rows.push({ label: "Subtotal", value: formatClp(o.subtotalClp) });
    rows.push({ label: `Cupón ${o.couponCode ?? ""}`.trim(), value: formatClp(-o.discountClp) });
  }
  rows.push({ label: o.status === "paid" || o.status === "refunded" ? "Total pagado" : "Total", value: formatClp(o.amountClp) });
  rows.push({ label: "Medio de pago", value: METHOD_LABELS[o.method as PaymentMethodType] ?? o.method });
  if (p?.cardLast4) rows.push({ label: "Tarjeta", value: `terminada en ${p.cardLast4}` });
  if (p?.authorizationCode) rows.push({ label: "Código de autorización", value: p.authorizationCode });
  const view: OrderViewData = {
    number: o.number,
    status,
    statusLabel: ORDER_STATUS_LABELS[status],
    method: o.method,
    courseId: o.courseId,
    courseTitle: found.courseTitle,
    start: o.companyId !== null ? { path: `/empresa/${o.companyId}/cursos/${o.courseId}`, label: "Ir al portal de la empresa" } : null,
    total: formatClp(o.amountClp),
    rows,
    message: outcomeMessage(status, o.method),
    canPayAtWebpay: o.method === "webpay" && status === "pending" && !!o.token,
    bank: o.method === "transfer" && status === "pending" ? site.bank : null,
    issuer: `${site.legalName}, RUT ${site.rut}, ${site.address}`,
  };
  return { order: view };
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  if ("notFound" in loaderData) {
    return (
      <section className="bg-slate-50 px-4 py-16">
        <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
          <h1 className="text-2xl font-bold text-ink">Pedido no encontrado</h1>
          <p className="mt-3 text-slate-600">El pedido no existe o no pertenece a tu cuenta.</p>
          <a href="/compras" className="mt-6 inline-block font-semibold text-brand-700 underline">
            Ver mis compras
          </a>
        </div>
      </section>
    );
  }
  return <OrderView order={loaderData.order} />;
}
