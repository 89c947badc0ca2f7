// In-person skills sessions (docs/skills-sessions.md): the admin's forms, what a session's state reads as, when a
// learner may still cancel, the instructor's checklist answers, and the calendar file sent with a booking.
import { z } from "zod";
import { chileIsoDay, chileLocalToInstant } from "./chile-time";
import { formatDate } from "./format";
import { singleLineText, withoutControlChars } from "./plain-text";

export const sessionMessages = {
  courseRequired: "Elige un curso con evaluación práctica.",
  startsAtInvalid: "Indica una fecha y hora válidas (hora de Chile).",
  startsAtPast: "La sesión debe ser en el futuro.",
  durationInvalid: "Indica una duración entre 30 y 600 minutos.",
  placeKindInvalid: "Elige dónde se realiza la sesión.",
  addressRequired: "Indica la dirección.",
  comunaRequired: "Indica la comuna.",
  companyRequired: "Elige la empresa donde se realiza.",
  capacityInvalid: "Indica un cupo entre 1 y 60 personas.",
  instructorRequired: "Elige un relator.",
  priceInvalid: "Indica un precio en pesos (solo números), o déjalo vacío si está incluido en el curso.",
  cancelHoursInvalid: "Indica un plazo entre 0 y 336 horas.",
  tooLong: "El texto es demasiado largo.",
  created: "Sesión programada.",
  cancelled: "Sesión cancelada. Avisamos a las personas inscritas.",
  notFound: "La sesión no existe.",
  // Learners
  notEligible: "Para reservar una sesión práctica primero debes aprobar la parte teórica del curso.",
  alreadyBooked: "Ya tienes una reserva o un lugar en la lista de espera para este curso.",
  notOpen: "Esta sesión ya no recibe reservas.",
  started: "Esta sesión ya comenzó.",
  paidSession: "Esta sesión tiene un valor aparte: compra tu cupo para reservarla.",
  companyPaidSession: "Esta sesión tiene un valor aparte: cada persona compra su cupo desde su cuenta.",
  paidFull: "Esta sesión ya no tiene cupos.",
  seatTermsRequired: "Debes aceptar los términos de compra para continuar.",
  cancelledPaidBooking: "Cancelaste tu reserva. Reembolsaremos lo que pagaste y te avisaremos por correo.",
  // Why a seat's order was refunded (the refund's mail and the order's history say it)
  refundSessionFull: "La sesión se llenó antes de que se confirmara tu pago",
  refundSessionCancelled: "La sesión fue cancelada",
  refundSessionStarted: "La sesión ya había comenzado cuando se confirmó tu pago",
  refundNotEligible: "La parte teórica del curso no estaba aprobada",
  refundAlreadyBooked: "Ya tenías un cupo o un lugar en otra fecha de este curso",
  refundLearnerCancelled: "Reserva cancelada dentro del plazo",
  companySession: "Esta sesión es privada de una empresa.",
  booked: "Reserva confirmada. Te enviamos un correo con la fecha para tu calendario.",
  waiting: "La sesión está completa: quedaste en la lista de espera. Te avisaremos si se libera un cupo.",
  cancelledBooking: "Cancelaste tu reserva.",
  cancelTooLate: "El plazo para cancelar esta reserva ya pasó. Escríbenos si no puedes asistir.",
  noBooking: "No tienes una reserva activa en esta sesión.",
  confirmed: "Confirmaste tu cupo. Te enviamos un correo con la fecha para tu calendario.",
  offerExpired: "El plazo para confirmar este cupo ya pasó.",
  // Instructors
  notYourSession: "No tienes acceso a esta sesión.",
  attendanceSaved: "Asistencia guardada.",
  checklistSaved: "Evaluación guardada.",
  checklistIncomplete: "Marca cada ítem como logrado o por practicar.",
  notPresent: "Marca primero a la persona como presente.",
  sessionClosed: "Esta sesión ya fue firmada y no admite cambios.",
  signOffMissing: "Falta registrar la asistencia o la evaluación de alguna persona.",
  signedOff: "Sesión firmada. Los certificados teórico-prácticos ya están disponibles.",
  tooEarly: "Podrás registrar la asistencia cuando empiece la sesión.",
  // Instructors' profiles
  emailUnknown: "No hay ninguna cuenta con ese correo.",
  nameRequired: "Indica el nombre como aparecerá en los certificados.",
  titleRequired: "Indica el título o profesión.",
  credentialRequired: "Indica la credencial de instructor (por ejemplo, el número de la acreditación).",
  expiryInvalid: "Indica una fecha válida.",
  instructorSaved: "Relator guardado.",
  // The admin moves a learner to another date
  moveBookingInvalid: "Esa persona no tiene un cupo reservado en esta sesión.",
  moveAttendanceRecorded: "La asistencia de esta persona ya está registrada: no se puede cambiar de fecha.",
  moveTargetRequired: "Elige la nueva fecha.",
  moveTargetInvalid: "Esa fecha no es de este curso o ya no recibe reservas.",
  moveTargetFull: "La fecha elegida ya no tiene cupos.",
  movePriceDiffers: "La fecha elegida tiene otro valor: no se puede cambiar sin un nuevo pago.",
  moved: "Cambiamos la fecha y le enviamos un correo con la nueva fecha.",
  // A company's manager books seats for workers, or asks for a session at the company
  workersRequired: "Elige al menos a una persona.",
  workerNotEligible: "Alguna de las personas elegidas no aprobó la parte teórica de este curso con tu empresa, o ya tiene una reserva.",
  companyCourseRequired: "Elige uno de los cursos de tu empresa con evaluación práctica.",
  peopleInvalid: "Indica cuántas personas participarían (entre 1 y 60).",
  preferredDatesRequired: "Indica qué fechas y horarios les acomodan.",
  workerNoBooking: "Esa persona no tiene una reserva de tu empresa en esta sesión.",
  workerCancelled: "Cancelamos la reserva y le avisamos por correo. Si había lista de espera, el cupo pasó a la siguiente persona.",
  requestSent: "Recibimos tu solicitud. Te escribiremos para coordinar la fecha.",
  requestNotPending: "Esa solicitud ya tiene una sesión programada.",
  // A relator's credential past its expiry
  instructorExpired: (expiresOn: string) =>
    `La credencial de este relator venció el ${formatDate(expiresOn)}. Actualiza su vigencia en Relatores o elige otro relator.`,
  instructorExpiresBefore: (expiresOn: string) =>
    `La credencial de este relator vence el ${formatDate(expiresOn)}, antes de la sesión. Actualiza su vigencia en Relatores o elige otro relator.`,
  signOffExpired: (expiresOn: string) =>
    `Tu credencial de relator venció el ${formatDate(expiresOn)}: no puedes firmar la sesión. Pide a la academia que actualice su vigencia.`,
} as const;

/**
 * Whether a relator's credential has lapsed by `at`: it is valid through its expiry day, a Chile calendar day. A
 * profile without an expiry date does not lapse.
 */
export function credentialExpired(expiresOn: string | null, at: Date): boolean {
  return expiresOn !== null && chileIsoDay(at) > expiresOn;
}

/** What the manager is told after booking workers: how many seats, and how many went to the waiting list. */
export function companyBookedMessage(booked: number, waiting: number): string {
  const seats = booked === 0 ? "" : booked === 1 ? "Reservamos 1 cupo." : `Reservamos ${booked} cupos.`;
  const line = waiting === 0 ? "" : waiting === 1 ? "1 persona quedó en la lista de espera." : `${waiting} personas quedaron en la lista de espera.`;
  return [seats, line, "Cada persona recibe un correo con la fecha."].filter(Boolean).join(" ");
}

export const SESSION_REQUEST_FIELDS = ["courseId", "people", "preferredDates", "address", "comuna", "notes"] as const;

/** A company's request for a session at its premises (the company portal's form). */
export const sessionRequestSchema = z.object({
  courseId: singleLineText.transform((v, ctx) => {
    const t = v.trim();
    if (!/^\d{1,9}$/.test(t)) {
      ctx.addIssue({ code: "custom", message: sessionMessages.companyCourseRequired });
      return z.NEVER;
    }
    return Number(t);
  }),
  people: singleLineText.transform((v, ctx) => {
    const t = v.trim();
    const n = /^\d{1,3}$/.test(t) ? Number(t) : Number.NaN;
    if (!(n >= 1 && n <= 60)) {
      ctx.addIssue({ code: "custom", message: sessionMessages.peopleInvalid });
      return z.NEVER;
    }
    return n;
  }),
  preferredDates: singleLineText.pipe(z.string().trim().min(1, sessionMessages.preferredDatesRequired).max(300, sessionMessages.tooLong)),
  address: singleLineText.pipe(z.string().trim().min(1, sessionMessages.addressRequired).max(200, sessionMessages.tooLong)),
  comuna: singleLineText.pipe(z.string().trim().min(1, sessionMessages.comunaRequired).max(80, sessionMessages.tooLong)),
  notes: z
    .string()
    .transform((v) => withoutControlChars(v, { multiline: true }))
    .pipe(z.string().trim().max(1000, sessionMessages.tooLong)),
});
export type SessionRequestInput = z.output<typeof sessionRequestSchema>;

export type SessionStatus = "open" | "cancelled" | "done";
export type PlaceKind = "venue" | "company";

/** What a session's state reads as: an open session with no seat left is 'completa'. */
export function sessionStatusLabel(s: { status: string; seatsTaken: number; capacity: number }): string {
  if (s.status === "cancelled") return "Cancelada";
  if (s.status === "done") return "Realizada";
  return s.seatsTaken >= s.capacity ? "Completa" : "Abierta";
}

/** The place as one line: 'Av. Providencia 1234, Providencia' or 'En la empresa (Constructora Sur)'. */
export function placeLabel(s: { placeKind: string; address: string; comuna: string; companyName?: string | null }): string {
  if (s.placeKind === "company") return s.companyName ? `En la empresa (${s.companyName})` : "En la empresa";
  return [s.address, s.comuna].filter(Boolean).join(", ");
}

/** The last instant a learner may cancel their own seat: `hours` before the start. */
export function cancelDeadline(startsAt: Date, hours: number): Date {
  return new Date(startsAt.getTime() - hours * 3_600_000);
}

/** The reminders a booked learner gets before the session: two days before, and on the day. */
export const SESSION_REMINDERS = [
  { event: "reminder48h", hoursBefore: 48 },
  { event: "reminder2h", hoursBefore: 2 },
] as const;
export type SessionReminder = (typeof SESSION_REMINDERS)[number]["event"];

/**
 * The reminder due for a seat at `at`, or null. The latest mark passed counts (48 h, then 2 h before the start):
 * once the 2-hour mark has passed, a 48-hour reminder that never went out (the server was down) is not sent late.
 * A seat booked after a mark gets nothing for it — the booking's own confirmation was just sent — so someone who
 * books 30 hours before gets only the 2-hour reminder. Nothing once the session has started.
 */
export function dueReminder(
  seat: { startsAt: Date; bookedAt: Date; sent: ReadonlySet<SessionReminder> },
  at: Date,
): SessionReminder | null {
  if (at.getTime() >= seat.startsAt.getTime()) return null;
  const passed = SESSION_REMINDERS.filter((r) => at.getTime() >= seat.startsAt.getTime() - r.hoursBefore * 3_600_000);
  const latest = passed.at(-1);
  if (!latest) return null;
  const mark = seat.startsAt.getTime() - latest.hoursBefore * 3_600_000;
  return seat.bookedAt.getTime() <= mark && !seat.sent.has(latest.event) ? latest.event : null;
}

export const SESSION_FIELDS = [
  "courseId",
  "startsAt",
  "durationMin",
  "placeKind",
  "address",
  "comuna",
  "placeNotes",
  "companyId",
  "capacity",
  "instructorId",
  "priceClp",
  "cancelHoursBefore",
] as const;

const text = (max: number) => singleLineText.pipe(z.string().trim().max(max, sessionMessages.tooLong));
const wholeNumber = (min: number, max: number, message: string) =>
  singleLineText.transform((v, ctx) => {
    const t = v.trim();
    const n = /^\d{1,7}$/.test(t) ? Number(t) : Number.NaN;
    if (!(n >= min && n <= max)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });

const sessionFieldsSchema = (at: Date) =>
  z.object({
      courseId: wholeNumber(1, 2_147_483_647, sessionMessages.courseRequired),
      startsAt: singleLineText.transform((v, ctx) => {
        const instant = chileLocalToInstant(v.trim());
        if (!instant) {
          ctx.addIssue({ code: "custom", message: sessionMessages.startsAtInvalid });
          return z.NEVER;
        }
        if (instant.getTime() <= at.getTime()) {
          ctx.addIssue({ code: "custom", message: sessionMessages.startsAtPast });
          return z.NEVER;
        }
        return instant;
      }),
      durationMin: wholeNumber(30, 600, sessionMessages.durationInvalid),
      placeKind: z.enum(["venue", "company"], { message: sessionMessages.placeKindInvalid }),
      address: text(200),
      comuna: text(80),
      placeNotes: singleLineText.pipe(z.string().trim().max(500, sessionMessages.tooLong)),
      companyId: singleLineText.transform((v) => (/^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : null)),
      capacity: wholeNumber(1, 60, sessionMessages.capacityInvalid),
      instructorId: singleLineText.pipe(z.string().trim().min(1, sessionMessages.instructorRequired).max(100)),
      priceClp: singleLineText.transform((v, ctx) => {
        const t = v.replace(/[$.\s]/g, "");
        if (t === "") return null;
        if (!/^\d{1,9}$/.test(t) || Number(t) < 1) {
          ctx.addIssue({ code: "custom", message: sessionMessages.priceInvalid });
          return z.NEVER;
        }
        return Number(t);
      }),
      cancelHoursBefore: wholeNumber(0, 336, sessionMessages.cancelHoursInvalid),
  });

/**
 * The admin's form to schedule a session; `at` is now (a session is always scheduled in the future). Every rule is
 * checked in one pass, the place's rules too, so a form with several mistakes shows all of them at once.
 */
export const sessionSchema = (at: Date) =>
  z.record(z.string(), z.string()).transform((raw, ctx) => {
    const kind = raw.placeKind;
    if (kind === "venue") {
      if (!raw.address?.trim()) ctx.addIssue({ code: "custom", path: ["address"], message: sessionMessages.addressRequired });
      if (!raw.comuna?.trim()) ctx.addIssue({ code: "custom", path: ["comuna"], message: sessionMessages.comunaRequired });
    } else if (kind === "company" && !/^\d{1,9}$/.test(raw.companyId?.trim() ?? "")) {
      ctx.addIssue({ code: "custom", path: ["companyId"], message: sessionMessages.companyRequired });
    }
    const parsed = sessionFieldsSchema(at).safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path as (string | number)[], message: issue.message });
      return z.NEVER;
    }
    return parsed.data;
  });

export type SessionInput = z.output<ReturnType<typeof sessionSchema>>;

export const INSTRUCTOR_FIELDS = ["email", "displayName", "title", "credential", "credentialExpiresOn"] as const;

export const instructorSchema = z.object({
  email: singleLineText.pipe(z.string().trim().toLowerCase().min(1, sessionMessages.emailUnknown).max(200)),
  displayName: singleLineText.pipe(z.string().trim().min(1, sessionMessages.nameRequired).max(120, sessionMessages.tooLong)),
  title: singleLineText.pipe(z.string().trim().min(1, sessionMessages.titleRequired).max(120, sessionMessages.tooLong)),
  credential: singleLineText.pipe(z.string().trim().min(1, sessionMessages.credentialRequired).max(160, sessionMessages.tooLong)),
  credentialExpiresOn: singleLineText.transform((v, ctx) => {
    const t = v.trim();
    if (t === "") return null;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(t) || Number.isNaN(Date.parse(`${t}T12:00:00Z`))) {
      ctx.addIssue({ code: "custom", message: sessionMessages.expiryInvalid });
      return z.NEVER;
    }
    return t;
  }),
});

// ── The skills checklist (content/courses/<slug>/skills-checklist.json) ──────

export const checklistFileSchema = z.object({
  title: z.string().min(1),
  scope: z.string().min(1),
  items: z
    .array(z.object({ key: z.string().regex(/^[a-z0-9-]+$/), label: z.string().min(1), guideline: z.string().min(1) }))
    .min(1),
});
export type Checklist = z.output<typeof checklistFileSchema>;

export interface ChecklistAnswer {
  key: string;
  passed: boolean;
  note: string;
}

/**
 * The instructor's answers for one learner, read from the form (`item:<key>` = pass | practice, `note:<key>`):
 * every item of the checklist must be answered. Unknown keys are ignored.
 */
export function readChecklistAnswers(
  checklist: Checklist,
  get: (name: string) => string,
): { ok: true; answers: ChecklistAnswer[]; note: string } | { ok: false; missing: string[] } {
  const answers: ChecklistAnswer[] = [];
  const missing: string[] = [];
  for (const item of checklist.items) {
    const value = get(`item:${item.key}`);
    const note = withoutControlChars(get(`note:${item.key}`)).trim().slice(0, 500);
    if (value === "pass" || value === "practice") answers.push({ key: item.key, passed: value === "pass", note });
    else missing.push(item.key);
  }
  if (missing.length) return { ok: false, missing };
  return { ok: true, answers, note: withoutControlChars(get("resultNote"), { multiline: true }).trim().slice(0, 1000) };
}

// ── The calendar file (RFC 5545) ─────────────────────────────────────────────

const icsText = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/([,;])/g, "\\$1");
const icsStamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** Folds a content line at 75 octets, as the standard asks, never inside a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = new TextEncoder().encode(ch).length;
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

export function sessionIcs(input: {
  uid: string;
  stamp: Date;
  startsAt: Date;
  durationMin: number;
  summary: string;
  location: string;
  description: string;
  cancelled?: boolean;
}): string {
  const end = new Date(input.startsAt.getTime() + input.durationMin * 60_000);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Academia//Sesiones practicas//ES",
    `METHOD:${input.cancelled ? "CANCEL" : "PUBLISH"}`,
    "BEGIN:VEVENT",
    `UID:${input.uid}`,
    `DTSTAMP:${icsStamp(input.stamp)}`,
    `DTSTART:${icsStamp(input.startsAt)}`,
    `DTEND:${icsStamp(end)}`,
    `SUMMARY:${icsText(input.summary)}`,
    `LOCATION:${icsText(input.location)}`,
    `DESCRIPTION:${icsText(input.description)}`,
    `STATUS:${input.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}

/** The seat checkout's own field (the tax document's are the orders' own): the terms accepted. */
export const SEAT_FIELDS = ["terms"] as const;
export const seatSchema = z.object({ terms: z.literal("on", { message: sessionMessages.seatTermsRequired }) });
