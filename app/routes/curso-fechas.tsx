// /cursos/{id}/fechas — every coming date of a course's in-person skills session ("ver todas las fechas").
// Not in the anonymous page cache: seats change with every booking.
import { data, Link } from "react-router";
import type { Route } from "./+types/curso-fechas";
import { formatClp, plural } from "~/domain/format";
import { parseId } from "~/domain/ids";
import { getPublishedCourse } from "~/server/catalogue/courses.server";
import { upcomingPublicSessions } from "~/server/sessions/sessions.server";
import { NotFoundContent } from "~/ui/layout/not-found-content";
import { pageTitle } from "~/ui/seo";
import { card } from "~/ui/admin/styles";
// Its "Reservar" is the public pages' small button (.pub-btn-small), styled only where this sheet is loaded.
import "~/ui/public/public.css";

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const found = id === null ? null : await getPublishedCourse(id);
  if (!found) return data({ found: false as const }, { status: 404 });
  const sessions = await upcomingPublicSessions(found.course.id);
  return data(
    {
      found: true as const,
      course: { id: found.course.id, title: found.course.title },
      sessions: sessions.map((s) => ({
        id: s.id,
        when: s.when,
        durationMin: s.durationMin,
        place: s.place,
        placeNotes: s.placeNotes,
        instructorName: s.instructorName,
        seatsLeft: s.seatsLeft,
        statusLabel: s.statusLabel,
        // Sold on its own (null: included in the course); formatted here, so the page ships no formatter.
        priceLabel: s.priceClp !== null ? formatClp(s.priceClp) : null,
      })),
    },
    { headers: { "Cache-Control": "private, no-cache" } },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.found ? `Fechas de la sesión práctica · ${loaderData.course.title}` : "Curso no encontrado") },
];

export default function CourseDates({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return <NotFoundContent title="Curso no encontrado" message="Lo sentimos, el curso que estás buscando no está disponible." back={{ to: "/cursos", label: "Volver a cursos" }} />;
  }
  const { course, sessions } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <p className="text-sm">
        <Link to={`/cursos/${course.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
          {course.title}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-ink sm:text-3xl">Fechas de la sesión práctica presencial</h1>
      <p className="mt-3 text-slate-700">
        La sesión práctica, con un relator, evalúa las habilidades que el curso en línea enseña. Puedes reservarla cuando apruebes la parte teórica del curso; al
        aprobar ambas partes recibes un certificado teórico-práctico.
      </p>
      {sessions.length === 0 ? (
        <p className="mt-6 text-slate-700">Por ahora no hay fechas programadas. Vuelve pronto o escríbenos.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {sessions.map((s) => (
            <li key={s.id} className={`${card} p-5`}>
              <p className="text-lg font-bold text-ink">{s.when}</p>
              <p className="mt-1 text-slate-700">{s.place}</p>
              {s.placeNotes ? <p className="mt-1 text-sm text-slate-600">{s.placeNotes}</p> : null}
              <p className="mt-1 text-sm text-slate-600">
                {s.durationMin} minutos · Relator: {s.instructorName}
              </p>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <span className="text-sm font-semibold text-slate-800">
                  {s.seatsLeft > 0 ? plural(s.seatsLeft, "cupo disponible", "cupos disponibles") : s.priceLabel ? "Completa" : "Completa: lista de espera"}
                  {s.priceLabel ? ` · Valor ${s.priceLabel}` : ""}
                </span>
                {s.priceLabel && s.seatsLeft === 0 ? null : (
                  <Link to={`/sesiones/${s.id}`} className="pub-btn-small">
                    {s.priceLabel ? "Comprar cupo" : s.seatsLeft > 0 ? "Reservar" : "Unirme a la lista de espera"}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
