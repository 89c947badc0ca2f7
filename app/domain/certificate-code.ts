// Certificate codes (docs/decisions.md B9): short enough to type from paper, long enough that nobody can guess one.
// Crockford's base32 alphabet leaves out I, L, O and U, so a code read aloud or from a print-out is unambiguous.

export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** 12 symbols × 5 bits = 60 random bits. */
export const CODE_LENGTH = 12;
const GROUP = 4;
/** Anything longer than this typed into the form is not worth normalising. */
export const MAX_CODE_INPUT = 64;

const VALID = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/**
 * A new random code in canonical form (12 symbols, no dashes). The caller passes the random source
 * (node:crypto's randomBytes on the server) so this module stays free of I/O.
 */
export function generateCertificateCode(randomBytes: (size: number) => Uint8Array): string {
  // 256 is a multiple of 32, so `byte % 32` is unbiased.
  const bytes = randomBytes(CODE_LENGTH);
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[bytes[i]! % CODE_ALPHABET.length];
  return code;
}

/**
 * What a person typed → canonical form: any case, with or without dashes or spaces; the letters
 * Crockford treats as look-alikes are read as the digits they resemble (O → 0, I and L → 1).
 * The result is not necessarily valid: check it with isValidCertificateCode.
 */
export function normalizeCertificateCode(input: string): string {
  return input
    .slice(0, MAX_CODE_INPUT)
    .toUpperCase()
    .replace(/[\s\-‐‑‒–—_.]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
}

export function isValidCertificateCode(code: string): boolean {
  return VALID.test(code);
}

/** Canonical code if the input can be one, else null. */
export function parseCertificateCode(input: string): string | null {
  const code = normalizeCertificateCode(input);
  return isValidCertificateCode(code) ? code : null;
}

/** 'ABCDEFGHJK12' → 'ABCD-EFGH-JK12', the form printed on certificates and used in links. */
export function formatCertificateCode(code: string): string {
  const parts: string[] = [];
  for (let i = 0; i < code.length; i += GROUP) parts.push(code.slice(i, i + GROUP));
  return parts.join("-");
}

/** The public verification page of a certificate (relative path). */
export function certificatePath(code: string): string {
  return `/certificados/${formatCertificateCode(code)}`;
}

/** The PDF download (holder and admins only). */
export function certificatePdfPath(code: string): string {
  return `${certificatePath(code)}/pdf`;
}

export function certificatePdfFilename(code: string): string {
  return `certificado-${formatCertificateCode(code)}.pdf`;
}
