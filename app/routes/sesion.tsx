// /sesiones/{id} — a skills session as the learner sees it: the facts, their booking (seat, waiting list, an
// offer to confirm) and what they can do with it. Each action checks the learner, the theory and the seats itself.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/sesion";
import type { FormReply } from "~/domain/action-result";
import { formatClp, formatDateTime } from "~/domain/format";
import { parseId } from "~/domain/ids";
import { sessionMessages as M } from "~/domain/skills-sessions";
import { requireUser } from "~/server/accounts/session.server";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { bookSeat, cancelBooking, confirmOffer, myBookingIn, theoryPassed } from "~/server/sessions/bookings.server";
import { getSession, sessionSummary, sessionView } from "~/server/sessions/sessions.server";
import { SessionFacts } from "~/ui/sessions/session-facts";
import { Notice } from "~/ui/admin/notice";
import { card, primaryButton, secondaryButton } from "~/ui/admin/styles";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Sesión práctica") }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = parseId(params.id);
  const row = id === null ? null : await getSession(id);
  const mine = row ? await myBookingIn(user.id, row.id) : null;
  // A company's private session is shown only to the people booked in it.
  if (!row || (row.placeKind !== "venue" && !mine)) throw data(M.notFound, { status: 404 });
  const s = sessionView(row);
  const eligible = await theoryPassed(user.id, s.courseId);
  return {
    session: {
      ...sessionSummary(s),
      open: s.status === "open",
      paid: s.priceClp !== null,
      priceLabel: s.priceClp !== null ? formatClp(s.priceClp) : null,
    },
    booking: mine
      ? {
          status: mine.status,
          canCancel: mine.canCancel,
          cancelUntil: formatDateTime(mine.cancelUntil),
          offerExpiresAt: mine.offerExpiresAt ? formatDateTime(mine.offerExpiresAt) : null,
          result: mine.result,
          paid: mine.paid,
        }
      : null,
    eligible,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readFormOrThrow(request);
  const id = parseId(params.id);
  const intent = form.get("intent");
  const reply = (r: { ok: boolean; message: string; status?: number }) =>
    data<FormReply>({ ok: r.ok, message: r.message, fieldErrors: {}, values: {} }, { status: r.ok ? 200 : (r.status ?? 400) });
  if (id === null) return reply({ ok: false, message: M.notFound, status: 404 });
  if (intent === "book") return reply(await bookSeat(user.id, id));
  if (intent === "cancel") return reply(await cancelBooking(user.id, id));
  if (intent === "confirm") return reply(await confirmOffer(user.id, id));
  return reply({ ok: false, message: "La solicitud no es válida." });
}

const STATUS_TEXT: Record<string, string> = {
  booked: "Tienes un cupo reservado.",
  waiting: "Estás en la lista de espera. Te avisaremos por correo si se libera un cupo.",
  offered: "Se liberó un cupo para ti.",
  cancelled: "Tu reserva está cancelada.",
  expired: "Tu lugar en esta sesión venció.",
  closed: "Asististe a esta sesión.",
};

export default function SessionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { session, booking, eligible } = loaderData;
  const live = booking && ["booked", "waiting", "offered"].includes(booking.status);
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <p className="text-sm">
        <Link to={`/cursos/${session.courseId}/fechas`} className="font-semibold text-brand-700 underline underline-offset-4">
          Todas las fechas
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-ink sm:text-3xl">Sesión práctica presencial</h1>
      {actionData?.message ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      <div className={`${card} mt-4 p-5`}>
        <SessionFacts s={session} />
      </div>
      <div className={`${card} mt-4 p-5`}>
        <h2 className="text-lg font-bold text-ink">Tu reserva</h2>
        {booking ? <p className="mt-2 text-slate-800">{STATUS_TEXT[booking.status]}</p> : null}
        {booking?.status === "booked" ? (
          <p className="mt-1 text-sm text-slate-700">
            Puedes cancelarla hasta el {booking.cancelUntil}
            {booking.paid ? "; te devolvemos lo que pagaste" : ""}.
          </p>
        ) : null}
        {booking?.status === "offered" && booking.offerExpiresAt ? (
          <p className="mt-1 font-semibold text-slate-800">Confírmalo antes del {booking.offerExpiresAt}; después pasará a la siguiente persona de la lista.</p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-3">
          {booking?.status === "offered" ? (
            <Form method="post">
              <SubmitButton label="Confirmar mi cupo" pendingLabel="Confirmando..." intent="confirm" className={primaryButton} />
            </Form>
          ) : null}
          {live && booking?.canCancel ? (
            <Form method="post">
              <SubmitButton
                label={booking.status === "waiting" ? "Salir de la lista de espera" : "Cancelar mi reserva"}
                pendingLabel="Cancelando..."
                intent="cancel"
                className={secondaryButton}
              />
            </Form>
          ) : null}
          {!live && session.open ? (
            eligible ? (
              session.paid ? (
                session.seatsLeft > 0 ? (
                  <Link to={`/sesiones/${session.id}/comprar`} className={primaryButton}>
                    Comprar mi cupo ({session.priceLabel})
                  </Link>
                ) : (
                  <p className="text-slate-700">{M.paidFull}</p>
                )
              ) : (
                <Form method="post">
                  <SubmitButton label={session.seatsLeft > 0 ? "Reservar mi cupo" : "Unirme a la lista de espera"} pendingLabel="Reservando..." intent="book" />
                </Form>
              )
            ) : (
              <p className="text-slate-700">
                {M.notEligible}{" "}
                <Link to={`/cursos/${session.courseId}`} className="font-semibold text-brand-700 underline">
                  Ver el curso
                </Link>
              </p>
            )
          ) : null}
        </div>
      </div>
    </section>
  );
}
