// /admin/vencimientos — certificates reaching their last valid day in the next 30, 90 or 180 days, by course and by
// the company that enrolled the holder (docs/certificate-validity.md): whom to offer a renewal, when, and what the
// renewals would bring; and, looking back as far, how many of those that ran out were renewed.
import { Link } from "react-router";
import type { Route } from "./+types/vencimientos";
import { EXPIRY_WINDOWS, parseExpiryWindow } from "~/domain/compliance";
import { formatClp, formatCount, formatDate, percent } from "~/domain/format";
import { requireAdmin } from "~/server/accounts/session.server";
import { expiringCertificates, renewalRate } from "~/server/reports/expiring.server";
import { PageHeader } from "~/ui/admin/notice";
import { cellLabel, rtBody, rtCell, rtHead, rtRow, rtTable, rtTh } from "~/ui/admin/responsive-table";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Certificados por vencer | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const days = parseExpiryWindow(new URL(request.url).searchParams.get("dias"));
  const [{ from, to, rows }, rate] = await Promise.all([expiringCertificates(days), renewalRate(days)]);
  const byCourse = new Map<number, { title: string; total: number; revenueClp: number | null }>();
  for (const r of rows) {
    const c = byCourse.get(r.courseId) ?? { title: r.courseTitle, total: 0, revenueClp: 0 };
    c.total += r.certificates;
    c.revenueClp = c.revenueClp === null || r.revenueClp === null ? null : c.revenueClp + r.revenueClp;
    byCourse.set(r.courseId, c);
  }
  const priced = rows.filter((r) => r.revenueClp !== null);
  const expired = rate.rows.reduce((sum, r) => sum + r.expired, 0);
  const renewed = rate.rows.reduce((sum, r) => sum + r.renewed, 0);
  return {
    days,
    from: formatDate(from),
    to: formatDate(to),
    total: rows.reduce((sum, r) => sum + r.certificates, 0),
    revenueLabel: formatClp(priced.reduce((sum, r) => sum + (r.revenueClp ?? 0), 0)),
    unpriced: rows.length - priced.length,
    courses: [...byCourse.entries()].map(([id, c]) => ({ id, title: c.title, total: c.total, revenueLabel: formatClp(c.revenueClp) })),
    rows: rows.map((r) => ({ ...r, revenueLabel: formatClp(r.revenueClp) })),
    rate: {
      from: formatDate(rate.from),
      to: formatDate(rate.to),
      expired,
      renewed,
      percentLabel: rateLabel(renewed, expired),
      rows: rate.rows.map((r) => ({ ...r, percentLabel: rateLabel(r.renewed, r.expired) })),
    },
  };
}

function rateLabel(renewed: number, expired: number): string {
  const p = percent(renewed, expired);
  return p === null ? "—" : `${p} %`;
}

const tab = (active: boolean) =>
  `rounded-lg border px-3 py-2 text-sm font-semibold ${active ? "border-brand-700 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-800 hover:border-brand-700 hover:text-brand-700"}`;

export default function AdminExpiring({ loaderData }: Route.ComponentProps) {
  const { days, from, to, total, revenueLabel, unpriced, courses, rows, rate } = loaderData;
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="Certificados por vencer" />
      <nav aria-label="Período" className="mt-4 flex flex-wrap gap-2">
        {EXPIRY_WINDOWS.map((d) => (
          <Link key={d} to={`?dias=${d}`} className={tab(d === days)} aria-current={d === days ? "page" : undefined}>
            Próximos {d} días
          </Link>
        ))}
      </nav>
      <p className="mt-4 text-sm text-slate-700">
        Certificados no revocados cuyo último día de vigencia cae entre el {from} y el {to}: <strong>{formatCount(total)}</strong>.
        Cada uno es una renovación posible; los de una empresa, para ofrecérsela a su encargado.
      </p>
      {total > 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          Si todos se renovaran: <strong>{revenueLabel}</strong> (estimado: los alumnos particulares al precio de renovación del curso, las
          empresas en cupos al precio del curso{unpriced > 0 ? "; sin contar los cursos con precio por confirmar" : ""}).
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">Ningún certificado vence en este período.</p>
      ) : (
        <div className="mt-4 overflow-hidden rounded-xl border border-slate-200 bg-white">
          <table className={rtTable}>
            <caption className="sr-only">Certificados por vencer por curso y empresa</caption>
            <thead className={rtHead}>
              <tr>
                <th className={rtTh}>Curso</th>
                <th className={rtTh}>Empresa</th>
                <th className={`${rtTh} text-right`}>Certificados</th>
                <th className={`${rtTh} text-right`}>Ingreso estimado</th>
              </tr>
            </thead>
            <tbody className={rtBody}>
              {courses.flatMap((c) => [
                ...rows
                  .filter((r) => r.courseId === c.id)
                  .map((r) => (
                    <tr key={`${r.courseId}-${r.companyId ?? 0}`} className={rtRow}>
                      <td className={rtCell}>
                        <span className={cellLabel}>Curso</span>
                        {r.courseTitle}
                      </td>
                      <td className={rtCell}>
                        <span className={cellLabel}>Empresa</span>
                        {r.companyId !== null ? (
                          <Link to={`/admin/empresas/${r.companyId}`} className="font-semibold text-brand-700 underline underline-offset-4">
                            {r.companyName}
                          </Link>
                        ) : (
                          <span className="text-slate-600">Alumnos particulares</span>
                        )}
                      </td>
                      <td className={`${rtCell} md:text-right md:tabular-nums`}>
                        <span className={cellLabel}>Certificados</span>
                        {formatCount(r.certificates)}
                      </td>
                      <td className={`${rtCell} md:text-right md:tabular-nums`}>
                        <span className={cellLabel}>Ingreso estimado</span>
                        {r.revenueLabel}
                      </td>
                    </tr>
                  )),
                <tr key={`${c.id}-total`} className={`${rtRow} bg-slate-50`}>
                  <td className={`${rtCell} font-semibold text-ink`}>
                    <span className={cellLabel}>Curso</span>
                    {c.title}
                  </td>
                  <td className={`${rtCell} font-semibold text-ink`}>
                    <span className={cellLabel}>Empresa</span>
                    Total del curso
                  </td>
                  <td className={`${rtCell} font-semibold text-ink md:text-right md:tabular-nums`}>
                    <span className={cellLabel}>Certificados</span>
                    {formatCount(c.total)}
                  </td>
                  <td className={`${rtCell} font-semibold text-ink md:text-right md:tabular-nums`}>
                    <span className={cellLabel}>Ingreso estimado</span>
                    {c.revenueLabel}
                  </td>
                </tr>,
              ])}
            </tbody>
          </table>
        </div>
      )}

      <h2 id="tasa-renovacion" className="mt-10 text-xl font-bold text-ink">
        Renovación de los que ya vencieron
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Certificados no revocados cuyo último día de vigencia cayó entre el {rate.from} y el {rate.to}:{" "}
        <strong>{formatCount(rate.expired)}</strong>; renovados a la fecha: <strong>{formatCount(rate.renewed)}</strong>
        {rate.expired > 0 ? ` (${rate.percentLabel})` : ""}. Cuenta
        también quien renovó antes del vencimiento.
      </p>
      {rate.rows.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">Ningún certificado venció en este período.</p>
      ) : (
        <div className="mt-4 overflow-hidden rounded-xl border border-slate-200 bg-white">
          <table className={rtTable} aria-labelledby="tasa-renovacion">
            <thead className={rtHead}>
              <tr>
                <th className={rtTh}>Curso</th>
                <th className={`${rtTh} text-right`}>Vencidos</th>
                <th className={`${rtTh} text-right`}>Renovados</th>
                <th className={`${rtTh} text-right`}>Tasa de renovación</th>
              </tr>
            </thead>
            <tbody className={rtBody}>
              {rate.rows.map((r) => (
                <tr key={r.courseId} className={rtRow}>
                  <td className={rtCell}>
                    <span className={cellLabel}>Curso</span>
                    {r.courseTitle}
                  </td>
                  <td className={`${rtCell} md:text-right md:tabular-nums`}>
                    <span className={cellLabel}>Vencidos</span>
                    {formatCount(r.expired)}
                  </td>
                  <td className={`${rtCell} md:text-right md:tabular-nums`}>
                    <span className={cellLabel}>Renovados</span>
                    {formatCount(r.renewed)}
                  </td>
                  <td className={`${rtCell} md:text-right md:tabular-nums`}>
                    <span className={cellLabel}>Tasa de renovación</span>
                    {r.percentLabel}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
