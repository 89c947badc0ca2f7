// Every labelled form control of the academy: label above, hint and Spanish error below, the control wired to
// them (aria-describedby, aria-invalid). Two sizes: `regular` for the admin's and the company portal's dense
// forms, `large` for the account forms a person fills on a phone (16 px text, so the phone does not zoom).
import { useId, type ReactNode } from "react";

type Common = {
  label: string;
  name: string;
  /** The field's own message, shown under it. */
  error?: string;
  hint?: string;
  className?: string;
  /**
   * Regular fields mark it with "*" and aria-required (the server's message explains a miss); large (account)
   * fields keep the browser's own check as well.
   */
  required?: boolean;
  /** Invalid without a message of its own: the form-level alert with id `errorRef` explains it. */
  invalid?: boolean;
  errorRef?: string;
  size?: "regular" | "large";
};

const labelClass = "block text-sm font-semibold text-slate-800";
const controlClass = {
  regular:
    "mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-700",
  large:
    "mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm outline-none transition focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-brand-600",
};
const errorClass = { regular: "mt-1 text-sm font-medium text-red-700", large: "mt-1 text-sm font-medium text-brand-700" };

/** What every control shares: its id, name, required/invalid state and the ids that describe it. */
type ControlProps = {
  id: string;
  name: string;
  className: string;
  required: boolean | undefined;
  "aria-required": true | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

function Field({ common: p, children }: { common: Common; children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const size = p.size ?? "regular";
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [p.hint ? hintId : null, p.error ? errorId : p.invalid ? p.errorRef : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={p.className}>
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className={labelClass}>
          {p.label}
        </label>
        {p.required && size === "regular" ? (
          // Outside the label, so the label's text is exactly the field's name.
          <span aria-hidden="true" className="text-sm font-semibold text-brand-700">
            *
          </span>
        ) : null}
      </div>
      {children({
        id,
        name: p.name,
        className: controlClass[size],
        required: size === "large" ? p.required : undefined,
        "aria-required": p.required || undefined,
        "aria-invalid": p.error || p.invalid ? true : undefined,
        "aria-describedby": describedBy,
      })}
      {p.hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {p.hint}
        </p>
      ) : null}
      {p.error ? (
        <p id={errorId} className={errorClass[size]}>
          {p.error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its hint and its Spanish error message. */
export function TextField({
  type = "text",
  defaultValue,
  inputMode,
  autoComplete,
  placeholder,
  disabled,
  maxLength,
  autoFocus,
  ...common
}: Common & {
  type?: string;
  defaultValue?: string;
  inputMode?: "numeric" | "email" | "url" | "tel";
  autoComplete?: string;
  placeholder?: string;
  disabled?: boolean;
  maxLength?: number;
  autoFocus?: boolean;
}) {
  return (
    <Field common={common}>
      {(control) => (
        <input
          {...control}
          type={type}
          defaultValue={defaultValue}
          inputMode={inputMode}
          autoComplete={autoComplete}
          placeholder={placeholder}
          disabled={disabled}
          maxLength={maxLength}
          autoFocus={autoFocus}
        />
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
