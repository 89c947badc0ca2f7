// The instructor's roster on a phone: per learner, attendance (presente / ausente) and, when present, the skills
// checklist. Each card saves on its own (a fetcher), so a save that fails — refused, or lost on a weak connection —
// says so in that card and leaves what was marked on screen to send again.
import { useFetcher } from "react-router";
import type { Checklist } from "~/domain/skills-sessions";
import { attendanceLabel, resultLabel, type RosterRow } from "./roster-table";

export interface CardReply {
  ok: boolean;
  message: string;
  missing?: string[];
}

const radioClass = "peer sr-only";
const pill =
  "flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-slate-400 px-3 text-sm font-semibold text-slate-800 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-brand-300";

function Feedback({ reply, pending }: { reply: CardReply | undefined; pending: boolean }) {
  if (pending) return <p className="mt-2 text-sm text-slate-600">Guardando...</p>;
  if (!reply) return null;
  return (
    <p role={reply.ok ? "status" : "alert"} className={`mt-2 rounded-lg px-3 py-2 text-sm font-semibold ${reply.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-800"}`}>
      {reply.message}
    </p>
  );
}

export function LearnerCard({ entry, checklist, editable }: { entry: RosterRow & { resultNote: string }; checklist: Checklist; editable: boolean }) {
  const attendance = useFetcher<CardReply>({ key: `attendance-${entry.bookingId}` });
  const checks = useFetcher<CardReply>({ key: `checklist-${entry.bookingId}` });
  const missing = new Set(checks.data && !checks.data.ok ? (checks.data.missing ?? []) : []);
  const headingId = `learner-${entry.bookingId}`;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-bold text-ink">
        {entry.name}
      </h2>
      <p className="text-sm text-slate-600">
        {attendanceLabel(entry.attendance)} · {resultLabel(entry.result)}
      </p>
      {editable ? (
        <attendance.Form method="post" className="mt-3 grid grid-cols-2 gap-2" aria-label={`Asistencia de ${entry.name}`}>
          <input type="hidden" name="bookingId" value={entry.bookingId} />
          <input type="hidden" name="intent" value="attendance" />
          <button type="submit" name="attendance" value="present" className={`${pill} ${entry.attendance === "present" ? "border-brand-700 bg-brand-700 text-white" : ""}`} aria-pressed={entry.attendance === "present"}>
            Presente
          </button>
          <button type="submit" name="attendance" value="absent" className={`${pill} ${entry.attendance === "absent" ? "border-slate-800 bg-slate-800 text-white" : ""}`} aria-pressed={entry.attendance === "absent"}>
            Ausente
          </button>
        </attendance.Form>
      ) : null}
      <Feedback reply={attendance.data} pending={attendance.state !== "idle"} />
      {editable && entry.attendance === "present" ? (
        <checks.Form method="post" className="mt-4" aria-label={`Evaluación de ${entry.name}`}>
          <input type="hidden" name="bookingId" value={entry.bookingId} />
          <input type="hidden" name="intent" value="checklist" />
          <ol className="space-y-4">
            {checklist.items.map((item) => {
              const saved = entry.checks[item.key];
              const name = `item:${item.key}`;
              return (
                <li key={item.key}>
                  <fieldset aria-invalid={missing.has(item.key) || undefined}>
                    <legend className="text-sm font-semibold text-ink">{item.label}</legend>
                    <p className="text-xs text-slate-600">{item.guideline}</p>
                    <div className="mt-2 grid grid-cols-2 gap-2">
                      <label>
                        <input type="radio" name={name} value="pass" defaultChecked={saved?.passed === true} className={radioClass} />
                        <span className={pill}>Logrado</span>
                      </label>
                      <label>
                        <input type="radio" name={name} value="practice" defaultChecked={saved?.passed === false} className={radioClass} />
                        <span className={pill}>Por practicar</span>
                      </label>
                    </div>
                    {missing.has(item.key) ? <p className="mt-1 text-sm font-semibold text-red-700">Marca este ítem.</p> : null}
                    <label className="mt-2 block text-xs font-semibold text-slate-700">
                      Nota (opcional)
                      <input
                        name={`note:${item.key}`}
                        defaultValue={saved?.note ?? ""}
                        maxLength={500}
                        className="mt-1 block w-full rounded-lg border border-slate-500 px-3 py-2 text-base text-slate-900"
                      />
                    </label>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <label className="mt-4 block text-sm font-semibold text-slate-800">
            Observación general (opcional)
            <textarea name="resultNote" defaultValue={entry.resultNote} rows={2} maxLength={1000} className="mt-1 block w-full rounded-lg border border-slate-500 px-3 py-2 text-base text-slate-900" />
          </label>
          <button
            type="submit"
            className="mt-3 flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-4 text-base font-semibold text-white disabled:opacity-70"
            disabled={checks.state !== "idle"}
          >
            {checks.state !== "idle" ? "Guardando..." : "Guardar evaluación"}
          </button>
          <Feedback reply={checks.data} pending={false} />
        </checks.Form>
      ) : null}
    </li>
  );
}
