// The dashboard screen (docs/product-spec.md §2 Dashboard): used by /dashboard and, in its admin view, by /admin.
import { Link } from "react-router";
import { container } from "~/ui/admin/styles";
import { AdminCourseCard, LearnerCourseCard } from "./course-cards";
import type { AdminCountsView, DashboardStatsView, DashboardViewData } from "~/domain/dashboard-view";
import { formatCount } from "~/domain/format";

export const DASHBOARD_LOAD_ERROR = "Ha ocurrido un error al cargar tus datos. Por favor, intenta de nuevo más tarde.";

/** `extra`: sections another area adds below the introduction (the skills sessions). */
export function DashboardView({ data, loading, extra }: { data: DashboardViewData; loading: boolean; extra?: React.ReactNode }) {
  const admin = data.isAdminView;
  return (
    <div className={`${container} py-8 sm:py-10`}>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">Te damos la bienvenida, {data.userName.trim() || "Usuario"}</h1>
          <p className="mt-1 font-semibold text-brand-700">{admin ? "Panel de Administrador" : "Panel de Usuario"}</p>
        </div>
        <Link
          to="/perfil"
          className="inline-flex items-center justify-center gap-2 self-start rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:border-brand-700 hover:text-brand-700"
        >
          Editar Perfil
        </Link>
      </header>
      <p className="mt-4 max-w-3xl text-slate-600">
        {admin
          ? "Desde aquí puedes revisar todos los cursos de la plataforma, sus estudiantes y certificados, y entrar a las herramientas de administración."
          : "Aquí puedes seguir tu avance, continuar tus cursos donde los dejaste y descargar tus certificados."}
      </p>

      {extra}

      {data.loadError ? (
        <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800">
          {DASHBOARD_LOAD_ERROR}
        </div>
      ) : null}

      {/* On a phone a learner's courses come first (what they came for); from 640 px the stats lead. */}
      <div className="flex flex-col">
        <div className={admin ? "" : "order-2 sm:order-1"}>
          <StatCards stats={data.stats} />
        </div>

        {admin && data.adminCounts ? <AdminPanel counts={data.adminCounts} /> : null}

        <section aria-labelledby="dashboard-cursos" className={admin ? "mt-10" : "order-1 mt-8 sm:order-2 sm:mt-10"}>
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="dashboard-cursos" className="text-xl font-bold text-ink sm:text-2xl">
            {admin ? "Todos los Cursos" : "Mis Cursos"}
          </h2>
          {admin ? (
            <span className="rounded-full bg-ink px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">Vista de Administrador</span>
          ) : null}
        </div>
        <CourseList data={data} loading={loading} />
        </section>
      </div>
    </div>
  );
}

function CourseList({ data, loading }: { data: DashboardViewData; loading: boolean }) {
  if (loading) {
    return (
      <p role="status" className="mt-6 flex items-center gap-3 text-slate-700">
        <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" />
        Cargando cursos...
      </p>
    );
  }
  if (data.courses.length === 0) {
    return (
      <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center">
        <p className="text-slate-700">
          {data.isAdminView ? "No hay cursos disponibles en la plataforma." : "No estás inscrito en ningún curso actualmente."}
        </p>
        <Link
          to={data.isAdminView ? "/admin/cursos/nuevo" : "/cursos"}
          className="mt-4 inline-flex items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {data.isAdminView ? "Crear Nuevo Curso" : "Explorar Cursos"}
        </Link>
      </div>
    );
  }
  return (
    <ul className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {data.courses.map((c) => (
        <li key={c.courseId}>{data.isAdminView ? <AdminCourseCard course={c} /> : <LearnerCourseCard course={c} />}</li>
      ))}
    </ul>
  );
}

function StatCards({ stats }: { stats: DashboardStatsView }) {
  const items = [
    { label: "Cursos Completados", value: stats.completedCourses, note: `${stats.completedPercent}% de tus cursos`, percent: stats.completedPercent, barLabel: null },
    { label: "Cursos en Progreso", value: stats.inProgressCourses, note: `${stats.inProgressPercent}% de tus cursos`, percent: stats.inProgressCourses > 0 ? stats.inProgressAverage : null, barLabel: `Avance promedio: ${stats.inProgressAverage}%` },
    { label: "Certificados", value: stats.certificates, note: "Certificados disponibles", percent: null, barLabel: null },
  ];
  return (
    <section aria-label="Resumen" className="mt-8">
      {/* Compact on a phone: three small tiles in a row. */}
      <ul className="grid grid-cols-3 gap-2 sm:gap-4">
        {items.map((s) => (
          <li key={s.label} className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5">
            <p className="text-xs font-semibold text-slate-600 sm:text-sm">{s.label}</p>
            <p className="mt-1 text-2xl font-bold text-ink sm:text-3xl">{s.value}</p>
            <p className="mt-1 text-xs text-slate-600 sm:text-sm">{s.note}</p>
            {s.percent !== null ? (
              <>
                {/* Each bar draws the figure written beside it: the share of courses, or the average progress. */}
                {s.barLabel ? <p className="mt-2 hidden text-xs text-slate-600 sm:block">{s.barLabel}</p> : null}
                <div aria-hidden="true" className="mt-2 hidden h-1.5 overflow-hidden rounded-full bg-slate-200 sm:block">
                  <div className="h-full rounded-full bg-brand-700" style={{ width: `${s.percent}%` }} />
                </div>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function AdminPanel({ counts }: { counts: AdminCountsView }) {
  const links = [
    { to: "/admin/usuarios", label: "Gestionar Usuarios", count: counts.users, unit: "usuarios" },
    { to: "/admin/cursos", label: "Gestionar Cursos", count: counts.publishedCourses, unit: "cursos publicados" },
    { to: "/admin/inscripciones", label: "Gestionar Inscripciones", count: counts.enrolments, unit: "inscripciones" },
  ];
  return (
    <section aria-labelledby="panel-admin" className="mt-10 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6">
      <h2 id="panel-admin" className="text-xl font-bold text-ink">
        Panel de Administración
      </h2>
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 font-semibold text-slate-800 shadow-sm hover:border-brand-700 hover:text-brand-700"
            >
              <span>{l.label}</span>
              <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-sm font-bold text-white">
                {formatCount(l.count)}
                <span className="sr-only"> {l.unit}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
