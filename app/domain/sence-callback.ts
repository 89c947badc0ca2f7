// What SENCE posts back to the academy (manual técnico RCE v1.1.6, §3.2 and §3.3): after a start, to
// UrlRetoma (success) or UrlError (failure); after a close, the same. The four shapes:
//   start OK    CodSence, CodigoCurso, IdSesionAlumno, IdSesionSence, RunAlumno, FechaHora, ZonaHoraria, LineaCapacitacion
//   start error the same + GlosaError
//   close OK    the same as start OK without IdSesionSence
//   close error close OK + GlosaError
// GlosaError is checked first, because a start error carries IdSesionSence too. The manual types GlosaError as
// one integer; integrators report several codes separated by ';' (e.g. "211;204"), so it is read as a list.
// Nothing in a callback is signed: the academy trusts it only as far as sence-session.ts allows.
import { SENCE_FIELD_LIMITS, type SenceOperation } from "./sence-protocol";

export const SENCE_CALLBACK_FIELDS = [
  "CodSence",
  "CodigoCurso",
  "IdSesionAlumno",
  "IdSesionSence",
  "RunAlumno",
  "FechaHora",
  "ZonaHoraria",
  "LineaCapacitacion",
  "GlosaError",
] as const;
export type SenceCallbackField = (typeof SENCE_CALLBACK_FIELDS)[number];

/** The manual's lengths; LineaCapacitacion is one digit; GlosaError's list gets room for a dozen codes. */
export const SENCE_CALLBACK_LIMITS: Record<SenceCallbackField, number> = {
  CodSence: SENCE_FIELD_LIMITS.CodSence,
  CodigoCurso: SENCE_FIELD_LIMITS.CodigoCurso,
  IdSesionAlumno: SENCE_FIELD_LIMITS.IdSesionAlumno,
  IdSesionSence: SENCE_FIELD_LIMITS.IdSesionSence,
  RunAlumno: SENCE_FIELD_LIMITS.RunAlumno,
  FechaHora: 19,
  ZonaHoraria: 100,
  LineaCapacitacion: 2,
  GlosaError: 60,
};

/** Which of the academy's two return addresses the browser was sent to. */
export type SenceArrival = "retoma" | "error";

export interface SenceCallback {
  arrival: SenceArrival;
  outcome: "ok" | "error";
  /** What the shape says (see above). For an error the academy trusts its own record of what it asked instead. */
  shape: SenceOperation;
  idSesionAlumno: string;
  /** Present on a start OK; may be present (and empty) on a start error. */
  idSesionSence: string | null;
  runAlumno: string;
  codSence: string;
  codigoCurso: string;
  lineaCapacitacion: string;
  fechaHora: string;
  zonaHoraria: string;
  /** The error codes, in order, without repeats; empty on success (and on an error without a readable code). */
  codes: string[];
}

export type SenceCallbackRejection = "duplicate" | "oversize" | "missing-id";
export type SenceCallbackParse = { ok: true; callback: SenceCallback } | { ok: false; reason: SenceCallbackRejection };

const MAX_CODES = 12;

/** "211;204" → ["211", "204"]. Anything that is not a code of 1–4 digits is left out. */
export function parseGlosaError(glosa: string): string[] {
  const codes: string[] = [];
  for (const part of glosa.split(/[;,\s]+/)) {
    if (/^\d{1,4}$/.test(part) && !codes.includes(part)) codes.push(part);
    if (codes.length === MAX_CODES) break;
  }
  return codes;
}

/**
 * Reads a callback's fields, given as the pairs of the urlencoded body (so a field sent twice is seen).
 * Refuses a field sent twice, a field longer than the manual allows, and a callback without IdSesionAlumno;
 * fields the manual does not name are ignored.
 */
export function parseSenceCallback(pairs: Iterable<readonly [string, string]>, arrival: SenceArrival): SenceCallbackParse {
  const fields = new Map<SenceCallbackField, string>();
  for (const [name, value] of pairs) {
    if (!(SENCE_CALLBACK_FIELDS as readonly string[]).includes(name)) continue;
    const field = name as SenceCallbackField;
    if (fields.has(field)) return { ok: false, reason: "duplicate" };
    if (value.length > SENCE_CALLBACK_LIMITS[field]) return { ok: false, reason: "oversize" };
    fields.set(field, value);
  }
  const text = (field: SenceCallbackField) => (fields.get(field) ?? "").trim();
  const idSesionAlumno = text("IdSesionAlumno");
  if (!idSesionAlumno) return { ok: false, reason: "missing-id" };

  const glosa = text("GlosaError");
  const outcome = glosa !== "" || arrival === "error" ? "error" : "ok";
  const hasSenceId = fields.has("IdSesionSence");
  const idSesionSence = hasSenceId ? text("IdSesionSence") : null;
  const shape: SenceOperation = outcome === "error" ? (hasSenceId ? "start" : "close") : idSesionSence ? "start" : "close";
  return {
    ok: true,
    callback: {
      arrival,
      outcome,
      shape,
      idSesionAlumno,
      idSesionSence,
      runAlumno: text("RunAlumno"),
      codSence: text("CodSence"),
      codigoCurso: text("CodigoCurso"),
      lineaCapacitacion: text("LineaCapacitacion"),
      fechaHora: text("FechaHora"),
      zonaHoraria: text("ZonaHoraria"),
      codes: outcome === "error" ? parseGlosaError(glosa) : [],
    },
  };
}

export interface SentEcho {
  runAlumno: string;
  codSence: string;
  codigoCurso: string;
}

/** A RUN as SENCE may echo it: the same digits, the K in either case. */
const runKey = (run: string) => run.trim().toUpperCase();

/**
 * The echoed fields that differ from what the academy sent (RunAlumno, CodSence, CodigoCurso): a callback
 * whose echo does not match is not the answer to that request and changes nothing.
 */
export function echoMismatches(callback: Pick<SenceCallback, "runAlumno" | "codSence" | "codigoCurso">, sent: SentEcho): (keyof SentEcho)[] {
  const wrong: (keyof SentEcho)[] = [];
  if (runKey(callback.runAlumno) !== runKey(sent.runAlumno)) wrong.push("runAlumno");
  if (callback.codSence.trim() !== sent.codSence.trim()) wrong.push("codSence");
  if (callback.codigoCurso.trim() !== sent.codigoCurso.trim()) wrong.push("codigoCurso");
  return wrong;
}
