// /admin/sesiones/:id — one session: its facts, who is booked and how they did, moving a learner to another date,
// and cancelling it (everyone booked, offered or waiting is told; seats are released).
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/sesion";
import type { FormReply } from "~/domain/action-result";
import { parseId } from "~/domain/ids";
import { sessionMessages as M } from "~/domain/skills-sessions";
import { requireAdmin } from "~/server/accounts/session.server";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { getRoster } from "~/server/sessions/roster.server";
import { moveBooking } from "~/server/sessions/bookings.server";
import { cancelSession, moveTargets } from "~/server/sessions/sessions.server";
import { MoveForm } from "~/ui/sessions/move-form";
import { SessionFacts } from "~/ui/sessions/session-facts";
import { RosterTable } from "~/ui/sessions/roster-table";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { card, container, dangerButton } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Sesión práctica | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const roster = id === null ? null : await getRoster(id, { admin: true });
  if (!roster) throw data(M.notFound, { status: 404 });
  const open = roster.session.status === "open";
  const targets = open ? await moveTargets(roster.session) : [];
  return {
    session: roster.session,
    entries: roster.entries,
    waiting: roster.waiting,
    checklist: roster.checklist,
    movable: open ? roster.entries.filter((e) => e.attendance === null).map((e) => ({ bookingId: e.bookingId, name: e.name })) : [],
    targets: targets.map((t) => ({ id: t.id, when: t.when, place: t.place, seatsLeft: t.seatsLeft })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormOrThrow(request);
  const id = parseId(params.id);
  const intent = form.get("intent");
  if (id !== null && intent === "move") {
    const values = { bookingId: String(form.get("bookingId") ?? ""), targetSessionId: String(form.get("targetSessionId") ?? "") };
    const bookingId = parseId(values.bookingId);
    const targetId = parseId(values.targetSessionId);
    const refuse = (field: string, message: string, status = 400) => data<FormReply>({ ok: false, message: null, fieldErrors: { [field]: message }, values }, { status });
    if (bookingId === null) return refuse("bookingId", M.moveBookingInvalid);
    if (targetId === null) return refuse("targetSessionId", M.moveTargetRequired);
    const moved = await moveBooking(admin.id, id, bookingId, targetId);
    if (!moved.ok) return moved.field ? refuse(moved.field, moved.message, moved.status) : data<FormReply>({ ok: false, message: moved.message, fieldErrors: {}, values }, { status: moved.status ?? 400 });
    return data<FormReply>({ ok: true, message: moved.message, fieldErrors: {}, values: {} });
  }
  if (id === null || intent !== "cancel") return data<FormReply>({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, { status: 400 });
  const done = await cancelSession(id, admin.id);
  return data<FormReply>({ ok: done.ok, message: done.message, fieldErrors: {}, values: {} }, { status: done.ok ? 200 : (done.status ?? 400) });
}

export default function AdminSession({ loaderData, actionData }: Route.ComponentProps) {
  const { session, entries, waiting, checklist, movable, targets } = loaderData;
  return (
    <section className={`${container} py-8`}>
      <PageHeader title={`Sesión práctica · ${session.courseTitle}`}>
        <Link to="/admin/sesiones" className="font-semibold text-brand-700 underline underline-offset-4">
          Todas las sesiones
        </Link>
      </PageHeader>
      {actionData?.message ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      {actionData && !actionData.ok && Object.keys(actionData.fieldErrors).length ? <Notice ok={false} message="No se pudo cambiar la fecha: revisa el formulario." /> : null}
      {session.credentialWarning ? <Notice ok={false} message={session.credentialWarning} /> : null}
      <div className={`${card} mt-4 p-5`}>
        <SessionFacts s={session} />
        <p className="mt-3 text-sm text-slate-700">En lista de espera: {waiting}</p>
      </div>
      <h2 className="mt-8 text-lg font-bold text-ink">Inscritos</h2>
      <RosterTable entries={entries} checklist={checklist} />
      <MoveForm learners={movable} targets={targets} reply={actionData} />
      {session.status === "open" ? (
        <Form method="post" className="mt-8">
          <button type="submit" name="intent" value="cancel" className={dangerButton}>
            Cancelar la sesión y avisar a los inscritos
          </button>
        </Form>
      ) : null}
    </section>
  );
}
