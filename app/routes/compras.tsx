// /compras — 'Mis compras': the learner's orders, each with its receipt or what it still needs.
import type { Route } from "./+types/compras";
import { formatClp, formatDateTime } from "~/domain/format";
import { METHOD_LABELS, ORDER_STATUS_LABELS, isOrderStatus, type PaymentMethodType } from "~/domain/commerce";
import { listOrdersOfUser } from "~/server/commerce/orders/learner-orders.server";
import { orderPath } from "~/server/commerce/orders/order-state.server";
import { requireUser } from "~/server/accounts/session.server";
import { OrdersList } from "~/ui/commerce/orders-list";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Mis compras") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const rows = await listOrdersOfUser(user.id);
  return {
    orders: rows.map((r) => ({
      number: r.number,
      href: orderPath(r.number),
      courseTitle: r.skillsSessionId !== null ? `Sesión práctica: ${r.courseTitle}` : r.courseTitle,
      amount: formatClp(r.amountClp),
      method: METHOD_LABELS[r.method as PaymentMethodType] ?? r.method,
      status: r.status,
      statusLabel: isOrderStatus(r.status) ? ORDER_STATUS_LABELS[r.status] : r.status,
      date: formatDateTime(r.createdAt),
    })),
  };
}

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersList orders={loaderData.orders} />;
}
