// /relator/sesiones/{id} — the instructor's page on the day, made for a phone: the roster, attendance, each present
// learner's skills checklist and the sign-off. Only the session's own instructor reaches it; each action checks
// again. A save lost on a weak connection answers in the card (clientAction) instead of leaving the page.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/sesion";
import { parseId } from "~/domain/ids";
import { sessionMessages as M } from "~/domain/skills-sessions";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { getRoster, markAttendance, saveChecklist, signOffSession } from "~/server/sessions/roster.server";
import { requireInstructor } from "~/server/sessions/sessions.server";
import { LearnerCard, type CardReply } from "~/ui/sessions/instructor-roster";
import { Notice } from "~/ui/admin/notice";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Sesión práctica | Relator") }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { instructor } = await requireInstructor(request);
  const id = parseId(params.id);
  const roster = id === null ? null : await getRoster(id, { instructorId: instructor.userId });
  if (!roster) throw data(M.notYourSession, { status: 404 });
  const s = roster.session;
  return {
    session: { id: s.id, courseTitle: s.courseTitle, when: s.when, place: s.place, status: s.status, statusLabel: s.statusLabel },
    checklist: roster.checklist,
    entries: roster.entries,
    attendanceOpen: roster.attendanceOpen,
    signOffBlocked: roster.signOffBlocked,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { instructor } = await requireInstructor(request);
  const form = await readFormOrThrow(request);
  const id = parseId(params.id);
  const bookingId = parseId(String(form.get("bookingId") ?? ""));
  const reply = (r: CardReply & { status?: number }) => data<CardReply>({ ok: r.ok, message: r.message, missing: r.missing }, { status: r.ok ? 200 : (r.status ?? 400) });
  if (id === null) return reply({ ok: false, message: M.notYourSession, status: 404 });
  const intent = form.get("intent");
  if (intent === "signoff") return reply(await signOffSession(id, instructor.userId));
  if (bookingId === null) return reply({ ok: false, message: M.noBooking, status: 400 });
  if (intent === "attendance") {
    const value = form.get("attendance");
    if (value !== "present" && value !== "absent") return reply({ ok: false, message: "La solicitud no es válida." });
    return reply(await markAttendance(id, instructor.userId, bookingId, value));
  }
  if (intent === "checklist") {
    const saved = await saveChecklist(id, instructor.userId, bookingId, (name) => {
      const v = form.get(name);
      return typeof v === "string" ? v : "";
    });
    return reply(saved as CardReply & { status?: number });
  }
  return reply({ ok: false, message: "La solicitud no es válida." });
}

/** A lost connection becomes the card's own message: what was marked stays on screen to send again. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<CardReply> {
  try {
    return (await serverAction()) as CardReply;
  } catch {
    return { ok: false, message: "No se pudo guardar: revisa tu conexión e inténtalo de nuevo. Lo que marcaste sigue aquí." };
  }
}

export default function InstructorSession({ loaderData, actionData }: Route.ComponentProps) {
  const { session, checklist, entries, attendanceOpen, signOffBlocked } = loaderData;
  const editable = session.status === "open" && attendanceOpen;
  return (
    <section className="mx-auto max-w-xl px-3 py-6">
      <p className="text-sm">
        <Link to="/relator" className="font-semibold text-brand-700 underline underline-offset-4">
          Mis sesiones
        </Link>
      </p>
      <h1 className="mt-2 text-xl font-bold text-ink">{session.courseTitle}</h1>
      <p className="text-sm text-slate-700">
        {session.when} · {session.place} · {session.statusLabel}
      </p>
      <p className="mt-1 text-sm">
        <Link to={`/relator/sesiones/${session.id}/lista`} className="font-semibold text-brand-700 underline underline-offset-4">
          Lista para imprimir y firmar
        </Link>
      </p>
      {session.status === "open" && !attendanceOpen ? <p className="mt-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-800">{M.tooEarly}</p> : null}
      {actionData?.message ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      <p className="mt-4 text-xs text-slate-600">{checklist.scope}</p>
      {entries.length === 0 ? <p className="mt-4 text-slate-700">Nadie ha reservado esta sesión.</p> : null}
      <ul className="mt-4 space-y-4">
        {entries.map((e) => (
          <LearnerCard key={e.bookingId} entry={e} checklist={checklist} editable={editable} />
        ))}
      </ul>
      {editable ? (
        <Form method="post" className="mt-6 rounded-2xl border border-slate-300 bg-slate-50 p-4">
          {signOffBlocked ? (
            <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
              {signOffBlocked}
            </p>
          ) : null}
          <p className="text-sm text-slate-800">
            Al firmar declaras que evaluaste en persona a quienes marcaste presentes. Quienes lograron todos los ítems reciben su certificado teórico-práctico.
          </p>
          <button type="submit" name="intent" value="signoff" className="mt-3 flex min-h-11 w-full items-center justify-center rounded-lg bg-ink px-4 text-base font-semibold text-white">
            Firmar y cerrar la sesión
          </button>
        </Form>
      ) : null}
    </section>
  );
}
