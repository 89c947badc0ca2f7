// Small building blocks shared by the account forms (login, register, reset, profile).
import type { ReactNode } from "react";

export function FormAlert({ tone, id, children }: { tone: "error" | "success"; id?: string; children: ReactNode }) {
  const styles =
    tone === "error"
      ? "border-brand-200 bg-brand-50 text-brand-800"
      : "border-emerald-200 bg-emerald-50 text-emerald-800";
  return (
    <div id={id} role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-4 py-3 text-sm font-medium ${styles}`}>
      {children}
    </div>
  );
}

interface TextFieldProps {
  label: string;
  name: string;
  type?: "text" | "email" | "password" | "tel";
  defaultValue?: string;
  /** The field's own message, shown under it. */
  error?: string;
  /** Marks the field invalid without a message of its own (the form-level alert explains it). */
  invalid?: boolean;
  /** Id of the element that describes the error when the message is not the field's own. */
  errorRef?: string;
  hint?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  maxLength?: number;
  autoFocus?: boolean;
}

export function TextField({
  label,
  name,
  type = "text",
  defaultValue,
  error,
  invalid,
  errorRef,
  hint,
  autoComplete,
  required,
  disabled,
  maxLength,
  autoFocus,
}: TextFieldProps) {
  const id = `campo-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-ayuda`;
  const describedBy = [error ? errorId : invalid ? errorRef : undefined, hint ? hintId : undefined].filter(Boolean).join(" ");
  const isInvalid = !!error || !!invalid;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        required={required}
        disabled={disabled}
        maxLength={maxLength}
        autoFocus={autoFocus}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy || undefined}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm outline-none transition focus:ring-2 focus:ring-brand-600/40 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ${
          isInvalid ? "border-brand-600 focus:border-brand-700" : "border-slate-500 focus:border-brand-600"
        }`}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-brand-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-disabled={pending || undefined}
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-wait disabled:opacity-80"
    >
      {pending ? <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" /> : null}
      {pending ? pendingLabel : label}
    </button>
  );
}

/** The centred card every sign-in page uses. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{title}</h1>
        {intro ? <div className="mt-2 text-sm text-slate-600">{intro}</div> : null}
        <div className="mt-6">{children}</div>
        {footer ? <div className="mt-6 border-t border-slate-100 pt-5 text-center text-sm text-slate-700">{footer}</div> : null}
      </div>
    </section>
  );
}

export const linkClass = "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:underline";

/**
 * A new password and its confirmation, as registration, the reset link and the profile ask for them:
 * never pre-filled after an error (the browser must not keep a password in the page), minimum hinted.
 */
export function NewPasswordFields<N extends string>({
  names,
  labels,
  errorFor,
  errorRef,
}: {
  names: [password: N, confirmation: N];
  labels: [password: string, confirmation: string];
  /** A field's own message (none when the form-level alert already says it) and whether it is invalid. */
  errorFor: (name: N) => { message?: string; invalid: boolean };
  errorRef: string;
}) {
  return (
    <>
      {names.map((name, i) => {
        const { message, invalid } = errorFor(name);
        return (
          <TextField
            key={name}
            label={labels[i]!}
            name={name}
            type="password"
            autoComplete="new-password"
            required
            hint={i === 0 ? "Mínimo 6 caracteres." : undefined}
            error={message}
            invalid={invalid}
            errorRef={errorRef}
          />
        );
      })}
    </>
  );
}

/**
 * A field's own message: none when the form-level alert above already says the same thing
 * (e.g. 'Por favor, completa todos los campos.'), so it is not read out twice.
 */
export function ownFieldErrors<F extends string>(fieldErrors: Partial<Record<F, string>>, formError: string | undefined) {
  return (field: F) => {
    const message = fieldErrors[field];
    return message && message !== formError ? message : undefined;
  };
}
