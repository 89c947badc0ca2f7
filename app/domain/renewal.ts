// Renewal (docs/certificate-validity.md, "Renewal"): when the holder of a certificate may start a new cycle of its
// course. From the first expiry reminder on — 90 days before its last valid day — or any time after it expired or
// was revoked. Earlier would only shorten the time the paid certificate counts (the new one counts from its own
// issue) and would let a stray click end a cycle in good standing; a certificate with no expiry never needs it.
import { addDays, compareDays, isoDay, parseIsoDay, type Day } from "./chile-time";
import { formatDate } from "./format";

/** How many days before a certificate's last valid day its holder may renew: the first reminder's. */
export const RENEWAL_WINDOW_DAYS = 90;

export type RenewalEligibility =
  | { ok: true }
  | { ok: false; reason: "no-certificate" }
  | { ok: false; reason: "no-expiry" }
  | { ok: false; reason: "too-early"; opensOn: string };

/** Whether the live cycle's certificate (null: the cycle has none yet) may be renewed today (Chile's day). */
export function renewalEligibility(cert: { validUntil: string | null; revokedAt: Date | null } | null, today: Day): RenewalEligibility {
  if (!cert) return { ok: false, reason: "no-certificate" };
  if (cert.revokedAt) return { ok: true };
  const last = cert.validUntil ? parseIsoDay(cert.validUntil) : null;
  if (!last) return { ok: false, reason: "no-expiry" };
  const opens = addDays(last, -RENEWAL_WINDOW_DAYS);
  if (compareDays(today, opens) < 0) return { ok: false, reason: "too-early", opensOn: isoDay(opens) };
  return { ok: true };
}

/**
 * What a learner pays to renew: the course's renewal price when it has one, else its price; never more than the
 * price (restoring a course's catalogue price may leave an older, higher renewal price behind).
 */
export function renewalPrice(priceClp: number, renewalPriceClp: number | null): number {
  return Math.min(renewalPriceClp ?? priceClp, priceClp);
}

export const renewalMessages = {
  noCertificate: "Aún no tienes un certificado de este curso que renovar: termina el curso en curso.",
  noExpiry: "Este certificado no tiene fecha de vencimiento: no necesita renovarse.",
  tooEarly: (opensOn: string) => `Podrás renovarlo desde el ${opensOn}, 90 días antes de su vencimiento.`,
} as const;

/** The learner-facing sentence for a refusal. */
export function renewalRefusal(e: Exclude<RenewalEligibility, { ok: true }>): string {
  if (e.reason === "no-certificate") return renewalMessages.noCertificate;
  if (e.reason === "no-expiry") return renewalMessages.noExpiry;
  return renewalMessages.tooEarly(formatDate(e.opensOn));
}
