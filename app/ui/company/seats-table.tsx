import { Link } from "react-router";
import { cellLabel, rtBody, rtCell, rtHead, rtRow, rtTable, rtTh } from "../admin/responsive-table";
import { formatCount } from "~/domain/format";

export interface SeatRow {
  courseId: number;
  courseTitle: string;
  credited: number;
  used: number;
  free: number;
}

/** Seats per course: bought or granted, used (enrolled or invited) and free; optionally linking each course. */
export function SeatsTable({ seats, linkTo }: { seats: SeatRow[]; linkTo?: (courseId: number) => string }) {
  if (seats.length === 0) {
    return <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">Aún no hay cupos.</p>;
  }
  const n = (v: number) => formatCount(v);
  return (
    <div className="mt-4 overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className={rtTable}>
        <caption className="sr-only">Cupos por curso</caption>
        <thead className={rtHead}>
          <tr>
            <th className={rtTh}>Curso</th>
            <th className={rtTh}>Comprados o asignados</th>
            <th className={rtTh}>Usados</th>
            <th className={rtTh}>Disponibles</th>
          </tr>
        </thead>
        <tbody className={rtBody}>
          {seats.map((s) => (
            <tr key={s.courseId} className={rtRow}>
              <td className={rtCell}>
                <span className={cellLabel}>Curso</span>
                {linkTo ? (
                  <Link to={linkTo(s.courseId)} className="font-semibold text-brand-700 underline underline-offset-4">
                    {s.courseTitle}
                  </Link>
                ) : (
                  <span className="font-semibold text-ink">{s.courseTitle}</span>
                )}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Comprados</span>
                {n(s.credited)}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Usados</span>
                {n(s.used)}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Disponibles</span>
                <span className="font-semibold text-ink">{n(s.free)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
