import { useId } from "react";
import { fieldError, input, label as labelClass } from "./styles";

type Common = { label: string; name: string; error?: string; hint?: string; className?: string; required?: boolean };

function Described({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The required marker sits outside the label, so the label's text is exactly the field's name. */
function FieldLabel({ htmlFor, text, required }: { htmlFor: string; text: string; required?: boolean }) {
  return (
    <div className="flex items-baseline gap-1">
      <label htmlFor={htmlFor} className={labelClass}>
        {text}
      </label>
      {required ? (
        <span aria-hidden="true" className="text-sm font-semibold text-brand-700">
          *
        </span>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: string) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** What every control shares: its id, name, required/invalid state and the ids that describe it. */
type ControlProps = {
  id: string;
  name: string;
  className: string;
  "aria-required": true | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** Label above, hint and error below, and the control in between wired to them. */
function Field({ common: p, children }: { common: Common; children: (control: ControlProps) => React.ReactNode }) {
  const id = useId();
  return (
    <div className={p.className}>
      <FieldLabel htmlFor={id} text={p.label} required={p.required} />
      {children({
        id,
        name: p.name,
        className: input,
        "aria-required": p.required || undefined,
        "aria-invalid": p.error ? true : undefined,
        "aria-describedby": describedBy(id, p.error, p.hint),
      })}
      <Described id={id} error={p.error} hint={p.hint} />
    </div>
  );
}

/** A labelled input with its hint and its Spanish error message (aria-describedby). */
export function TextField({
  type = "text",
  defaultValue,
  inputMode,
  autoComplete,
  placeholder,
  ...common
}: Common & { type?: string; defaultValue?: string; inputMode?: "numeric" | "email" | "url"; autoComplete?: string; placeholder?: string }) {
  return (
    <Field common={common}>
      {(control) => (
        <input {...control} type={type} defaultValue={defaultValue} inputMode={inputMode} autoComplete={autoComplete} placeholder={placeholder} />
      )}
    </Field>
  );
}

export function TextArea({ defaultValue, rows = 4, ...common }: Common & { defaultValue?: string; rows?: number }) {
  return <Field common={common}>{(control) => <textarea {...control} rows={rows} defaultValue={defaultValue} />}</Field>;
}

export function SelectField({
  options,
  defaultValue,
  ...common
}: Common & { options: { value: string; label: string }[]; defaultValue?: string }) {
  return (
    <Field common={common}>
      {(control) => (
        <select {...control} defaultValue={defaultValue}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
