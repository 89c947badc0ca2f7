// /empresa/:companyId/sesiones — the company's in-person skills sessions: the coming dates of its courses (public
// ones and its own) to book workers on, who holds a place, and a request for a session at the company.
import { data, Link } from "react-router";
import type { Route } from "./+types/sesiones";
import type { FormReply } from "~/domain/action-result";
import { parseForm } from "~/domain/form-parse";
import { formatDate, formatDateTime } from "~/domain/format";
import { parseId } from "~/domain/ids";
import { formatRut } from "~/domain/rut";
import { SESSION_REQUEST_FIELDS, sessionRequestSchema } from "~/domain/skills-sessions";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import {
  companyBookings,
  companySessionCourses,
  companySessionRequests,
  companyUpcomingSessions,
  requestCompanySession,
} from "~/server/sessions/company-sessions.server";
import { CompanyBookingsTable, CompanySessionList, SessionRequestForm } from "~/ui/sessions/company-sessions";
import { PortalHeader } from "~/ui/company/portal";
import { Notice } from "~/ui/admin/notice";
import { container, secondaryButton, table, tableWrap, td, th } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(`Sesiones prácticas | ${loaderData?.company.name ?? "Empresa"}`) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await requireCompanyAccess(request, parseId(params.companyId));
  const courses = await companySessionCourses(company.id);
  const [sessions, bookings, requests] = await Promise.all([
    companyUpcomingSessions(
      company.id,
      courses.map((c) => c.courseId),
    ),
    companyBookings(company.id),
    companySessionRequests(company.id),
  ]);
  return {
    company: { id: company.id, name: company.name, rut: formatRut(company.rut) },
    courses: courses.map((c) => ({ id: c.courseId, title: c.title, passed: c.passed, enrolled: c.enrolled })),
    sessions: sessions.map((s) => ({ id: s.id, courseTitle: s.courseTitle, when: s.when, place: s.place, seatsLeft: s.seatsLeft, statusLabel: s.statusLabel, own: s.companyId === company.id })),
    bookings: bookings.map((b) => ({ name: b.name, status: b.status, when: formatDateTime(b.startsAt), courseTitle: b.courseTitle })),
    requests: requests.map((r) => ({
      id: r.id,
      courseTitle: r.courseTitle,
      people: r.people,
      preferredDates: r.preferredDates,
      sentOn: formatDate(r.createdAt),
      status: r.status === "scheduled" ? "Sesión programada" : "Pendiente",
    })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, company } = await requireCompanyAccess(request, parseId(params.companyId));
  const form = await readFormOrThrow(request);
  if (form.get("intent") !== "request") return data<FormReply>({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, { status: 400 });
  const parsed = parseForm(sessionRequestSchema, form, SESSION_REQUEST_FIELDS);
  if (!parsed.ok) return data<FormReply>({ ok: false, message: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
  const sent = await requestCompanySession(user.id, company.id, parsed.data);
  if (!sent.ok) return data<FormReply>({ ok: false, message: null, fieldErrors: { [sent.field ?? "form"]: sent.message }, values: parsed.values }, { status: sent.status ?? 400 });
  return data<FormReply>({ ok: true, message: sent.message, fieldErrors: {}, values: {} });
}

export default function CompanySessions({ loaderData, actionData }: Route.ComponentProps) {
  const { company, courses, sessions, bookings, requests } = loaderData;
  return (
    <section className={`${container} py-8`}>
      <PortalHeader companyName={company.name} companyRut={company.rut}>
        <Link to={`/empresa/${company.id}`} className={secondaryButton}>
          Volver a cursos y cupos
        </Link>
      </PortalHeader>
      <h2 className="mt-8 text-xl font-bold text-ink">Sesiones prácticas</h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">
        La evaluación práctica con un relator completa el certificado teórico-práctico. Puedes reservar cupos para los trabajadores que aprobaron la parte teórica.
      </p>
      {actionData?.message ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      <h3 className="mt-6 text-lg font-bold text-ink">Próximas fechas</h3>
      <CompanySessionList companyId={company.id} sessions={sessions} />
      <h3 className="mt-8 text-lg font-bold text-ink">Reservas de tus trabajadores</h3>
      <CompanyBookingsTable rows={bookings} />
      <h3 id="solicitar" className="mt-8 text-lg font-bold text-ink">
        Solicitar una sesión en tu empresa
      </h3>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">Un relator va a tus instalaciones con los equipos. Cuéntanos cuántas personas y qué fechas les acomodan, y te escribimos para coordinar.</p>
      <SessionRequestForm courses={courses} reply={actionData} />
      {requests.length > 0 ? (
        <div className={`${tableWrap} mt-4`}>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>Enviada</th>
                <th className={th}>Curso</th>
                <th className={th}>Personas</th>
                <th className={th}>Fechas</th>
                <th className={th}>Estado</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {requests.map((r) => (
                <tr key={r.id}>
                  <td className={td}>{r.sentOn}</td>
                  <td className={td}>{r.courseTitle}</td>
                  <td className={td}>{r.people}</td>
                  <td className={td}>{r.preferredDates}</td>
                  <td className={td}>{r.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
