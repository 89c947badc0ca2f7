// Chilean RUT/RUN (docs/decisions.md E3): the módulo 11 check digit, one normalised form for storage
// (`12345678-5`), the display form (`12.345.678-5`) and the masked form of the public certificate
// page (`12.345.XXX-5`). A small tested module rather than a dependency: the rule fits in a few lines
// and the npm packages that implement it add nothing we would not have to wrap anyway.

/** Body bounds: RUTs in use run from 1.000.000 (old) to under 100.000.000 (companies reach 9x.xxx.xxx). */
const MIN_BODY = 1_000_000;
const MAX_BODY = 99_999_999;

export const RUT_MESSAGES = {
  invalid: "Ingresa un RUT válido (por ejemplo, 12.345.678-5).",
  checkDigit: "El dígito verificador del RUT no es correcto.",
} as const;

/** The check digit ('0'–'9' or 'K') of a RUT body, by módulo 11. */
export function rutCheckDigit(body: number): string {
  let sum = 0;
  let factor = 2;
  for (let n = Math.trunc(body); n > 0; n = Math.floor(n / 10)) {
    sum += (n % 10) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  return rest === 11 ? "0" : rest === 10 ? "K" : String(rest);
}

export type RutParse = { ok: true; rut: string } | { ok: false; reason: "invalid" | "checkDigit" };

/**
 * Reads a RUT as people type it — with or without dots, dash, spaces, lower-case k — and answers the
 * normalised form `12345678-5` (no leading zeros, upper-case K), or why it is not one.
 */
export function parseRut(input: string): RutParse {
  const compact = input.trim().replace(/[.\s\u00a0]/g, "").replace(/[‐‑–—]/g, "-").toUpperCase();
  const match = /^0*(\d{1,9})-?([\dK])$/.exec(compact);
  if (!match) return { ok: false, reason: "invalid" };
  const body = Number(match[1]);
  if (body < MIN_BODY || body > MAX_BODY) return { ok: false, reason: "invalid" };
  if (rutCheckDigit(body) !== match[2]) return { ok: false, reason: "checkDigit" };
  return { ok: true, rut: `${body}-${match[2]}` };
}

/** The normalised form, or null when the input is not a valid RUT. */
export function normalizeRut(input: string): string | null {
  const parsed = parseRut(input);
  return parsed.ok ? parsed.rut : null;
}

export function isValidRut(input: string): boolean {
  return parseRut(input).ok;
}

/** The Spanish message for a RUT that did not parse. */
export function rutErrorMessage(reason: "invalid" | "checkDigit"): string {
  return RUT_MESSAGES[reason];
}

function split(rut: string): [string, string] | null {
  const normal = normalizeRut(rut);
  if (!normal) return null;
  const [body, dv] = normal.split("-");
  return [body!, dv!];
}

const groups = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");

/** `12.345.678-5`; the input as given when it is not a valid RUT. */
export function formatRut(rut: string): string {
  const parts = split(rut);
  if (!parts) return rut;
  return `${groups(parts[0])}-${parts[1]}`;
}

/** `12.345.XXX-5`: the last three digits of the body hidden (public certificate page). */
export function maskRut(rut: string): string {
  const parts = split(rut);
  if (!parts) return "";
  const [body, dv] = parts;
  return `${groups(body.slice(0, -3) + "000").slice(0, -3)}XXX-${dv}`;
}
