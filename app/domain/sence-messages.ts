// Every Spanish text of the SENCE area that is not an Anexo 2 error (those are in sence-errors.ts): the
// learner's session panel, the OTEC's configuration, the training actions and the attendance report.
import { SENCE_PENDING_MINUTES } from "./sence-session";

export const senceMessages = {
  // The learner's panel (course content)
  gateTitle: "Este curso se registra en SENCE",
  gateIntro:
    "Tu empresa paga este curso con la franquicia tributaria de SENCE. Para estudiar, abre una sesión SENCE: ingresarás con tu RUN y tu Clave Única en el sitio de SENCE y volverás aquí. Al terminar, cierra la sesión de la misma forma.",
  claveUnicaHelp: "¿No tienes Clave Única o la olvidaste? Obtenla o recupérala en",
  startButton: "Iniciar sesión SENCE",
  startPending: "Abriendo SENCE…",
  closeButton: "Cerrar sesión SENCE",
  closePending: "Abriendo SENCE…",
  studyLocked: "Para estudiar este curso, primero inicia tu sesión SENCE.",
  fileLocked: "Este material se abre solo con una sesión SENCE iniciada. Vuelve al curso e inicia tu sesión SENCE.",
  waiting: (until: string) =>
    `Estamos esperando la respuesta de SENCE. Si dejaste el ingreso con Clave Única sin terminar, este intento vence a las ${until}; puedes volver a iniciar la sesión cuando quieras.`,
  expired: `Tu último ingreso a SENCE no se completó y venció (esperamos ${SENCE_PENDING_MINUTES} minutos). Vuelve a iniciar la sesión SENCE.`,
  closed: (minutes: string) => `Cerraste tu sesión SENCE. Tiempo conectado: ${minutes}.`,
  failedTitle: "SENCE no abrió tu sesión",
  closeFailedTitle: "SENCE no cerró tu sesión",
  closeFailedNote: "Tu sesión SENCE sigue abierta: puedes seguir estudiando e intentar cerrarla de nuevo.",
  closing: "Estamos esperando la respuesta de SENCE para cerrar tu sesión.",
  openSince: (time: string) => `Sesión SENCE abierta desde las ${time}`,
  testEnvironment: "Ambiente de pruebas de SENCE: esta sesión no cuenta como asistencia real.",
  errorCode: (code: string) => `Código SENCE ${code}`,

  // Sending the learner to SENCE
  redirectTitle: "Te estamos llevando a SENCE",
  redirectBody: "Si no pasa nada en unos segundos, presiona el botón.",
  redirectButton: "Continuar a SENCE",
  backToCourse: "Volver al curso",
  notUnderAction: "Este curso no requiere sesión SENCE para ti.",
  notConfigured: "La academia aún no completa su configuración de SENCE. Avísanos por la página de contacto para resolverlo.",
  alreadyOpen: "Ya tienes una sesión SENCE abierta en este curso.",
  noneOpen: "No tienes una sesión SENCE abierta en este curso.",
  platformProblem: "La academia tiene un problema de configuración con SENCE y no podemos enviarte. Avísanos por la página de contacto.",
  invalidRequest: "La solicitud no es válida. Recarga la página e inténtalo de nuevo.",

  // Configuration (admin)
  rutOtecRequired: "Ingresa el RUT del OTEC.",
  rutOtecInvalid: "Ingresa el RUT del OTEC sin puntos, con guion y dígito verificador (por ejemplo, 76543210-3).",
  tokenRequired: "Ingresa el token SENCE del OTEC.",
  tokenInvalid: "El token tiene 36 caracteres, como 3EEE939E-9A98-44E9-B6D5-4422D0832535 (lo generas en sistemas.sence.cl/rts).",
  keyMissing:
    "Falta la clave que protege el token en el servidor (variable SENCE_TOKEN_KEY). Pide a quien administra el servidor que la configure; sin ella no se guarda el token.",
  tokenUnreadable:
    "El token guardado no se puede leer con la clave actual del servidor (SENCE_TOKEN_KEY cambió). Vuelve a ingresar el token.",
  configSaved: "Configuración SENCE guardada.",

  // Training actions
  courseRequired: "Elige el curso.",
  courseNotOfCompany: "Elige un curso con trabajadores o cupos de la empresa.",
  codSenceInvalid: "El código SENCE del curso tiene 10 dígitos (o -1 en el ambiente de pruebas; en blanco solo para la línea 1).",
  codigoCursoInvalid: "El ID de acción tiene entre 7 y 50 caracteres: letras, números y guiones (o -1 en el ambiente de pruebas).",
  lineInvalid: "Elige la línea de capacitación.",
  environmentRequired: "Elige el ambiente: pruebas o producción.",
  dateInvalid: "Ingresa una fecha válida.",
  endBeforeStart: "La fecha de término no puede ser anterior a la de inicio.",
  codigoCursoTaken: "Ya hay una acción registrada con este ID de acción en este ambiente.",
  actionCreated: "Acción SENCE registrada. Ahora inscribe a los trabajadores que participan en ella.",
  actionUpdated: "Acción SENCE actualizada.",
  actionCodesLocked: "La acción ya tiene sesiones SENCE: sus códigos, línea y ambiente no se pueden cambiar. Puedes corregir las fechas.",
  actionNotFound: "La acción SENCE no existe.",
  noWorkersChosen: "Elige al menos un trabajador.",
  workersAdded: (n: number) => (n === 1 ? "Trabajador inscrito en la acción SENCE." : `${n} trabajadores inscritos en la acción SENCE.`),
  workerNeedsRut: "Este trabajador no tiene RUT en su cuenta: SENCE lo exige.",
  workerNotOfCompany: "Ese trabajador no está inscrito en este curso por la empresa.",
  workerInOtherAction: (codigo: string) => `El trabajador ya está en otra acción SENCE de este curso (ID ${codigo}).`,
  workerRemoved: "Trabajador quitado de la acción: ya no necesita sesión SENCE. Sus sesiones quedan en el registro.",
  participantNotFound: "Ese trabajador no está en la acción.",
} as const;

/** The learner-facing name of each session state in the attendance report. */
export const SENCE_STATUS_LABELS = {
  pending: "Esperando a SENCE",
  open: "Abierta",
  closed: "Cerrada",
  failed: "Rechazada por SENCE",
  expired: "Vencida (sin respuesta)",
} as const;
