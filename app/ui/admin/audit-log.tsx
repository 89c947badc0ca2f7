import { Form } from "react-router";
import { AUDIT_ACTIONS, auditChanges, isAuditAction } from "~/domain/audit";
import { formatDateTime } from "~/domain/format";
import { FilterSelect } from "./filter-select";
import { card, secondaryButton } from "./styles";

const AUDIT_ACTION_OPTIONS = Object.entries(AUDIT_ACTIONS).map(([value, text]) => ({ value, label: text }));

export interface AuditEventView {
  id: number;
  at: string | Date;
  actorEmail: string | null;
  actorId: string | null;
  action: string;
  subjectLabel: string | null;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
  note: string | null;
}

export function AuditFilter({ action }: { action: string | null }) {
  return (
    <Form method="get" className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="sm:w-96">
        <FilterSelect id="accion" name="accion" label="Acción" value={action} allLabel="Todas" options={AUDIT_ACTION_OPTIONS} />
      </div>
      <button type="submit" className={secondaryButton}>
        Filtrar
      </button>
    </Form>
  );
}

function actorText(e: AuditEventView) {
  if (e.actorEmail) return e.actorEmail;
  return e.actorId ? `Cuenta eliminada (${e.actorId})` : "La academia (proceso automático)";
}

export function AuditList({ events }: { events: AuditEventView[] }) {
  if (events.length === 0) {
    return <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">No hay registros.</p>;
  }
  return (
    <ol className="mt-6 space-y-3" aria-label="Registros de auditoría">
      {events.map((e) => {
        const changes = auditChanges(e.before, e.after);
        return (
          <li key={e.id} className={`${card} p-4`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <p className="font-bold text-ink">{isAuditAction(e.action) ? AUDIT_ACTIONS[e.action] : e.action}</p>
              <p className="text-sm text-slate-600">
                <time dateTime={new Date(e.at).toISOString()}>{formatDateTime(e.at)}</time>
              </p>
            </div>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
              <dt className="font-semibold text-slate-700">Quién</dt>
              <dd className="break-all text-slate-800">{actorText(e)}</dd>
              <dt className="font-semibold text-slate-700">Sobre</dt>
              <dd className="break-all text-slate-800">{e.subjectLabel ?? `${e.subjectType} ${e.subjectId}`}</dd>
              {changes.length > 0 ? (
                <>
                  <dt className="font-semibold text-slate-700">Cambio</dt>
                  <dd className="text-slate-800">
                    <ul>
                      {changes.map((c) => (
                        <li key={c.field}>
                          {c.field}: {c.before} → {c.after}
                        </li>
                      ))}
                    </ul>
                  </dd>
                </>
              ) : null}
              {e.note ? (
                <>
                  <dt className="font-semibold text-slate-700">Detalle</dt>
                  <dd className="whitespace-pre-line break-words text-slate-800">{e.note}</dd>
                </>
              ) : null}
            </dl>
          </li>
        );
      })}
    </ol>
  );
}
