// /empresa/:companyId — a company's courses: seats bought, used and free, each linking to its workers.
import { Link } from "react-router";
import type { Route } from "./+types/empresa";
import { parseId } from "~/domain/ids";
import { formatRut } from "~/domain/rut";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { seatSummaries } from "~/server/companies/seats.server";
import { PortalHeader } from "~/ui/company/portal";
import { NudgeSettingsForm } from "~/ui/company/nudge-settings";
import { data } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { parseForm } from "~/domain/form-parse";
import { NUDGE_FIELDS, nudgeMessages, nudgeSettingsSchema } from "~/domain/company-follow-up";
import { completionDigestOf, nudgeSettings, saveNudgeSettings, setCompletionDigest } from "~/server/companies/nudges.server";
import { SeatsTable } from "~/ui/company/seats-table";
import { CompanyPurchases } from "~/ui/company/purchases";
import { companyPurchases } from "~/server/commerce/tax-documents/queries.server";
import { container, primaryButton, secondaryButton } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: pageTitle(`${loaderData?.company.name ?? "Empresa"} | Portal de empresa`) }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, company } = await requireCompanyAccess(request, parseId(params.companyId));
  const [seats, purchases, nudges, digest] = await Promise.all([seatSummaries(company.id), companyPurchases(company.id), nudgeSettings(company.id), completionDigestOf(company.id, user.id)]);
  return {
    company: { id: company.id, name: company.name, rut: formatRut(company.rut) },
    nudges,
    digest,
    seats,
    purchases: purchases.map((p) => ({ ...p, documents: p.documents.map((d) => ({ ...d, href: `/empresa/${company.id}/documentos/${d.id}` })) })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, company } = await requireCompanyAccess(request, parseId(params.companyId));
  const form = await readFormOrThrow(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "nudges") {
    const parsed = parseForm(nudgeSettingsSchema, form, NUDGE_FIELDS);
    if (!parsed.ok) return data({ intent, ok: false, message: "Revisa los avisos marcados.", fieldErrors: parsed.fieldErrors }, { status: 400 });
    await saveNudgeSettings(company.id, parsed.data, user.id);
    return { intent, ok: true, message: nudgeMessages.saved, fieldErrors: {} };
  }
  if (intent === "digest-on" || intent === "digest-off") {
    const on = intent === "digest-on";
    const done = await setCompletionDigest(company.id, user.id, on);
    if (!done) return data({ intent, ok: false, message: nudgeMessages.digestOnlyManagers, fieldErrors: {} }, { status: 409 });
    return { intent, ok: true, message: on ? nudgeMessages.digestOn : nudgeMessages.digestOff, fieldErrors: {} };
  }
  return data({ intent, ok: false, message: "La solicitud no es válida.", fieldErrors: {} }, { status: 400 });
}

export default function CompanyPortal({ loaderData, actionData }: Route.ComponentProps) {
  const { company, seats, purchases, nudges, digest } = loaderData;
  return (
    <section className={`${container} py-8`}>
      <PortalHeader companyName={company.name} companyRut={company.rut}>
        <div className="flex flex-wrap gap-2">
          <Link to={`/empresa/${company.id}/cumplimiento`} className={secondaryButton}>
            Cumplimiento
          </Link>
          <Link to={`/empresa/${company.id}/sesiones`} className={secondaryButton}>
            Sesiones prácticas
          </Link>
          <Link to={`/empresa/${company.id}/sence`} className={secondaryButton}>
            Acciones SENCE
          </Link>
          <Link to={`/empresa/${company.id}/comprar`} className={primaryButton}>
            Comprar cupos
          </Link>
        </div>
      </PortalHeader>
      <h2 className="mt-8 text-lg font-bold text-ink">Cursos y cupos</h2>
      <p className="mt-1 text-sm text-slate-600">Elige un curso para inscribir trabajadores y seguir su avance.</p>
      <SeatsTable seats={seats} linkTo={(courseId) => `/empresa/${company.id}/cursos/${courseId}`} />
      {seats.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">
          Aún no tienes cupos: cómpralos con el botón «Comprar cupos» o, para un convenio,{" "}
          <Link to="/contacto" className="font-semibold text-brand-700 underline underline-offset-4">
            escríbenos
          </Link>
          .
        </p>
      ) : null}
      <NudgeSettingsForm settings={nudges} digest={digest} actionData={actionData} />
      <CompanyPurchases purchases={purchases} />
      <h2 className="mt-8 text-lg font-bold text-ink">Datos de tus trabajadores</h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Tu empresa es responsable de los datos de los trabajadores que inscribe (Ley 21.719). Descarga sus datos y resultados
        en JSON y CSV; quien tenga una solicitud de privacidad pendiente aparece sin sus datos personales.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-3">
        <a href={`/empresa/${company.id}/datos-trabajadores.zip`} download className={`${secondaryButton} inline-flex`}>
          Descargar datos de trabajadores (ZIP)
        </a>
        <Link to={`/empresa/${company.id}/terminar-tratamiento`} className="text-sm font-semibold text-brand-700 underline underline-offset-4">
          Terminar el tratamiento de datos de tus trabajadores
        </Link>
      </div>
    </section>
  );
}
