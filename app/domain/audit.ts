// What the audit log records and how the admin panel names it. Every action an admin takes that changes money or
// access is one of these; a new one is added here with its Spanish label (the panel's filter lists them all).
export const AUDIT_ACTIONS = {
  "user.role": "Cambio de rol",
  "user.banned": "Cuenta deshabilitada o habilitada",
  "order.transfer_confirmed": "Transferencia confirmada",
  "order.transfer_rejected": "Transferencia rechazada",
  "order.refunded": "Reembolso",
  "seats.granted": "Cupos otorgados a una empresa",
  "coupon.created": "Cupón creado",
  "coupon.active": "Cupón activado o desactivado",
  "enrolment.granted": "Inscripción otorgada por un administrador",
  "enrolment.removed": "Inscripción eliminada por un administrador",
  "enrolment.released": "Cupo liberado por el encargado de una empresa",
  "enrolment.reassigned": "Cupo reasignado a otra persona por el encargado de una empresa",
  "company.manager_added": "Encargado de empresa agregado",
  "company.manager_removed": "Encargado de empresa quitado",
  "sence.config": "Configuración SENCE del OTEC",
  "sence.action_created": "Acción SENCE registrada",
  "sence.action_updated": "Acción SENCE corregida",
  "sence.participants_added": "Trabajadores inscritos en una acción SENCE",
  "sence.participant_removed": "Trabajador quitado de una acción SENCE",
  "privacy.request_opened": "Solicitud de datos personales registrada",
  "privacy.request_answered": "Solicitud de datos personales respondida",
  "privacy.breach_recorded": "Brecha de seguridad registrada",
  "certificate.revoked": "Certificado revocado",
  "privacy.retention": "Datos eliminados por plazo de conservación",
  "privacy.company_relationship_ended": "Empresa terminó el tratamiento de datos de sus trabajadores",
  "privacy.inactive_account_deleted": "Cuenta inactiva eliminada por plazo de conservación",
  "instructor.saved": "Relator creado o modificado",
  "skills_session.created": "Sesión práctica programada",
  "skills_session.cancelled": "Sesión práctica cancelada",
  "skills_session.signed_off": "Sesión práctica firmada por el relator",
  "skills_session.requested": "Sesión en la empresa solicitada",
  "skills_booking.moved": "Persona cambiada a otra fecha de sesión práctica",
  "skills_booking.cancelled_by_company": "Reserva de sesión práctica cancelada por la empresa",
  "exam.settings": "Reglas de un examen cambiadas",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

/** The names of the fields a record's before/after may hold, as the panel shows them. */
const FIELD_LABELS: Record<string, string> = {
  role: "Rol",
  banned: "Deshabilitada",
  status: "Estado",
  amountClp: "Monto",
  accessKept: "Mantiene el acceso",
  kind: "Tipo",
  reason: "Motivo",
  seats: "Cupos",
  courseId: "Curso",
  code: "Código",
  value: "Valor",
  active: "Activo",
  expiresAt: "Vence",
  maxUses: "Usos máximos",
  userId: "Persona",
  companyId: "Empresa",
  rutOtec: "RUT del OTEC",
  tokenChanged: "Token reemplazado",
  codSence: "Código SENCE",
  codigoCurso: "ID de acción",
  line: "Línea",
  environment: "Ambiente",
  startsOn: "Inicio",
  endsOn: "Término",
  enrolmentIds: "Inscripciones",
  run: "RUN",
  revoked: "Revocado",
  sessionId: "Sesión práctica",
  bookingId: "Reserva",
};

const VALUE_LABELS: Record<string, string> = {
  admin: "Administrador",
  user: "Usuario",
  pending: "Pendiente",
  paid: "Pagado",
  rejected: "Rechazado",
  refunded: "Reembolsado",
  percent: "Porcentaje",
  fixed: "Monto fijo",
  reversed: "Reversa Webpay",
  nullified: "Anulación Webpay",
  manual: "Manual",
};

function showValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (typeof value === "number" && field === "amountClp") return `$${value.toLocaleString("es-CL")}`;
  if (typeof value === "string") return VALUE_LABELS[value] ?? value;
  return JSON.stringify(value);
}

export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

/** The fields a record names in its before and after, each as "field: before → after" for the panel. */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const b = before && typeof before === "object" ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === "object" ? (after as Record<string, unknown>) : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => ({
    field: FIELD_LABELS[field] ?? field,
    before: field in b ? showValue(field, b[field]) : "—",
    after: field in a ? showValue(field, a[field]) : "—",
  }));
}
