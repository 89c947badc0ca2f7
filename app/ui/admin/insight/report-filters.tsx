// The filters every report shares: a period and, where it applies, a course; a plain GET form (works
// without JavaScript) and the link to the same figures as CSV.
import { Form } from "react-router";
import { PERIOD_LABELS, PERIOD_PARAM, PERIODS, type Period } from "~/domain/insight";
import { FilterSelect } from "../filter-select";
import { primaryButton, secondaryButton } from "../styles";

const PERIOD_OPTIONS = PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }));

export function ReportFilters({
  action,
  idPrefix,
  period,
  courseId,
  courses,
  csvHref,
}: {
  /** The report's own path: an explicit action keeps React Router from adding '?index' on /admin. */
  action: string;
  idPrefix: string;
  period: Period;
  courseId?: number | null;
  courses?: { id: number; title: string }[];
  csvHref: string;
}) {
  return (
    <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <Form method="get" action={action} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Filtros del informe">
        <FilterSelect id={`${idPrefix}-periodo`} name={PERIOD_PARAM} label="Periodo" value={period} options={PERIOD_OPTIONS} />
        {courses ? (
          <FilterSelect
            id={`${idPrefix}-curso`}
            name="curso"
            label="Curso"
            value={courseId || null}
            allLabel="Todos los cursos"
            options={courses.map((c) => ({ value: c.id, label: c.title }))}
            className="sm:max-w-xs"
          />
        ) : null}
        <button type="submit" className={primaryButton}>
          Aplicar
        </button>
      </Form>
      <a href={csvHref} className={secondaryButton} download>
        Descargar CSV
      </a>
    </div>
  );
}

/** The query string of a report with its filters, for links (CSV, other pages). */
export function reportQuery(period: Period, courseId?: number | null): string {
  const params = new URLSearchParams({ [PERIOD_PARAM]: period });
  if (courseId) params.set("curso", String(courseId));
  return params.toString();
}
