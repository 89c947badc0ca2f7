import { Link } from "react-router";
import { courseContentPath } from "~/domain/course-paths";

export function EditorTabs({ courseId, view }: { courseId: number; view: "datos" | "contenido" | "leccion" }) {
  const tab = (active: boolean) =>
    `inline-block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold ${
      active ? "bg-brand-700 text-white" : "bg-white text-slate-700 ring-1 ring-inset ring-slate-300 hover:text-brand-700"
    }`;
  return (
    <nav aria-label="Secciones del editor" className="mt-5 flex flex-wrap gap-2">
      <Link to={`/admin/cursos/${courseId}`} className={tab(view === "datos")} aria-current={view === "datos" ? "page" : undefined}>
        Datos del curso
      </Link>
      <Link to={`/admin/cursos/${courseId}?vista=contenido`} className={tab(view !== "datos")} aria-current={view === "contenido" ? "page" : undefined}>
        Módulos y lecciones
      </Link>
      <Link to={`/admin/cursos/${courseId}/resultados`} className={tab(false)}>
        Resultados
      </Link>
      <Link to={courseContentPath(courseId)} className={tab(false)}>
        Ver como estudiante
      </Link>
    </nav>
  );
}
