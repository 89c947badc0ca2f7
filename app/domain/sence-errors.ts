// SENCE's error codes (manual técnico RCE v1.1.6, Anexo 2) and what the academy tells a learner about each:
// what happened and what to do. The manual asks the platform to "interpret the error and show an adequate
// message so the participant can act" (§3.2). `annex` keeps the manual's own description, shortened, for
// the staff's attendance report; `who` says who can fix it, so the page can point to the right person.

/** Who can fix the problem a code reports. */
export type SenceErrorOwner = "academy" | "company" | "learner" | "sence";

export interface SenceErrorInfo {
  code: string;
  /** The manual's description (Anexo 2), for the staff. */
  annex: string;
  /** What happened, for the learner. */
  problem: string;
  /** What the learner should do. */
  action: string;
  who: SenceErrorOwner;
}

const ACADEMY_ACTION = "Es un problema de configuración de la academia, no de tu cuenta: avísanos por la página de contacto indicando el código.";
const COMPANY_ACTION =
  "Pide a la persona a cargo de la capacitación en tu empresa que revise los datos de la acción de capacitación con la academia.";
const RETRY_ACTION = "Inténtalo de nuevo en unos minutos. Si vuelve a pasar, avísanos por la página de contacto indicando el código, para reportarlo a SENCE.";

const table: Record<string, Omit<SenceErrorInfo, "code">> = {
  "200": {
    annex: "El POST tiene uno o más parámetros obligatorios sin información o mal escritos.",
    problem: "SENCE no recibió todos los datos que necesita para registrar tu sesión.",
    action: ACADEMY_ACTION,
    who: "academy",
  },
  "201": {
    annex: "La URL de retoma y/o la URL de error no tienen información.",
    problem: "SENCE no recibió la dirección para devolverte a la academia.",
    action: ACADEMY_ACTION,
    who: "academy",
  },
  "202": {
    annex: "La URL de retoma tiene formato incorrecto.",
    problem: "SENCE rechazó la dirección para devolverte a la academia.",
    action: ACADEMY_ACTION,
    who: "academy",
  },
  "203": {
    annex: "La URL de error tiene formato incorrecto.",
    problem: "SENCE rechazó la dirección para devolverte a la academia.",
    action: ACADEMY_ACTION,
    who: "academy",
  },
  "204": {
    annex: "El código SENCE tiene menos de 10 caracteres y/o no es un código válido.",
    problem: "SENCE no reconoce el código SENCE del curso.",
    action: COMPANY_ACTION,
    who: "company",
  },
  "205": {
    annex: "El código del curso (ID de acción) tiene menos de 7 caracteres y/o no es un código válido.",
    problem: "SENCE no reconoce el código de la acción de capacitación (ID de acción).",
    action: COMPANY_ACTION,
    who: "company",
  },
  "206": {
    annex: "La línea de capacitación es incorrecta.",
    problem: "SENCE no acepta la línea de capacitación informada para este curso.",
    action: COMPANY_ACTION,
    who: "company",
  },
  "207": {
    annex: "El RUN del alumno tiene formato incorrecto o dígito verificador incorrecto.",
    problem: "SENCE indica que el RUN con que estás inscrito no es válido.",
    action: "Pide a la persona a cargo de la capacitación en tu empresa que revise el RUT con que te inscribió en el curso.",
    who: "company",
  },
  "208": {
    annex: "El RUN del alumno no está autorizado para realizar el curso.",
    problem: "Tu RUN no está autorizado en SENCE para este curso: no figura entre los participantes de la acción de capacitación.",
    action:
      "Pide a la persona a cargo de la capacitación en tu empresa que te incluya en la acción SENCE con tu RUN (lo hace la empresa o su OTIC ante SENCE). Cuando esté listo, vuelve a iniciar la sesión SENCE.",
    who: "company",
  },
  "209": {
    annex: "El RUT del OTEC tiene formato incorrecto o dígito verificador incorrecto.",
    problem: "SENCE rechazó el RUT de la academia.",
    action: ACADEMY_ACTION,
    who: "academy",
  },
  "211": {
    annex: "El token no pertenece al OTEC.",
    problem: "SENCE rechazó la credencial (token) de la academia.",
    action: ACADEMY_ACTION,
    who: "academy",
  },
  "212": {
    annex: "El token no está vigente.",
    problem: "La credencial (token) de la academia ya no está vigente en SENCE.",
    action: ACADEMY_ACTION,
    who: "academy",
  },
  "300": {
    annex: "Error interno no clasificado: reportar a SENCE con todos los antecedentes.",
    problem: "SENCE tuvo un error interno y no registró tu sesión.",
    action: RETRY_ACTION,
    who: "sence",
  },
  "301": {
    annex: "No se pudo registrar el ingreso o cierre de sesión (línea de capacitación o código de curso incorrectos).",
    problem: "SENCE no pudo registrar tu ingreso o tu cierre de sesión.",
    action: RETRY_ACTION,
    who: "sence",
  },
  "302": {
    annex: "No se pudo validar la información del organismo: reportar a SENCE.",
    problem: "SENCE no pudo validar a la academia como organismo capacitador.",
    action: ACADEMY_ACTION,
    who: "academy",
  },
  "303": {
    annex: "El token no existe o su formato es incorrecto.",
    problem: "SENCE no reconoce la credencial (token) de la academia.",
    action: ACADEMY_ACTION,
    who: "academy",
  },
  "304": {
    annex: "No se pudieron verificar los datos enviados: reportar a SENCE con los parámetros de inicio o cierre.",
    problem: "SENCE no pudo verificar los datos de tu sesión.",
    action: RETRY_ACTION,
    who: "sence",
  },
  "305": {
    annex: "No se pudo registrar la información: reportar a SENCE con los parámetros de inicio o cierre.",
    problem: "SENCE no pudo registrar la información de tu sesión.",
    action: RETRY_ACTION,
    who: "sence",
  },
  "306": {
    annex: "El código del curso (ID de acción) no corresponde al código SENCE.",
    problem: "En SENCE, la acción de capacitación no corresponde al código SENCE del curso.",
    action: COMPANY_ACTION,
    who: "company",
  },
  "307": {
    annex: "El código del curso no tiene modalidad e-learning.",
    problem: "En SENCE, esta acción de capacitación no está registrada como curso e-learning.",
    action: COMPANY_ACTION,
    who: "company",
  },
  "308": {
    annex: "El código del curso no corresponde al RUT del OTEC.",
    problem: "En SENCE, esta acción de capacitación no está asociada a la academia.",
    action: COMPANY_ACTION,
    who: "company",
  },
  "309": {
    annex: "Las fechas de ejecución comunicadas para el código del curso no corresponden a la fecha actual.",
    problem: "Según SENCE, hoy no está dentro de las fechas de ejecución de la acción de capacitación.",
    action:
      "Revisa las fechas del curso con la persona a cargo de la capacitación en tu empresa; si deben cambiar, la empresa u OTIC lo comunica a SENCE.",
    who: "company",
  },
  "310": {
    annex: "El código del curso está en estado terminado o anulado.",
    problem: "En SENCE, la acción de capacitación está terminada o anulada.",
    action: "Consulta con la persona a cargo de la capacitación en tu empresa.",
    who: "company",
  },
  "311": {
    annex: "El RUN ingresado en Clave Única no corresponde al RUN del alumno informado por el ejecutor.",
    problem: "Ingresaste a Clave Única con un RUN distinto al tuyo inscrito en este curso.",
    action: "Vuelve a iniciar la sesión SENCE e ingresa con tu propio RUN y tu Clave Única.",
    who: "learner",
  },
  "312": {
    annex: "No se pudo completar la autenticación con Clave Única.",
    problem: "No se pudo completar tu ingreso con Clave Única.",
    action: "Vuelve a intentarlo. Si olvidaste tu Clave Única, puedes recuperarla en claveunica.gob.cl.",
    who: "learner",
  },
  "313": {
    annex: "URL de cierre de sesión incorrecta.",
    problem: "SENCE rechazó la dirección de cierre de sesión de la academia.",
    action: ACADEMY_ACTION,
    who: "academy",
  },
};

export const SENCE_ERROR_CODES = Object.keys(table);

/** What the academy says about a code; a code the manual does not list still gets a message. */
export function senceError(code: string): SenceErrorInfo {
  const known = table[code];
  if (known) return { code, ...known };
  return {
    code,
    annex: "Código no descrito en el manual técnico v1.1.6.",
    problem: `SENCE respondió con un error que no reconocemos (código ${code}).`,
    action: RETRY_ACTION,
    who: "sence",
  };
}

/** When SENCE came back to the error page with no readable code. */
export const SENCE_ERROR_WITHOUT_CODE: SenceErrorInfo = {
  code: "",
  annex: "SENCE volvió a la URL de error sin código (GlosaError vacío o ilegible).",
  problem: "SENCE informó un error sin indicar cuál.",
  action: RETRY_ACTION,
  who: "sence",
};

/** The messages for a list of codes (several may come at once, e.g. "211;204"). */
export function senceErrors(codes: readonly string[]): SenceErrorInfo[] {
  return codes.length === 0 ? [SENCE_ERROR_WITHOUT_CODE] : codes.map(senceError);
}
