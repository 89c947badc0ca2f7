// The academy at a glance on /admin: figures for a period, a chart of enrolments and completed
// courses over time, and the chart's numbers in a table behind a disclosure.
import { formatClp } from "~/domain/format";
import { formatCount } from "~/domain/format";
import { formatPercent } from "~/domain/insight";
import { card, container, tableWrap, table, td, th, tdNumber, thNumber } from "../styles";
import { BarChart } from "./bar-chart";
import { ReportFilters, reportQuery } from "./report-filters";
import type { Overview } from "~/domain/insight-view";

const ENROLMENT_COLOR = "#b91c1c";
const COMPLETION_COLOR = "#0f766e";

export function OverviewView({ data }: { data: Overview }) {
  const t = data.totals;
  const scope = data.courseTitle ? `${data.periodLabel}, ${data.courseTitle}` : data.periodLabel;
  const cards = [
    { label: "Nuevos registros", value: formatCount(t.registrations), note: "Cuentas creadas" },
    { label: "Inscripciones", value: formatCount(t.enrolments), note: "Inscripciones nuevas" },
    { label: "Cursos completados", value: formatCount(t.completions), note: "Inscripciones terminadas" },
    { label: "Certificados emitidos", value: formatCount(t.certificates), note: "Certificados nuevos" },
    {
      label: "Aprobación de exámenes",
      value: formatPercent(t.passRate),
      note: `${formatCount(t.passed)} de ${formatCount(t.attempts)} intentos aprobados`,
    },
    {
      label: "Ingresos netos",
      value: formatClp(t.revenueClp),
      note: `${formatClp(t.paidClp)} pagados, ${formatClp(t.refundedClp)} reembolsados`,
    },
  ];
  const totalEnrolments = data.series.reduce((a, p) => a + p.enrolments, 0);
  const totalCompletions = data.series.reduce((a, p) => a + p.completions, 0);
  return (
    <section aria-labelledby="resumen-academia" className={`${container} pb-12`}>
      <div className="border-t border-slate-200 pt-10">
        <h2 id="resumen-academia" className="text-xl font-bold text-ink sm:text-2xl">
          Resumen de la academia
        </h2>
        <p className="mt-1 text-slate-600">{scope}</p>
        <ReportFilters
          action="/admin"
          idPrefix="resumen"
          period={data.filters.period}
          courseId={data.filters.courseId}
          courses={data.courses}
          csvHref={`/admin/resumen.csv?${reportQuery(data.filters.period, data.filters.courseId)}`}
        />
        <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((c) => (
            <div key={c.label} className={`${card} p-5`}>
              <dt className="text-sm font-semibold text-slate-600">{c.label}</dt>
              <dd className="mt-1 text-3xl font-bold text-ink" data-figure={c.label}>
                {c.value}
              </dd>
              <dd className="mt-1 text-sm text-slate-600">{c.note}</dd>
            </div>
          ))}
        </dl>
        <div className={`${card} mt-6 p-5`}>
          <h3 className="text-lg font-bold text-ink">Inscripciones y cursos completados</h3>
          <BarChart
            id="grafico-inscripciones"
            title={`Inscripciones y cursos completados, ${scope}`}
            summary={`${formatCount(totalEnrolments)} inscripciones y ${formatCount(totalCompletions)} cursos completados en ${data.series.length} tramos. Los valores de cada tramo están en la tabla de datos.`}
            labels={data.series.map((p) => p.label)}
            series={[
              { name: "Inscripciones", color: ENROLMENT_COLOR, values: data.series.map((p) => p.enrolments) },
              { name: "Cursos completados", color: COMPLETION_COLOR, values: data.series.map((p) => p.completions) },
            ]}
          />
          <details className="mt-4">
            <summary className="cursor-pointer text-sm font-semibold text-brand-700">Ver los datos del gráfico</summary>
            <div className={`${tableWrap} mt-3`} tabIndex={0} role="region" aria-label="Datos del gráfico">
              <table className={table}>
                <caption className="sr-only">Inscripciones y cursos completados por tramo</caption>
                <thead>
                  <tr>
                    <th scope="col" className={th}>
                      Tramo
                    </th>
                    <th scope="col" className={thNumber}>
                      Inscripciones
                    </th>
                    <th scope="col" className={thNumber}>
                      Cursos completados
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.series.map((p) => (
                    <tr key={p.longLabel}>
                      <th scope="row" className={`${td} font-normal`}>
                        {p.longLabel}
                      </th>
                      <td className={tdNumber}>{formatCount(p.enrolments)}</td>
                      <td className={tdNumber}>{formatCount(p.completions)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </div>
      </div>
    </section>
  );
}
