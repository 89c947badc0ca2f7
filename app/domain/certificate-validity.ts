// How long a certificate counts (docs/certificate-validity.md): the course's validity in months, counted from the
// end of the month of issue, as the AHA counts its cards (through the end of the month of issue, two years on).
// Days are Chile's; the certificate counts through its whole last day.
import { z } from "zod";
import { chileDay, compareDays, daysBetween, endOfMonthAfter, isoDay, parseIsoDay, type Day } from "./chile-time";
import { formatDate } from "./format";

/** The longest validity an admin may set: ten years. */
export const MAX_VALIDITY_MONTHS = 120;

/** The course editor's field: whole months, 1–120; empty = no expiry (null). */
export const validityMonthsField = z
  .string()
  .trim()
  .refine(
    (v) => v === "" || (/^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_VALIDITY_MONTHS),
    `Ingresa la vigencia en meses, un número entero entre 1 y ${MAX_VALIDITY_MONTHS}, o déjala vacía si el certificado no vence.`,
  )
  .transform((v) => (v === "" ? null : Number(v)));

/** The last day (yyyy-mm-dd) a certificate issued at `issuedAt` counts, or null when the course sets no validity. */
export function validUntilFor(issuedAt: Date, validityMonths: number | null): string | null {
  if (validityMonths === null || validityMonths <= 0) return null;
  return isoDay(endOfMonthAfter(chileDay(issuedAt), validityMonths));
}

/** The reason an admin gives for revoking: required, one paragraph, kept for the academy only. */
export const MAX_REVOKE_REASON = 500;

/** A certificate within this many days of its last day is "por vencer" (the company matrix, the learner's list). */
export const EXPIRING_SOON_DAYS = 60;

export type CertificateState =
  | { kind: "revocado"; revokedOn: string }
  | { kind: "vencido"; validUntil: string }
  | { kind: "vigente"; validUntil: string; daysLeft: number }
  | { kind: "sin-vencimiento" };

/** Today's state of a certificate; revoked wins over everything, then its last valid day against today in Chile. */
export function certificateState(cert: { validUntil: string | null; revokedAt: Date | null }, today: Day): CertificateState {
  if (cert.revokedAt) return { kind: "revocado", revokedOn: isoDay(chileDay(cert.revokedAt)) };
  if (!cert.validUntil) return { kind: "sin-vencimiento" };
  const last = parseIsoDay(cert.validUntil);
  if (!last) return { kind: "sin-vencimiento" };
  if (compareDays(today, last) > 0) return { kind: "vencido", validUntil: cert.validUntil };
  return { kind: "vigente", validUntil: cert.validUntil, daysLeft: daysBetween(today, last) };
}

/** The public page's one line: 'Vigente hasta el 30 de noviembre de 2028', 'Vencido el …', 'Revocado'. */
export function certificateStateLabel(state: CertificateState): string {
  switch (state.kind) {
    case "revocado":
      return "Revocado";
    case "vencido":
      return `Vencido el ${formatDate(state.validUntil)}`;
    case "vigente":
      return `Vigente hasta el ${formatDate(state.validUntil)}`;
    case "sin-vencimiento":
      return "Vigente, sin fecha de vencimiento";
  }
}

/** Days before a certificate's last valid day that its holder is reminded; 0 is the day itself. Largest first. */
export const REMINDER_THRESHOLDS = [90, 30, 7, 0] as const;
export type ReminderThreshold = (typeof REMINDER_THRESHOLDS)[number];

/**
 * The reminder due for a certificate with `daysLeft` days to its last valid day (negative once past): the nearest
 * threshold not yet passed, so a look that comes late (the server was down) sends that one, not the earlier ones.
 * A day's grace after the last day; null before the first threshold or later than that.
 */
export function dueReminderThreshold(daysLeft: number): ReminderThreshold | null {
  if (daysLeft < -1 || daysLeft > REMINDER_THRESHOLDS[0]) return null;
  let due: ReminderThreshold = REMINDER_THRESHOLDS[0];
  for (const t of REMINDER_THRESHOLDS) if (t >= daysLeft) due = t;
  return due;
}
