// /admin/ventas: filters, totals and the orders table (stacked cards on phones).
import { Form, Link } from "react-router";
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from "~/domain/commerce";
import { formatClp } from "~/domain/format";
import { SelectField, TextField } from "~/ui/primitives/field";
import { cellLabel, rtBody, rtCell, rtHead, rtRow, rtTable, rtTh } from "./responsive-table";
import { card, secondaryButton, smallButton } from "./styles";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { courseOptionLabel, type CourseOption } from "./enrolments-view";
import { StatusBadge } from "~/ui/commerce/status-badge";
import { Email } from "~/ui/primitives/email";

export interface SalesRowView {
  id: number;
  number: string;
  status: string;
  statusLabel: string;
  methodLabel: string;
  amountClp: number;
  couponCode: string | null;
  createdAt: string;
  courseTitle: string;
  buyerName: string;
  buyerEmail: string;
  documentType: string;
  documentFolio: number | null;
  documentState: string;
  creditNoteFolio: number | null;
}

export function SalesFilters({
  courses,
  filters,
}: {
  courses: CourseOption[];
  filters: { status: string | null; courseId: number | null; from: string | null; to: string | null };
}) {
  return (
    <Form method="get" className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end" aria-label="Filtrar ventas">
      <SelectField
        label="Estado"
        name="estado"
        defaultValue={filters.status ?? ""}
        options={[{ value: "", label: "Todos los estados" }, ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))]}
      />
      <SelectField
        label="Curso"
        name="curso"
        defaultValue={filters.courseId ? String(filters.courseId) : ""}
        options={[{ value: "", label: "Todos los cursos" }, ...courses.map((c) => ({ value: String(c.id), label: courseOptionLabel(c) }))]}
      />
      <TextField label="Desde" name="desde" type="date" defaultValue={filters.from ?? ""} />
      <TextField label="Hasta" name="hasta" type="date" defaultValue={filters.to ?? ""} />
      <button type="submit" className={secondaryButton}>
        Filtrar
      </button>
    </Form>
  );
}

export function SalesTotals({ totals }: { totals: { orders: number; paid: { n: number; amount: number }; pending: { n: number; amount: number }; refunded: { n: number; amount: number } } }) {
  const items = [
    { label: "Pedidos", value: String(totals.orders) },
    { label: "Pagado", value: `${formatClp(totals.paid.amount)} (${totals.paid.n})` },
    { label: "Pendiente", value: `${formatClp(totals.pending.amount)} (${totals.pending.n})` },
    { label: "Reembolsado", value: `${formatClp(totals.refunded.amount)} (${totals.refunded.n})` },
  ];
  return (
    <dl aria-label="Totales" className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((i) => (
        <div key={i.label} className={`${card} p-4`}>
          <dt className="text-sm font-semibold text-slate-600">{i.label}</dt>
          <dd className="mt-1 text-xl font-bold text-ink">{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SalesTable({ orders }: { orders: SalesRowView[] }) {
  return (
    <div className="mt-6 overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className={rtTable}>
        <caption className="sr-only">Pedidos</caption>
        <thead className={rtHead}>
          <tr>
            <th scope="col" className={rtTh}>Pedido</th>
            <th scope="col" className={rtTh}>Fecha</th>
            <th scope="col" className={rtTh}>Comprador</th>
            <th scope="col" className={rtTh}>Curso</th>
            <th scope="col" className={rtTh}>Medio</th>
            <th scope="col" className={rtTh}>Cupón</th>
            <th scope="col" className={rtTh}>Monto</th>
            <th scope="col" className={rtTh}>Estado</th>
            <th scope="col" className={rtTh}>Documento</th>
          </tr>
        </thead>
        <tbody className={rtBody}>
          {orders.map((o) => (
            <tr key={o.id} className={rtRow}>
              <td className={`${rtCell} font-mono`}>
                <span className={`${cellLabel} font-sans`}>Pedido</span>
                <Link to={`/admin/ventas/${o.number}`} className="whitespace-nowrap font-semibold text-brand-700 underline-offset-2 hover:underline">
                  {o.number}
                </Link>
              </td>
              <td className={`${rtCell} whitespace-nowrap`}>
                <span className={cellLabel}>Fecha</span>
                <span>{o.createdAt}</span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Comprador</span>
                <span>
                  <span className="block font-medium text-ink">{o.buyerName}</span>
                  <Email address={o.buyerEmail} className="block text-slate-600" />
                </span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Curso</span>
                <span>{o.courseTitle}</span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Medio</span>
                <span>{o.methodLabel}</span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Cupón</span>
                <span>{o.couponCode ?? "—"}</span>
              </td>
              <td className={`${rtCell} whitespace-nowrap font-semibold text-ink`}>
                <span className={`${cellLabel} font-semibold`}>Monto</span>
                <span>{formatClp(o.amountClp)}</span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Estado</span>
                <StatusBadge status={o.status} label={o.statusLabel} />
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Documento</span>
                {o.documentType ? (
                  <span>
                    <span className="block font-medium text-ink">
                      {o.documentType}
                      {o.documentFolio ? ` N° ${o.documentFolio}` : ""}
                    </span>
                    <span className="block text-slate-600">{o.documentState}</span>
                    {o.creditNoteFolio ? <span className="block text-slate-600">Nota de crédito N° {o.creditNoteFolio}</span> : null}
                  </span>
                ) : (
                  <span>—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function WaitlistSummary({
  rows,
  totals,
  notice,
}: {
  rows: { id: number; email: string; courseTitle: string; createdAt: string }[];
  totals: { courseId: number; title: string; n: number; waiting: number; open: boolean }[];
  notice?: React.ReactNode;
}) {
  return (
    <section aria-labelledby="interesados" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="interesados" className="text-xl font-bold text-ink">
          Interesados en cursos próximos
        </h2>
        {rows.length > 0 ? (
          <a href="/admin/lista-de-espera.csv" className={secondaryButton} download>
            Descargar lista (CSV)
          </a>
        ) : null}
      </div>
      {notice}
      {rows.length === 0 ? (
        <p className="mt-3 text-slate-700">Nadie ha dejado su correo todavía.</p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm" aria-label="Listas de espera por curso">
            {totals.map((t) => (
              <li key={t.courseId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div>
                  <p className="font-semibold text-ink">{t.title}</p>
                  <p className="text-slate-600">
                    {t.n === 1 ? "1 persona anotada" : `${t.n} personas anotadas`}
                    {t.waiting < t.n ? ` · ${t.waiting === 0 ? "todas avisadas" : `${t.waiting} sin avisar`}` : ""}
                    {t.open ? "" : " · el curso aún no abre"}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <a href={`/admin/lista-de-espera.csv?curso=${t.courseId}`} className={smallButton} download>
                    CSV
                  </a>
                  {t.open && t.waiting > 0 ? (
                    <Form method="post">
                      <input type="hidden" name="courseId" value={t.courseId} />
                      <SubmitButton
                        intent="announce-waitlist"
                        match={["courseId", String(t.courseId)]}
                        label={t.waiting === 1 ? "Avisar a 1 persona" : `Avisar a las ${t.waiting}`}
                        pendingLabel="Avisando..."
                        className={smallButton}
                      />
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          <h3 className="mt-5 text-sm font-bold text-ink">Últimos correos anotados</h3>
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm">
            {rows.map((r) => (
              <li key={r.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
                <Email address={r.email} className="font-medium text-ink" />
                <span className="text-slate-600">
                  {r.courseTitle} · {r.createdAt}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
