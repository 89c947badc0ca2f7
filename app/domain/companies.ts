// Companies (docs/decisions.md E2): the forms of the admin's company pages and the manager's portal, the
// rules of a worker row (name, e-mail, RUT), how long an invitation lives, and their Spanish texts.
import { z } from "zod";
import { checkoutSchema } from "./commerce";
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./account-limits";
import { optionalText, singleLineText, withoutControlChars } from "./plain-text";
import { parseRut, RUT_MESSAGES } from "./rut";
import { formatCount } from "./format";
import { DEADLINE_FILTERS, dueState, matchesDeadline, type DeadlineFilter } from "./company-follow-up";
import { matchesGroups, parseGroupFilters, type GroupKind, type Groups } from "./company-groups";

/** An invitation link works for 7 days after it was (last) sent. */
export const INVITATION_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

export const SEAT_KINDS = ["grant", "purchase", "enrolment", "invitation", "revocation", "removal", "release", "refund", "renewal"] as const;
export type SeatKind = (typeof SEAT_KINDS)[number];
export const SEAT_KIND_LABELS: Record<SeatKind, string> = {
  grant: "Asignación del administrador",
  purchase: "Compra",
  enrolment: "Inscripción",
  invitation: "Invitación",
  revocation: "Invitación revocada",
  removal: "Inscripción eliminada por el administrador",
  release: "Cupo liberado por la empresa",
  refund: "Reembolso",
  renewal: "Renovación",
};

/** The most seats one grant or one purchase may add (a typo of 10 000 seats is refused). */
export const MAX_SEATS_PER_OPERATION = 5000;

export const companyMessages = {
  nameRequired: "Ingresa la razón social.",
  contactNameRequired: "Ingresa el nombre del contacto.",
  emailInvalid: "Ingresa un correo electrónico válido.",
  phoneRequired: "Ingresa un teléfono de contacto.",
  phoneInvalid: "Ingresa un teléfono válido (solo números, espacios, + y guiones).",
  rutRequired: "Ingresa el RUT.",
  rutTaken: "Ya existe una empresa con ese RUT.",
  tooLong: (max: number) => `Máximo ${max} caracteres.`,
  seatsInvalid: `Ingresa un número entero de 1 a ${formatCount(MAX_SEATS_PER_OPERATION)}.`,
  reasonRequired: "Indica el motivo de la asignación (por ejemplo, el contrato o la orden de compra).",
  courseRequired: "Elige un curso de la lista.",
  workerNameRequired: "Ingresa el nombre de la persona.",
  workerRutRequired: "Ingresa el RUT de la persona.",
  companyCreated: "Empresa creada.",
  companyNotFound: "La empresa no existe.",
  managerAdded: "La persona ya es encargada de la empresa. Le avisamos por correo.",
  managerInvited: "Enviamos una invitación por correo para que cree su cuenta de encargado.",
  managerAlready: "Esa persona ya es encargada de esta empresa.",
  managerInviteOpen: "Ya hay una invitación vigente para ese correo.",
  managerRemoved: "La persona ya no es encargada de la empresa.",
  managerIsAdmin: "Una cuenta de administrador no puede ser encargada de una empresa.",
  seatsGranted: (n: number) => (n === 1 ? "Se asignó 1 cupo." : `Se asignaron ${formatCount(n)} cupos.`),
  courseNotFound: "El curso no existe o no está publicado.",
  noSeats: "No quedan cupos disponibles para este curso. Compra más cupos o pide una asignación.",
  alreadyEnrolled: "La empresa ya inscribió a esta persona en el curso.",
  alreadyInvited: "Esta persona ya tiene una invitación vigente de la empresa para este curso.",
  workerInvited: "Enviamos una invitación por correo. La persona quedará inscrita cuando la acepte.",
  invitationResent: "Invitación reenviada. El nuevo enlace vence en 7 días.",
  invitationRevoked: "Invitación revocada. El cupo volvió a quedar disponible.",
  invitationNotOpen: "Esta invitación ya no está vigente.",
  // Accepting an invitation
  invitationInvalid: "Este enlace de invitación no es válido. Revisa que lo copiaste completo.",
  invitationExpired: "Esta invitación venció. Pide a tu empresa que te envíe una nueva.",
  invitationRevokedByCompany: "Esta invitación fue revocada por la empresa.",
  invitationUsed: "Esta invitación ya fue usada. Inicia sesión con tu correo y contraseña.",
  invitationAccountExists: "Ya existe una cuenta con este correo. Inicia sesión con ella para aceptar la invitación.",
  invitationOtherAccount: "Esta invitación es para otro correo. Cierra sesión e inicia con la cuenta invitada.",
  invitationAdminAccount: "Una cuenta de administración no puede inscribirse como trabajador de una empresa. Pide a la empresa que invite otro correo.",
  passwordTooShort: `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`,
  passwordTooLong: `La contraseña puede tener como máximo ${MAX_PASSWORD_LENGTH} caracteres.`,
  passwordMismatch: "Las contraseñas no coinciden.",
  acceptFailed: "No pudimos aceptar la invitación. Inténtalo de nuevo en unos minutos.",
  // Portal
  notManager: "No tienes acceso al portal de empresas: tu cuenta no es encargada de ninguna empresa.",
  notManagerOfThis: "No tienes acceso a esta empresa.",
} as const;

const requiredText = (message: string, max: number) => singleLineText.pipe(z.string().trim().min(1, message).max(max, companyMessages.tooLong(max)));

export const emailField = singleLineText.pipe(z.string().trim().toLowerCase().max(254, companyMessages.emailInvalid).pipe(z.email(companyMessages.emailInvalid)));

/** A RUT as typed → its normalised form, or the Spanish reason it is not one. */
export const rutField = (requiredMessage: string) =>
  singleLineText.transform((v, ctx) => {
    if (v.trim() === "") {
      ctx.addIssue({ code: "custom", message: requiredMessage });
      return z.NEVER;
    }
    const parsed = parseRut(v);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: RUT_MESSAGES[parsed.reason] });
      return z.NEVER;
    }
    return parsed.rut;
  });

const phoneField = singleLineText.pipe(
  z
    .string()
    .trim()
    .min(1, companyMessages.phoneRequired)
    .max(40, companyMessages.tooLong(40))
    .regex(/^\+?[\d\s()-]{6,40}$/, companyMessages.phoneInvalid),
);

export const COMPANY_FIELDS = ["name", "rut", "giro", "address", "comuna", "contactName", "contactEmail", "contactPhone"] as const;
export const companySchema = z.object({
  name: requiredText(companyMessages.nameRequired, 200),
  rut: rutField(companyMessages.rutRequired),
  giro: optionalText(200, companyMessages.tooLong(200)),
  // Where its facturas are addressed (the SII's DirRecep ≤ 70 and CmnaRecep ≤ 20); its manager can complete them.
  address: optionalText(70, companyMessages.tooLong(70)),
  comuna: optionalText(20, companyMessages.tooLong(20)),
  contactName: requiredText(companyMessages.contactNameRequired, MAX_NAME_LENGTH),
  contactEmail: emailField,
  contactPhone: phoneField,
});
export type CompanyInput = z.infer<typeof companySchema>;

export const MANAGER_FIELDS = ["email", "name"] as const;
export const managerSchema = z.object({
  email: emailField,
  // Only used when the person has no account yet: the invitation greets them by it.
  name: optionalText(MAX_NAME_LENGTH, companyMessages.tooLong(MAX_NAME_LENGTH)),
});

const seatsField = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, companyMessages.seatsInvalid)
  .transform(Number)
  .pipe(z.number().int().min(1, companyMessages.seatsInvalid).max(MAX_SEATS_PER_OPERATION, companyMessages.seatsInvalid));

const courseIdField = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,9}$/, companyMessages.courseRequired)
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647, companyMessages.courseRequired));

export const GRANT_FIELDS = ["courseId", "seats", "reason"] as const;
export const grantSchema = z.object({
  courseId: courseIdField,
  seats: seatsField,
  reason: requiredText(companyMessages.reasonRequired, 500),
});

export const WORKER_FIELDS = ["name", "email", "rut"] as const;
export const workerSchema = z.object({
  name: requiredText(companyMessages.workerNameRequired, MAX_NAME_LENGTH),
  email: emailField,
  rut: rutField(companyMessages.workerRutRequired),
});
export type WorkerInput = z.infer<typeof workerSchema>;

export const ACCEPT_FIELDS = ["password", "confirmPassword"] as const;
export const acceptSchema = z
  .object({
    password: z.string().min(MIN_PASSWORD_LENGTH, companyMessages.passwordTooShort).max(MAX_PASSWORD_LENGTH, companyMessages.passwordTooLong),
    confirmPassword: z.string(),
  })
  .refine((d) => d.password === d.confirmPassword, { path: ["confirmPassword"], message: companyMessages.passwordMismatch });

/** Invitation tokens are 43 URL-safe characters (32 random bytes, base64url). */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type InvitationState = "open" | "expired" | "accepted" | "revoked";

export function invitationState(inv: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now = new Date()): InvitationState {
  if (inv.acceptedAt) return "accepted";
  if (inv.revokedAt) return "revoked";
  return inv.expiresAt.getTime() <= now.getTime() ? "expired" : "open";
}

export const INVITATION_STATE_LABELS: Record<InvitationState, string> = {
  open: "Pendiente",
  expired: "Vencida",
  accepted: "Aceptada",
  revoked: "Revocada",
};

/** Seats of one course of a company: bought or granted, used (enrolled or invited), free. */
export interface SeatSummary {
  courseId: number;
  courseTitle: string;
  credited: number;
  used: number;
  free: number;
}

/** Folds ledger sums by kind into bought/used/free. */
export function seatSummary(courseId: number, courseTitle: string, byKind: Partial<Record<SeatKind, number>>): SeatSummary {
  const credited = (byKind.grant ?? 0) + (byKind.purchase ?? 0) + (byKind.refund ?? 0);
  const free = SEAT_KINDS.reduce((sum, k) => sum + (byKind[k] ?? 0), 0);
  return { courseId, courseTitle, credited, used: credited - free, free };
}

// ── The workers table ─────────────────────────────────────────────────────────
export const WORKER_STATUSES = ["sin-iniciar", "en-curso", "completado"] as const;
export type WorkerStatus = (typeof WORKER_STATUSES)[number];
export const WORKER_STATUS_LABELS: Record<WorkerStatus, string> = {
  "sin-iniciar": "Sin iniciar",
  "en-curso": "En curso",
  completado: "Completado",
};

/** A worker who has studied a lesson has started, even before a whole module (the percentage) moves. */
export function workerStatus(w: { progress: number; lessonsDone?: number; studyTime?: { seconds: number } | null; completedAt: Date | string | null }): WorkerStatus {
  if (w.completedAt) return "completado";
  // Time studied counts as a start: a reading opens without completing (docs/decisions.md F8), and twenty minutes of
  // it are not "sin iniciar" to a manager deciding whose seat to give away.
  return w.progress > 0 || (w.lessonsDone ?? 0) > 0 || (w.studyTime?.seconds ?? 0) > 0 ? "en-curso" : "sin-iniciar";
}

export interface WorkerFilters {
  status: WorkerStatus | null;
  /** Name, e-mail or RUT, as typed (trimmed, at most 100 characters). */
  q: string;
  /** Against the due date ('plazo'): late, due within a week, none set. Omitted: all. */
  deadline?: DeadlineFilter | null;
  /** Sucursal, faena, centro de costo ('sucursal', 'faena', 'cc'). Omitted: all. */
  groups?: Partial<Record<GroupKind, string>>;
}

export function parseWorkerFilters(params: URLSearchParams): WorkerFilters {
  const status = params.get("estado");
  const deadline = params.get("plazo");
  const parsed: WorkerFilters = {
    status: (WORKER_STATUSES as readonly string[]).includes(status ?? "") ? (status as WorkerStatus) : null,
    q: withoutControlChars(params.get("q") ?? "").trim().slice(0, 100),
  };
  if ((DEADLINE_FILTERS as readonly string[]).includes(deadline ?? "")) parsed.deadline = deadline as DeadlineFilter;
  const groups = parseGroupFilters(params);
  if (Object.keys(groups).length > 0) parsed.groups = groups;
  return parsed;
}

/**
 * Whether a worker matches the table's filters (the search ignores case, dots and dashes of a RUT); `today` (Chile's
 * day, '2026-12-01') is needed only to filter by due date.
 */
export function matchesWorkerFilters(
  w: { name: string; email: string; rut: string | null; progress: number; lessonsDone?: number; completedAt: Date | string | null; dueOn?: string | null } & Partial<Groups>,
  f: WorkerFilters,
  today = "",
): boolean {
  if (f.status && workerStatus(w) !== f.status) return false;
  if (f.groups && !matchesGroups(w, f.groups)) return false;
  if (f.deadline && !matchesDeadline(dueState(w.dueOn ?? null, w.completedAt, today), f.deadline)) return false;
  if (!f.q) return true;
  const needle = f.q.toLowerCase();
  const compact = (v: string) => v.toLowerCase().replace(/[.\-\s]/g, "");
  return w.name.toLowerCase().includes(needle) || w.email.toLowerCase().includes(needle) || (w.rut !== null && compact(needle).length > 0 && compact(w.rut).includes(compact(needle)));
}

// ── Buying seats (the commerce checkout, one order for N × price) ─────────────
export const SEAT_PURCHASE_FIELDS = ["courseId", "quantity", "method", "coupon", "terms"] as const;
export const seatPurchaseSchema = checkoutSchema.extend({ courseId: courseIdField, quantity: seatsField });

/** The manager's follow-up of a course's workers (docs/admin-guide.md, "Empresas"). */
export const followUpMessages = {
  reminded: (n: number) => (n === 1 ? "Enviamos el recordatorio a 1 trabajador." : `Enviamos el recordatorio a ${n} trabajadores.`),
  alreadyReminded: "Ya le enviaste un recordatorio hoy: se envía uno por día como máximo.",
  noneToRemind: "No hay trabajadores a quienes recordar: todos terminaron o ya recibieron un recordatorio hoy.",
  completedNoReminder: "Este trabajador ya completó el curso.",
  released: (name: string) => `Liberaste el cupo de ${name}: quedó disponible para otro trabajador.`,
  notReleasable: "Solo se puede liberar el cupo de quien aún no empieza el curso (sin lecciones, evaluaciones ni asistencia SENCE).",
  workerNotFound: "El trabajador no está inscrito en este curso por tu empresa.",
  confirmRelease: "Marca la casilla para confirmar que quieres liberar el cupo.",
  reassigned: (from: string, to: string) => `Reasignaste el cupo de ${from} a ${to}: le enviamos la invitación.`,
  reassignSamePerson: "Escribe el correo de otra persona: este trabajador ya tiene el cupo.",
} as const;
