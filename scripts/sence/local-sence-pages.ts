// The browser side of the local SENCE server: the simulated Clave Única page where the tester picks what
// happens, the auto-submitting form that takes the learner back to the OTEC's UrlRetoma or UrlError (manual
// §3.2, Anexo 3), and SENCE's own pages for what cannot go back.
import type { Operation } from "./local-sence-rules";
import type { SignIn } from "./local-sence-state";

/** Anexo 2, shortened: the choices of the scenario list. */
export const ANNEX_2: [string, string][] = [
  ["200", "Parámetro obligatorio sin información o mal escrito"],
  ["201", "URL de retoma y/o de error sin información"],
  ["202", "URL de retoma con formato incorrecto"],
  ["203", "URL de error con formato incorrecto"],
  ["204", "Código SENCE inválido"],
  ["205", "Código de curso inválido"],
  ["206", "Línea de capacitación incorrecta"],
  ["207", "RUN del alumno con formato o dígito verificador incorrecto"],
  ["208", "RUN del alumno no autorizado para el curso"],
  ["209", "RUT del OTEC con formato o dígito verificador incorrecto"],
  ["211", "El token no pertenece al OTEC"],
  ["212", "El token no está vigente"],
  ["300", "Error interno no clasificado"],
  ["301", "No se pudo registrar el ingreso o cierre"],
  ["302", "No se pudo validar la información del organismo"],
  ["303", "El token no existe o su formato es incorrecto"],
  ["304", "No se pudieron verificar los datos enviados"],
  ["305", "No se pudo registrar la información"],
  ["306", "El código de curso no corresponde al código SENCE"],
  ["307", "El código de curso no es e-learning"],
  ["308", "El código de curso no corresponde al RUT del OTEC"],
  ["309", "Fechas de ejecución fuera de la fecha actual"],
  ["310", "Código de curso terminado o anulado"],
  ["311", "RUN de Clave Única distinto del RUN del alumno"],
  ["312", "No se pudo completar la autenticación con Clave Única"],
  ["313", "URL de cierre de sesión incorrecta"],
];

export function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

function page(title: string, body: string, script = "") {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 0 .75rem; background: #eef2f7; color: #111827; }
  header { max-width: 34rem; margin: 1.25rem auto 0; font-weight: 700; color: #0a3d7a; }
  main { max-width: 34rem; margin: .75rem auto 2rem; background: #fff; padding: 1.5rem; border-radius: .75rem; box-shadow: 0 1px 3px #0002; }
  h1 { font-size: 1.35rem; margin-top: 0; }
  .note { background: #fef3c7; border: 1px solid #b45309; padding: .75rem; border-radius: .5rem; font-size: .95rem; }
  .error { background: #fee2e2; border: 1px solid #b91c1c; padding: .75rem; border-radius: .5rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input, select { font: inherit; width: 100%; box-sizing: border-box; padding: .55rem; margin-top: .3rem; border: 1px solid #6b7280; border-radius: .4rem; }
  .hint { font-size: .9rem; color: #374151; margin: .3rem 0 0; }
  .actions { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: 1.25rem; }
  button { font: inherit; padding: .6rem 1rem; border-radius: .5rem; border: 1px solid #374151; background: #fff; color: #111827; cursor: pointer; }
  button.primary { background: #0a3d7a; border-color: #0a3d7a; color: #fff; }
  button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
</style>
</head>
<body><header>SENCE · servidor local de pruebas</header><main>${body}</main>${script}</body>
</html>`;
}

const OPERATION_LABEL: Record<Operation, string> = { start: "inicio de sesión", close: "cierre de sesión" };

export function claveUnicaPage(signIn: SignIn, problem?: string) {
  const f = signIn.fields;
  const codes = ANNEX_2.map(([code, text]) => `<option value="${code}">Error ${code}: ${escapeHtml(text)}</option>`).join("\n      ");
  return page(
    "Clave Única (simulada)",
    `<h1>Ingresa con tu Clave Única</h1>
<p class="note">Servidor local que imita el ambiente de pruebas de SENCE (rcetest). No es Clave Única ni SENCE: aquí quien prueba elige qué responde SENCE.</p>
<dl>
  <dt>Trámite</dt><dd>Registro de asistencia e-learning: ${OPERATION_LABEL[signIn.operation]}</dd>
  <dt>Código SENCE</dt><dd>${escapeHtml(f.CodSence ?? "")}</dd>
  <dt>ID de acción</dt><dd>${escapeHtml(f.CodigoCurso ?? "")}</dd>
  <dt>RUN informado</dt><dd>${escapeHtml(f.RunAlumno ?? "")}</dd>
</dl>
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ""}
<form method="post" action="/claveunica/ingresar">
  <input type="hidden" name="intento" value="${escapeHtml(signIn.id)}">
  <label for="run">RUN</label>
  <input id="run" name="run" autocomplete="off" value="${escapeHtml(f.RunAlumno ?? "")}">
  <p class="hint">Otro RUN que el informado hace que SENCE responda el error 311.</p>
  <label for="clave">Clave Única</label>
  <input id="clave" name="clave" type="password" value="clave-de-prueba">
  <label for="escenario">Qué responde SENCE</label>
  <select id="escenario" name="escenario">
      <option value="ok">Ingreso correcto: SENCE registra el ${OPERATION_LABEL[signIn.operation]}</option>
      <option value="varios">Varios códigos de error a la vez (los de abajo)</option>
      ${codes}
  </select>
  <label for="codigos">Códigos para «varios»</label>
  <input id="codigos" name="codigos" value="211;204">
  <div class="actions">
    <button class="primary" type="submit" name="accion" value="ingresar">Ingresar</button>
    <button type="submit" name="accion" value="abandonar">Abandonar sin terminar</button>
  </div>
</form>`,
  );
}

export interface ReturnForm {
  action: string;
  fields: Record<string, string>;
}

/** SENCE's page that posts the learner's browser back to the OTEC (cross-site, method POST). */
export function returnPage(form: ReturnForm) {
  const inputs = Object.entries(form.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n  ");
  return page(
    "Volviendo a la plataforma del OTEC",
    `<h1>Volviendo a la plataforma del OTEC…</h1>
<form id="sence-return" method="post" action="${escapeHtml(form.action)}">
  ${inputs}
  <button class="primary" type="submit">Continuar</button>
</form>`,
    `<script>document.getElementById("sence-return").submit();</script>`,
  );
}

/** What the learner sees after leaving Clave Única: SENCE sends nothing back (manual §2). */
export function abandonedPage() {
  return page(
    "Ingreso sin terminar",
    `<h1>Ingreso sin terminar</h1>
<p>Dejaste Clave Única sin ingresar. SENCE no informa nada a la plataforma del OTEC: el intento queda sin respuesta.</p>`,
  );
}

export function errorPage(status: string, message: string, codes: string[] = []) {
  const list = codes.length ? `<p>Códigos: ${codes.map(escapeHtml).join(";")}</p>` : "";
  return page(status, `<h1>${escapeHtml(status)}</h1>\n<p>${escapeHtml(message)}</p>\n${list}`);
}

export function indexPage(origin: string) {
  return page(
    "SENCE local",
    `<h1>Registro de asistencia SENCE: servidor local</h1>
<p>Imita el ambiente de pruebas del manual técnico RCE v1.1.6:</p>
<ul>
  <li><code>POST ${escapeHtml(origin)}/rcetest/Registro/IniciarSesion</code></li>
  <li><code>POST ${escapeHtml(origin)}/rcetest/Registro/CerrarSesion</code></li>
</ul>
<p>Las direcciones de producción (<code>/rce/</code>) se rechazan.</p>`,
  );
}
