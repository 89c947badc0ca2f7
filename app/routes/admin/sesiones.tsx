// /admin/sesiones — in-person skills sessions: schedule one, and see every session with its seats and state.
import { data, Link } from "react-router";
import type { Route } from "./+types/sesiones";
import type { FormReply } from "~/domain/action-result";
import { parseForm } from "~/domain/form-parse";
import { credentialExpired, SESSION_FIELDS, sessionSchema } from "~/domain/skills-sessions";
import { formatClp } from "~/domain/format";
import { requireAdmin } from "~/server/accounts/session.server";
import { listCompanies } from "~/server/companies/companies.server";
import { now } from "~/server/platform/clock.server";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { coursesWithChecklist, createSession, listInstructors, listSessions } from "~/server/sessions/sessions.server";
import { SessionForm } from "~/ui/sessions/admin-forms";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { container, table, tableWrap, td, tdNumber, th, thNumber } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Sesiones prácticas | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [sessions, courses, instructors, companies] = await Promise.all([listSessions(), coursesWithChecklist(), listInstructors(), listCompanies()]);
  return {
    sessions: sessions.map((s) => ({
      id: s.id,
      courseTitle: s.courseTitle,
      when: s.when,
      place: s.place,
      instructorName: s.instructorName,
      seats: `${s.seatsTaken} de ${s.capacity}`,
      price: s.priceClp === null ? "Incluida" : formatClp(s.priceClp),
      statusLabel: s.statusLabel,
      credentialWarning: s.credentialWarning !== null,
    })),
    courses: courses.map((c) => ({ id: c.id, title: c.title })),
    instructors: instructors.map((i) => ({ userId: i.userId, displayName: i.displayName, email: i.email, expired: credentialExpired(i.credentialExpiresOn, now()) })),
    companies: companies.map((c) => ({ id: c.id, name: c.name })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormOrThrow(request);
  if (form.get("intent") !== "create") return data<FormReply>({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, { status: 400 });
  const parsed = parseForm(sessionSchema(now()), form, SESSION_FIELDS);
  if (!parsed.ok) return data<FormReply>({ ok: false, message: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
  const created = await createSession(parsed.data, admin.id);
  if (!created.ok) {
    return data<FormReply>({ ok: false, message: null, fieldErrors: { [created.field ?? "form"]: created.message }, values: parsed.values }, { status: created.status ?? 400 });
  }
  return data<FormReply>({ ok: true, message: created.message, fieldErrors: {}, values: {} });
}

export default function AdminSessions({ loaderData, actionData }: Route.ComponentProps) {
  const { sessions, courses, instructors, companies } = loaderData;
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="Sesiones prácticas">
        <Link to="/admin/relatores" className="font-semibold text-brand-700 underline underline-offset-4">
          Relatores
        </Link>
      </PageHeader>
      <p className="mt-3 max-w-3xl text-slate-700">
        Sesiones presenciales con un relator para evaluar las habilidades prácticas. Solo pueden reservar quienes aprobaron la parte teórica del curso.
      </p>
      {actionData?.message ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      <h2 className="mt-8 text-lg font-bold text-ink">Programar una sesión</h2>
      {instructors.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          Primero registra un relator en <Link to="/admin/relatores" className="font-semibold text-brand-700 underline">Relatores</Link>.
        </p>
      ) : null}
      <SessionForm courses={courses} instructors={instructors} companies={companies} reply={actionData} />
      <h2 className="mt-8 text-lg font-bold text-ink">Todas las sesiones</h2>
      {sessions.length === 0 ? (
        <p className="mt-2 text-slate-700">Todavía no hay sesiones programadas.</p>
      ) : (
        <div className={`${tableWrap} mt-3`}>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>Fecha</th>
                <th className={th}>Curso</th>
                <th className={th}>Lugar</th>
                <th className={th}>Relator</th>
                <th className={thNumber}>Cupos</th>
                <th className={th}>Precio</th>
                <th className={th}>Estado</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {sessions.map((s) => (
                <tr key={s.id}>
                  <td className={td}>
                    <Link to={`/admin/sesiones/${s.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
                      {s.when}
                    </Link>
                  </td>
                  <td className={td}>{s.courseTitle}</td>
                  <td className={td}>{s.place}</td>
                  <td className={td}>
                    {s.instructorName}
                    {s.credentialWarning ? <span className="mt-1 block text-xs font-semibold text-red-700">Credencial vencida antes de la sesión</span> : null}
                  </td>
                  <td className={tdNumber}>{s.seats}</td>
                  <td className={td}>{s.price}</td>
                  <td className={td}>{s.statusLabel}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
