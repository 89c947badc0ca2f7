// /empresa/:companyId/sesiones/:sessionId — a manager books seats in one session for the company's workers who
// passed the course's theory (the rest are listed with the reason they cannot be picked). A public session or
// the company's own; another company's private session is not found.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/sesion";
import type { FormReply } from "~/domain/action-result";
import { formatDateTime } from "~/domain/format";
import { parseId } from "~/domain/ids";
import { formatRut } from "~/domain/rut";
import { cancelDeadline, sessionMessages as M } from "~/domain/skills-sessions";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { now } from "~/server/platform/clock.server";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { bookForCompany, cancelForCompany } from "~/server/sessions/bookings.server";
import { companyVisibleSession, companyWorkersForCourse } from "~/server/sessions/company-sessions.server";
import { sessionSummary } from "~/server/sessions/sessions.server";
import { placeStatusLabel } from "~/ui/sessions/company-sessions";
import { SessionFacts } from "~/ui/sessions/session-facts";
import { PortalHeader } from "~/ui/company/portal";
import { Notice } from "~/ui/admin/notice";
import { card, container, secondaryButton } from "~/ui/admin/styles";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(`Reservar sesión práctica | ${loaderData?.company.name ?? "Empresa"}`) },
  { name: "robots", content: "noindex" },
];

async function visibleSession(companyId: number, param: string | undefined) {
  const id = parseId(param);
  const s = id === null ? null : await companyVisibleSession(companyId, id);
  if (!s) throw data(M.notFound, { status: 404 });
  return s;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await requireCompanyAccess(request, parseId(params.companyId));
  const s = await visibleSession(company.id, params.sessionId);
  const workers = await companyWorkersForCourse(company.id, s.courseId);
  return {
    company: { id: company.id, name: company.name, rut: formatRut(company.rut) },
    session: {
      ...sessionSummary(s),
      bookable: s.status === "open" && s.startsAt > now() && s.priceClp === null,
      paid: s.priceClp !== null,
    },
    workers: workers.map((w) => ({
      userId: w.userId,
      name: w.name,
      email: w.email,
      // Why a worker cannot be picked, or null.
      // The worker's place in this session, which the manager may give up (a seat until the deadline).
      inThisSession: w.place !== null && w.place.sessionId === s.id,
      cancellable:
        w.place !== null && w.place.sessionId === s.id && (w.place.status !== "booked" || now() <= cancelDeadline(s.startsAt, s.cancelHoursBefore)),
      reason: !w.theoryPassed
        ? "Aún no aprueba la parte teórica"
        : w.place
          ? `${placeStatusLabel(w.place.status)}${w.place.sessionId === s.id ? " en esta sesión" : ` el ${formatDateTime(w.place.startsAt)}`}`
          : null,
    })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, company } = await requireCompanyAccess(request, parseId(params.companyId));
  const form = await readFormOrThrow(request);
  const sessionId = parseId(params.sessionId);
  const intent = form.get("intent");
  if (intent === "cancel" && sessionId !== null) {
    const worker = form.get("worker");
    if (typeof worker !== "string" || worker.length === 0 || worker.length > 100) return data<FormReply>({ ok: false, message: M.workerNoBooking, fieldErrors: {}, values: {} }, { status: 400 });
    const done = await cancelForCompany(user.id, company.id, sessionId, worker);
    return data<FormReply>({ ok: done.ok, message: done.message, fieldErrors: {}, values: {} }, { status: done.ok ? 200 : (done.status ?? 400) });
  }
  const chosen = form.getAll("workers").filter((v): v is string => typeof v === "string" && v.length > 0 && v.length <= 100);
  if (intent !== "book" || sessionId === null) return data<FormReply>({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, { status: 400 });
  const done = await bookForCompany(user.id, company.id, sessionId, chosen);
  if (!done.ok) {
    const fieldErrors = done.field ? { [done.field]: done.message } : {};
    return data<FormReply>({ ok: false, message: done.field ? null : done.message, fieldErrors, values: { workers: chosen.join(",") } }, { status: done.status ?? 400 });
  }
  return data<FormReply>({ ok: true, message: done.message, fieldErrors: {}, values: {} });
}

export default function CompanySessionBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { company, session, workers } = loaderData;
  const kept = new Set(actionData && !actionData.ok ? (actionData.values.workers ?? "").split(",") : []);
  const pickable = workers.filter((w) => w.reason === null);
  const placed = workers.filter((w) => w.inThisSession);
  const error = actionData && !actionData.ok ? actionData.fieldErrors.workers : undefined;
  return (
    <section className={`${container} py-8`}>
      <PortalHeader companyName={company.name} companyRut={company.rut}>
        <Link to={`/empresa/${company.id}/sesiones`} className={secondaryButton}>
          Todas las sesiones prácticas
        </Link>
      </PortalHeader>
      <h2 className="mt-8 text-xl font-bold text-ink">Reservar cupos: {session.courseTitle}</h2>
      {actionData?.message ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      <div className={`${card} mt-4 p-5`}>
        <SessionFacts s={session} />
      </div>
      {session.paid ? <p className="mt-4 text-sm text-slate-700">{M.companyPaidSession}</p> : null}
      {placed.length > 0 ? (
        <section className="mt-6" aria-labelledby="reservas-empresa">
          <h3 id="reservas-empresa" className="text-lg font-bold text-ink">
            Reservas de tu empresa en esta sesión
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            Puedes cancelar un cupo hasta {session.cancelHoursBefore} horas antes del inicio, y un lugar en la lista de espera en cualquier momento. Le avisamos por
            correo a la persona, y el cupo se ofrece a la siguiente de la lista de espera.
          </p>
          <ul className={`${card} mt-3 divide-y divide-slate-100`}>
            {placed.map((w) => (
              <li key={w.userId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <span className="min-w-0">
                  <span className="block font-semibold text-ink">{w.name}</span>
                  <span className="block text-sm text-slate-600">{w.reason}</span>
                </span>
                {w.cancellable ? (
                  <Form method="post">
                    <input type="hidden" name="worker" value={w.userId} />
                    <SubmitButton label="Cancelar reserva" pendingLabel="Cancelando..." intent="cancel" match={["worker", w.userId]} className={secondaryButton} />
                  </Form>
                ) : (
                  <span className="text-sm text-slate-600">El plazo para cancelar ya pasó.</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {!session.bookable ? null : workers.length === 0 ? (
        <p className="mt-6 text-sm text-slate-700">Tu empresa no tiene trabajadores inscritos en este curso.</p>
      ) : (
        <Form method="post" className="mt-6">
          <fieldset aria-describedby={error ? "workers-error" : undefined} aria-invalid={error ? true : undefined}>
            <legend className="text-lg font-bold text-ink">Trabajadores</legend>
            <p className="mt-1 text-sm text-slate-700">
              Solo pueden asistir quienes aprobaron la parte teórica. Si no quedan cupos, quedan en la lista de espera y les avisamos si se libera uno.
            </p>
            {error ? (
              <p id="workers-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
            <ul className={`${card} mt-3 divide-y divide-slate-100`}>
              {workers.map((w) => (
                <li key={w.userId}>
                  <label className={`flex min-h-12 items-start gap-3 px-4 py-3 ${w.reason ? "text-slate-500" : "cursor-pointer"}`}>
                    <input
                      type="checkbox"
                      name="workers"
                      value={w.userId}
                      disabled={w.reason !== null}
                      defaultChecked={kept.has(w.userId)}
                      className="mt-1 size-5 shrink-0 accent-brand-700"
                    />
                    <span className="min-w-0">
                      <span className="block font-semibold text-ink">{w.name}</span>
                      <span className="block break-all text-sm text-slate-600">{w.email}</span>
                      {w.reason ? <span className="block text-sm text-slate-600">{w.reason}</span> : null}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {pickable.length > 0 ? (
            <div className="mt-4">
              <SubmitButton label="Reservar cupos" pendingLabel="Reservando..." intent="book" />
            </div>
          ) : (
            <p className="mt-4 text-sm text-slate-700">Nadie más de tu empresa puede reservar en esta sesión por ahora.</p>
          )}
        </Form>
      )}
    </section>
  );
}
