// The contact form (docs/product-spec.md §5, docs/decisions.md B7): fields, limits and every Spanish text it shows.
// No zod here: the browser needs these constants, not the validator (kept in contact.server.ts).
import { formStrings, type FieldErrors } from "./form-parse";

export const CONTACT_SUBJECTS = [
  { value: "info_cursos", label: "Información sobre cursos" },
  { value: "capacitacion_empresas", label: "Capacitación para empresas" },
  { value: "consulta_general", label: "Consulta general" },
  { value: "otro", label: "Otro" },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]["value"];

export function subjectLabel(value: string): string {
  return CONTACT_SUBJECTS.find((s) => s.value === value)?.label ?? value;
}

export const CONTACT_LIMITS = { name: 120, email: 254, phone: 30, message: 5000 } as const;

/** Name of the hidden field people never fill in; bots that fill every input give themselves away. */
export const HONEYPOT_FIELD = "sitio_web";

export const CONTACT_MESSAGES = {
  success: "¡Gracias por contactarnos! Te responderemos a la brevedad.",
  invalid: "Por favor, revisa los campos marcados.",
  rateLimited: "Has enviado demasiados mensajes. Por favor, intenta más tarde.",
  serverError: "No pudimos enviar tu mensaje. Por favor, inténtalo de nuevo en unos minutos.",
  tooLarge: "El formulario es demasiado grande. Acorta tu mensaje e inténtalo de nuevo.",
  nameRequired: "Por favor, ingresa tu nombre.",
  nameTooLong: `El nombre no puede superar los ${CONTACT_LIMITS.name} caracteres.`,
  emailRequired: "Por favor, ingresa tu correo electrónico.",
  emailInvalid: "El correo electrónico no es válido.",
  emailTooLong: `El correo electrónico no puede superar los ${CONTACT_LIMITS.email} caracteres.`,
  phoneTooLong: `El teléfono no puede superar los ${CONTACT_LIMITS.phone} caracteres.`,
  phoneInvalid: "El teléfono solo puede contener números, espacios y los signos + - ( ).",
  subjectRequired: "Por favor, selecciona un asunto.",
  messageRequired: "Por favor, escribe tu mensaje.",
  messageTooLong: "El mensaje no puede superar los 5.000 caracteres.",
} as const;

export interface ContactInput {
  name: string;
  email: string;
  phone: string;
  subject: ContactSubject;
  message: string;
}
export type ContactField = keyof ContactInput;
export type ContactValues = Record<ContactField, string>;
export type ContactFieldErrors = FieldErrors<ContactField>;
const CONTACT_FIELDS = ["name", "email", "phone", "subject", "message"] as const satisfies readonly ContactField[];

export const EMPTY_CONTACT_VALUES: ContactValues = { name: "", email: "", phone: "", subject: "", message: "" };

/** What was typed, as text, capped so an absurd submission is not echoed back in full. */
export function contactValuesFrom(source: { get(name: string): unknown }): ContactValues {
  const values = formStrings(source, CONTACT_FIELDS);
  for (const field of CONTACT_FIELDS) values[field] = values[field].slice(0, CONTACT_LIMITS.message * 2);
  return values;
}

/** An administrator's answer to a message, mailed to its sender (docs/admin-guide.md, "Mensajes"). */
export const CONTACT_REPLY_MAX = 5000;
export const contactReplyMessages = {
  required: "Escribe la respuesta antes de enviarla.",
  tooLong: "La respuesta no puede superar los 5.000 caracteres.",
  sent: (email: string) => `Respuesta enviada a ${email}. El mensaje quedó como atendido.`,
  notFound: "El mensaje ya no existe.",
} as const;
