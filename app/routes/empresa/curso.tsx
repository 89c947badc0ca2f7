// /empresa/:companyId/cursos/:courseId — one course of a company: its seats, the workers enrolled through the
// company (progress, last activity, exam attempts, best score, completion, certificate), filters, reminders (one
// worker or all who have not finished) and releasing the seat of one who never started, the invitations that
// hold a seat (resend, revoke) and the form to enrol one worker.
import { data, Form, Link } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/curso";
import {
  INVITATION_STATE_LABELS,
  followUpMessages,
  WORKER_FIELDS,
  WORKER_STATUS_LABELS,
  WORKER_STATUSES,
  companyMessages,
  matchesWorkerFilters,
  parseWorkerFilters,
  workerSchema,
  workerStatus,
} from "~/domain/companies";
import { parseForm } from "~/domain/form-parse";
import { formatCount, formatDate, formatDateTime, formatShortDay } from "~/domain/format";
import { parseId } from "~/domain/ids";
import { lessonsDoneLabel, modulesProgressLabel } from "~/domain/progress";
import { timeOnTaskLabel } from "~/domain/study";
import { formatRut } from "~/domain/rut";
import { requireCompanyAccess } from "~/server/companies/companies.server";
import { seatSummaries } from "~/server/companies/seats.server";
import { enrolWorker, resendInvitation, revokeInvitation } from "~/server/companies/workers.server";
import { reassignSeat, releaseSeat, remindWorkers, setDueDate, setGroup } from "~/server/companies/follow-up.server";
import { GROUP_KINDS, GROUP_LABELS, GROUP_PARAMS, groupMessages, groupOptions, groupsLine, normaliseGroup, type GroupKind } from "~/domain/company-groups";
import { now } from "~/server/platform/clock.server";
import { chileIsoDay } from "~/domain/chile-time";
import { DEADLINE_FILTER_LABELS, DEADLINE_FILTERS, dueDateMessages, dueState, parseDueDate } from "~/domain/company-follow-up";
import { listCompanyWorkers, listOpenInvitations } from "~/server/companies/worker-tables.server";
import { getPublishedCourse } from "~/server/catalogue/courses.server";
import { EnrolWorkerForm, InvitationsList, PortalHeader, SelectionActions, WorkersTable, type PortalActionData } from "~/ui/company/portal";
import { Notice } from "~/ui/admin/notice";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { FilterSelect } from "~/ui/admin/filter-select";
import { container, input, label, secondaryButton } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

const STATUS_OPTIONS = WORKER_STATUSES.map((s) => ({ value: s, label: WORKER_STATUS_LABELS[s] }));

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(`${loaderData?.course.title ?? "Curso"} | ${loaderData?.company.name ?? "Empresa"}`) },
  { name: "robots", content: "noindex" },
];

async function courseOf(params: { courseId?: string }) {
  const id = parseId(params.courseId);
  const found = id === null ? null : await getPublishedCourse(id);
  if (!found) throw data(companyMessages.courseNotFound, { status: 404 });
  return found.course;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { company } = await requireCompanyAccess(request, parseId(params.companyId));
  const c = await courseOf(params);
  const filters = parseWorkerFilters(new URL(request.url).searchParams);
  const today = chileIsoDay(now());
  const [workers, invitations, seats] = await Promise.all([listCompanyWorkers(company.id, c.id), listOpenInvitations(company.id, c.id), seatSummaries(company.id)]);
  const seat = seats.find((s) => s.courseId === c.id) ?? { courseId: c.id, courseTitle: c.title, credited: 0, used: 0, free: 0 };
  const shown = workers.filter((w) => matchesWorkerFilters(w, filters, today));
  return {
    company: { id: company.id, name: company.name, rut: formatRut(company.rut) },
    course: { id: c.id, title: c.title },
    seat,
    filters,
    today,
    overdue: workers.filter((w) => dueState(w.dueOn, w.completedAt, today) === "overdue").length,
    groupOptions: groupOptions([...workers, ...invitations]),
    query: new URL(request.url).search,
    total: workers.length,
    completed: workers.filter((w) => w.completedAt).length,
    workers: shown.map((w) => ({
      enrolmentId: w.enrolmentId,
      name: w.name,
      email: w.email,
      rut: w.rut ? formatRut(w.rut) : "—",
      progress: modulesProgressLabel(w.modulesDone, w.modulesTotal, w.progress),
      lessons: lessonsDoneLabel(w.lessonsDone, w.lessonsTotal),
      studyTime: timeOnTaskLabel(w.studyTime),
      status: WORKER_STATUS_LABELS[workerStatus(w)],
      lastActivity: formatDateTime(w.lastActivity),
      attempts: w.attempts,
      bestScore: w.bestScore === null ? "—" : `${w.bestScore} %`,
      completedAt: formatDate(w.completedAt),
      certificateCode: w.certificateCode,
      certificatePdf: w.certificateKey ? `/empresa/${company.id}/certificados/${w.certificateKey}` : null,
      completed: !!w.completedAt,
      dueOn: w.dueOn,
      due: formatShortDay(w.dueOn),
      dueState: dueState(w.dueOn, w.completedAt, today),
      groups: groupsLine(w),
      // Offered only to one who never started; the server checks it again (and SENCE and skills bookings too).
      releasable: workerStatus(w) === "sin-iniciar" && w.attempts === 0 && !w.certificateCode,
    })),
    unfinished: workers.filter((w) => !w.completedAt).length,
    invitations: invitations.filter((i) => matchesWorkerFilters({ ...i, progress: 0, completedAt: null }, filters, today)).map((i) => ({
      id: i.id,
      name: i.name,
      email: i.email,
      rut: i.rut ? formatRut(i.rut) : "—",
      stateLabel: INVITATION_STATE_LABELS[i.state],
      expired: i.state === "expired",
      sentAt: formatDate(i.sentAt),
      expiresAt: formatDate(i.expiresAt),
      due: formatShortDay(i.dueOn),
      groups: groupsLine(i),
    })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, company } = await requireCompanyAccess(request, parseId(params.companyId));
  const c = await courseOf(params);
  const form = await readFormOrThrow(request);
  const intent = String(form.get("intent") ?? "");
  const reply = (body: Omit<PortalActionData, "intent">, status = 200) => data<PortalActionData>({ ...body, intent }, { status });
  if (intent === "enrol") {
    const parsed = parseForm(workerSchema, form, WORKER_FIELDS);
    const due = parseDueDate(form.get("dueOn"), chileIsoDay(now()));
    if (!parsed.ok || !due.ok) {
      const values = { ...(parsed.ok ? Object.fromEntries(WORKER_FIELDS.map((f) => [f, String(form.get(f) ?? "")])) : parsed.values), dueOn: String(form.get("dueOn") ?? "").slice(0, 20) };
      return reply({ ok: false, message: null, fieldErrors: { ...(parsed.ok ? {} : parsed.fieldErrors), ...(due.ok ? {} : { dueOn: due.message }) }, values }, 400);
    }
    const result = await enrolWorker(company.id, c.id, parsed.data, user.id, due.value);
    if (result.ok) return reply({ ok: true, message: result.message, fieldErrors: {}, values: {} });
    if (result.field === "form") return reply({ ok: false, message: result.message, fieldErrors: {}, values: parsed.values }, 409);
    return reply({ ok: false, message: null, fieldErrors: { [result.field]: result.message }, values: parsed.values }, 400);
  }
  if (intent === "remind" || intent === "remind-all") {
    const enrolmentId = intent === "remind" ? parseId(form.get("enrolmentId")) : null;
    if (intent === "remind" && enrolmentId === null) return reply({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, 400);
    const result = await remindWorkers({ companyId: company.id, courseId: c.id, which: enrolmentId ?? "unfinished", byUserId: user.id });
    return reply({ ok: result.ok, message: result.message, fieldErrors: {}, values: {} }, result.ok ? 200 : 409);
  }
  if (intent === "due-date" || intent === "due-date-clear" || intent === "remind-selected" || intent === "group") {
    const ids = (name: string) => form.getAll(name).map((v) => parseId(v));
    const enrolmentIds = ids("enrolmentId");
    const invitationIds = ids("invitationId");
    if ([...enrolmentIds, ...invitationIds].some((v) => v === null)) return reply({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, 400);
    if (intent === "remind-selected") {
      if (enrolmentIds.length === 0) return reply({ ok: false, message: dueDateMessages.noneSelected, fieldErrors: {}, values: {} }, 400);
      const result = await remindWorkers({ companyId: company.id, courseId: c.id, which: enrolmentIds as number[], byUserId: user.id });
      return reply({ ok: result.ok, message: result.message, fieldErrors: {}, values: {} }, result.ok ? 200 : 409);
    }
    if (intent === "group") {
      const kind = String(form.get("groupKind") ?? "");
      const typed = String(form.get("groupValue") ?? "").slice(0, 200);
      if (!(GROUP_KINDS as readonly string[]).includes(kind)) return reply({ ok: false, message: null, fieldErrors: { groupKind: groupMessages.kindRequired }, values: { groupValue: typed } }, 400);
      const value = normaliseGroup(typed);
      if (value === undefined) return reply({ ok: false, message: null, fieldErrors: { groupValue: groupMessages.tooLong(kind as GroupKind) }, values: { groupKind: kind, groupValue: typed } }, 400);
      const result = await setGroup({ companyId: company.id, courseId: c.id, enrolmentIds: enrolmentIds as number[], invitationIds: invitationIds as number[], kind: kind as GroupKind, value });
      return reply({ ok: result.ok, message: result.message, fieldErrors: {}, values: {} }, result.ok ? 200 : 409);
    }
    let dueOn: string | null = null;
    if (intent === "due-date") {
      const due = parseDueDate(form.get("dueOn"), chileIsoDay(now()));
      const typed = String(form.get("dueOn") ?? "").slice(0, 20);
      if (!due.ok || due.value === null) return reply({ ok: false, message: null, fieldErrors: { dueOn: due.ok ? dueDateMessages.invalid : due.message }, values: { dueOn: typed } }, 400);
      dueOn = due.value;
    }
    const result = await setDueDate({ companyId: company.id, courseId: c.id, enrolmentIds: enrolmentIds as number[], invitationIds: invitationIds as number[], dueOn });
    return reply({ ok: result.ok, message: result.message, fieldErrors: {}, values: {} }, result.ok ? 200 : 409);
  }
  if (intent === "reassign") {
    const enrolmentId = parseId(form.get("enrolmentId"));
    if (enrolmentId === null) return reply({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, 400);
    const parsed = parseForm(workerSchema, form, WORKER_FIELDS);
    if (!parsed.ok) return reply({ ok: false, message: null, fieldErrors: parsed.fieldErrors, values: { ...parsed.values, enrolmentId: String(enrolmentId) } }, 400);
    const result = await reassignSeat({ companyId: company.id, courseId: c.id, enrolmentId, to: parsed.data, byUserId: user.id });
    if (result.ok) return reply({ ok: true, message: result.message, fieldErrors: {}, values: {} });
    if (result.field === "form") return reply({ ok: false, message: result.message, fieldErrors: {}, values: { ...parsed.values, enrolmentId: String(enrolmentId) } }, 409);
    return reply({ ok: false, message: null, fieldErrors: { [result.field]: result.message }, values: { ...parsed.values, enrolmentId: String(enrolmentId) } }, 400);
  }
  if (intent === "release") {
    const enrolmentId = parseId(form.get("enrolmentId"));
    if (enrolmentId === null) return reply({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, 400);
    if (form.get("confirm") !== "on") return reply({ ok: false, message: followUpMessages.confirmRelease, fieldErrors: {}, values: {} }, 400);
    const result = await releaseSeat({ companyId: company.id, courseId: c.id, enrolmentId, byUserId: user.id });
    return reply({ ok: result.ok, message: result.message, fieldErrors: {}, values: {} }, result.ok ? 200 : 409);
  }
  if (intent === "resend" || intent === "revoke") {
    const invitationId = parseId(form.get("invitationId"));
    if (invitationId === null) return reply({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, 400);
    const result = intent === "resend" ? await resendInvitation(company.id, invitationId) : await revokeInvitation(company.id, invitationId, user.id);
    return reply({ ok: result.ok, message: result.message, fieldErrors: {}, values: {} }, result.ok ? 200 : 409);
  }
  return reply({ ok: false, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, 400);
}

export default function CompanyCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { company, course, seat, filters, today, overdue, groupOptions: groups, query, workers, invitations, total, completed, unfinished } = loaderData;
  const n = (v: number) => formatCount(v);
  const downloads = `/empresa/${company.id}/cursos/${course.id}/descargas`;
  return (
    <section className={`${container} py-8`}>
      <p className="text-sm">
        <Link to={`/empresa/${company.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
          ← {company.name}
        </Link>
      </p>
      <div className="mt-2">
        <PortalHeader companyName={course.title} companyRut={`${company.rut} · ${company.name}`} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ["Cupos comprados", seat.credited],
          ["Cupos usados", seat.used],
          ["Cupos disponibles", seat.free],
          ["Completaron", completed],
        ].map(([k, v]) => (
          <div key={k} className="rounded-xl border border-slate-200 bg-white px-4 py-3">
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{k}</dt>
            <dd className="text-2xl font-bold text-ink">{n(Number(v))}</dd>
          </div>
        ))}
      </dl>
      {actionData?.message ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      <EnrolWorkerForm key={actionData?.ok ? `ok:${actionData.message}` : "enrol"} actionData={actionData} free={seat.free} />
      <p className="mt-4 flex flex-wrap gap-3">
        <Link to={`/empresa/${company.id}/cursos/${course.id}/carga`} className={secondaryButton}>
          Carga masiva (CSV o Excel)
        </Link>
        <Link to={`/empresa/${company.id}/comprar?curso=${course.id}`} className={secondaryButton}>
          Comprar cupos
        </Link>
      </p>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 className="text-lg font-bold text-ink">Trabajadores ({n(total)})</h2>
        <p className="flex flex-wrap gap-2">
          <a href={`${downloads}/trabajadores.xlsx${query}`} className={secondaryButton} download>
            Descargar Excel
          </a>
          <a href={`${downloads}/trabajadores.csv${query}`} className={secondaryButton} download>
            Descargar CSV
          </a>
          {completed > 0 ? (
            <a href={`${downloads}/certificados.zip`} className={secondaryButton} download>
              Descargar certificados (ZIP)
            </a>
          ) : null}
        </p>
      </div>
      <Form method="get" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Filtrar trabajadores">
        <div className="sm:w-72">
          <label htmlFor="q" className={label}>
            Buscar por nombre, correo o RUT
          </label>
          <input id="q" name="q" defaultValue={filters.q} className={input} />
        </div>
        <div className="sm:w-48">
          <FilterSelect id="estado" name="estado" label="Estado" value={filters.status} allLabel="Todos" options={STATUS_OPTIONS} />
        </div>
        <div className="sm:w-48">
          <FilterSelect
            id="plazo"
            name="plazo"
            label="Fecha límite"
            value={filters.deadline}
            allLabel="Todas"
            options={DEADLINE_FILTERS.map((d) => ({ value: d, label: d === "atrasados" ? `${DEADLINE_FILTER_LABELS[d]} (${n(overdue)})` : DEADLINE_FILTER_LABELS[d] }))}
          />
        </div>
        {GROUP_KINDS.filter((k) => groups[k].length > 0).map((k) => (
          <div key={k} className="sm:w-44">
            <FilterSelect id={`grupo-${k}`} name={GROUP_PARAMS[k]} label={GROUP_LABELS[k]} value={filters.groups?.[k]} allLabel="Todas" options={groups[k].map((v) => ({ value: v, label: v }))} />
          </div>
        ))}
        <button type="submit" className={secondaryButton}>
          Filtrar
        </button>
      </Form>
      {unfinished > 0 ? (
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
          <SubmitButton
            intent="remind-all"
            label={unfinished === 1 ? "Recordar a quien no ha terminado" : `Recordar a los ${n(unfinished)} que no han terminado`}
            pendingLabel="Enviando recordatorios..."
            className={secondaryButton}
          />
          <span className="text-sm text-slate-600">Un correo por trabajador y por día como máximo.</span>
        </Form>
      ) : null}
      {workers.length > 0 || invitations.length > 0 ? <SelectionActions actionData={actionData} today={today} /> : null}
      {/* A done action starts a fresh selection: the lists are drawn anew, their boxes unchecked. */}
      <WorkersTable key={`workers:${actionData?.ok ? `${actionData.intent}:${actionData.message}` : ""}`} workers={workers} actionData={actionData} />
      <InvitationsList key={`invitations:${actionData?.ok ? `${actionData.intent}:${actionData.message}` : ""}`} invitations={invitations} />
    </section>
  );
}
