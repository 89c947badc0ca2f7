// The company's compliance matrix (docs/certificate-validity.md): counts per course and state, each linking to
// its filter, and the workers × courses table, stacked into one card per worker on phones.
import { Link } from "react-router";
import { COMPLIANCE_LABELS, COMPLIANCE_STATES, type ComplianceState } from "~/domain/compliance";
import { formatCount } from "~/domain/format";
import { cellLabel, rtBody, rtCell, rtHead, rtRow, rtTable, rtTh } from "../admin/responsive-table";
import "./compliance.css";

/** A cell's state as a coloured label (the colour repeats the text, never replaces it): compliance.css's classes. */
export function ComplianceBadge({ state }: { state: ComplianceState }) {
  return <span className={`cm-badge cm-${state}`}>{COMPLIANCE_LABELS[state]}</span>;
}

export interface ComplianceCountsRow {
  id: number;
  title: string;
  counts: Record<ComplianceState, number>;
  /** Null on a past month's snapshot: the nómina is today's document. */
  nominaHref: string | null;
  current: number;
}

/** Per course: how many workers in each state, each figure a link to the matrix filtered by it; the nómina. */
export function ComplianceCounts({ rows, filterHref }: { rows: ComplianceCountsRow[]; filterHref: (courseId: number, state: ComplianceState) => string }) {
  const nomina = rows.some((c) => c.nominaHref !== null);
  return (
    <div className="mt-4 overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className={rtTable}>
        <caption className="sr-only">Trabajadores por curso y estado</caption>
        <thead className={rtHead}>
          <tr>
            <th className={rtTh}>Curso</th>
            {COMPLIANCE_STATES.map((s) => (
              <th key={s} className={`${rtTh} text-right`}>
                {COMPLIANCE_LABELS[s]}
              </th>
            ))}
            {nomina ? <th className={rtTh}>Nómina</th> : null}
          </tr>
        </thead>
        <tbody className={rtBody}>
          {rows.map((c) => (
            <tr key={c.id} className={rtRow}>
              <td className={rtCell}>
                <span className={cellLabel}>Curso</span>
                <span className="font-semibold text-ink">{c.title}</span>
              </td>
              {COMPLIANCE_STATES.map((s) => (
                <td key={s} className={`${rtCell} md:text-right md:tabular-nums`}>
                  <span className={cellLabel}>{COMPLIANCE_LABELS[s]}</span>
                  {c.counts[s] > 0 ? (
                    <Link to={filterHref(c.id, s)} className="font-semibold text-brand-700 underline underline-offset-4" aria-label={`${formatCount(c.counts[s])} ${COMPLIANCE_LABELS[s].toLowerCase()} en ${c.title}`}>
                      {formatCount(c.counts[s])}
                    </Link>
                  ) : (
                    <span className="text-slate-600">0</span>
                  )}
                </td>
              ))}
              {nomina ? (
                <td className={rtCell}>
                  <span className={cellLabel}>Nómina</span>
                  {c.current > 0 && c.nominaHref ? (
                    <a href={c.nominaHref} className="whitespace-nowrap font-semibold text-brand-700 underline underline-offset-4" download>
                      Descargar PDF <span className="sr-only">nómina de personal capacitado en {c.title}</span>
                    </a>
                  ) : (
                    <span className="text-slate-600">Sin certificados vigentes</span>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A cell as the page sends it to the browser, short because a page holds a hundred workers × every course: the
 * state, the last valid day as shown ('' without one), the renewal checkbox's value (null: nothing to renew) and
 * whether a renewal is being studied. Cells follow the table's columns.
 */
export type ComplianceCellView = [state: ComplianceState, validUntil: string, renew: string | null, renewing: boolean];

export interface ComplianceRowView {
  key: string;
  name: string;
  rut: string;
  cells: ComplianceCellView[];
}

/** Workers × courses: each cell the state and, with a certificate that has one, its last valid day. */
export function ComplianceTable({ columns, rows }: { columns: { id: number; title: string }[]; rows: ComplianceRowView[] }) {
  if (rows.length === 0) {
    return <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">No hay trabajadores que mostrar.</p>;
  }
  // Plain functions, not components: a page renders hundreds of cells, and each would be an element of its own.
  const cell = (w: ComplianceRowView, [state, validUntil, renew, renewing]: ComplianceCellView, i: number) => {
    const title = columns[i]!.title;
    return (
      // On a phone the course's title sits above its state: titles are too long for the label column.
      <td key={columns[i]!.id} className={`${rtCell} flex-col gap-0.5`}>
        <span className={`${cellLabel} w-auto`}>{title}</span>
        <span className="cm-state">
          <span className={`cm-badge cm-${state}`}>{COMPLIANCE_LABELS[state]}</span>
          {validUntil ? <span className="cm-date">{state === "vencido" ? `el ${validUntil}` : `hasta ${validUntil}`}</span> : null}
        </span>
        {renewing ? <span className="cm-renewing">Renovación en curso</span> : null}
        {renew ? (
          <label className="cm-renew">
            <input type="checkbox" name="renovar" value={renew} className="cm-check" />
            Renovar <span className="sr-only">{`a ${w.name} en ${title}`}</span>
          </label>
        ) : null}
      </td>
    );
  };
  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className={rtTable}>
        <caption className="sr-only">Matriz de cumplimiento: trabajadores y cursos</caption>
        <thead className={rtHead}>
          <tr>
            <th className={rtTh} scope="col">
              Trabajador
            </th>
            {columns.map((c) => (
              <th key={c.id} className={`${rtTh} min-w-40 whitespace-normal`} scope="col">
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={rtBody}>
          {rows.map((w) => (
            <tr key={w.key} className={rtRow}>
              <th className={`${rtCell} text-left font-normal`} scope="row">
                <span className={cellLabel}>Trabajador</span>
                <span>
                  <span className="font-semibold text-ink">{w.name}</span>
                  <span className="block whitespace-nowrap text-xs text-slate-600">{`RUT ${w.rut}`}</span>
                </span>
              </th>
              {w.cells.map((c, i) => cell(w, c, i))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
