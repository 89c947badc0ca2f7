// What the local SENCE server knows: OTECs and their tokens (sistemas.sence.cl/rts issues them, manual §3.1),
// the training actions SENCE would have on record (optional: an action it was not told about is checked for
// format only), the sessions it registered, the sign-ins in progress and the scenarios a test lined up.
import crypto from "node:crypto";
import type { Operation } from "./local-sence-rules";

export type TokenState = "vigente" | "baja";

export interface LocalOtec {
  rut: string;
  tokens: Record<string, TokenState>;
}

/** A test OTEC known to the local server from the start (its RUT has a valid check digit; the token is made up). */
export const DEFAULT_OTEC: LocalOtec = {
  rut: "76543210-3",
  tokens: {
    "6F1A2B3C-4D5E-4F60-8A7B-9C0D1E2F3A4B": "vigente",
    "0B1C2D3E-4F50-4A6B-8C7D-8E9F0A1B2C3D": "baja",
  },
};
/** Another OTEC, whose token answers 211 ("no pertenece al OTEC") when the test OTEC uses it. */
export const OTHER_OTEC: LocalOtec = { rut: "76123456-0", tokens: { "A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D": "vigente" } };

/** An action (CodigoCurso) as SENCE holds it after the company or OTIC communicated it. */
export interface LocalAction {
  codigoCurso: string;
  codSence: string;
  rutOtec: string;
  /** RUNs of the participants; null lets anyone in. */
  runs: string[] | null;
  /** Execution dates (yyyy-mm-dd, Chile); null: not checked. */
  start: string | null;
  end: string | null;
  status: "vigente" | "terminado" | "anulado";
  elearning: boolean;
}

export interface LocalSession {
  idSesionSence: string;
  idSesionAlumno: string;
  rutOtec: string;
  codSence: string;
  codigoCurso: string;
  line: string;
  run: string;
  startedAt: string;
  closedAt: string | null;
}

/** A form that passed the arrival checks and waits on the Clave Única page. */
export interface SignIn {
  id: string;
  operation: Operation;
  fields: Record<string, string>;
  createdAt: Date;
  finished: boolean;
}

export type Scenario = { outcome: "ok" } | { outcome: "error"; codes: string } | { outcome: "abandon" };

export interface PresetScenario {
  /** Applies to this RUN only (any when absent), and to this operation only (any when absent). */
  run?: string;
  operation?: Operation;
  scenario: Scenario;
}

export interface RequestRecord {
  at: string;
  method: string;
  path: string;
  operation: Operation | null;
  /** The form as posted; the token is shown by its last four characters only. */
  fields: Record<string, string>;
  /** What the local server did: a Clave Única page, a callback, a refusal. */
  result: string;
}

export interface CallbackRecord {
  at: string;
  operation: Operation;
  action: string;
  fields: Record<string, string>;
}

export class SenceRegistry {
  otecs = new Map<string, LocalOtec>();
  actions = new Map<string, LocalAction>();
  sessions = new Map<string, LocalSession>();
  signIns = new Map<string, SignIn>();
  presets: PresetScenario[] = [];
  requests: RequestRecord[] = [];
  callbacks: CallbackRecord[] = [];

  constructor(otecs: LocalOtec[]) {
    for (const otec of otecs) this.addOtec(otec);
  }

  addOtec(otec: LocalOtec) {
    const known = this.otecs.get(otec.rut.toUpperCase());
    this.otecs.set(otec.rut.toUpperCase(), { rut: otec.rut.toUpperCase(), tokens: { ...known?.tokens, ...upperKeys(otec.tokens) } });
  }

  /** 303 unknown token, 211 another OTEC's, 212 revoked (manual Anexo 2). */
  tokenCodes(rutOtec: string, token: string): string[] {
    const key = token.toUpperCase();
    const own = this.otecs.get(rutOtec.toUpperCase());
    if (own && key in own.tokens) return own.tokens[key] === "vigente" ? [] : ["212"];
    for (const otec of this.otecs.values()) if (key in otec.tokens) return ["211"];
    return ["303"];
  }

  /** What SENCE's record of the action says about this sign-in (208, 306–310); nothing for a wildcard or an unknown action. */
  actionCodes(fields: Record<string, string>, today: string): string[] {
    const curso = fields.CodigoCurso?.trim() ?? "";
    if (curso === "-1") return [];
    const action = this.actions.get(curso);
    if (!action) return [];
    const codes: string[] = [];
    const cod = fields.CodSence?.trim() ?? "";
    if (cod !== "-1" && cod !== action.codSence) codes.push("306");
    if (!action.elearning) codes.push("307");
    if (action.rutOtec.toUpperCase() !== (fields.RutOtec ?? "").toUpperCase()) codes.push("308");
    if ((action.start && today < action.start) || (action.end && today > action.end)) codes.push("309");
    if (action.status !== "vigente") codes.push("310");
    const run = (fields.RunAlumno ?? "").toUpperCase();
    if (action.runs && !action.runs.some((r) => r.toUpperCase() === run)) codes.push("208");
    return codes;
  }

  takePreset(run: string, operation: Operation): Scenario | null {
    const index = this.presets.findIndex((p) => (!p.run || p.run.toUpperCase() === run.toUpperCase()) && (!p.operation || p.operation === operation));
    if (index < 0) return null;
    return this.presets.splice(index, 1)[0]!.scenario;
  }

  newSignIn(operation: Operation, fields: Record<string, string>, now: Date): SignIn {
    const signIn = { id: crypto.randomBytes(18).toString("base64url"), operation, fields, createdAt: now, finished: false };
    this.signIns.set(signIn.id, signIn);
    return signIn;
  }

  openSession(fields: Record<string, string>, startedAt: string): LocalSession {
    const session: LocalSession = {
      idSesionSence: crypto.randomUUID().toUpperCase(),
      idSesionAlumno: fields.IdSesionAlumno ?? "",
      rutOtec: (fields.RutOtec ?? "").toUpperCase(),
      codSence: fields.CodSence ?? "",
      codigoCurso: fields.CodigoCurso ?? "",
      line: fields.LineaCapacitacion ?? "",
      run: (fields.RunAlumno ?? "").toUpperCase(),
      startedAt,
      closedAt: null,
    };
    this.sessions.set(session.idSesionSence, session);
    return session;
  }

  /**
   * A close names the session SENCE opened (IdSesionSence) and must agree with it; the manual names no
   * code for a session that does not exist or belongs to someone else, and 304 ("no se pudieron verificar los
   * datos enviados … parámetros de inicio o cierre") is our reading. A session closed already: 301.
   */
  closeCodes(fields: Record<string, string>): string[] {
    const session = this.sessions.get(fields.IdSesionSence ?? "");
    if (!session) return ["304"];
    const same =
      session.idSesionAlumno === fields.IdSesionAlumno &&
      session.run === (fields.RunAlumno ?? "").toUpperCase() &&
      session.rutOtec === (fields.RutOtec ?? "").toUpperCase() &&
      session.codigoCurso === fields.CodigoCurso &&
      session.codSence === fields.CodSence;
    if (!same) return ["304"];
    return session.closedAt ? ["301"] : [];
  }
}

function upperKeys(tokens: Record<string, TokenState>): Record<string, TokenState> {
  return Object.fromEntries(Object.entries(tokens).map(([token, state]) => [token.toUpperCase(), state]));
}
