// /empresa/:companyId/cumplimiento — the company's compliance matrix (docs/certificate-validity.md): who of its
// workers holds a current certificate of each of its courses today, counts per course and state, filters by
// course and state, the matrix as Excel and each course's nómina de personal capacitado as PDF.
import { Form, Link } from "react-router";
import type { Route } from "./+types/cumplimiento";
import { pageParam } from "~/domain/admin-forms";
import { COMPLIANCE_LABELS, COMPLIANCE_PAGE_SIZE, COMPLIANCE_STATES, matchesComplianceFilters, parseComplianceFilters, type ComplianceState } from "~/domain/compliance";
import { formatCount, formatDate, formatShortDay } from "~/domain/format";
import { parseId } from "~/domain/ids";
import { formatRut } from "~/domain/rut";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { cellOf, complianceMatrix } from "~/server/companies/compliance.server";
import { now } from "~/server/platform/clock.server";
import { ComplianceCounts, ComplianceTable } from "~/ui/company/compliance";
import { PortalHeader } from "~/ui/company/portal";
import { Pagination } from "~/ui/admin/pagination";
import { container, input, label, secondaryButton } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(`Cumplimiento | ${loaderData?.company.name ?? "Empresa"}`) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await requireCompanyAccess(request, parseId(params.companyId));
  const at = now();
  const matrix = await complianceMatrix(company.id, at);
  const search = new URL(request.url).searchParams;
  const courseIds = matrix.courses.map((c) => c.id);
  const filters = parseComplianceFilters(search, courseIds);
  const shown = matrix.workers.filter((w) => matchesComplianceFilters((id) => cellOf(w, id).state, courseIds, filters));
  const page = pageParam(search.get("pagina"));
  const offset = (page - 1) * COMPLIANCE_PAGE_SIZE;
  const columns = filters.courseId === null ? matrix.courses : matrix.courses.filter((c) => c.id === filters.courseId);
  const base = `/empresa/${company.id}/cumplimiento`;
  return {
    company: { id: company.id, name: company.name, rut: formatRut(company.rut) },
    today: formatDate(at),
    filters,
    courses: matrix.courses,
    columns,
    totalWorkers: matrix.workers.length,
    shownWorkers: shown.length,
    truncated: matrix.truncated,
    counts: matrix.courses.map((c) => {
      const counts = matrix.counts.get(c.id)!;
      return { id: c.id, title: c.title, counts, current: counts.vigente + counts["por-vencer"], nominaHref: `${base}/${c.id}/nomina.pdf` };
    }),
    rows: shown.slice(offset, offset + COMPLIANCE_PAGE_SIZE).map((w, i) => ({
      key: String(offset + i),
      name: w.name,
      rut: w.rut ? formatRut(w.rut) : "—",
      cells: columns.map((c) => {
        const cell = cellOf(w, c.id);
        return { courseId: c.id, state: cell.state, validUntil: formatShortDay(cell.validUntil) };
      }),
    })),
    page,
    hasNext: offset + COMPLIANCE_PAGE_SIZE < shown.length,
    xlsxHref: `/empresa/${company.id}/cumplimiento.xlsx${search.toString() ? `?${new URLSearchParams([...search].filter(([k]) => k !== "pagina")).toString()}` : ""}`,
  };
}

export default function CompanyCompliance({ loaderData }: Route.ComponentProps) {
  const { company, today, filters, courses, columns, totalWorkers, shownWorkers, truncated, counts, rows, page, hasNext, xlsxHref } = loaderData;
  const base = `/empresa/${company.id}/cumplimiento`;
  const filterHref = (courseId: number, state: ComplianceState) => `${base}?curso=${courseId}&estado=${state}`;
  const filtered = filters.courseId !== null || filters.state !== null;
  const listSearch = new URLSearchParams([
    ...(filters.courseId !== null ? [["curso", String(filters.courseId)]] : []),
    ...(filters.state ? [["estado", filters.state]] : []),
  ]).toString();
  return (
    <section className={`${container} py-8`}>
      <p className="text-sm">
        <Link to={`/empresa/${company.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
          ← {company.name}
        </Link>
      </p>
      <div className="mt-2">
        <PortalHeader companyName="Cumplimiento" companyRut={`${company.rut} · ${company.name}`}>
          <a href={xlsxHref} className={secondaryButton} download>
            Descargar Excel
          </a>
        </PortalHeader>
      </div>
      <p className="mt-3 max-w-3xl text-sm text-slate-700">
        Estado al {today} de los certificados de tus trabajadores en los cursos de la empresa. «Por vencer»: vence dentro de 60 días.
        Solo cuentan las inscripciones hechas por la empresa. La nómina en PDF lista a quienes tienen el certificado vigente, para
        adjuntarla, por ejemplo, a lo que informas a la SEREMI de Salud por la Ley 21.156 (desfibriladores).
      </p>
      {courses.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">
          Tu empresa aún no tiene cursos. Cuando compres cupos e inscribas trabajadores, aquí verás quién está al día.
        </p>
      ) : (
        <>
          <h2 className="mt-8 text-lg font-bold text-ink">Resumen por curso</h2>
          <ComplianceCounts rows={counts} filterHref={filterHref} />

          <div className="mt-8 flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between">
            <h2 className="text-lg font-bold text-ink">
              Trabajadores ({filtered ? `${formatCount(shownWorkers)} de ${formatCount(totalWorkers)}` : formatCount(totalWorkers)})
            </h2>
          </div>
          <Form method="get" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Filtrar la matriz">
            <div className="sm:w-80">
              <label htmlFor="curso" className={label}>
                Curso
              </label>
              <select id="curso" name="curso" defaultValue={filters.courseId ?? ""} className={input}>
                <option value="">Todos los cursos</option>
                {courses.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            </div>
            <div className="sm:w-48">
              <label htmlFor="estado" className={label}>
                Estado
              </label>
              <select id="estado" name="estado" defaultValue={filters.state ?? ""} className={input}>
                <option value="">Todos</option>
                {COMPLIANCE_STATES.map((s) => (
                  <option key={s} value={s}>
                    {COMPLIANCE_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={secondaryButton}>
              Filtrar
            </button>
            {filtered ? (
              <Link to={base} className="self-center text-sm font-semibold text-brand-700 underline underline-offset-4">
                Quitar filtros
              </Link>
            ) : null}
          </Form>
          {truncated ? <p className="mt-3 text-sm text-amber-900">La empresa tiene más inscripciones de las que esta página muestra; escríbenos para un informe completo.</p> : null}
          <ComplianceTable columns={columns} rows={rows} />
          {page > 1 || hasNext ? <Pagination page={page} hasNext={hasNext} search={listSearch} label="Páginas de trabajadores" /> : null}
        </>
      )}
    </section>
  );
}
