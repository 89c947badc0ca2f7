// SENCE's own checks of a start or close form, written from the manual técnico RCE v1.1.6 (§3.2, §3.3, §4,
// Anexo 2, Anexo 4, Anexo 5) for the local server. Deliberately not imported from the academy's code
// (app/domain/sence-protocol.ts): this file plays the other party, and a mistake in the academy's rules must
// show up as a refusal here rather than be mirrored. Where the manual is silent the choice is marked.

export type Operation = "start" | "close";

/** Manual §3.2 / §3.3 "Largo". */
export const LIMITS: Record<string, number> = {
  RutOtec: 10,
  Token: 36,
  CodSence: 10,
  CodigoCurso: 50,
  RunAlumno: 10,
  IdSesionAlumno: 149,
  IdSesionSence: 149,
  UrlRetoma: 100,
  UrlError: 100,
};

const START_FIELDS = ["RutOtec", "Token", "CodSence", "CodigoCurso", "LineaCapacitacion", "RunAlumno", "IdSesionAlumno", "UrlRetoma", "UrlError"];
export const FIELDS: Record<Operation, string[]> = { start: START_FIELDS, close: [...START_FIELDS, "IdSesionSence"] };

/** Módulo 11 check digit (the RUT's published rule). */
function checkDigit(body: number): string {
  let sum = 0;
  let factor = 2;
  for (let n = body; n > 0; n = Math.floor(n / 10)) {
    sum += (n % 10) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  return rest === 11 ? "0" : rest === 10 ? "K" : String(rest);
}

/** "RUT … sin puntos y con dígito verificador, en formato xxxxxxxx-x"; the manual does not fix the K's case. */
export function validRut(value: string): boolean {
  const m = /^(\d{7,8})-([\dkK])$/.exec(value);
  return !!m && !m[1]!.startsWith("0") && checkDigit(Number(m[1])) === m[2]!.toUpperCase();
}

/** UrlRetoma / UrlError: an absolute http(s) address of at most 100 characters. */
export function validUrl(value: string): boolean {
  if (value.length > LIMITS.UrlRetoma! || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export const blank = (value: string | undefined) => value === undefined || value.trim() === "";

export interface FormCheck {
  /** Error codes in the order of Anexo 2 (SENCE may answer several at once, separated by ';'). */
  codes: string[];
  /** Whether SENCE can send the browser back to UrlError with them. */
  errorUrlUsable: boolean;
}

/** Format checks SENCE makes when the form arrives, before Clave Única. Token and registry checks come later. */
export function checkForm(operation: Operation, fields: Record<string, string>): FormCheck {
  const codes = new Set<string>();
  const line = fields.LineaCapacitacion?.trim() ?? "";
  const test = (field: string) => fields[field]?.trim() === "-1"; // §4: test environment only (this server is rcetest)

  // 201 / 202 / 203: "Ambos parámetros son obligatorios en todos los POST". A close reports a bad address as
  // 313 ("URL de Cierre de sesión Incorrecta", added in v1.1.5): our reading, the manual does not say which.
  if (blank(fields.UrlRetoma) || blank(fields.UrlError)) codes.add("201");
  if (!blank(fields.UrlRetoma) && !validUrl(fields.UrlRetoma!)) codes.add(operation === "close" ? "313" : "202");
  if (!blank(fields.UrlError) && !validUrl(fields.UrlError!)) codes.add(operation === "close" ? "313" : "203");

  // 200: a mandatory field missing, misspelt or only blanks. CodSence stays blank for line 1 (Anexo 5).
  for (const field of FIELDS[operation]) {
    if (field === "UrlRetoma" || field === "UrlError") continue;
    if (field === "CodSence" && line === "1") continue;
    if (blank(fields[field])) codes.add("200");
  }

  const cod = fields.CodSence ?? "";
  if (!blank(cod) && !test("CodSence") && (line === "1" || !/^\d{10}$/.test(cod))) codes.add("204");
  const curso = fields.CodigoCurso ?? "";
  if (!blank(curso) && !test("CodigoCurso")) {
    const tooShort = line !== "6" && curso.length < 7; // "mínimo 7 caracteres, excepto cursos FPT"
    if (tooShort || curso.length > LIMITS.CodigoCurso! || !/^[A-Za-z0-9-]+$/.test(curso)) codes.add("205");
  }
  if (!blank(line) && !["1", "3", "6"].includes(line)) codes.add("206");
  if (!blank(fields.RunAlumno) && !validRut(fields.RunAlumno!)) codes.add("207");
  if (!blank(fields.RutOtec) && !validRut(fields.RutOtec!)) codes.add("209");
  // 303: "El Token no existe, o su formato es incorrecto" — tokens are GUIDs (36 characters).
  if (!blank(fields.Token) && !/^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/.test(fields.Token!)) codes.add("303");
  // No code of Anexo 2 names a correlation id that is too long; 304 ("no se pudieron verificar los datos
  // enviados") is our choice.
  if ((fields.IdSesionAlumno ?? "").length > LIMITS.IdSesionAlumno! || (fields.IdSesionSence ?? "").length > LIMITS.IdSesionSence!) codes.add("304");

  const order = (a: string, b: string) => Number(a) - Number(b);
  return { codes: [...codes].sort(order), errorUrlUsable: !blank(fields.UrlError) && validUrl(fields.UrlError!) };
}
