// The staff's SENCE forms: the OTEC's configuration (admin) and a training action (its company's manager or an
// admin). They post to their page's action and work without JavaScript; each field shows its Spanish message.
import { useId } from "react";
import { Form } from "react-router";
import type { FormReply } from "~/domain/action-result";
import { senceMessages as M } from "~/domain/sence-messages";
import { SENCE_ENVIRONMENT_LABELS, SENCE_ENVIRONMENTS, TRAINING_LINE_LABELS, TRAINING_LINES } from "~/domain/sence-protocol";
import { SelectField, TextField } from "~/ui/primitives/field";
import { Notice } from "~/ui/admin/notice";
import { card, fieldError } from "~/ui/admin/styles";
import { SubmitButton } from "~/ui/primitives/submit-button";

export type SenceFormReply = FormReply & { intent: string };

function mine(reply: SenceFormReply | undefined, intent: string) {
  return reply && reply.intent === intent ? reply : undefined;
}

export interface ActionDefaults {
  courseId?: string;
  codSence?: string;
  codigoCurso?: string;
  line?: string;
  environment?: string;
  startsOn?: string;
  endsOn?: string;
}

function EnvironmentChoice({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`} aria-invalid={error ? true : undefined}>
      <legend className="block text-sm font-semibold text-slate-800">Ambiente SENCE</legend>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
        {SENCE_ENVIRONMENTS.map((environment) => (
          <label key={environment} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name="environment" value={environment} defaultChecked={defaultValue === environment} className="h-4 w-4" />
            {SENCE_ENVIRONMENT_LABELS[environment]}
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        En producción cada sesión queda registrada en SENCE y no se puede borrar. Usa pruebas para ensayar.
      </p>
      {error ? (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Record a new action (intent "create") or correct one (intent "update"). */
export function ActionForm({
  intent,
  courses,
  reply,
  defaults = {},
  submitLabel,
}: {
  intent: "create" | "update";
  courses: { id: number; title: string }[];
  reply?: SenceFormReply;
  defaults?: ActionDefaults;
  submitLabel: string;
}) {
  const own = mine(reply, intent);
  const errors = own?.fieldErrors ?? {};
  const values: ActionDefaults = own && !own.ok ? own.values : defaults;
  return (
    <Form method="post" className={`${card} mt-4 grid gap-4 p-5 sm:grid-cols-2`} aria-label={intent === "create" ? "Registrar acción SENCE" : "Corregir acción SENCE"} noValidate>
      {own?.message ? (
        <div className="sm:col-span-2">
          <Notice ok={own.ok} message={own.message} />
        </div>
      ) : null}
      <SelectField
        label="Curso"
        name="courseId"
        required
        error={errors.courseId}
        defaultValue={values.courseId ?? String(courses[0]?.id ?? "")}
        options={courses.map((c) => ({ value: String(c.id), label: c.title }))}
      />
      <SelectField
        label="Línea de capacitación"
        name="line"
        required
        error={errors.line}
        defaultValue={values.line ?? "3"}
        options={TRAINING_LINES.map((l) => ({ value: String(l), label: TRAINING_LINE_LABELS[l] }))}
      />
      <TextField label="Código SENCE del curso" name="codSence" required inputMode="numeric" error={errors.codSence} defaultValue={values.codSence} hint="10 dígitos, de la orden de compra de la empresa u OTIC." />
      <TextField label="ID de acción (CodigoCurso)" name="codigoCurso" required error={errors.codigoCurso} defaultValue={values.codigoCurso} hint="También llamado folio o Registro Único SENCE." />
      <TextField label="Fecha de inicio" name="startsOn" type="date" required error={errors.startsOn} defaultValue={values.startsOn} />
      <TextField label="Fecha de término" name="endsOn" type="date" required error={errors.endsOn} defaultValue={values.endsOn} />
      <div className="sm:col-span-2">
        <EnvironmentChoice error={errors.environment} defaultValue={values.environment} />
      </div>
      <div className="sm:col-span-2">
        <SubmitButton intent={intent} label={submitLabel} />
      </div>
    </Form>
  );
}

export interface ConfigView {
  rutOtec: string | null;
  tokenMasked: string | null;
  tokenReadable: boolean;
  keyConfigured: boolean;
}

export function SenceConfigForm({ config, reply }: { config: ConfigView; reply?: SenceFormReply }) {
  const own = mine(reply, "config");
  const errors = own?.fieldErrors ?? {};
  return (
    <Form method="post" className={`${card} mt-4 grid gap-4 p-5 sm:grid-cols-2`} aria-label="Configuración SENCE del OTEC" noValidate>
      {own?.message ? (
        <div className="sm:col-span-2">
          <Notice ok={own.ok} message={own.message} />
        </div>
      ) : null}
      {!config.keyConfigured ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:col-span-2">
          {M.keyMissing}
        </p>
      ) : config.tokenMasked && !config.tokenReadable ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:col-span-2">
          {M.tokenUnreadable}
        </p>
      ) : null}
      <TextField label="RUT del OTEC" name="rutOtec" required error={errors.rutOtec} defaultValue={own && !own.ok ? own.values.rutOtec : config.rutOtec ?? ""} hint="Sin puntos, con guion: 76543210-3." />
      <TextField
        label={config.tokenMasked ? "Reemplazar token" : "Token SENCE"}
        name="token"
        type="password"
        autoComplete="off"
        required={!config.tokenMasked}
        error={errors.token}
        hint={config.tokenMasked ? `Token guardado: ${config.tokenMasked}. Déjalo en blanco para mantenerlo.` : "Lo generas en sistemas.sence.cl/rts con la Clave SENCE de la empresa."}
      />
      <div className="sm:col-span-2">
        <SubmitButton intent="config" label="Guardar configuración" />
      </div>
    </Form>
  );
}
