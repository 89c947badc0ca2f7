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

/** A labelled input with its hint and its Spanish error message (aria-describedby). */
export function TextField({
  type = "text",
  defaultValue,
  ...p
}: Common & { type?: string; defaultValue?: string; inputMode?: "numeric" | "email" | "url"; autoComplete?: string; placeholder?: string }) {
  const id = useId();
  return (
    <div className={p.className}>
      <FieldLabel htmlFor={id} text={p.label} required={p.required} />
      <input
        id={id}
        name={p.name}
        type={type}
        defaultValue={defaultValue}
        inputMode={p.inputMode}
        autoComplete={p.autoComplete}
        placeholder={p.placeholder}
        aria-required={p.required || undefined}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy(id, p.error, p.hint)}
        className={input}
      />
      <Described id={id} error={p.error} hint={p.hint} />
    </div>
  );
}

export function TextArea({ defaultValue, rows = 4, ...p }: Common & { defaultValue?: string; rows?: number }) {
  const id = useId();
  return (
    <div className={p.className}>
      <FieldLabel htmlFor={id} text={p.label} required={p.required} />
      <textarea
        id={id}
        name={p.name}
        rows={rows}
        defaultValue={defaultValue}
        aria-required={p.required || undefined}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy(id, p.error, p.hint)}
        className={input}
      />
      <Described id={id} error={p.error} hint={p.hint} />
    </div>
  );
}

export function SelectField({
  options,
  defaultValue,
  ...p
}: Common & { options: { value: string; label: string }[]; defaultValue?: string }) {
  const id = useId();
  return (
    <div className={p.className}>
      <FieldLabel htmlFor={id} text={p.label} required={p.required} />
      <select
        id={id}
        name={p.name}
        defaultValue={defaultValue}
        aria-required={p.required || undefined}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy(id, p.error, p.hint)}
        className={input}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Described id={id} error={p.error} hint={p.hint} />
    </div>
  );
}
