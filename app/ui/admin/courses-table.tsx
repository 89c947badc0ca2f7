import { Link } from "react-router";
import { cellLabel, rtBody, rtCell, rtHead, rtRow, rtTable, rtTh } from "./responsive-table";
import { badge, smallButton } from "./styles";
import { formatCount } from "~/domain/format";

export interface AdminCourseRowView {
  id: number;
  title: string;
  category: string;
  status: string;
  modules: number;
  lessons: number;
  students: number;
}

export function CoursesTable({ courses }: { courses: AdminCourseRowView[] }) {
  return (
    <div className="mt-4 overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className={rtTable}>
        <caption className="sr-only">Cursos de la plataforma</caption>
        <thead className={rtHead}>
          <tr>
            <th scope="col" className={rtTh}>Curso</th>
            <th scope="col" className={rtTh}>Estado</th>
            <th scope="col" className={rtTh}>Módulos</th>
            <th scope="col" className={rtTh}>Lecciones</th>
            <th scope="col" className={rtTh}>Estudiantes</th>
            <th scope="col" className={rtTh}>
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody className={rtBody}>
          {courses.map((c) => (
            <tr key={c.id} className={rtRow}>
              <td className={rtCell}>
                <span className={cellLabel}>Curso</span>
                <span>
                  <span className="block font-semibold text-ink">{c.title}</span>
                  <span className="block text-xs text-slate-600">
                    N.º {c.id} · {c.category}
                  </span>
                </span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Estado</span>
                <span className={`${badge} ${c.status === "published" ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-slate-100 text-slate-700 ring-slate-300"}`}>
                  {c.status === "published" ? "Publicado" : "Borrador"}
                </span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Módulos</span>
                <span>{c.modules}</span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Lecciones</span>
                <span>{c.lessons}</span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Estudiantes</span>
                <span>{formatCount(c.students)}</span>
              </td>
              <td className={rtCell}>
                <Link to={`/admin/cursos/${c.id}`} className={smallButton} aria-label={`Editar ${c.title}`}>
                  Editar
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
