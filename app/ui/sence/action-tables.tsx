// The staff's SENCE tables: the actions (a company's, or every company's for the admin), the workers who can be put
// under an action, and the attendance report (tables that become cards on a phone).
import { Form, Link } from "react-router";
import { formatDate, formatDateTime, formatTime } from "~/domain/format";
import { formatRut } from "~/domain/rut";
import { SENCE_STATUS_LABELS } from "~/domain/sence-messages";
import { SENCE_ENVIRONMENT_LABELS, TRAINING_LINE_LABELS, type SenceEnvironment, type TrainingLine } from "~/domain/sence-protocol";
import { SENCE_MIN_PROGRESS } from "~/domain/sence-session";
import type { AttendanceWorker } from "~/domain/sence-view";
import { cellLabel, rtBody, rtCell, rtHead, rtRow, rtTable, rtTh } from "~/ui/admin/responsive-table";
import { card, smallButton } from "~/ui/admin/styles";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { connectedLabel } from "./learner-panels";

export interface ActionListRow {
  id: number;
  companyId: number;
  companyName: string;
  courseTitle: string;
  codSence: string;
  codigoCurso: string;
  line: TrainingLine;
  environment: SenceEnvironment;
  startsOn: string;
  endsOn: string;
  participants: number;
  sessions: number;
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">{children}</p>;
}

export function ActionsTable({ actions, showCompany = false }: { actions: ActionListRow[]; showCompany?: boolean }) {
  if (actions.length === 0) return <Empty>Aún no hay acciones SENCE registradas.</Empty>;
  return (
    <div className="mt-4 overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className={rtTable}>
        <caption className="sr-only">Acciones SENCE</caption>
        <thead className={rtHead}>
          <tr>
            <th className={rtTh}>ID de acción</th>
            {showCompany ? <th className={rtTh}>Empresa</th> : null}
            <th className={rtTh}>Curso</th>
            <th className={rtTh}>Código SENCE</th>
            <th className={rtTh}>Fechas</th>
            <th className={rtTh}>Ambiente</th>
            <th className={rtTh}>Trabajadores</th>
          </tr>
        </thead>
        <tbody className={rtBody}>
          {actions.map((a) => (
            <tr key={a.id} className={rtRow}>
              <td className={rtCell}>
                <span className={cellLabel}>ID de acción</span>
                <Link to={`/empresa/${a.companyId}/sence/${a.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
                  {a.codigoCurso}
                </Link>
              </td>
              {showCompany ? (
                <td className={rtCell}>
                  <span className={cellLabel}>Empresa</span>
                  {a.companyName}
                </td>
              ) : null}
              <td className={rtCell}>
                <span className={cellLabel}>Curso</span>
                <div>
                  {a.courseTitle}
                  <span className="block text-xs text-slate-600">{TRAINING_LINE_LABELS[a.line]}</span>
                </div>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Código SENCE</span>
                {a.codSence || "—"}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Fechas</span>
                {formatDate(a.startsOn)} – {formatDate(a.endsOn)}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Ambiente</span>
                {SENCE_ENVIRONMENT_LABELS[a.environment]}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Trabajadores</span>
                {a.participants} · {a.sessions === 1 ? "1 sesión" : `${a.sessions} sesiones`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface CandidateRow {
  enrolmentId: number;
  name: string;
  email: string;
  rut: string | null;
  state: "in-action" | "available" | "no-rut" | "other-action";
  otherAction: string | null;
}

/** The company's workers of the course not yet under the action, to put under it. */
export function CandidatesForm({ candidates }: { candidates: CandidateRow[] }) {
  const open = candidates.filter((c) => c.state !== "in-action");
  if (open.length === 0) return <Empty>Todos los trabajadores de la empresa en este curso ya están en la acción.</Empty>;
  return (
    <Form method="post" className={`${card} mt-4 p-5`} aria-label="Inscribir trabajadores en la acción">
      <fieldset>
        <legend className="text-base font-bold text-ink">Inscribir trabajadores en la acción</legend>
        <p className="mt-1 text-sm text-slate-700">Solo quienes la empresa paga con franquicia SENCE. Quien no está en la acción estudia sin sesión SENCE.</p>
        <ul className="mt-3 divide-y divide-slate-100">
          {open.map((c) => {
            const disabled = c.state !== "available";
            return (
              <li key={c.enrolmentId} className="py-2">
                <label className={`flex items-start gap-3 ${disabled ? "text-slate-500" : "text-slate-900"}`}>
                  <input type="checkbox" name="enrolmentId" value={c.enrolmentId} disabled={disabled} className="mt-1 h-4 w-4" />
                  <span>
                    <span className="font-semibold">{c.name}</span> · {c.rut ? formatRut(c.rut) : "sin RUT"}
                    <span className="block text-sm">{c.email}</span>
                    {c.state === "no-rut" ? <span className="block text-sm text-amber-900">Falta su RUT: SENCE lo exige.</span> : null}
                    {c.state === "other-action" ? <span className="block text-sm text-amber-900">Ya está en la acción {c.otherAction}.</span> : null}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="mt-3">
        <SubmitButton intent="add" label="Inscribir en la acción" pendingLabel="Inscribiendo..." />
      </div>
    </Form>
  );
}

const yes = (v: boolean) => (v ? "Sí" : "No");

/** Each worker's sessions, time connected, whether they have the session the DJ needs, and their progress. */
export function AttendanceTable({ workers, canRemove }: { workers: AttendanceWorker[]; canRemove: boolean }) {
  if (workers.length === 0) return <Empty>Aún no hay trabajadores en esta acción.</Empty>;
  return (
    <div className="mt-4 overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className={rtTable}>
        <caption className="sr-only">Asistencia SENCE por trabajador</caption>
        <thead className={rtHead}>
          <tr>
            <th className={rtTh}>Trabajador</th>
            <th className={rtTh}>Sesiones</th>
            <th className={rtTh}>Tiempo conectado</th>
            <th className={rtTh}>Con sesión (DJ)</th>
            <th className={rtTh}>Avance</th>
            {canRemove ? <th className={rtTh}>En la acción</th> : null}
          </tr>
        </thead>
        <tbody className={rtBody}>
          {workers.map((w) => (
            <tr key={w.participantId} className={rtRow}>
              <td className={rtCell}>
                <span className={cellLabel}>Trabajador</span>
                <div>
                  <span className="font-semibold text-ink">{w.name}</span>
                  <span className="block text-sm text-slate-700">RUN {formatRut(w.run)}</span>
                  {w.removed ? <span className="block text-sm text-slate-600">Quitado de la acción</span> : null}
                </div>
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Sesiones</span>
                {w.sessions.length === 0 ? (
                  "Sin sesiones"
                ) : (
                  <ul className="space-y-1 text-sm">
                    {w.sessions.map((s, i) => (
                      <li key={i}>
                        {SENCE_STATUS_LABELS[s.status]}: {formatDateTime(s.startedAt ?? s.requestedAt)}
                        {s.closedAt ? ` – ${formatTime(s.closedAt)}` : ""}
                        {s.connectedMinutes !== null ? ` (${connectedLabel(s.connectedMinutes)})` : ""}
                        {s.errorCodes.length > 0 ? ` · código ${s.errorCodes.join(";")}` : ""}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Tiempo conectado</span>
                {w.sessions.some((s) => s.connectedMinutes !== null) ? connectedLabel(w.connectedMinutes) : "—"}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Con sesión (DJ)</span>
                {yes(w.startedSessions > 0)}
              </td>
              <td className={rtCell}>
                <span className={cellLabel}>Avance</span>
                <div>
                  {w.progress} %
                  {w.belowMinimum ? <span className="block text-sm font-semibold text-amber-900">Bajo {SENCE_MIN_PROGRESS} %</span> : null}
                </div>
              </td>
              {canRemove ? (
                <td className={rtCell}>
                  <span className={cellLabel}>En la acción</span>
                  {w.removed ? (
                    "—"
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="participantId" value={w.participantId} />
                      <SubmitButton intent="remove" label="Quitar" pendingLabel="Quitando..." className={smallButton} match={["participantId", String(w.participantId)]} />
                    </Form>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
