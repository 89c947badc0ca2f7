// /empresa/:companyId/terminar-tratamiento — a manager ends the company's processing of its workers' data
// (app/server/privacy/company-relationship.server.ts, docs/privacy.md): the page says exactly what ends and what
// stays, offers the workers' export first, and asks for an explicit confirmation. Only the company's own managers
// can do it; an admin sees the page without the form.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/terminar-tratamiento";
import type { FormReply } from "~/domain/action-result";
import { parseId } from "~/domain/ids";
import { formatRut } from "~/domain/rut";
import { isManagerOf, requireCompanyAccess } from "~/server/companies/companies.server";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { relationshipMessages } from "~/domain/privacy";
import { endCompanyRelationship, relationshipSummary } from "~/server/privacy/company-relationship.server";
import { FormAlert } from "~/ui/account/form-parts";
import { PortalHeader } from "~/ui/company/portal";
import { card, container, dangerButton, fieldError, secondaryButton } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(`Terminar el tratamiento de datos | ${loaderData?.company.name ?? "Empresa"}`) },
  { name: "robots", content: "noindex" },
];

const CONFIRM = "Entiendo que dejaré de ver los datos de estos trabajadores y que no se puede deshacer.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, company } = await requireCompanyAccess(request, parseId(params.companyId));
  const [summary, manager] = await Promise.all([relationshipSummary(company.id), isManagerOf(user.id, company.id)]);
  return { company: { id: company.id, name: company.name, rut: formatRut(company.rut) }, summary, manager };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, company } = await requireCompanyAccess(request, parseId(params.companyId));
  const form = await readFormOrThrow(request);
  if (form.get("intent") !== "end") return data<FormReply>({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, { status: 400 });
  if (form.get("confirm") !== "yes") {
    return data<FormReply>({ ok: false, message: null, fieldErrors: { confirm: "Marca la casilla para confirmar que entiendes lo que pasará." }, values: {} }, { status: 400 });
  }
  const result = await endCompanyRelationship(company.id, user.id);
  if (!result.ok) return data<FormReply>({ ok: false, message: result.message, fieldErrors: {}, values: {} }, { status: result.status ?? 400 });
  return data<FormReply>({ ok: true, message: result.message, fieldErrors: {}, values: {} });
}

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

export default function EndRelationship({ loaderData, actionData }: Route.ComponentProps) {
  const { company, summary, manager } = loaderData;
  const reply = actionData as FormReply | undefined;
  const nothing = summary.workers === 0 && summary.openInvitations === 0;
  return (
    <section className={`${container} py-8`}>
      <p className="text-sm">
        <Link to={`/empresa/${company.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
          ← {company.name}
        </Link>
      </p>
      <div className="mt-2">
        <PortalHeader companyName="Terminar el tratamiento de datos de tus trabajadores" companyRut={`${company.rut} · ${company.name}`} />
      </div>
      <div className="mt-4 max-w-3xl space-y-6">
        {reply?.ok ? <FormAlert tone="success">{reply.message}</FormAlert> : null}
        {reply && !reply.ok && reply.message ? <FormAlert tone="error">{reply.message}</FormAlert> : null}
        <p className="text-slate-700">
          Tu empresa es responsable de los datos de los trabajadores que inscribe, y nosotros los tratamos por encargo suyo (Ley
          21.719). Si ya no lo necesitas, por ejemplo porque terminó la capacitación, puedes terminar ese tratamiento aquí.
        </p>
        {nothing ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-slate-700">
            Tu empresa no tiene trabajadores vinculados ni invitaciones pendientes: no hay nada que terminar.
          </p>
        ) : (
          <>
            <div className={`${card} p-5`}>
              <h2 className="text-lg font-bold text-ink">Qué pasa si lo terminas</h2>
              <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
                <li>
                  Dejarás de ver {summary.workers === 1 ? "a tu trabajador" : `a tus ${summary.workers} trabajadores`} (
                  {count(summary.enrolments, "inscripción", "inscripciones")}): su avance, resultados y certificados ya no aparecerán en el
                  portal, en el cumplimiento ni en las descargas.
                </li>
                {summary.openInvitations > 0 ? (
                  <li>Revocaremos {count(summary.openInvitations, "invitación pendiente", "invitaciones pendientes")}: sus enlaces dejarán de funcionar y sus cupos volverán a la empresa.</li>
                ) : null}
                <li>Borraremos el nombre, el correo y el RUT que tu empresa ingresó al invitar a cada trabajador.</li>
                <li>Borraremos las fotos mensuales de la matriz de cumplimiento, que nombran a tus trabajadores (van en la descarga de abajo).</li>
                <li>No se puede deshacer.</li>
              </ul>
              <h2 className="mt-6 text-lg font-bold text-ink">Qué no cambia</h2>
              <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
                <li>Cada trabajador conserva su cuenta, sus cursos, su avance y sus certificados: son suyos.</li>
                <li>Las compras, los cupos usados y las boletas o facturas se conservan 6 años, como exige el Código Tributario.</li>
                <li>Las acciones SENCE y su registro de asistencia se conservan, porque respaldan la franquicia tributaria (Ley 19.518).</li>
                <li>Puedes volver a inscribir trabajadores cuando quieras: cada uno tendrá que aceptar una nueva invitación.</li>
              </ul>
            </div>
            <div className={`${card} p-5`}>
              <h2 className="text-lg font-bold text-ink">Antes, descarga sus datos</h2>
              <p className="mt-1 text-sm text-slate-600">Después ya no podrás descargarlos: guarda una copia si la necesitas.</p>
              <a href={`/empresa/${company.id}/datos-trabajadores.zip`} download className={`${secondaryButton} mt-3 inline-flex`}>
                Descargar datos de trabajadores (ZIP)
              </a>
            </div>
            {manager ? (
              <Form method="post" className={`${card} p-5`} aria-label="Terminar el tratamiento" noValidate>
                <label className="flex items-start gap-3 text-slate-800">
                  <input
                    type="checkbox"
                    name="confirm"
                    value="yes"
                    className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 text-brand-700"
                    aria-invalid={reply?.fieldErrors.confirm ? true : undefined}
                    aria-describedby={reply?.fieldErrors.confirm ? "confirm-error" : undefined}
                  />
                  <span>{CONFIRM}</span>
                </label>
                {reply?.fieldErrors.confirm ? (
                  <p id="confirm-error" className={fieldError}>
                    {reply.fieldErrors.confirm}
                  </p>
                ) : null}
                <button type="submit" name="intent" value="end" className={`${dangerButton} mt-4 w-full sm:w-auto`}>
                  Terminar el tratamiento
                </button>
              </Form>
            ) : (
              <p className="text-slate-700">{relationshipMessages.notManager}</p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
