// /relator — the instructor's own sessions (and nobody else's).
import { Link } from "react-router";
import type { Route } from "./+types/index";
import { listInstructorSessions, requireInstructor } from "~/server/sessions/sessions.server";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Mis sesiones | Relator") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { instructor } = await requireInstructor(request);
  const sessions = await listInstructorSessions(instructor.userId);
  return {
    name: instructor.displayName,
    sessions: sessions.map((s) => ({ id: s.id, courseTitle: s.courseTitle, when: s.when, place: s.place, seats: `${s.seatsTaken} de ${s.capacity}`, statusLabel: s.statusLabel })),
  };
}

export default function InstructorHome({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-3 py-6">
      <h1 className="text-xl font-bold text-ink">Mis sesiones</h1>
      <p className="text-sm text-slate-700">{loaderData.name}</p>
      {loaderData.sessions.length === 0 ? <p className="mt-4 text-slate-700">No tienes sesiones asignadas.</p> : null}
      <ul className="mt-4 space-y-3">
        {loaderData.sessions.map((s) => (
          <li key={s.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <Link to={`/relator/sesiones/${s.id}`} className="text-lg font-bold text-brand-700 underline underline-offset-4">
              {s.when}
            </Link>
            <p className="text-sm text-slate-800">{s.courseTitle}</p>
            <p className="text-sm text-slate-600">
              {s.place} · {s.seats} · {s.statusLabel}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
