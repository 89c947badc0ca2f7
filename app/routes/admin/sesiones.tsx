// /admin/sesiones — in-person skills sessions: schedule one, and see every session with its seats and state.
import { data, Link } from "react-router";
import type { Route } from "./+types/sesiones";
import type { FormReply } from "~/domain/action-result";
import { parseForm } from "~/domain/form-parse";
import { credentialExpired, SESSION_FIELDS, sessionSchema } from "~/domain/skills-sessions";
import { formatClp, formatDate } from "~/domain/format";
import { requireAdmin } from "~/server/accounts/session.server";
import { listCompanies } from "~/server/companies/companies.server";
import { now } from "~/server/platform/clock.server";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { coursesWithChecklist, createSession, listInstructors, listSessions } from "~/server/sessions/sessions.server";
import { getSessionRequest, pendingSessionRequests } from "~/server/sessions/company-sessions.server";
import { parseId } from "~/domain/ids";
import { SessionForm } from "~/ui/sessions/admin-forms";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { container, table, tableWrap, td, tdNumber, th, thNumber } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Sesiones prácticas | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const requestId = parseId(new URL(request.url).searchParams.get("solicitud") ?? "");
  const [sessions, courses, instructors, companies, requests, answering] = await Promise.all([
    listSessions(),
    coursesWithChecklist(),
    listInstructors(),
    listCompanies(),
    pendingSessionRequests(),
    requestId === null ? null : getSessionRequest(requestId),
  ]);
  return {
    requests: requests.map((r) => ({
      id: r.id,
      companyName: r.companyName,
      courseTitle: r.courseTitle,
      people: r.people,
      preferredDates: r.preferredDates,
      place: `${r.address}, ${r.comuna}`,
      notes: r.notes,
      requestedBy: r.requestedByName ? `${r.requestedByName} (${r.requestedByEmail})` : "",
      sentOn: formatDate(r.createdAt),
    })),
    // The form filled from the company's request being answered: an "en la empresa" session for its people.
    answering:
      answering && answering.status === "pending"
        ? {
            id: answering.id,
            label: `${answering.companyName} · ${answering.courseTitle} · ${answering.people} personas`,
            values: {
              courseId: String(answering.courseId),
              placeKind: "company",
              companyId: String(answering.companyId),
              placeNotes: [`${answering.address}, ${answering.comuna}`, answering.notes.replace(/\s+/g, " ")].filter(Boolean).join(". ").slice(0, 500),
              capacity: String(Math.min(60, answering.people)),
            },
          }
        : null,
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
  const requestId = parseId(String(form.get("requestId") ?? ""));
  const created = await createSession(parsed.data, admin.id, requestId);
  if (!created.ok) {
    const field = created.field ?? "form";
    return data<FormReply>(
      { ok: false, message: field === "form" ? created.message : null, fieldErrors: { [field]: created.message }, values: parsed.values },
      { status: created.status ?? 400 },
    );
  }
  return data<FormReply>({ ok: true, message: created.message, fieldErrors: {}, values: {} });
}

export default function AdminSessions({ loaderData, actionData }: Route.ComponentProps) {
  const { sessions, courses, instructors, companies, requests, answering } = loaderData;
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="Sesiones prácticas">
        <div className="flex flex-wrap gap-4">
          <Link to="/admin/sesiones/reportes" className="font-semibold text-brand-700 underline underline-offset-4">
            Reportes
          </Link>
          <Link to="/admin/relatores" className="font-semibold text-brand-700 underline underline-offset-4">
            Relatores
          </Link>
        </div>
      </PageHeader>
      <p className="mt-3 max-w-3xl text-slate-700">
        Sesiones presenciales con un relator para evaluar las habilidades prácticas. Solo pueden reservar quienes aprobaron la parte teórica del curso.
      </p>
      {actionData?.message ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      {requests.length > 0 ? (
        <>
          <h2 className="mt-8 text-lg font-bold text-ink">Solicitudes de empresas</h2>
          <ul className="mt-3 grid gap-3 md:grid-cols-2">
            {requests.map((r) => (
              <li key={r.id} className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-slate-800">
                <p className="font-bold text-ink">
                  {r.companyName} · {r.courseTitle}
                </p>
                <p>
                  {r.people} personas · {r.place}
                </p>
                <p>Fechas: {r.preferredDates}</p>
                {r.notes ? <p className="whitespace-pre-line">Comentarios: {r.notes}</p> : null}
                <p className="text-slate-600">
                  Enviada el {r.sentOn}
                  {r.requestedBy ? ` por ${r.requestedBy}` : ""}
                </p>
                <Link to={`/admin/sesiones?solicitud=${r.id}#programar`} className="mt-2 inline-block font-semibold text-brand-700 underline underline-offset-4">
                  Programar la sesión en la empresa
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2 id="programar" className="mt-8 text-lg font-bold text-ink">
        {answering ? `Programar una sesión en la empresa: ${answering.label}` : "Programar una sesión"}
      </h2>
      {instructors.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          Primero registra un relator en <Link to="/admin/relatores" className="font-semibold text-brand-700 underline">Relatores</Link>.
        </p>
      ) : null}
      <SessionForm courses={courses} instructors={instructors} companies={companies} reply={actionData} defaults={answering?.values} requestId={answering?.id} />
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
