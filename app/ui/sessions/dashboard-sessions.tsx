// The dashboard's skills sessions: the learner's bookings (with what to do next) and the courses whose
// in-person session they can book now; a link to the instructor's pages for relatores.
import { Link } from "react-router";

export interface DashboardSessionsData {
  bookings: { sessionId: number; courseTitle: string; when: string; place: string; statusText: string; action: string | null }[];
  suggestions: { courseId: number; title: string }[];
}

export function DashboardSessions({ data, instructor }: { data: DashboardSessionsData | null; instructor: boolean }) {
  if (!data && !instructor) return null;
  return (
    <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="sesiones-practicas">
      <h2 id="sesiones-practicas" className="text-lg font-bold text-ink">
        Sesiones prácticas
      </h2>
      {instructor ? (
        <p className="mt-2 text-sm">
          <Link to="/relator" className="font-semibold text-brand-700 underline underline-offset-4">
            Mis sesiones como relator
          </Link>
        </p>
      ) : null}
      {data?.bookings.length ? (
        <ul className="mt-3 space-y-3">
          {data.bookings.map((b) => (
            <li key={b.sessionId} className="rounded-xl border border-slate-200 p-3">
              <p className="font-semibold text-ink">{b.courseTitle}</p>
              <p className="text-sm text-slate-700">
                {b.when} · {b.place}
              </p>
              <p className="text-sm font-semibold text-slate-800">{b.statusText}</p>
              <Link to={`/sesiones/${b.sessionId}`} className="mt-1 inline-block text-sm font-semibold text-brand-700 underline underline-offset-4">
                {b.action ?? "Ver la sesión"}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {data?.suggestions.length ? (
        <ul className="mt-3 space-y-2">
          {data.suggestions.map((s) => (
            <li key={s.courseId} className="text-sm text-slate-800">
              Aprobaste la parte teórica de <strong>{s.title}</strong>.{" "}
              <Link to={`/cursos/${s.courseId}/fechas`} className="font-semibold text-brand-700 underline underline-offset-4">
                Reserva tu sesión práctica
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
