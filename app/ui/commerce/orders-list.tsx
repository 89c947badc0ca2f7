import { Link } from "react-router";
import { StatusBadge } from "./status-badge";

export interface OrderListItem {
  number: string;
  href: string;
  courseTitle: string;
  amount: string;
  method: string;
  status: string;
  statusLabel: string;
  date: string;
}

/** 'Mis compras': one card per order, newest first, each linking to its receipt. */
export function OrdersList({ orders }: { orders: OrderListItem[] }) {
  return (
    <section className="bg-slate-50 px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold text-ink">Mis compras</h1>
        <p className="mt-1 text-slate-600">Tus pedidos y sus comprobantes.</p>
        {orders.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
            <p className="text-slate-700">Aún no has comprado cursos.</p>
            <Link to="/cursos" className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
              Explorar Cursos
            </Link>
          </div>
        ) : (
          <ul className="mt-8 space-y-3">
            {orders.map((o) => (
              <li key={o.number} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <p className="font-semibold text-ink">{o.courseTitle}</p>
                    <p className="text-sm text-slate-600">
                      <span className="whitespace-nowrap">Pedido {o.number}</span> · {o.date} · {o.method}
                    </p>
                  </div>
                  <div className="text-right">
                    <p className="text-lg font-bold text-ink">{o.amount}</p>
                    <StatusBadge status={o.status} label={o.statusLabel} />
                  </div>
                </div>
                <Link to={o.href} className="mt-3 inline-block text-sm font-semibold text-brand-700 underline underline-offset-4">
                  {o.status === "paid" || o.status === "refunded" ? "Ver comprobante" : "Ver pedido"}
                  <span className="sr-only"> {o.number}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
