// "Mis datos" (docs/privacy.md): a learner downloads everything the academy holds about them, and asks for the
// rectification of what they cannot edit themselves, for deletion, opposition or blocking.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/mis-datos";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { requireUser } from "~/server/accounts/session.server";
import { isProcessingBlocked, listOwnRequests, openOwnRequest } from "~/server/privacy/requests.server";
import { parseForm } from "~/domain/form-parse";
import type { FormReply } from "~/domain/action-result";
import { checkOwnRequest, ownRequestSchema, PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES } from "~/domain/privacy";
import { formatDate } from "~/domain/format";
import { SelectField, TextArea } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { pageTitle } from "~/ui/seo";

const FIELDS = ["kind", "details"] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [requests, blocked] = await Promise.all([listOwnRequests(user.id), isProcessingBlocked(user.id)]);
  return {
    blocked,
    requests: requests.map((r) => ({
      id: r.id,
      kind: PRIVACY_REQUEST_KINDS[r.kind as keyof typeof PRIVACY_REQUEST_KINDS] ?? r.kind,
      status: r.status,
      statusLabel: PRIVACY_REQUEST_STATUSES[r.status as keyof typeof PRIVACY_REQUEST_STATUSES] ?? r.status,
      receivedOn: formatDate(r.receivedAt),
      dueOn: formatDate(r.dueOn),
      answer: r.answer,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readFormOrThrow(request);
  const parsed = parseForm(ownRequestSchema, form, FIELDS);
  if (!parsed.ok) return data<FormReply>({ ok: false, message: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
  const problem = checkOwnRequest(parsed.data.kind, parsed.data.details);
  if (problem) return data<FormReply>({ ok: false, message: null, fieldErrors: { details: problem }, values: parsed.values }, { status: 400 });
  const result = await openOwnRequest(user, parsed.data.kind, parsed.data.details);
  if (!result.ok) return data<FormReply>({ ok: false, message: result.message, fieldErrors: {}, values: parsed.values }, { status: result.status ?? 400 });
  return data<FormReply>({ ok: true, message: result.message, fieldErrors: {}, values: {} });
}

const KIND_OPTIONS = [
  { value: "", label: "Elige una opción" },
  { value: "rectification", label: "Rectificación: corregir un dato que no puedo editar" },
  { value: "deletion", label: "Supresión: eliminar mi cuenta y mis datos" },
  { value: "opposition", label: "Oposición: que no usen mis datos para un fin determinado" },
  { value: "blocking", label: "Bloqueo: suspender el uso de mis datos mientras se revisa" },
];

export default function MyData({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as FormReply | undefined;
  return (
    <section className="bg-slate-50 px-4 py-10 sm:py-14">
      <title>{pageTitle("Mis datos")}</title>
      <div className="mx-auto max-w-3xl space-y-8">
        <div>
          <h1 className="text-3xl font-bold text-ink">Mis datos</h1>
          <p className="mt-2 text-slate-700">
            La Ley 19.628, modificada por la Ley 21.719, te da derecho a acceder a tus datos personales, rectificarlos, pedir su
            supresión, oponerte a su uso, llevarlos a otro servicio y pedir su bloqueo. Es gratis y te respondemos en un plazo de
            30 días corridos. Más detalles en la{" "}
            <Link to="/privacidad" className="font-semibold text-brand-700 underline underline-offset-4">
              política de privacidad
            </Link>
            .
          </p>
          {loaderData.blocked ? (
            <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              Mientras revisamos tu solicitud, tus datos quedan bloqueados: solo los guardamos y no los compartimos con tu empresa
              ni los usamos para otros fines. Puedes seguir estudiando.
            </p>
          ) : null}
        </div>

        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-xl font-bold text-ink">Descargar mis datos</h2>
          <p className="mt-2 text-slate-700">
            Un archivo ZIP con todo lo que guardamos sobre ti: tu cuenta y perfil, inscripciones, avance, intentos de examen con
            tus respuestas, certificados, compras y documentos tributarios, empresas, invitaciones, correos enviados, sesiones e
            ingresos. Cada tipo de dato viene en JSON y en CSV.
          </p>
          <a
            href="/mis-datos/descarga"
            download
            className="mt-4 inline-flex items-center rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Descargar mis datos (ZIP)
          </a>
        </div>

        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-xl font-bold text-ink">Hacer una solicitud</h2>
          <p className="mt-2 text-slate-700">
            Tu nombre, teléfono, dirección y RUT los puedes corregir tú en{" "}
            <Link to="/perfil" className="font-semibold text-brand-700 underline underline-offset-4">
              Mi Perfil
            </Link>
            . Para todo lo demás, escríbenos aquí. Si pides la supresión, eliminaremos tus datos salvo lo que otra ley nos obliga
            a guardar (boletas y facturas, y tus certificados, que seguirán siendo verificables sin mostrar tu nombre); te diremos
            qué se conserva y por qué.
          </p>
          {reply?.message ? (
            <p role={reply.ok ? "status" : "alert"} className={`mt-4 rounded-lg px-4 py-3 text-sm ${reply.ok ? "border border-emerald-300 bg-emerald-50 text-emerald-900" : "border border-red-300 bg-red-50 text-red-800"}`}>
              {reply.message}
            </p>
          ) : null}
          <Form method="post" className="mt-4 space-y-4" key={reply?.ok ? "sent" : "form"}>
            <SelectField label="¿Qué quieres solicitar?" name="kind" options={KIND_OPTIONS} defaultValue={reply?.values.kind ?? ""} error={reply?.fieldErrors.kind} size="large" required />
            <TextArea label="Detalle" name="details" hint="Para una rectificación, indica qué dato está mal y cuál es el correcto." defaultValue={reply?.values.details ?? ""} error={reply?.fieldErrors.details} size="large" />
            <SubmitButton label="Enviar solicitud" pendingLabel="Enviando..." intent="request" />
          </Form>
        </div>

        {loaderData.requests.length ? (
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-xl font-bold text-ink">Mis solicitudes</h2>
            <ul className="mt-4 divide-y divide-slate-200">
              {loaderData.requests.map((r) => (
                <li key={r.id} className="py-3">
                  <p className="font-semibold text-ink">
                    {r.kind} · {r.statusLabel}
                  </p>
                  <p className="text-sm text-slate-700">
                    Recibida el {r.receivedOn}
                    {r.status === "pending" ? ` · respuesta a más tardar el ${r.dueOn}` : ""}
                  </p>
                  {r.answer ? <p className="mt-2 whitespace-pre-line text-sm text-slate-800">{r.answer}</p> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
