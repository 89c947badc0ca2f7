// /empresa/:companyId/sence/:actionId — one SENCE action: its data (correctable), the workers to put under it or
// take out of it, and its attendance report (each worker's sessions, connected time, who has the session a sworn
// statement needs and who is below 75 %), with CSV and Excel for the OTIC or the company.
import { data } from "react-router";
import { Link } from "react-router";
import type { Route } from "./+types/sence-accion";
import { parseForm } from "~/domain/form-parse";
import { parseId } from "~/domain/ids";
import { formatRut } from "~/domain/rut";
import { ACTION_FIELDS, actionSchema } from "~/domain/sence-forms";
import { senceMessages as M } from "~/domain/sence-messages";
import { SENCE_ENVIRONMENT_LABELS, TRAINING_LINE_LABELS } from "~/domain/sence-protocol";
import { formatDate } from "~/domain/format";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { actionCandidates, addParticipants, companyCourses, getAction, removeParticipant, updateAction } from "~/server/sence/actions.server";
import { attendanceReport } from "~/server/sence/attendance.server";
import { ActionForm, type SenceFormReply } from "~/ui/sence/action-forms";
import { AttendanceTable, CandidatesForm } from "~/ui/sence/action-tables";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { container, secondaryButton } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(`Acción SENCE ${loaderData?.action.codigoCurso ?? ""} | ${loaderData?.company.name ?? "Empresa"}`) },
  { name: "robots", content: "noindex" },
];

async function actionOf(companyId: number, param: string | undefined) {
  const id = parseId(param);
  const found = id === null ? null : await getAction(companyId, id);
  if (!found) throw data(M.actionNotFound, { status: 404 });
  return found;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await requireCompanyAccess(request, parseId(params.companyId));
  const action = await actionOf(company.id, params.actionId);
  const [candidates, attendance, courses] = await Promise.all([actionCandidates(company.id, action), attendanceReport(action.id), companyCourses(company.id)]);
  return { company: { id: company.id, name: company.name, rut: formatRut(company.rut) }, action, candidates, attendance, courses };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, company } = await requireCompanyAccess(request, parseId(params.companyId));
  const found = await actionOf(company.id, params.actionId);
  const form = await readFormOrThrow(request);
  const intent = String(form.get("intent") ?? "");
  const reply = (body: Omit<SenceFormReply, "intent">, status = 200) => data<SenceFormReply>({ ...body, intent }, { status });
  if (intent === "update") {
    const parsed = parseForm(actionSchema, form, ACTION_FIELDS);
    if (!parsed.ok) return reply({ ok: false, message: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, 400);
    const result = await updateAction(company.id, found.id, parsed.data, user.id);
    if (!result.ok) return reply({ ok: false, message: result.message, fieldErrors: result.field ? { [result.field]: result.message } : {}, values: parsed.values }, result.status ?? 400);
    return reply({ ok: true, message: result.message, fieldErrors: {}, values: {} });
  }
  if (intent === "add") {
    const ids = form.getAll("enrolmentId").map((v) => parseId(v));
    if (ids.some((id) => id === null) || ids.length > 5000) return reply({ ok: false, message: M.invalidRequest, fieldErrors: {}, values: {} }, 400);
    const result = await addParticipants(company.id, found.id, ids as number[], user.id);
    return reply({ ok: result.ok, message: result.message, fieldErrors: {}, values: {} }, result.ok ? 200 : (result.status ?? 400));
  }
  if (intent === "remove") {
    const participantId = parseId(form.get("participantId"));
    if (participantId === null) return reply({ ok: false, message: M.invalidRequest, fieldErrors: {}, values: {} }, 400);
    const result = await removeParticipant(company.id, found.id, participantId, user.id);
    return reply({ ok: result.ok, message: result.message, fieldErrors: {}, values: {} }, result.ok ? 200 : (result.status ?? 400));
  }
  return reply({ ok: false, message: M.invalidRequest, fieldErrors: {}, values: {} }, 400);
}

export default function SenceActionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { company, action, candidates, attendance, courses } = loaderData;
  const downloads = `/empresa/${company.id}/sence/${action.id}/descargas/asistencia`;
  const listMessage = actionData && (actionData.intent === "add" || actionData.intent === "remove") && actionData.message ? actionData : null;
  const withSession = attendance.filter((w) => w.startedSessions > 0).length;
  const below = attendance.filter((w) => w.belowMinimum && !w.removed).length;
  return (
    <section className={`${container} py-8`}>
      <p className="text-sm">
        <Link to={`/empresa/${company.id}/sence`} className="font-semibold text-brand-700 underline underline-offset-4">
          ← Acciones SENCE de {company.name}
        </Link>
      </p>
      <div className="mt-2">
        <PageHeader title={`Acción SENCE ${action.codigoCurso}`} />
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {[
          ["Curso", action.courseTitle],
          ["Código SENCE", action.codSence || "—"],
          ["Línea", TRAINING_LINE_LABELS[action.line]],
          ["Fechas", `${formatDate(action.startsOn)} – ${formatDate(action.endsOn)}`],
          ["Ambiente", SENCE_ENVIRONMENT_LABELS[action.environment]],
          ["Empresa", `${company.name} · ${company.rut}`],
        ].map(([k, v]) => (
          <div key={k}>
            <dt className="font-semibold text-slate-700">{k}</dt>
            <dd className="text-ink">{v}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-lg font-bold text-ink">Asistencia</h2>
          <p className="text-sm text-slate-700">
            {withSession} de {attendance.length} con al menos una sesión SENCE · {below} bajo el 75 % del curso
          </p>
        </div>
        <p className="flex flex-wrap gap-2">
          <a href={`${downloads}.xlsx`} className={secondaryButton} download>
            Descargar Excel
          </a>
          <a href={`${downloads}.csv`} className={secondaryButton} download>
            Descargar CSV
          </a>
        </p>
      </div>
      {listMessage ? <Notice ok={listMessage.ok} message={listMessage.message!} /> : null}
      <AttendanceTable workers={attendance} canRemove />
      <CandidatesForm candidates={candidates} />

      <details className="mt-8">
        <summary className="cursor-pointer text-lg font-bold text-ink">Corregir los datos de la acción</summary>
        <ActionForm
          intent="update"
          courses={courses}
          reply={actionData}
          submitLabel="Guardar cambios"
          defaults={{
            courseId: String(action.courseId),
            codSence: action.codSence,
            codigoCurso: action.codigoCurso,
            line: String(action.line),
            environment: action.environment,
            startsOn: action.startsOn,
            endsOn: action.endsOn,
          }}
        />
      </details>
    </section>
  );
}
