// /relator/sesiones/{id}/lista — the printable roster with a signature column (the paper record of attendance).
import { data } from "react-router";
import type { Route } from "./+types/lista";
import { parseId } from "~/domain/ids";
import { sessionMessages as M } from "~/domain/skills-sessions";
import { getRoster } from "~/server/sessions/roster.server";
import { requireInstructor } from "~/server/sessions/sessions.server";
import { RosterTable } from "~/ui/sessions/roster-table";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Lista de asistencia") }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { instructor } = await requireInstructor(request);
  const id = parseId(params.id);
  const roster = id === null ? null : await getRoster(id, { instructorId: instructor.userId });
  if (!roster) throw data(M.notYourSession, { status: 404 });
  const s = roster.session;
  return {
    session: { courseTitle: s.courseTitle, when: s.when, place: s.place, instructorName: s.instructorName, credential: s.instructorCredential },
    entries: roster.entries,
    checklist: roster.checklist,
  };
}

export default function PrintableRoster({ loaderData }: Route.ComponentProps) {
  const { session, entries, checklist } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-6 print:p-0">
      <h1 className="text-xl font-bold text-ink">Lista de asistencia · Sesión práctica</h1>
      <p className="mt-1 text-sm text-slate-800">{session.courseTitle}</p>
      <p className="text-sm text-slate-800">
        {session.when} (hora de Chile) · {session.place}
      </p>
      <p className="text-sm text-slate-800">
        Relator: {session.instructorName} · {session.credential}
      </p>
      <RosterTable entries={entries} checklist={checklist} signatures />
      <p className="mt-10 text-sm text-slate-800">Firma del relator: ______________________________</p>
    </section>
  );
}
