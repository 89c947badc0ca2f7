// /admin/sence — the academy's SENCE configuration (its OTEC RUT and token: sealed, shown masked, never logged),
// the addresses SENCE sends learners back to, and every company's training actions (docs/sence.md).
import { data, Link } from "react-router";
import type { Route } from "./+types/sence";
import { parseForm } from "~/domain/form-parse";
import { CONFIG_FIELDS, configSchema } from "~/domain/sence-forms";
import { formatDateTime } from "~/domain/format";
import { requireAdmin } from "~/server/accounts/session.server";
import { listCompanies } from "~/server/companies/companies.server";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { listActions } from "~/server/sence/actions.server";
import { getSenceConfigView, hasSavedToken, saveSenceConfig } from "~/server/sence/config.server";
import { SenceConfigForm, type SenceFormReply } from "~/ui/sence/action-forms";
import { ActionsTable } from "~/ui/sence/action-tables";
import { PageHeader } from "~/ui/admin/notice";
import { card, container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("SENCE | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [config, actions, companies] = await Promise.all([getSenceConfigView(), listActions(null), listCompanies()]);
  return { config, actions, companies: companies.map((c) => ({ id: c.id, name: c.name })) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormOrThrow(request);
  const reply = (body: Omit<SenceFormReply, "intent">, status: number) => data<SenceFormReply>({ ...body, intent: "config" }, { status });
  if (form.get("intent") !== "config") return reply({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, 400);
  // The token is a secret: never echoed back into the page, even when the form is refused.
  const parsed = parseForm(configSchema(await hasSavedToken()), form, CONFIG_FIELDS, { secret: ["token"] });
  if (!parsed.ok) return reply({ ok: false, message: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, 400);
  const saved = await saveSenceConfig(parsed.data, admin.id);
  if (!saved.ok) return reply({ ok: false, message: saved.message, fieldErrors: { [saved.field ?? "form"]: saved.message }, values: parsed.values }, saved.status ?? 400);
  return reply({ ok: true, message: saved.message, fieldErrors: {}, values: {} }, 200);
}

export default function AdminSence({ loaderData, actionData }: Route.ComponentProps) {
  const { config, actions, companies } = loaderData;
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="SENCE" />
      <p className="mt-3 max-w-3xl text-slate-700">
        Registro de asistencia e-learning de SENCE (franquicia tributaria). El OTEC se identifica con su RUT y un token que genera en{" "}
        <a href="https://sistemas.sence.cl/rts" className="font-semibold text-brand-700 underline" rel="noopener noreferrer" target="_blank">
          sistemas.sence.cl/rts
        </a>
        . Guía completa en docs/sence.md.
      </p>

      <h2 className="mt-8 text-lg font-bold text-ink">Configuración del OTEC</h2>
      {config.updatedAt ? (
        <p className="mt-1 text-sm text-slate-600">
          Última modificación: {formatDateTime(config.updatedAt)}
          {config.updatedBy ? ` por ${config.updatedBy}` : ""}
        </p>
      ) : null}
      <SenceConfigForm config={config} reply={actionData} />

      <div className={`${card} mt-4 p-5 text-sm text-slate-800`}>
        <h3 className="font-bold text-ink">Direcciones que usa SENCE</h3>
        <dl className="mt-2 space-y-1">
          <div>
            <dt className="inline font-semibold">Sitio de SENCE: </dt>
            <dd className="inline break-all">{config.baseUrl}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Retorno (UrlRetoma): </dt>
            <dd className="inline break-all">{config.returnUrls.retoma}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Error (UrlError): </dt>
            <dd className="inline break-all">{config.returnUrls.error}</dd>
          </div>
        </dl>
        {!config.returnUrlsOk ? (
          <p role="alert" className="mt-2 font-semibold text-red-800">
            SENCE acepta direcciones de hasta 100 caracteres: acorta PUBLIC_URL.
          </p>
        ) : null}
      </div>

      <h2 className="mt-8 text-lg font-bold text-ink">Acciones de todas las empresas</h2>
      <ActionsTable actions={actions} showCompany />
      {companies.length > 0 ? (
        <div className="mt-6">
          <h3 className="font-bold text-ink">Registrar una acción para una empresa</h3>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {companies.map((c) => (
              <li key={c.id}>
                <Link to={`/empresa/${c.id}/sence`} className="font-semibold text-brand-700 underline underline-offset-4">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
