// /empresa/:companyId/sence — a company's SENCE actions (docs/sence.md) and the form to record one: the course, the
// codes SENCE gave it (CodSence, ID de acción), the training line, the dates and the environment. Its manager and
// the admins use it; each loader and action checks the company itself.
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/sence";
import { parseForm } from "~/domain/form-parse";
import { parseId } from "~/domain/ids";
import { formatRut } from "~/domain/rut";
import { ACTION_FIELDS, actionSchema } from "~/domain/sence-forms";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { companyCourses, createAction, listActions } from "~/server/sence/actions.server";
import { ActionForm, type SenceFormReply } from "~/ui/sence/action-forms";
import { ActionsTable } from "~/ui/sence/action-tables";
import { PortalHeader } from "~/ui/company/portal";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(`Acciones SENCE | ${loaderData?.company.name ?? "Empresa"}`) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await requireCompanyAccess(request, parseId(params.companyId));
  const [actions, courses] = await Promise.all([listActions(company.id), companyCourses(company.id)]);
  return { company: { id: company.id, name: company.name, rut: formatRut(company.rut) }, actions, courses };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, company } = await requireCompanyAccess(request, parseId(params.companyId));
  const form = await readFormOrThrow(request);
  const reply = (body: Omit<SenceFormReply, "intent">, status: number) => data<SenceFormReply>({ ...body, intent: "create" }, { status });
  if (form.get("intent") !== "create") return reply({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, 400);
  const parsed = parseForm(actionSchema, form, ACTION_FIELDS);
  if (!parsed.ok) return reply({ ok: false, message: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, 400);
  const created = await createAction(company.id, parsed.data, user.id);
  if (!created.ok) return reply({ ok: false, message: null, fieldErrors: { [created.field ?? "form"]: created.message }, values: parsed.values }, created.status ?? 400);
  return redirect(`/empresa/${company.id}/sence/${created.actionId}`);
}

export default function CompanySence({ loaderData, actionData }: Route.ComponentProps) {
  const { company, actions, courses } = loaderData;
  return (
    <section className={`${container} py-8`}>
      <p className="text-sm">
        <Link to={`/empresa/${company.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
          ← {company.name}
        </Link>
      </p>
      <div className="mt-2">
        <PortalHeader companyName="Acciones SENCE" companyRut={`${company.rut} · ${company.name}`} />
      </div>
      <p className="mt-3 max-w-3xl text-slate-700">
        Para los cursos que la empresa paga con la franquicia tributaria, registra la acción de capacitación con los códigos que entregó SENCE o la OTIC. Los trabajadores inscritos en ella estudian solo con una sesión SENCE abierta (RUN y Clave Única), y su asistencia queda en el reporte de la acción.
      </p>
      <h2 className="mt-8 text-lg font-bold text-ink">Acciones registradas</h2>
      <ActionsTable actions={actions} />
      <h2 className="mt-8 text-lg font-bold text-ink">Registrar una acción</h2>
      {courses.length === 0 ? (
        <p className="mt-2 text-slate-700">La empresa aún no tiene cupos en ningún curso.</p>
      ) : (
        <ActionForm intent="create" courses={courses} reply={actionData} submitLabel="Registrar acción" />
      )}
    </section>
  );
}
