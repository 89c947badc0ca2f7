// The company's automatic nudges to its workers and the manager's own completion digest (/empresa/:companyId).
import { Form } from "react-router";
import { NUDGE_DAY_CHOICES, type NudgeSettings } from "~/domain/company-follow-up";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { Notice } from "~/ui/admin/notice";
import { card, input, label, smallButton } from "../admin/styles";

interface Reply {
  intent: string;
  ok: boolean;
  message: string;
}

function DaysSelect({ id, name, value, text }: { id: string; name: string; value: number | null; text: string }) {
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <select id={id} name={name} defaultValue={value === null ? "" : String(value)} className={`${input} sm:w-56`}>
        <option value="">No enviar</option>
        {NUDGE_DAY_CHOICES.map((d) => (
          <option key={d} value={d}>
            {d} días
          </option>
        ))}
      </select>
    </div>
  );
}

export function NudgeSettingsForm({ settings, digest, actionData }: { settings: NudgeSettings; digest: boolean | null; actionData?: Reply }) {
  const mine = actionData && ["nudges", "digest-on", "digest-off"].includes(actionData.intent);
  return (
    <section className={`${card} mt-8 p-5`} aria-labelledby="nudges-title">
      <h2 id="nudges-title" className="text-lg font-bold text-ink">
        Avisos automáticos
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Recordatorios por correo a los trabajadores que no han terminado un curso de la empresa. Cada aviso se envía una sola vez por trabajador.
      </p>
      {mine ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      <Form method="post" className="mt-4 flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end" aria-label="Avisos automáticos">
        <DaysSelect id="inactiveDays" name="inactiveDays" value={settings.inactiveDays} text="Tras días sin avance" />
        <DaysSelect id="beforeDueDays" name="beforeDueDays" value={settings.beforeDueDays} text="Días antes de la fecha límite" />
        <label className="flex items-center gap-2 text-sm font-semibold text-slate-800 sm:pb-2">
          <input type="checkbox" name="overdue" defaultChecked={settings.overdue} className="h-4 w-4" />
          Al día siguiente de la fecha límite
        </label>
        <SubmitButton intent="nudges" label="Guardar avisos" pendingLabel="Guardando..." className={smallButton} />
      </Form>
      {digest !== null ? (
        <Form method="post" className="mt-5 flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-700">
            {digest ? "Recibes un resumen diario por correo de quienes completan un curso." : "No recibes el resumen diario de quienes completan un curso."}
          </p>
          <SubmitButton
            intent={digest ? "digest-off" : "digest-on"}
            label={digest ? "Dejar de recibir el resumen" : "Recibir el resumen diario"}
            pendingLabel="Guardando..."
            className={smallButton}
          />
        </Form>
      ) : null}
    </section>
  );
}
