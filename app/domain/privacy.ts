// Ley 21.719 (which rewrites Ley 19.628): the rights a person exercises, their labels, the legal deadline and the
// forms that open a request. docs/privacy.md says what the academy does for each.
import { z } from "zod";
import { addDays, chileDay, isoDay } from "./chile-time";

export const PRIVACY_REQUEST_KINDS = {
  access: "Acceso",
  rectification: "Rectificación",
  deletion: "Supresión",
  opposition: "Oposición",
  portability: "Portabilidad",
  blocking: "Bloqueo",
} as const;
export type PrivacyRequestKind = keyof typeof PRIVACY_REQUEST_KINDS;
export const privacyRequestKinds = Object.keys(PRIVACY_REQUEST_KINDS) as [PrivacyRequestKind, ...PrivacyRequestKind[]];

export const PRIVACY_REQUEST_STATUSES = { pending: "Pendiente", done: "Respondida", refused: "Rechazada" } as const;
export type PrivacyRequestStatus = keyof typeof PRIVACY_REQUEST_STATUSES;

export const PRIVACY_CHANNELS = { web: "En la academia", mail: "Por correo" } as const;

/**
 * While one of these is pending, the person's data is blocked (the law's "bloqueo temporal"): kept, but not used
 * for anything other than keeping it — their company's managers do not receive it in an export.
 */
export const BLOCKING_KINDS: readonly PrivacyRequestKind[] = ["rectification", "deletion", "opposition", "blocking"];

/**
 * The answer is due within 30 calendar days ("días corridos") of receipt (Ley 19.628 as amended by Ley 21.719,
 * art. 11; docs/privacy.md). Counted on Chile's calendar from the day after receipt: received on 1 December,
 * due on 31 December.
 */
export const RESPONSE_DAYS = 30;

export function responseDueOn(receivedAt: Date): string {
  return isoDay(addDays(chileDay(receivedAt), RESPONSE_DAYS));
}

/** Days left until `dueOn` from `today` (both ISO days); negative when overdue. */
export function daysLeft(dueOn: string, today: string): number {
  return Math.round((Date.parse(`${dueOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

const text = (max: number, message: string) => z.string().trim().max(max, message);

/** The learner's own request, from "Mis datos". */
export const ownRequestSchema = z.object({
  kind: z.enum(["rectification", "deletion", "opposition", "blocking"], { message: "Elige qué quieres solicitar." }),
  details: text(2000, "Escribe como máximo 2000 caracteres."),
});

export function checkOwnRequest(kind: string, details: string): string | null {
  if (kind === "rectification" && details.length < 5) return "Cuéntanos qué dato está incorrecto y cuál es el correcto.";
  return null;
}

/** A request an admin opens for someone who wrote by mail. */
export const mailRequestSchema = z.object({
  email: z.string().trim().toLowerCase().email("Escribe un correo válido, por ejemplo nombre@empresa.cl."),
  name: z.string().trim().min(2, "Escribe el nombre de la persona.").max(120, "El nombre es demasiado largo."),
  kind: z.enum(privacyRequestKinds, { message: "Elige el derecho que ejerce." }),
  receivedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Indica la fecha en que llegó la solicitud."),
  details: text(2000, "Escribe como máximo 2000 caracteres."),
});

export const answerSchema = z.object({
  decision: z.enum(["done", "refused"], { message: "Elige si la solicitud se acoge o se rechaza." }),
  answer: z.string().trim().min(10, "Escribe la respuesta que recibirá la persona (al menos 10 caracteres).").max(4000, "Escribe como máximo 4000 caracteres."),
});

export const breachSchema = z.object({
  description: z.string().trim().min(10, "Describe qué ocurrió (al menos 10 caracteres).").max(4000, "Escribe como máximo 4000 caracteres."),
  detectedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Indica cuándo se detectó."),
  affected: z.string().trim().min(3, "Indica a quiénes afecta y qué datos.").max(2000, "Escribe como máximo 2000 caracteres."),
  measures: text(4000, "Escribe como máximo 4000 caracteres."),
  reportedOn: z.union([z.literal(""), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Fecha no válida.")]),
});

export const ACCESS_ACTIONS = {
  "self.export": "Descargó sus propios datos",
  "admin.export": "Un administrador descargó los datos de la persona",
  "admin.view": "Un administrador abrió su solicitud de datos personales",
  "admin.view_user": "Un administrador abrió su ficha de usuario",
  "admin.view_order": "Un administrador abrió una de sus compras",
  "manager.export": "Un encargado de empresa descargó los datos de sus trabajadores",
} as const;
export type AccessAction = keyof typeof ACCESS_ACTIONS;

export interface RelationshipSummary {
  /** Distinct workers linked to the company through an enrolment. */
  workers: number;
  enrolments: number;
  /** Worker invitations neither accepted nor revoked (expired ones too): each holds a seat. */
  openInvitations: number;
}

/** What a manager reads when ending the company's processing of its workers' data (privacy/company-relationship.server.ts). */
export const relationshipMessages = {
  notManager: "Solo un encargado de la empresa puede terminar el tratamiento de los datos de sus trabajadores.",
  nothingLeft: "La empresa ya no tiene trabajadores vinculados ni invitaciones pendientes: no quedaba nada que terminar.",
  done: (s: RelationshipSummary) =>
    `Listo: terminamos el tratamiento de los datos de ${s.workers === 1 ? "1 trabajador" : `${s.workers} trabajadores`}` +
    (s.openInvitations ? ` y revocamos ${s.openInvitations === 1 ? "1 invitación pendiente" : `${s.openInvitations} invitaciones pendientes`} (sus cupos volvieron a la empresa)` : "") +
    ". Ellos conservan sus cuentas, cursos y certificados.",
};
