// /admin/sesiones/reportes — skills sessions in figures: occupancy and no-shows per session, the pass rate of
// each checklist item (the skills that fail most first) and each relator's sessions; each table as CSV.
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/sesiones-reportes";
import { formatDate } from "~/domain/format";
import {
  parseSessionReportPeriod,
  SESSION_REPORT_PERIOD_LABELS,
  SESSION_REPORT_PERIOD_PARAM,
  SESSION_REPORT_PERIODS,
  sessionReportSince,
} from "~/domain/skills-report-period";
import { requireAdmin } from "~/server/accounts/session.server";
import { now } from "~/server/platform/clock.server";
import { instructorReport, itemReport, occupancyReport } from "~/server/sessions/reports.server";
import { PageHeader } from "~/ui/admin/notice";
import { FilterSelect } from "~/ui/admin/filter-select";
import { container, primaryButton, secondaryButton, table, tableWrap, td, tdNumber, th, thNumber } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

const PERIOD_OPTIONS = SESSION_REPORT_PERIODS.map((p) => ({ value: p, label: SESSION_REPORT_PERIOD_LABELS[p] }));

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Reportes de sesiones prácticas | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const period = parseSessionReportPeriod(new URL(request.url).searchParams.get(SESSION_REPORT_PERIOD_PARAM));
  const since = sessionReportSince(period, now());
  const [sessions, items, instructors] = await Promise.all([occupancyReport(since), itemReport(since), instructorReport(since)]);
  return { sessions, items, instructors, period, since: since ? formatDate(since) : null };
}

const pct = (v: number | null) => (v === null ? "—" : `${v} %`);

function Csv({ table: name }: { table: string }) {
  const { period } = useLoaderData<typeof loader>();
  return (
    <a href={`/admin/sesiones/reportes.csv?tabla=${name}&${SESSION_REPORT_PERIOD_PARAM}=${period}`} download className={secondaryButton}>
      Descargar CSV
    </a>
  );
}

function Section({ title, csv, children, empty }: { title: string; csv: string; children: React.ReactNode; empty: boolean }) {
  return (
    <section className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-bold text-ink">{title}</h2>
        {empty ? null : <Csv table={csv} />}
      </div>
      {empty ? <p className="mt-2 text-sm text-slate-700">Todavía no hay datos.</p> : children}
    </section>
  );
}

export default function SkillsReports({ loaderData }: Route.ComponentProps) {
  const { sessions, items, instructors, period, since } = loaderData;
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="Reportes de sesiones prácticas">
        <Link to="/admin/sesiones" className="font-semibold text-brand-700 underline underline-offset-4">
          Sesiones prácticas
        </Link>
      </PageHeader>
      <p className="mt-3 max-w-3xl text-slate-700">
        La inasistencia cuenta a quienes el relator marcó ausentes sobre quienes tenían cupo y quedaron registrados. Las sesiones canceladas no se incluyen.
      </p>
      <Form method="get" action="/admin/sesiones/reportes" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Filtros del informe">
        <FilterSelect id="sesiones-periodo" name={SESSION_REPORT_PERIOD_PARAM} label="Periodo" value={period} options={PERIOD_OPTIONS} />
        <button type="submit" className={primaryButton}>
          Aplicar
        </button>
      </Form>
      <p className="mt-2 text-sm text-slate-700">{since ? `Sesiones desde el ${since}, incluidas las próximas.` : "Todas las sesiones."}</p>

      <Section title="Habilidades: % logrado por ítem" csv="items" empty={items.length === 0}>
        <p className="mt-1 text-sm text-slate-700">Sesiones firmadas. Primero los ítems que más personas deben practicar.</p>
        <div className={`${tableWrap} mt-3`}>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>Ítem</th>
                <th className={th}>Curso</th>
                <th className={thNumber}>Evaluaciones</th>
                <th className={thNumber}>Por practicar</th>
                <th className={thNumber}>% logrado</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((r) => (
                <tr key={`${r.courseTitle}-${r.itemKey}`}>
                  <td className={td}>{r.label}</td>
                  <td className={td}>{r.courseTitle}</td>
                  <td className={tdNumber}>{r.assessed}</td>
                  <td className={tdNumber}>{r.needsPractice}</td>
                  <td className={tdNumber}>{pct(r.passRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section title="Por relator" csv="relatores" empty={instructors.length === 0}>
        <div className={`${tableWrap} mt-3`}>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>Relator</th>
                <th className={thNumber}>Sesiones realizadas</th>
                <th className={thNumber}>Presentes</th>
                <th className={thNumber}>Ausentes</th>
                <th className={thNumber}>% inasistencia</th>
                <th className={thNumber}>% aprobación</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {instructors.map((r) => (
                <tr key={r.instructorName}>
                  <td className={td}>{r.instructorName}</td>
                  <td className={tdNumber}>{r.sessions}</td>
                  <td className={tdNumber}>{r.present}</td>
                  <td className={tdNumber}>{r.absent}</td>
                  <td className={tdNumber}>{pct(r.noShow)}</td>
                  <td className={tdNumber}>{pct(r.passRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section title="Ocupación por sesión" csv="sesiones" empty={sessions.length === 0}>
        <div className={`${tableWrap} mt-3`}>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>Fecha</th>
                <th className={th}>Curso</th>
                <th className={th}>Relator</th>
                <th className={th}>Estado</th>
                <th className={thNumber}>Inscritos / cupo</th>
                <th className={thNumber}>% ocupación</th>
                <th className={thNumber}>En espera</th>
                <th className={thNumber}>Ausentes</th>
                <th className={thNumber}>% inasistencia</th>
                <th className={thNumber}>Aprobados</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {sessions.map((r) => (
                <tr key={r.id}>
                  <td className={td}>
                    <Link to={`/admin/sesiones/${r.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
                      {r.when}
                    </Link>
                  </td>
                  <td className={td}>{r.courseTitle}</td>
                  <td className={td}>{r.instructorName}</td>
                  <td className={td}>{r.statusLabel}</td>
                  <td className={tdNumber}>
                    {r.seated} / {r.capacity}
                  </td>
                  <td className={tdNumber}>{pct(r.occupancy)}</td>
                  <td className={tdNumber}>{r.waiting}</td>
                  <td className={tdNumber}>{r.absent}</td>
                  <td className={tdNumber}>{pct(r.noShow)}</td>
                  <td className={tdNumber}>{r.passed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </section>
  );
}
