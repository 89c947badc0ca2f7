// What the academy sends to SENCE's e-learning attendance register (RCE), as its technical manual v1.1.6
// states it (docs/sence.md cites the sections). There is no server-to-server API: the learner's browser posts
// a urlencoded form to SENCE, the learner signs in there with Clave Única, and SENCE's page posts a form back
// to the academy (sence-callback.ts). Every field rule below is the manual's; where the manual is silent and
// we chose, the comment says so.
import { rutCheckDigit } from "./rut";

/** Manual §4, §5 and Anexo 1: the same host for both environments, the path tells them apart. */
export const SENCE_ORIGIN = "https://sistemas.sence.cl";

export const SENCE_ENVIRONMENTS = ["test", "production"] as const;
export type SenceEnvironment = (typeof SENCE_ENVIRONMENTS)[number];
export const SENCE_ENVIRONMENT_LABELS: Record<SenceEnvironment, string> = {
  test: "Pruebas (rcetest)",
  production: "Producción (rce)",
};
const ENVIRONMENT_PATH: Record<SenceEnvironment, string> = { test: "rcetest", production: "rce" };

export type SenceOperation = "start" | "close";
const OPERATION_PATH: Record<SenceOperation, string> = { start: "IniciarSesion", close: "CerrarSesion" };

/**
 * Where the browser posts. `base` is SENCE's origin, or a local server's that follows the same contract
 * (tests and `npm run dev:sence`): only the base differs, never the path.
 */
export function senceEndpoint(base: string, environment: SenceEnvironment, operation: SenceOperation): string {
  return `${base.replace(/\/+$/, "")}/${ENVIRONMENT_PATH[environment]}/Registro/${OPERATION_PATH[operation]}`;
}

/** Manual §3.2: 1 = programas sociales, 3 = franquicia tributaria, 6 = FPT. */
export const TRAINING_LINES = [3, 1, 6] as const;
export type TrainingLine = (typeof TRAINING_LINES)[number];
export const FRANQUICIA_LINE: TrainingLine = 3;
export const TRAINING_LINE_LABELS: Record<TrainingLine, string> = {
  3: "3 · Franquicia tributaria",
  1: "1 · Programas sociales",
  6: "6 · FPT",
};

/** Manual §4: in the test environment only, CodSence and CodigoCurso may be -1 to skip their checks. */
export const SENCE_WILDCARD = "-1";

/** Manual §3.2 and §3.3 ("Largo"): the most characters each field may carry. */
export const SENCE_FIELD_LIMITS = {
  RutOtec: 10,
  Token: 36,
  CodSence: 10,
  CodigoCurso: 50,
  RunAlumno: 10,
  IdSesionAlumno: 149,
  IdSesionSence: 149,
  UrlRetoma: 100,
  UrlError: 100,
} as const;
/** "mínimo 7 caracteres, excepto cursos FPT". */
export const CODIGO_CURSO_MIN = 7;

export interface SenceStartFields {
  RutOtec: string;
  Token: string;
  CodSence: string;
  CodigoCurso: string;
  LineaCapacitacion: string;
  RunAlumno: string;
  IdSesionAlumno: string;
  UrlRetoma: string;
  UrlError: string;
}
export type SenceCloseFields = SenceStartFields & { IdSesionSence: string };

/**
 * A RUT as SENCE wants it: no dots, a dash and the check digit (`xxxxxxxx-x`, ≤ 10 characters), with a
 * correct módulo 11 digit. The manual does not say whether the K is upper or lower case; the academy sends
 * the upper case of its normalised form (rut.ts).
 */
export function isSenceRut(value: string): boolean {
  const match = /^([1-9]\d{6,7})-([\dK])$/.exec(value);
  return !!match && rutCheckDigit(Number(match[1])) === match[2];
}

/**
 * The OTEC's token: 36 characters (manual §3.2). Tokens issued at sistemas.sence.cl/rts are GUIDs in
 * upper-case hexadecimal (the manual's example is shortened); we accept either case and store upper case.
 */
export const SENCE_TOKEN_PATTERN = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;
export function isSenceToken(value: string): boolean {
  return SENCE_TOKEN_PATTERN.test(value);
}

/**
 * CodSence, the course's SENCE code: 10 characters (error 204: "menos de 10 caracteres"); the codes in use
 * are digits. Left blank for line 1 (Anexo 5). In the test environment, -1.
 */
export function isCodSence(value: string, line: TrainingLine, environment: SenceEnvironment): boolean {
  if (environment === "test" && value === SENCE_WILDCARD) return true;
  if (line === 1) return value === "";
  return /^\d{10}$/.test(value);
}

/**
 * CodigoCurso, the action's id ("ID de acción", Anexo 4): 7 to 50 characters (no minimum for FPT). Franquicia
 * ids are digits, social programmes' are like RLAB-19-02-08-0071-1 (Anexo 5): letters, digits and dashes.
 */
export function isCodigoCurso(value: string, line: TrainingLine, environment: SenceEnvironment): boolean {
  if (environment === "test" && value === SENCE_WILDCARD) return true;
  if (value.length > SENCE_FIELD_LIMITS.CodigoCurso) return false;
  if (line !== 6 && value.length < CODIGO_CURSO_MIN) return false;
  return /^[A-Za-z0-9-]+$/.test(value);
}

export function isTrainingLine(value: unknown): value is TrainingLine {
  return (TRAINING_LINES as readonly unknown[]).includes(value);
}

/** UrlRetoma and UrlError: absolute http(s) addresses of at most 100 characters (manual §3.2, since v1.1.5). */
export function isSenceReturnUrl(value: string): boolean {
  if (value.length === 0 || value.length > SENCE_FIELD_LIMITS.UrlRetoma || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.href.length <= SENCE_FIELD_LIMITS.UrlRetoma;
  } catch {
    return false;
  }
}

/** IdSesionAlumno: the academy's own correlation id, at most 149 characters (we send 43). */
export function isSessionId(value: string): boolean {
  return value.length > 0 && value.length <= SENCE_FIELD_LIMITS.IdSesionAlumno && /^[\x21-\x7e]+$/.test(value);
}

export type SenceFieldName = keyof SenceCloseFields;

export interface SenceFieldProblem {
  field: SenceFieldName;
  /** The error code SENCE would answer (Anexo 2). */
  code: string;
}

/**
 * The problems SENCE would report for a start (or, with IdSesionSence, a close) form. The academy checks
 * its own form before sending the learner away, so that a configuration mistake is shown to the staff
 * rather than discovered by a learner on SENCE's site.
 */
export function checkSenceFields(
  fields: SenceStartFields | SenceCloseFields,
  environment: SenceEnvironment,
  operation: SenceOperation = "IdSesionSence" in fields ? "close" : "start",
): SenceFieldProblem[] {
  const problems: SenceFieldProblem[] = [];
  const add = (field: SenceFieldName, code: string) => problems.push({ field, code });
  const line = Number(fields.LineaCapacitacion);
  const knownLine = isTrainingLine(line) ? line : null;
  const urlCode = (field: "UrlRetoma" | "UrlError") => (operation === "close" ? "313" : field === "UrlRetoma" ? "202" : "203");

  if (!isSenceRut(fields.RutOtec)) add("RutOtec", fields.RutOtec.trim() === "" ? "200" : "209");
  if (!isSenceToken(fields.Token)) add("Token", fields.Token.trim() === "" ? "200" : "303");
  if (knownLine === null) add("LineaCapacitacion", fields.LineaCapacitacion.trim() === "" ? "200" : "206");
  if (knownLine !== null && !isCodSence(fields.CodSence, knownLine, environment)) add("CodSence", fields.CodSence.trim() === "" ? "200" : "204");
  if (knownLine !== null && !isCodigoCurso(fields.CodigoCurso, knownLine, environment)) add("CodigoCurso", fields.CodigoCurso.trim() === "" ? "200" : "205");
  if (!isSenceRut(fields.RunAlumno)) add("RunAlumno", fields.RunAlumno.trim() === "" ? "200" : "207");
  if (!isSessionId(fields.IdSesionAlumno)) add("IdSesionAlumno", "200");
  for (const field of ["UrlRetoma", "UrlError"] as const) {
    if (!isSenceReturnUrl(fields[field])) add(field, fields[field].trim() === "" ? "201" : urlCode(field));
  }
  if (operation === "close") {
    const id = (fields as SenceCloseFields).IdSesionSence ?? "";
    if (id.trim() === "" || id.length > SENCE_FIELD_LIMITS.IdSesionSence) add("IdSesionSence", "200");
  }
  return problems;
}
