// A course's results for the administrator: the funnel, time to complete, attempts until
// passing, the distribution of scores and every question of the bank, worst first (a page at a time).
import { percent } from "~/domain/format";
import { Link, useNavigate } from "react-router";
import { formatCount, formatOneDecimal } from "~/domain/format";
import { formatDays, formatPercent } from "~/domain/insight";
import { followInternalLink } from "~/ui/layout/internal-links";
import { Pagination } from "../pagination";
import { card, table, tableWrap, td, th, tdNumber, thNumber } from "../styles";
import { BarChart } from "./bar-chart";
import { ReportFilters, reportQuery } from "./report-filters";
import type { CourseResults } from "~/domain/insight-view";

const h2 = "text-xl font-bold text-ink";

export function CourseResultsView({ data }: { data: CourseResults }) {
  const navigate = useNavigate();
  const enrolled = data.funnel[0]?.count ?? 0;
  const base = `/admin/cursos/${data.course.id}/resultados`;
  const summary = [
    { label: "Inscritos en el periodo", value: formatCount(enrolled) },
    { label: "Completaron el curso", value: `${formatCount(data.completed)} (${formatPercent(percent(data.completed, enrolled))})` },
    { label: "Mediana hasta completar", value: formatDays(data.medianDaysToComplete) },
    {
      label: "Intentos hasta aprobar (promedio)",
      value: data.averageAttemptsToPass === null ? "—" : formatOneDecimal(data.averageAttemptsToPass),
    },
  ];
  return (
    <>
      <p className="text-sm font-semibold text-slate-600">
        <Link to="/admin/cursos" className="text-brand-700 hover:underline">
          Cursos
        </Link>{" "}
        /{" "}
        <Link to={`/admin/cursos/${data.course.id}`} className="text-brand-700 hover:underline">
          {data.course.title}
        </Link>{" "}
        / Resultados
      </p>
      <h1 className="mt-1 text-2xl font-bold text-ink sm:text-3xl">Resultados: {data.course.title}</h1>
      <p className="mt-1 text-slate-600">
        {data.periodLabel}. El embudo sigue a quienes se inscribieron en el periodo; las cifras del examen, a los intentos enviados en el periodo.
      </p>
      <ReportFilters action={base} idPrefix="resultados" period={data.period} csvHref={`${base}.csv?${reportQuery(data.period)}`} />

      <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {summary.map((s) => (
          <div key={s.label} className={`${card} p-5`}>
            <dt className="text-sm font-semibold text-slate-600">{s.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-ink">{s.value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="resultados-embudo" className={`${card} mt-6 p-5`}>
        <h2 id="resultados-embudo" className={h2}>
          Embudo
        </h2>
        <div className={`${tableWrap} mt-3`} tabIndex={0} role="region" aria-label="Tabla del embudo">
          <table className={table}>
            <caption className="sr-only">Embudo de {data.course.title}: personas y porcentaje de los inscritos en cada etapa</caption>
            <thead>
              <tr>
                <th scope="col" className={th}>
                  Etapa
                </th>
                <th scope="col" className={thNumber}>
                  Personas
                </th>
                <th scope="col" className={thNumber}>
                  % de inscritos
                </th>
                <th scope="col" className={`${th} hidden w-1/3 sm:table-cell`}>
                  <span className="sr-only">Barra</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.funnel.map((f) => (
                <tr key={f.label}>
                  <th scope="row" className={`${td} font-normal text-slate-800`}>
                    {f.label}
                  </th>
                  <td className={tdNumber}>{formatCount(f.count)}</td>
                  <td className={tdNumber}>{formatPercent(f.percent)}</td>
                  <td className={`${td} hidden sm:table-cell`}>
                    <div aria-hidden="true" className="h-3 overflow-hidden rounded bg-slate-100">
                      <div className="h-full rounded bg-brand-700" style={{ width: `${f.percent ?? 0}%` }} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {data.hasExam ? (
        <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
          <section aria-labelledby="resultados-intentos" className={`${card} p-5`}>
            <h2 id="resultados-intentos" className={h2}>
              Intentos hasta aprobar
            </h2>
            <p className="mt-1 text-sm text-slate-600">{data.passers === 1 ? "1 persona aprobó" : `${formatCount(data.passers)} personas aprobaron`} por primera vez en el periodo.</p>
            <div className={`${tableWrap} mt-3`} tabIndex={0} role="region" aria-label="Tabla de intentos hasta aprobar">
              <table className={table}>
                <caption className="sr-only">Personas según el intento en que aprobaron</caption>
                <thead>
                  <tr>
                    <th scope="col" className={th}>
                      Aprobaron en
                    </th>
                    <th scope="col" className={thNumber}>
                      Personas
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.attemptsToPass.map((a) => (
                    <tr key={a.label}>
                      <th scope="row" className={`${td} font-normal`}>
                        {a.label}
                      </th>
                      <td className={tdNumber}>{formatCount(a.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section aria-labelledby="resultados-puntajes" className={`${card} p-5`}>
            <h2 id="resultados-puntajes" className={h2}>
              Distribución de puntajes
            </h2>
            <p className="mt-1 text-sm text-slate-600">{formatCount(data.submittedAttempts)} intentos enviados en el periodo.{data.passMarkNote ? ` ${data.passMarkNote}` : ""}</p>
            <BarChart
              id="grafico-puntajes"
              title={`Distribución de puntajes de ${data.course.title}`}
              summary={`${formatCount(data.submittedAttempts)} intentos por tramo de puntaje; los valores están en la tabla de datos.`}
              labels={data.scores.map((s) => s.label)}
              series={[{ name: "Intentos", color: "#b91c1c", values: data.scores.map((s) => s.count) }]}
            />
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-semibold text-brand-700">Ver los datos del gráfico</summary>
              <div className={`${tableWrap} mt-3`} tabIndex={0} role="region" aria-label="Tabla de puntajes">
                <table className={table}>
                  <caption className="sr-only">Intentos por tramo de puntaje</caption>
                  <thead>
                    <tr>
                      <th scope="col" className={th}>
                        Puntaje (%)
                      </th>
                      <th scope="col" className={thNumber}>
                        Intentos
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.scores.map((s) => (
                      <tr key={s.label}>
                        <th scope="row" className={`${td} font-normal`}>
                          {s.label}
                        </th>
                        <td className={tdNumber}>{formatCount(s.count)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </section>
        </div>
      ) : (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-4 text-sm text-slate-700">Este curso no tiene examen.</p>
      )}

      {data.hasExam ? (
        // Up to 25 links to the question editor: plain anchors the router follows (followInternalLink; internal-links.ts
        // says why).
        <section aria-labelledby="resultados-preguntas" className={`${card} mt-6 p-5`} onClick={(event) => followInternalLink(event, navigate)}>
          <h2 id="resultados-preguntas" className={h2}>
            Preguntas del examen
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {formatCount(data.questionTotal)} {data.questionTotal === 1 ? "pregunta" : "preguntas"}, primero las que menos se responden bien (el CSV
            las trae todas). Cada pregunta enlaza a su edición.
          </p>
          <div className={`${tableWrap} mt-3`}>
            <table className={table}>
              <caption className="sr-only">Preguntas del banco: veces sorteada, porcentaje de respuestas correctas y opciones incorrectas elegidas</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Pregunta
                  </th>
                  <th scope="col" className={thNumber}>
                    Sorteada
                  </th>
                  <th scope="col" className={thNumber}>
                    % correctas
                  </th>
                  <th scope="col" className={th}>
                    Opciones incorrectas elegidas
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.questions.map((q) => (
                  <tr key={q.questionId}>
                    <th scope="row" className={`${td} min-w-[16rem] font-normal`}>
                      {q.editPath ? (
                        <a href={q.editPath} className="font-semibold text-brand-800 hover:underline">
                          {q.prompt}
                        </a>
                      ) : (
                        <span className="font-semibold text-ink">
                          {q.prompt} <span className="text-xs font-normal text-slate-600">(retirada del banco)</span>
                        </span>
                      )}
                      <span className="mt-1 block text-xs text-slate-600">Correcta: {q.correctOption}</span>
                    </th>
                    <td className={tdNumber}>{formatCount(q.drawn)}</td>
                    <td className={tdNumber}>{formatPercent(q.correctPercent)}</td>
                    <td className={`${td} min-w-[12rem]`}>
                      <ul className="space-y-0.5 tabular-nums">
                        {q.wrong.map((w) => (
                          <li key={w.option}>
                            {w.option}. {w.text}: <span className="font-semibold">{formatCount(w.count)}</span>
                          </li>
                        ))}
                        {q.blank ? <li>Sin responder: {formatCount(q.blank)}</li> : null}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.questionPage !== null && (data.questionPage > 1 || data.questionsHasNext) ? (
            <Pagination page={data.questionPage} hasNext={data.questionsHasNext} search={reportQuery(data.period)} label="Páginas de preguntas" />
          ) : null}
        </section>
      ) : null}
    </>
  );
}
