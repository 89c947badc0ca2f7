// The manager's portal (/empresa): a company's courses and seats, one course's workers with their progress,
// the invitations that still hold a seat, and the form to enrol one worker.
import { Form, Link } from "react-router";
import { TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { cellLabel, rtBody, rtCell, rtHead, rtRow, rtTable, rtTh } from "../admin/responsive-table";
import { card, input, label, smallButton } from "../admin/styles";
import { GROUP_KINDS, GROUP_LABELS } from "~/domain/company-groups";
import type { FormReply } from "~/domain/action-result";
import { formatCount } from "~/domain/format";
import { Email } from "~/ui/primitives/email";
import type { DueState } from "~/domain/company-follow-up";

export type PortalActionData = FormReply & { intent: string };

export function PortalHeader({ companyName, companyRut, children }: { companyName: string; companyRut: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Portal de empresa</p>
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{companyName}</h1>
        <p className="text-sm text-slate-600">RUT {companyRut}</p>
      </div>
      {children}
    </div>
  );
}

export function EnrolWorkerForm({ actionData, free }: { actionData?: PortalActionData; free: number }) {
  const mine = actionData?.intent === "enrol";
  const errors = mine ? actionData.fieldErrors : {};
  const values = mine && !actionData.ok ? actionData.values : {};
  return (
    <section className={`${card} mt-6 p-5`} aria-labelledby="enrol-title">
      <h2 id="enrol-title" className="text-lg font-bold text-ink">
        Inscribir a un trabajador
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Si ya tiene cuenta, queda inscrito y le avisamos por correo; si no, le enviamos una invitación para crear su contraseña (vence en 7 días).
        Cada inscripción o invitación usa un cupo. Cupos disponibles: <strong>{formatCount(free)}</strong>.
      </p>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-start" aria-label="Inscribir a un trabajador" noValidate>
        <TextField label="Nombre" name="name" required autoComplete="off" defaultValue={values.name} error={errors.name} />
        <TextField label="Correo electrónico" name="email" type="email" inputMode="email" required autoComplete="off" defaultValue={values.email} error={errors.email} />
        <TextField label="RUT" name="rut" required autoComplete="off" defaultValue={values.rut} error={errors.rut} hint="Por ejemplo 12.345.678-5." />
        <TextField label="Fecha límite (opcional)" name="dueOn" type="date" defaultValue={values.dueOn} error={errors.dueOn} hint="Hasta cuándo debe terminarlo." />
        <div className="lg:pt-6">
          <SubmitButton intent="enrol" label="Inscribir" pendingLabel="Inscribiendo..." />
        </div>
      </Form>
    </section>
  );
}

export interface WorkerView {
  enrolmentId: number;
  name: string;
  email: string;
  rut: string;
  /** '2 de 5 módulos · 40 %': what the percentage counts, as the learner's own pages say it. */
  progress: string;
  /** '4 de 11 lecciones', the detail under it. */
  lessons: string;
  /** Time on task ('1 h 20 min', 'al menos …', '—'). */
  studyTime: string;
  status: string;
  lastActivity: string;
  attempts: number;
  bestScore: string;
  completedAt: string;
  certificateCode: string | null;
  certificatePdf: string | null;
  completed: boolean;
  /** Never started: the manager may take the seat back. */
  releasable: boolean;
  /** The due date as a table shows it ('15/12/2026'), or ''. */
  due: string;
  dueState: DueState;
  /** 'Sucursal Antofagasta · Faena Escondida', or ''. */
  groups: string;
}

/** The form the rows' checkboxes belong to (they sit in the table, the buttons above it). */
export const SELECTION_FORM = "seleccion";

/** Due date, reminder and selection for the checked rows of the workers table and the invitations. */
export function SelectionActions({ actionData, today }: { actionData?: PortalActionData; today: string }) {
  const mine = actionData?.intent === "due-date";
  const error = mine ? actionData.fieldErrors.dueOn : undefined;
  const group = actionData?.intent === "group" && !actionData.ok ? actionData : null;
  return (
    <Form id={SELECTION_FORM} method="post" className={`${card} mt-4 flex flex-col gap-3 p-4 sm:flex-row sm:flex-wrap sm:items-end`} aria-label="Acciones para los elegidos" noValidate>
      <p className="text-sm text-slate-700 sm:basis-full">Marca trabajadores o invitaciones en las listas y elige qué hacer con ellos.</p>
      <div className="sm:w-56">
        <TextField label="Fecha límite" name="dueOn" type="date" defaultValue={mine && !actionData.ok ? actionData.values.dueOn : undefined} error={error} hint={`Desde hoy, ${today.split("-").reverse().join("/")}.`} />
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton intent="due-date" label="Fijar fecha límite" pendingLabel="Guardando..." className={smallButton} />
        <SubmitButton intent="due-date-clear" label="Quitar fecha límite" pendingLabel="Guardando..." className={smallButton} />
        <SubmitButton intent="remind-selected" label="Recordar a los elegidos" pendingLabel="Enviando..." className={smallButton} />
      </div>
      <fieldset className="flex flex-col gap-3 border-t border-slate-200 pt-3 sm:basis-full sm:flex-row sm:items-end">
        <legend className="sr-only">Grupo de los elegidos</legend>
        <div className="sm:w-48">
          <label htmlFor="groupKind" className={label}>
            Grupo
          </label>
          <select id="groupKind" name="groupKind" defaultValue={group?.values.groupKind ?? "sucursal"} className={input} aria-invalid={group?.fieldErrors.groupKind ? true : undefined}>
            {GROUP_KINDS.map((k) => (
              <option key={k} value={k}>
                {GROUP_LABELS[k]}
              </option>
            ))}
          </select>
          {group?.fieldErrors.groupKind ? <p className="mt-1 text-sm font-medium text-red-800">{group.fieldErrors.groupKind}</p> : null}
        </div>
        <div className="sm:w-64">
          <TextField label="Nombre del grupo" name="groupValue" defaultValue={group?.values.groupValue} error={group?.fieldErrors.groupValue} hint="Vacío quita el grupo." />
        </div>
        <div>
          <SubmitButton intent="group" label="Asignar grupo" pendingLabel="Guardando..." className={smallButton} />
        </div>
      </fieldset>
    </Form>
  );
}

/** Checks or unchecks every row of one list (the form still works without it, one box at a time). */
function SelectAll({ name, label }: { name: string; label: string }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      className="h-4 w-4"
      onChange={(e) => {
        for (const box of document.querySelectorAll<HTMLInputElement>(`input[form="${SELECTION_FORM}"][name="${name}"]`)) box.checked = e.currentTarget.checked;
      }}
    />
  );
}

const DUE_BADGE: Partial<Record<DueState, { text: string; tone: string }>> = {
  overdue: { text: "Atrasado", tone: "bg-red-50 text-red-800 ring-red-200" },
  soon: { text: "Vence pronto", tone: "bg-amber-50 text-amber-900 ring-amber-200" },
};

function DueCell({ due, state }: { due: string; state: DueState }) {
  if (!due) return <span className="text-slate-600">—</span>;
  const badge = DUE_BADGE[state];
  return (
    <span>
      <span className="block whitespace-nowrap">{due}</span>
      {badge ? <span className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-bold ring-1 ring-inset ${badge.tone}`}>{badge.text}</span> : null}
    </span>
  );
}

export function WorkersTable({ workers, actionData }: { workers: WorkerView[]; actionData?: PortalActionData }) {
  if (workers.length === 0) {
    return <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">No hay trabajadores que mostrar.</p>;
  }
  return (
    <div className="mt-4 overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className={rtTable}>
        <caption className="sr-only">Trabajadores inscritos</caption>
        <thead className={rtHead}>
          <tr>
            <th className={rtTh}>
              <SelectAll name="enrolmentId" label="Elegir a todos los trabajadores de la lista" />
            </th>
            <th className={rtTh}>Trabajador</th>
            <th className={rtTh}>RUT</th>
            <th className={rtTh}>Avance</th>
            <th className={rtTh}>Última actividad</th>
            <th className={rtTh}>Intentos</th>
            <th className={rtTh}>Mejor nota</th>
            <th className={rtTh}>Fecha límite</th>
            <th className={rtTh}>Completado el</th>
            <th className={rtTh}>Certificado</th>
            <th className={rtTh}>Seguimiento</th>
          </tr>
        </thead>
        <tbody className={rtBody}>
          {workers.map((w) => (
            <tr key={w.enrolmentId} className={rtRow}>
              <td className={rtCell}>
                <span className={cellLabel}>Elegir</span>
                <input type="checkbox" name="enrolmentId" value={w.enrolmentId} form={SELECTION_FORM} aria-label={`Elegir a ${w.name}`} className="h-4 w-4" />
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Trabajador</span>
                <span>
                  <span className="font-semibold text-ink">{w.name}</span>
                  <Email address={w.email} className="block text-xs text-slate-600" />
                  {w.groups ? <span className="block text-xs text-slate-700">{w.groups}</span> : null}
                </span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>RUT</span>
                <span className="whitespace-nowrap">{w.rut}</span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Avance</span>
                <span>
                  <span className="block font-semibold text-ink">{w.status}</span>
                  <span className="block whitespace-nowrap text-slate-700">{w.progress}</span>
                  <span className="block text-xs text-slate-600">{w.lessons}</span>
                  <span className="block text-xs text-slate-600">Tiempo de estudio: {w.studyTime}</span>
                </span>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Actividad</span>
                {w.lastActivity}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Intentos</span>
                {w.attempts}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Mejor nota</span>
                {w.bestScore}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Fecha límite</span>
                <DueCell due={w.due} state={w.dueState} />
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Completado</span>
                {w.completedAt || "—"}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Certificado</span>
                {w.certificatePdf ? (
                  <a href={w.certificatePdf} className="font-semibold text-brand-700 underline underline-offset-4" download>
                    Descargar <span className="sr-only">certificado de {w.name}</span>
                  </a>
                ) : (
                  "—"
                )}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Seguimiento</span>
                <FollowUp worker={w} actionData={actionData} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A worker's row actions: remind one who has not finished; release the seat of one who never started. */
function FollowUp({ worker: w, actionData }: { worker: WorkerView; actionData?: PortalActionData }) {
  // The reassign form this reply belongs to stays open with what was typed and the message next to each field.
  const reassignReply = actionData?.intent === "reassign" && !actionData.ok && actionData.values.enrolmentId === String(w.enrolmentId) ? actionData : null;
  if (w.completed) return <span className="text-slate-600">—</span>;
  return (
    <div className="flex flex-col items-start gap-2">
      <Form method="post">
        <input type="hidden" name="enrolmentId" value={w.enrolmentId} />
        <SubmitButton intent="remind" match={["enrolmentId", String(w.enrolmentId)]} label="Recordar" pendingLabel="Enviando..." className={smallButton} />
      </Form>
      {w.releasable ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold text-brand-800">Liberar cupo</summary>
          <Form method="post" className="mt-2 max-w-60 space-y-2">
            <p className="text-slate-700">Se borra la inscripción de {w.name}, que aún no empieza, y el cupo queda disponible. Le avisaremos por correo.</p>
            <input type="hidden" name="enrolmentId" value={w.enrolmentId} />
            <input type="hidden" name="confirm" value="on" />
            <SubmitButton intent="release" match={["enrolmentId", String(w.enrolmentId)]} label="Sí, liberar el cupo" pendingLabel="Liberando..." className={smallButton} />
          </Form>
        </details>
      ) : null}
      {w.releasable ? (
        <details className="text-sm" open={reassignReply !== null}>
          <summary className="cursor-pointer font-semibold text-brand-800">Reasignar</summary>
          <Form method="post" className="mt-2 w-full max-w-72 space-y-2" aria-label={`Reasignar el cupo de ${w.name}`} noValidate>
            <p className="text-slate-700">El cupo de {w.name} pasa a otra persona, que recibe una invitación; a {w.name} le avisamos por correo.</p>
            {reassignReply?.message ? <p className="font-semibold text-red-800">{reassignReply.message}</p> : null}
            <input type="hidden" name="enrolmentId" value={w.enrolmentId} />
            <TextField label="Nombre" name="name" required autoComplete="off" defaultValue={reassignReply?.values.name} error={reassignReply?.fieldErrors.name} />
            <TextField label="Correo electrónico" name="email" type="email" inputMode="email" required autoComplete="off" defaultValue={reassignReply?.values.email} error={reassignReply?.fieldErrors.email} />
            <TextField label="RUT" name="rut" required autoComplete="off" defaultValue={reassignReply?.values.rut} error={reassignReply?.fieldErrors.rut} />
            <SubmitButton intent="reassign" match={["enrolmentId", String(w.enrolmentId)]} label="Reasignar el cupo" pendingLabel="Reasignando..." className={smallButton} />
          </Form>
        </details>
      ) : null}
    </div>
  );
}

export interface InvitationView {
  id: number;
  name: string;
  email: string;
  rut: string;
  stateLabel: string;
  expired: boolean;
  sentAt: string;
  expiresAt: string;
  /** '15/12/2026', or '' when none was set. */
  due: string;
  groups: string;
}

export function InvitationsList({ invitations }: { invitations: InvitationView[] }) {
  if (invitations.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="invitations-title">
      <h2 id="invitations-title" className="text-lg font-bold text-ink">
        Invitaciones pendientes
      </h2>
      <p className="mt-1 text-sm text-slate-600">Cada invitación reserva un cupo hasta que la persona la acepte o la revoques.</p>
      <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {invitations.map((i) => (
          <li key={i.id} className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <span className="flex items-start gap-3">
              <input type="checkbox" name="invitationId" value={i.id} form={SELECTION_FORM} aria-label={`Elegir la invitación de ${i.name}`} className="mt-1 h-4 w-4 shrink-0" />
              <span>
              <span className="font-semibold text-ink">{i.name}</span> <Email address={i.email} className="text-slate-600" />{" "}
              <span className="whitespace-nowrap text-slate-600">· RUT {i.rut}</span>
              <span className={`block text-xs ${i.expired ? "font-semibold text-red-800" : "text-slate-600"}`}>
                {i.stateLabel} · enviada el {i.sentAt} · {i.expired ? "venció" : "vence"} el {i.expiresAt}
                {i.due ? ` · fecha límite ${i.due}` : ""}
                {i.groups ? ` · ${i.groups}` : ""}
              </span>
              </span>
            </span>
            <span className="flex gap-2">
              <Form method="post">
                <input type="hidden" name="invitationId" value={i.id} />
                <SubmitButton intent="resend" label="Reenviar" pendingLabel="Reenviando..." className={smallButton} match={["invitationId", String(i.id)]} />
              </Form>
              <Form method="post">
                <input type="hidden" name="invitationId" value={i.id} />
                <SubmitButton intent="revoke" label="Revocar" pendingLabel="Revocando..." className={smallButton} match={["invitationId", String(i.id)]} />
              </Form>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CompanyPicker({ companies }: { companies: { id: number; name: string; rut: string }[] }) {
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2">
      {companies.map((c) => (
        <li key={c.id}>
          <Link to={`/empresa/${c.id}`} className={`${card} block p-5 hover:border-brand-700`}>
            <span className="block text-lg font-bold text-ink">{c.name}</span>
            <span className="text-sm text-slate-600">RUT {c.rut}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
