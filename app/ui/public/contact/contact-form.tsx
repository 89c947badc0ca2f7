import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import {
  CONTACT_LIMITS,
  CONTACT_SUBJECTS,
  EMPTY_CONTACT_VALUES,
  HONEYPOT_FIELD,
  type ContactFieldErrors,
  type ContactValues,
} from "~/domain/contact-form";
import { Icon } from "../icons";

export interface ContactFormState {
  status: "success" | "invalid" | "rate_limited" | "error";
  message: string;
  values: ContactValues;
  fieldErrors?: ContactFieldErrors;
  /** Changes on every answer, so a success clears the form even twice in a row. */
  at: number;
}

type Field = keyof ContactValues;

/** The contact form (docs/decisions.md B7): posts to the route's action, works without JavaScript, keeps what was typed on error. */
export function ContactForm({ state }: { state: ContactFormState | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contacto";
  const boxRef = useRef<HTMLDivElement>(null);
  const values = state?.values ?? EMPTY_CONTACT_VALUES;
  const errors = state?.fieldErrors ?? {};
  const success = state?.status === "success";

  useEffect(() => {
    if (state) boxRef.current?.focus();
  }, [state]);

  /** Label, then the control, then its error; the control gets its id, value and error wiring here. */
  const field = (name: Field, label: string, control: (props: Record<string, unknown>) => React.ReactNode, note?: string) => {
    const id = `contacto-${name}`;
    const error = errors[name];
    return (
      <div>
        <label htmlFor={id} className="pub-label">
          {label}
          {/* A real space: the field's name reads "Teléfono (opcional)". */}
          {note ? <span className="font-normal text-slate-600"> {note}</span> : null}
        </label>
        {control({
          id,
          name,
          defaultValue: values[name],
          className: "pub-input",
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${id}-error` : undefined,
        })}
        {error ? (
          <p id={`${id}-error`} className="pub-field-error">
            <Icon name="alert" className="h-4 w-4 flex-none" />
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div>
      {state ? (
        <div
          ref={boxRef}
          tabIndex={-1}
          role={success ? "status" : "alert"}
          className={`mb-6 flex gap-3 rounded-xl border p-4 text-sm font-medium focus:outline-none ${
            success ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-brand-200 bg-brand-50 text-brand-900"
          }`}
        >
          <Icon name={success ? "check-circle" : "alert"} className="h-5 w-5 flex-none" />
          <p>{state.message}</p>
        </div>
      ) : null}
      <Form
        key={success ? `enviado-${state.at}` : "formulario"}
        method="post"
        action="/contacto"
        noValidate
        preventScrollReset
        aria-label="Formulario de contacto"
        className="relative space-y-5"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          {field("name", "Nombre", (p) => (
            <input {...p} type="text" autoComplete="name" required maxLength={CONTACT_LIMITS.name} />
          ))}
          {field("email", "Correo electrónico", (p) => (
            <input {...p} type="email" autoComplete="email" required maxLength={CONTACT_LIMITS.email} />
          ))}
          {field(
            "phone",
            "Teléfono",
            (p) => <input {...p} type="tel" autoComplete="tel" maxLength={CONTACT_LIMITS.phone} placeholder="+56 9 1234 5678" />,
            "(opcional)",
          )}
          {field("subject", "Asunto", (p) => (
            <select {...p} required>
              <option value="">Selecciona un asunto</option>
              {CONTACT_SUBJECTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          ))}
        </div>
        {field("message", "Mensaje", (p) => (
          <textarea {...p} rows={6} required maxLength={CONTACT_LIMITS.message} />
        ))}
        {/* Invisible to people (and to assistive technology); bots that fill every field are discarded. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contacto-sitio-web">Sitio web (no completar)</label>
          <input id="contacto-sitio-web" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-slate-600">Usamos tus datos solo para responder tu consulta.</p>
          <button type="submit" className="pub-btn" disabled={sending}>
            {sending ? "Enviando..." : "Enviar mensaje"}
          </button>
        </div>
      </Form>
    </div>
  );
}
