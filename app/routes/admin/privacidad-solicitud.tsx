// One request: who, what, the deadline, the person's data to download, and the answer. Accepting a deletion erases
// the person (except what other laws keep, listed in the answer). Viewing it is logged as access to their data.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/privacidad-solicitud";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { answerRequest, getRequest, logAccess } from "~/server/privacy/requests.server";
import { now } from "~/server/platform/clock.server";
import { parseId } from "~/domain/ids";
import { parseForm } from "~/domain/form-parse";
import type { FormReply } from "~/domain/action-result";
import { chileIsoDay } from "~/domain/chile-time";
import { formatDate, formatDateTime } from "~/domain/format";
import { answerSchema, daysLeft, PRIVACY_CHANNELS, PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES } from "~/domain/privacy";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { card, container } from "~/ui/admin/styles";
import { SelectField, TextArea } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Solicitud de privacidad | Administración") }, { name: "robots", content: "noindex" }];

const label = (labels: Record<string, string>, key: string) => labels[key] ?? key;

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  const found = id ? await getRequest(id) : null;
  if (!found) throw data("Solicitud no encontrada", { status: 404 });
  if (found.userId) await logAccess({ actorId: admin.id, actorEmail: admin.email, action: "admin.view", subjectUserId: found.userId });
  const today = chileIsoDay(now());
  return {
    request: {
      id: found.id,
      kind: found.kind,
      kindLabel: label(PRIVACY_REQUEST_KINDS, found.kind),
      name: found.name,
      email: found.email,
      hasAccount: !!found.userId,
      channel: label(PRIVACY_CHANNELS, found.channel),
      details: found.details,
      received: formatDateTime(found.receivedAt),
      due: formatDate(found.dueOn),
      daysLeft: found.status === "pending" ? daysLeft(found.dueOn, today) : null,
      status: found.status,
      statusLabel: label(PRIVACY_REQUEST_STATUSES, found.status),
      answer: found.answer,
      answered: found.answeredAt ? formatDateTime(found.answeredAt) : null,
      kept: found.keptItems ?? [],
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  if (!id) throw data("Solicitud no encontrada", { status: 404 });
  const form = await readFormOrThrow(request);
  const parsed = parseForm(answerSchema, form, ["decision", "answer"] as const);
  if (!parsed.ok) return data<FormReply>({ ok: false, message: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
  const result = await answerRequest(admin.id, id, parsed.data.decision, parsed.data.answer);
  if (!result.ok) return data<FormReply>({ ok: false, message: result.message, fieldErrors: {}, values: parsed.values }, { status: result.status ?? 400 });
  return data<FormReply>({ ok: true, message: result.message, fieldErrors: {}, values: {} });
}

const DECISIONS = [
  { value: "", label: "Elige" },
  { value: "done", label: "Acoger y responder" },
  { value: "refused", label: "Rechazar, indicando el motivo" },
];

export default function AdminPrivacyRequest({ loaderData, actionData }: Route.ComponentProps) {
  const r = loaderData.request;
  const reply = actionData as FormReply | undefined;
  return (
    <section className={`${container} space-y-6 py-8`}>
      <p className="text-sm">
        <Link to="/admin/privacidad" className="font-semibold text-brand-700 underline underline-offset-4">
          ← Volver a privacidad
        </Link>
      </p>
      <PageHeader title={`Solicitud de ${r.kindLabel.toLowerCase()}`} />
      {reply?.message ? <Notice ok={reply.ok} message={reply.message} /> : null}
      <dl className={`${card} grid gap-4 p-6 sm:grid-cols-2`}>
        <div>
          <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">Persona</dt>
          <dd className="mt-1 text-ink">
            {r.name} · {r.email}
          </dd>
          {!r.hasAccount ? <dd className="text-sm text-slate-600">Sin cuenta en la academia.</dd> : null}
        </div>
        <div>
          <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">Recibida</dt>
          <dd className="mt-1 text-ink">
            {r.received} · {r.channel}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">Plazo legal</dt>
          <dd className={`mt-1 ${r.daysLeft !== null && r.daysLeft < 0 ? "font-semibold text-red-800" : "text-ink"}`}>
            {r.due}
            {r.daysLeft !== null ? (r.daysLeft < 0 ? ` (vencida hace ${-r.daysLeft} días)` : ` (quedan ${r.daysLeft} días)`) : ""}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">Estado</dt>
          <dd className="mt-1 text-ink">{r.statusLabel}</dd>
        </div>
        {r.details ? (
          <div className="sm:col-span-2">
            <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">Detalle</dt>
            <dd className="mt-1 whitespace-pre-line text-ink">{r.details}</dd>
          </div>
        ) : null}
        {r.hasAccount && r.status === "pending" ? (
          <div className="sm:col-span-2">
            <a href={`/admin/privacidad/${r.id}/descarga`} download className="font-semibold text-brand-700 underline underline-offset-4">
              Descargar los datos de esta persona (ZIP)
            </a>
          </div>
        ) : null}
      </dl>

      {r.status === "pending" ? (
        <Form method="post" className={`${card} space-y-4 p-6`}>
          <h2 className="text-xl font-bold text-ink">Responder</h2>
          {r.kind === "deletion" && r.hasAccount ? (
            <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              Al acoger esta solicitud se eliminan o anonimizan los datos de la persona en toda la academia, y su cuenta deja de
              funcionar. Se conservan las compras con sus boletas y facturas (6 años, Código Tributario), los certificados
              (verificables sin mostrar el nombre), la asistencia SENCE y el registro de auditoría; la respuesta lo detalla.
            </p>
          ) : null}
          <SelectField label="Decisión" name="decision" options={DECISIONS} defaultValue={reply?.values.decision ?? ""} error={reply?.fieldErrors.decision} required />
          <TextArea label="Respuesta a la persona" name="answer" rows={5} defaultValue={reply?.values.answer} error={reply?.fieldErrors.answer} required />
          <SubmitButton label="Enviar respuesta" pendingLabel="Enviando..." />
        </Form>
      ) : (
        <div className={`${card} p-6`}>
          <h2 className="text-xl font-bold text-ink">Respuesta</h2>
          <p className="mt-1 text-sm text-slate-600">Enviada el {r.answered}</p>
          <p className="mt-3 whitespace-pre-line text-ink">{r.answer}</p>
          {r.kept.length ? (
            <>
              <h3 className="mt-4 font-semibold text-ink">Se conserva, porque otra ley lo exige</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
                {r.kept.map((k) => (
                  <li key={k.item}>
                    <strong>{k.item}</strong>: {k.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      )}
    </section>
  );
}
