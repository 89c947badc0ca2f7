// Small building blocks shared by the account forms (login, register, reset, profile).
import type { ReactNode } from "react";
import { TextField } from "~/ui/primitives/field";

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
            size="large"
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
