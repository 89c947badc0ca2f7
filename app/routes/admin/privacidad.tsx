// /admin/privacidad (docs/privacy.md): every request to exercise a right with its legal deadline, a request opened
// for someone who wrote by mail, who exported or viewed a person's data, and the breach register.
import { data, Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/privacidad";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { listAccessLog, listBreaches, listRequests, openMailRequest, recordBreach } from "~/server/privacy/requests.server";
import { now } from "~/server/platform/clock.server";
import { pageParam } from "~/domain/admin-forms";
import { parseForm } from "~/domain/form-parse";
import type { FormReply } from "~/domain/action-result";
import { chileIsoDay } from "~/domain/chile-time";
import { formatDate, formatDateTime } from "~/domain/format";
import { ACCESS_ACTIONS, breachSchema, daysLeft, mailRequestSchema, PRIVACY_CHANNELS, PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES, privacyRequestKinds } from "~/domain/privacy";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { Pagination } from "~/ui/admin/pagination";
import { card, container, table, tableWrap, td, th } from "~/ui/admin/styles";
import { SelectField, TextArea, TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { cellLabel, rtBody, rtCell, rtHead, rtRow, rtTable, rtTh } from "~/ui/admin/responsive-table";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Privacidad | Administración") }, { name: "robots", content: "noindex" }];

const label = <T extends Record<string, string>>(labels: T, key: string) => (labels as Record<string, string>)[key] ?? key;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = pageParam(new URL(request.url).searchParams.get("pagina"));
  const [requests, breaches, access] = await Promise.all([listRequests(page), listBreaches(), listAccessLog(null)]);
  const today = chileIsoDay(now());
  return {
    today,
    page: requests.page,
    hasNext: requests.hasNext,
    requests: requests.rows.map((r) => ({
      id: r.id,
      kind: label(PRIVACY_REQUEST_KINDS, r.kind),
      name: r.name,
      email: r.email,
      channel: label(PRIVACY_CHANNELS, r.channel),
      received: formatDate(r.receivedAt),
      due: formatDate(r.dueOn),
      daysLeft: r.status === "pending" ? daysLeft(r.dueOn, today) : null,
      status: r.status,
      statusLabel: label(PRIVACY_REQUEST_STATUSES, r.status),
    })),
    breaches: breaches.map((b) => ({ id: b.id, description: b.description, affected: b.affected, measures: b.measures, detected: formatDate(b.detectedAt), reported: b.reportedAt ? formatDate(b.reportedAt) : null })),
    access: access.map((a, i) => ({ key: i, at: formatDateTime(a.at), actor: a.actorEmail ?? "—", action: label(ACCESS_ACTIONS, a.action), subject: a.subjectName ?? (a.subjectCompanyId ? `Trabajadores de ${a.subjectCompanyName ?? `la empresa ${a.subjectCompanyId}`}` : "—"), subjectUserId: a.subjectUserId })),
  };
}

const REQUEST_FIELDS = ["email", "name", "kind", "receivedOn", "details"] as const;
const BREACH_FIELDS = ["description", "detectedOn", "affected", "measures", "reportedOn"] as const;

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormOrThrow(request);
  const intent = form.get("intent");
  if (intent === "open") {
    const parsed = parseForm(mailRequestSchema, form, REQUEST_FIELDS);
    if (!parsed.ok) return data<FormReply>({ intent, ok: false, message: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
    const result = await openMailRequest(admin.id, parsed.data);
    if (!result.ok) return data<FormReply>({ intent, ok: false, message: result.field ? null : result.message, fieldErrors: result.field ? { [result.field]: result.message } : {}, values: parsed.values }, { status: result.status ?? 400 });
    return data<FormReply>({ intent, ok: true, message: result.message, fieldErrors: {}, values: {} });
  }
  if (intent === "breach") {
    const parsed = parseForm(breachSchema, form, BREACH_FIELDS);
    if (!parsed.ok) return data<FormReply>({ intent, ok: false, message: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
    const result = await recordBreach(admin.id, parsed.data);
    if (!result.ok) return data<FormReply>({ intent, ok: false, message: null, fieldErrors: { [result.field ?? "form"]: result.message }, values: parsed.values }, { status: result.status ?? 400 });
    return data<FormReply>({ intent, ok: true, message: result.message, fieldErrors: {}, values: {} });
  }
  return data<FormReply>({ ok: false, message: "Acción no válida.", fieldErrors: {}, values: {} }, { status: 400 });
}

const KIND_OPTIONS = [{ value: "", label: "Elige el derecho" }, ...privacyRequestKinds.map((k) => ({ value: k, label: PRIVACY_REQUEST_KINDS[k] }))];

function Deadline({ daysLeft: left, due }: { daysLeft: number | null; due: string }) {
  if (left === null) return <span>{due}</span>;
  const tone = left < 0 ? "text-red-800 font-semibold" : left <= 5 ? "text-amber-800 font-semibold" : "text-slate-800";
  return (
    <span className={tone}>
      {due} · {left < 0 ? `vencida hace ${-left} ${-left === 1 ? "día" : "días"}` : left === 0 ? "vence hoy" : `quedan ${left} ${left === 1 ? "día" : "días"}`}
    </span>
  );
}

export default function AdminPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const reply = actionData as FormReply | undefined;
  const openReply = reply?.intent === "open" ? reply : undefined;
  const breachReply = reply?.intent === "breach" ? reply : undefined;
  return (
    <section className={`${container} space-y-10 py-8`}>
      <div>
        <PageHeader title="Privacidad y datos personales" />
        <p className="mt-2 max-w-3xl text-sm text-slate-700">
          Solicitudes de acceso, rectificación, supresión, oposición, portabilidad y bloqueo (Ley 19.628 modificada por la Ley
          21.719). Plazo legal: 30 días corridos desde la recepción, prorrogables una vez (ver docs/privacy.md).
        </p>
        {reply?.message && !openReply && !breachReply ? <Notice ok={reply.ok} message={reply.message} /> : null}
      </div>

      <div>
        <h2 className="text-xl font-bold text-ink">Solicitudes</h2>
        {loaderData.requests.length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">No hay solicitudes.</p>
        ) : (
          <div className={`${tableWrap} mt-4`}>
            <table className={table}>
              <thead>
                <tr>
                  <th className={th}>Tipo</th>
                  <th className={th}>Persona</th>
                  <th className={th}>Recibida</th>
                  <th className={th}>Plazo legal</th>
                  <th className={th}>Estado</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {loaderData.requests.map((r) => (
                  <tr key={r.id}>
                    <td className={td}>
                      <Link to={`/admin/privacidad/${r.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
                        {r.kind}
                      </Link>
                    </td>
                    <td className={td}>
                      <span className="block">{r.name}</span>
                      <span className="block text-xs text-slate-600">{r.email}</span>
                    </td>
                    <td className={td}>
                      {r.received}
                      <span className="block text-xs text-slate-600">{r.channel}</span>
                    </td>
                    <td className={td}>
                      <Deadline daysLeft={r.daysLeft} due={r.due} />
                    </td>
                    <td className={td}>{r.statusLabel}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={loaderData.page} hasNext={loaderData.hasNext} search={params.toString()} label="Páginas de solicitudes" />
      </div>

      <div className={`${card} p-6`}>
        <h2 className="text-xl font-bold text-ink">Registrar una solicitud recibida por correo</h2>
        {openReply?.message ? <Notice ok={openReply.ok} message={openReply.message} /> : null}
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" key={openReply?.ok ? "sent" : "open"}>
          <TextField label="Correo de la persona" name="email" type="email" defaultValue={openReply?.values.email} error={openReply?.fieldErrors.email} required />
          <TextField label="Nombre" name="name" defaultValue={openReply?.values.name} error={openReply?.fieldErrors.name} required />
          <SelectField label="Derecho que ejerce" name="kind" options={KIND_OPTIONS} defaultValue={openReply?.values.kind ?? ""} error={openReply?.fieldErrors.kind} required />
          <TextField label="Fecha de recepción" name="receivedOn" type="date" defaultValue={openReply?.values.receivedOn ?? loaderData.today} error={openReply?.fieldErrors.receivedOn} required />
          <TextArea className="sm:col-span-2" label="Detalle" name="details" defaultValue={openReply?.values.details} error={openReply?.fieldErrors.details} />
          <div className="sm:col-span-2">
            <SubmitButton label="Registrar solicitud" pendingLabel="Registrando..." intent="open" />
          </div>
        </Form>
      </div>

      <div>
        <h2 className="text-xl font-bold text-ink">Registro de accesos a datos personales</h2>
        <p className="mt-1 text-sm text-slate-700">Las últimas 50 descargas o consultas de los datos de una persona.</p>
        {loaderData.access.length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">Sin accesos registrados.</p>
        ) : (
          <div className="mt-4 overflow-hidden rounded-xl border border-slate-200 bg-white">
            <table className={rtTable}>
              <caption className="sr-only">Registro de accesos a datos personales</caption>
              <thead className={rtHead}>
                <tr>
                  <th className={rtTh}>Fecha</th>
                  <th className={rtTh}>Quién</th>
                  <th className={rtTh}>Qué</th>
                  <th className={rtTh}>De quién</th>
                </tr>
              </thead>
              <tbody className={rtBody}>
                {loaderData.access.map((a) => (
                  <tr key={a.key} className={rtRow}>
                    <td className={rtCell}>
                      <span className={cellLabel}>Fecha</span>
                      {a.at}
                    </td>
                    <td className={`${rtCell} break-all`}>
                      <span className={cellLabel}>Quién</span>
                      {a.actor}
                    </td>
                    <td className={rtCell}>
                      <span className={cellLabel}>Qué</span>
                      {a.action}
                    </td>
                    <td className={rtCell}>
                      <span className={cellLabel}>De quién</span>
                      {a.subjectUserId ? (
                        <Link to={`/admin/usuarios/${a.subjectUserId}`} className="font-semibold text-brand-700 underline underline-offset-4">
                          {a.subject}
                        </Link>
                      ) : (
                        a.subject
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <div>
        <h2 className="text-xl font-bold text-ink">Registro de brechas de seguridad</h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">
          Qué ocurrió, cuándo, a quiénes afecta y cuándo se informó a la Agencia de Protección de Datos Personales. Describe
          grupos afectados, no escribas nombres de personas.
        </p>
        {loaderData.breaches.length ? (
          <ul className="mt-4 space-y-3">
            {loaderData.breaches.map((b) => (
              <li key={b.id} className={`${card} p-4 text-sm`}>
                <p className="font-semibold text-ink">
                  Detectada el {b.detected} · {b.reported ? `informada a la Agencia el ${b.reported}` : "aún no informada a la Agencia"}
                </p>
                <p className="mt-1 whitespace-pre-line text-slate-800">{b.description}</p>
                <p className="mt-1 text-slate-700">Afectados: {b.affected}</p>
                {b.measures ? <p className="mt-1 text-slate-700">Medidas: {b.measures}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">No hay brechas registradas.</p>
        )}
        <Form method="post" className={`${card} mt-4 grid gap-4 p-6 sm:grid-cols-2`} key={breachReply?.ok ? "sent" : "breach"}>
          <h3 className="text-lg font-bold text-ink sm:col-span-2">Registrar una brecha</h3>
          {breachReply?.message ? <div className="sm:col-span-2"><Notice ok={breachReply.ok} message={breachReply.message} /></div> : null}
          <TextArea className="sm:col-span-2" label="Qué ocurrió" name="description" defaultValue={breachReply?.values.description} error={breachReply?.fieldErrors.description} required />
          <TextField label="Detectada el" name="detectedOn" type="date" defaultValue={breachReply?.values.detectedOn ?? loaderData.today} error={breachReply?.fieldErrors.detectedOn} required />
          <TextField label="Informada a la Agencia el" name="reportedOn" type="date" defaultValue={breachReply?.values.reportedOn} error={breachReply?.fieldErrors.reportedOn} hint="Déjalo vacío si aún no se informa." />
          <TextArea className="sm:col-span-2" label="A quiénes afecta y qué datos" name="affected" defaultValue={breachReply?.values.affected} error={breachReply?.fieldErrors.affected} required />
          <TextArea className="sm:col-span-2" label="Medidas tomadas" name="measures" defaultValue={breachReply?.values.measures} error={breachReply?.fieldErrors.measures} />
          <div className="sm:col-span-2">
            <SubmitButton label="Registrar brecha" pendingLabel="Registrando..." intent="breach" />
          </div>
        </Form>
      </div>
    </section>
  );
}
