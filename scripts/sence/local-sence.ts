// A local SENCE attendance register (RCE) that follows the manual técnico v1.1.6: the test environment's two
// endpoints (/rcetest/Registro/IniciarSesion and /CerrarSesion; production's /rce/ is refused), the checks of
// every field, a simulated Clave Única page where the tester picks what SENCE answers, and SENCE's
// auto-submitting form back to the OTEC's UrlRetoma or UrlError. Tests and `npm run dev:sence` point the
// academy at it with SENCE_BASE_URL; production code never imports it. Test controls under /_local/ (and the
// same methods in-process) line up outcomes, register actions and OTECs, and read what happened.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { abandonedPage, claveUnicaPage, errorPage, indexPage, returnPage } from "./local-sence-pages";
import { checkForm, validUrl, type Operation } from "./local-sence-rules";
import {
  DEFAULT_OTEC,
  OTHER_OTEC,
  SenceRegistry,
  type CallbackRecord,
  type LocalAction,
  type LocalOtec,
  type LocalSession,
  type PresetScenario,
  type RequestRecord,
  type Scenario,
  type SignIn,
} from "./local-sence-state";

export { DEFAULT_OTEC, OTHER_OTEC };
export type { LocalAction, LocalOtec, LocalSession, PresetScenario, Scenario, RequestRecord, CallbackRecord };

const MAX_BODY = 16 * 1024;
const ENDPOINTS: Record<string, Operation> = {
  "/rcetest/registro/iniciarsesion": "start",
  "/rcetest/registro/cerrarsesion": "close",
};

export interface LocalSenceOptions {
  port?: number;
  host?: string;
  /** Where browsers reach this server, when not at http://host:port. */
  publicUrl?: string;
  /** OTECs and tokens it knows; DEFAULT_OTEC and OTHER_OTEC when absent. */
  otecs?: LocalOtec[];
  /** ZonaHoraria sent with each callback. What SENCE really sends is not documented; see docs/sence.md. */
  zonaHoraria?: string;
  clock?: () => Date;
  log?: (line: string) => void;
}

export interface LocalSence {
  /** Base URL for SENCE_BASE_URL (the browser's view when publicUrl is given). */
  url: string;
  port: number;
  close(): Promise<void>;
  /** The next sign-in (of this RUN and operation, when given) is answered so, without the Clave Única page. */
  presetScenario(preset: PresetScenario): void;
  registerAction(action: Partial<LocalAction> & { codigoCurso: string; codSence: string }): void;
  addOtec(otec: LocalOtec): void;
  advanceClock(ms: number): void;
  sessions(): LocalSession[];
  requests(): RequestRecord[];
  callbacks(): CallbackRecord[];
  reset(): void;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startLocalSence(options: LocalSenceOptions = {}): Promise<LocalSence> {
  const host = options.host ?? "127.0.0.1";
  const initialOtecs = options.otecs ?? [DEFAULT_OTEC, OTHER_OTEC];
  let registry = new SenceRegistry(initialOtecs);
  let offsetMs = 0;
  const now = () => new Date((options.clock?.() ?? new Date()).getTime() + offsetMs);
  const zonaHoraria = options.zonaHoraria ?? "America/Santiago";
  let publicUrl = options.publicUrl?.replace(/\/+$/, "") ?? "";

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) return sendHtml(res, error.status, errorPage(String(error.status), error.message));
      options.log?.(`local sence: ${String(error)}`);
      if (!res.headersSent) sendHtml(res, 500, errorPage("Error interno", "El servidor local de SENCE falló."));
      else res.destroy();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://local");
    const path = url.pathname.replace(/\/+$/, "").toLowerCase() || "/";
    if (path === "/healthz") return sendText(res, 200, "ok");
    if (path === "/") return sendHtml(res, 200, indexPage(publicUrl));
    if (path.startsWith("/_local/")) return control(req, res, path);
    if (path === "/rce" || path.startsWith("/rce/")) {
      // Production records can never be deleted (manual §5): nothing local may look like it.
      record(req, url.pathname, null, {}, "refused: production path");
      return sendHtml(res, 403, errorPage("Ambiente de producción", "Este servidor local imita solo el ambiente de pruebas de SENCE (/rcetest/). Las direcciones /rce/ registran asistencia real y no se atienden aquí."));
    }
    const operation = ENDPOINTS[path];
    if (operation) return endpoint(req, res, url.pathname, operation);
    if (path === "/claveunica/ingresar") return claveUnica(req, res);
    return sendHtml(res, 404, errorPage("No encontrado", "Esta dirección no existe en el servidor local de SENCE."));
  }

  // ---- The two endpoints ------------------------------------------------------------------------

  async function endpoint(req: http.IncomingMessage, res: http.ServerResponse, path: string, operation: Operation) {
    if (req.method !== "POST") {
      res.setHeader("Allow", "POST");
      return sendHtml(res, 405, errorPage("Método no permitido", "Estas direcciones reciben el formulario por POST (manual técnico, §3.2)."));
    }
    const fields = firstValues(await readForm(req));
    const check = checkForm(operation, fields);
    if (check.codes.length > 0) {
      const result = sendBack(res, operation, fields, { outcome: "error", codes: check.codes.join(";") });
      return record(req, path, operation, fields, result);
    }
    const tokenCodes = registry.tokenCodes(fields.RutOtec!, fields.Token!);
    const closeCodes = operation === "close" ? registry.closeCodes(fields) : [];
    const codes = [...tokenCodes, ...closeCodes];
    if (codes.length > 0) return record(req, path, operation, fields, sendBack(res, operation, fields, { outcome: "error", codes: codes.join(";") }));

    const signIn = registry.newSignIn(operation, fields, now());
    const preset = registry.takePreset(fields.RunAlumno!, operation);
    if (preset) return record(req, path, operation, fields, finish(res, signIn, preset, fields.RunAlumno!));
    record(req, path, operation, fields, "clave única page");
    return sendHtml(res, 200, claveUnicaPage(signIn));
  }

  // ---- The simulated Clave Única page ------------------------------------------------------------

  async function claveUnica(req: http.IncomingMessage, res: http.ServerResponse) {
    if (req.method !== "POST") return sendHtml(res, 405, errorPage("Método no permitido", "Usa el formulario de Clave Única."));
    const form = firstValues(await readForm(req));
    const signIn = registry.signIns.get(form.intento ?? "");
    if (!signIn || signIn.finished) return sendHtml(res, 410, errorPage("Ingreso terminado", "Este ingreso ya terminó o no existe. Vuelve a la plataforma de tu curso."));
    if (form.accion === "abandonar") return finishAndSend(res, signIn, { outcome: "abandon" }, "");
    // Manual §2: with a wrong Clave Única the learner stays on the sign-in page, and nothing goes back.
    if ((form.clave ?? "").trim() === "") return sendHtml(res, 200, claveUnicaPage(signIn, "Ingresa tu Clave Única."));
    const choice = form.escenario ?? "ok";
    const scenario: Scenario =
      choice === "ok" ? { outcome: "ok" }
      : choice === "varios" ? { outcome: "error", codes: form.codigos ?? "" }
      : /^\d{3}$/.test(choice) ? { outcome: "error", codes: choice }
      : { outcome: "ok" };
    return finishAndSend(res, signIn, scenario, (form.run ?? "").trim());
  }

  function finishAndSend(res: http.ServerResponse, signIn: SignIn, scenario: Scenario, typedRun: string) {
    const result = finish(res, signIn, scenario, typedRun);
    options.log?.(`${signIn.operation} ${signIn.fields.RunAlumno}: ${result}`);
  }

  /** Applies the outcome of a sign-in and answers the browser; returns what happened, for the log. */
  function finish(res: http.ServerResponse, signIn: SignIn, scenario: Scenario, typedRun: string): string {
    signIn.finished = true;
    const fields = signIn.fields;
    if (scenario.outcome === "abandon") {
      sendHtml(res, 200, abandonedPage());
      return "abandoned: no callback";
    }
    if (scenario.outcome === "error") return sendBack(res, signIn.operation, fields, scenario);
    if (typedRun.toUpperCase() !== fields.RunAlumno!.toUpperCase()) return sendBack(res, signIn.operation, fields, { outcome: "error", codes: "311" });
    if (signIn.operation === "start") {
      const codes = registry.actionCodes(fields, chileDate(now()));
      if (codes.length > 0) return sendBack(res, "start", fields, { outcome: "error", codes: codes.join(";") });
      const session = registry.openSession(fields, senceDateTime(now()));
      return sendBack(res, "start", fields, { outcome: "ok" }, session.idSesionSence);
    }
    const codes = registry.closeCodes(fields);
    if (codes.length > 0) return sendBack(res, "close", fields, { outcome: "error", codes: codes.join(";") });
    registry.sessions.get(fields.IdSesionSence!)!.closedAt = senceDateTime(now());
    return sendBack(res, "close", fields, { outcome: "ok" });
  }

  /**
   * The callback (manual §3.2, §3.3): the start's answers carry IdSesionSence (empty when none was opened),
   * the close's do not; errors add GlosaError. With no usable UrlError SENCE cannot send an error back: it
   * shows it on its own page (our reading; the manual does not say).
   */
  function sendBack(res: http.ServerResponse, operation: Operation, sent: Record<string, string>, outcome: Exclude<Scenario, { outcome: "abandon" }>, idSesionSence = ""): string {
    const fields: Record<string, string> = {
      CodSence: sent.CodSence ?? "",
      CodigoCurso: sent.CodigoCurso ?? "",
      IdSesionAlumno: sent.IdSesionAlumno ?? "",
      ...(operation === "start" ? { IdSesionSence: idSesionSence } : {}),
      RunAlumno: sent.RunAlumno ?? "",
      FechaHora: senceDateTime(now()),
      ZonaHoraria: zonaHoraria,
      LineaCapacitacion: sent.LineaCapacitacion ?? "",
      ...(outcome.outcome === "error" ? { GlosaError: outcome.codes } : {}),
    };
    const target = outcome.outcome === "ok" ? sent.UrlRetoma ?? "" : sent.UrlError ?? "";
    if (!validUrl(target) || target.trim() === "") {
      const codes = outcome.outcome === "error" ? outcome.codes.split(";") : [];
      sendHtml(res, 400, errorPage("No se puede volver a la plataforma del OTEC", "SENCE no recibió una URL de error válida para devolverte.", codes));
      return `error page (${outcome.outcome === "error" ? outcome.codes : "ok"})`;
    }
    registry.callbacks.push({ at: now().toISOString(), operation, action: target, fields });
    sendHtml(res, 200, returnPage({ action: target, fields }));
    return `callback ${outcome.outcome === "ok" ? "ok" : `error ${outcome.codes}`} → ${target}`;
  }

  function record(req: http.IncomingMessage, path: string, operation: Operation | null, fields: Record<string, string>, result: string) {
    const shown = { ...fields };
    if (shown.Token) shown.Token = `…${shown.Token.slice(-4)}`;
    registry.requests.push({ at: now().toISOString(), method: req.method ?? "", path, operation, fields: shown, result });
    options.log?.(`${req.method} ${path}: ${result}`);
  }

  // ---- Controls over HTTP (for a server in another process: end-to-end runs) --------------------

  async function control(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    if (req.method === "GET") {
      if (path === "/_local/requests") return sendJson(res, 200, api.requests());
      if (path === "/_local/sessions") return sendJson(res, 200, api.sessions());
      if (path === "/_local/callbacks") return sendJson(res, 200, api.callbacks());
      return sendJson(res, 404, { error: "not found" });
    }
    if (req.method !== "POST") return sendJson(res, 405, { error: "method not allowed" });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)) || "{}") as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { error: "invalid JSON" });
    }
    try {
      if (path === "/_local/scenario") api.presetScenario(presetFrom(body));
      else if (path === "/_local/action") api.registerAction(body as unknown as LocalAction);
      else if (path === "/_local/otec") api.addOtec(body as unknown as LocalOtec);
      else if (path === "/_local/advance-clock") api.advanceClock(Number(body.ms));
      else if (path === "/_local/reset") api.reset();
      else return sendJson(res, 404, { error: "not found" });
    } catch (error) {
      return sendJson(res, 400, { error: String(error) });
    }
    return sendJson(res, 200, { ok: true });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  publicUrl ||= `http://${host}:${port}`;

  const api: LocalSence = {
    url: publicUrl,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    presetScenario: (preset) => registry.presets.push(presetFrom(preset as unknown as Record<string, unknown>)),
    registerAction(action) {
      if (!action.codigoCurso || !action.codSence) throw new Error("an action needs codigoCurso and codSence");
      registry.actions.set(action.codigoCurso, {
        codigoCurso: action.codigoCurso,
        codSence: action.codSence,
        rutOtec: action.rutOtec ?? DEFAULT_OTEC.rut,
        runs: action.runs ?? null,
        start: action.start ?? null,
        end: action.end ?? null,
        status: action.status ?? "vigente",
        elearning: action.elearning ?? true,
      });
    },
    addOtec: (otec) => {
      if (!otec.rut || typeof otec.tokens !== "object") throw new Error("an OTEC needs rut and tokens");
      registry.addOtec(otec);
    },
    advanceClock: (ms) => {
      if (!Number.isFinite(ms)) throw new Error("ms must be a number");
      offsetMs += ms;
    },
    sessions: () => structuredClone([...registry.sessions.values()]),
    requests: () => structuredClone(registry.requests),
    callbacks: () => structuredClone(registry.callbacks),
    reset() {
      registry = new SenceRegistry(initialOtecs);
      offsetMs = 0;
    },
  };
  return api;
}

function presetFrom(body: Record<string, unknown>): PresetScenario {
  const raw = (body.scenario ?? body) as Record<string, unknown>;
  const outcome = raw.outcome;
  let scenario: Scenario;
  if (outcome === "ok" || outcome === "abandon") scenario = { outcome };
  else if (outcome === "error" && typeof raw.codes === "string" && raw.codes !== "") scenario = { outcome, codes: raw.codes };
  else throw new Error('scenario: outcome must be "ok", "abandon" or "error" with codes (e.g. "211;204")');
  const operation = body.operation;
  if (operation !== undefined && operation !== "start" && operation !== "close") throw new Error('operation must be "start" or "close"');
  return { run: typeof body.run === "string" ? body.run : undefined, operation, scenario };
}

// ---- Dates as SENCE writes them: "aaaa-mm-dd hh:mm:ss" (manual §3.2), Chile's clock -------------------

const chileParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Santiago",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
function parts(at: Date) {
  const p: Record<string, string> = {};
  for (const part of chileParts.formatToParts(at)) p[part.type] = part.value;
  return p;
}
function senceDateTime(at: Date) {
  const p = parts(at);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
function chileDate(at: Date) {
  const p = parts(at);
  return `${p.year}-${p.month}-${p.day}`;
}

// ---- HTTP plumbing ----------------------------------------------------------------------------------

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, "El formulario es demasiado grande."));
        req.resume();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** A browser's urlencoded form (anything else reads as no fields, which SENCE reports as 200). */
async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const body = await readBody(req);
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  return type.startsWith("application/x-www-form-urlencoded") ? new URLSearchParams(body) : new URLSearchParams();
}

/** A field sent twice: the first value counts (what SENCE does with one is not documented). */
function firstValues(params: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of params) if (!(name in fields)) fields[name] = value;
  return fields;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
function sendText(res: http.ServerResponse, status: number, text: string) {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  res.end(text);
}
function sendHtml(res: http.ServerResponse, status: number, html: string) {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(html);
}
