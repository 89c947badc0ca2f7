// Every Spanish message of the learning area (enrolment, course content, exam) that the spec's error
// catalogue (§8) names or that our server answers with, in one place.

export const learningMessages = {
  // §8 catalogue
  enrolFailed: "Ocurrió un error al inscribirte en el curso. Por favor, inténtalo de nuevo.",
  notEnrolled: "No estás inscrito en este curso. Por favor, inscríbete primero.",
  courseLoadError: "Error al cargar el curso: ",
  examSaveFailed: "Error al guardar tu progreso. Por favor, inténtalo de nuevo.",
  courseNotFound: "No se encontró información del curso.",
  videoUnsupported: "Tu navegador no soporta la reproducción de videos.",

  // Course content
  emptyModule: "Contenido en preparación",
  pendingLesson: "Próximamente",
  pendingLessonDetail: "Esta lección estará disponible próximamente.",
  noLessonContent: "El material de esta lección aún no está disponible.",
  lessonNotInCourse: "La lección no pertenece a este curso.",
  lessonNotWatchable: "Esta lección no es un video.",
  invalidRequest: "La solicitud no es válida. Recarga la página e inténtalo de nuevo.",
  studyStale: "Esta página estuvo abierta mucho tiempo o tu curso se renovó: recárgala para seguir registrando tu estudio.",

  // Exam: refusals of a submission that the page could not have produced
  examIncomplete: "Responde las 10 preguntas antes de enviar la evaluación.",
  examNotReady: "La evaluación aún no está disponible: el banco de preguntas está en preparación.",
  attemptNotFound: "Este intento de evaluación no existe o no te pertenece.",
  examNoAttemptsLeft: "Ya usaste todos los intentos permitidos para esta evaluación. Si necesitas otro, escríbenos.",
  examLessonsFirst: "Completa todas las lecciones del curso para rendir la evaluación.",
  examTimeOver: "El tiempo de la evaluación terminó: esta respuesta ya no se guarda.",
  attemptAlreadySubmitted: "Este intento ya fue enviado. Comienza un nuevo intento para volver a rendir la evaluación.",
  answerUnknownQuestion: "Tus respuestas incluyen una pregunta que no forma parte de este intento.",
  answerDuplicated: "Tus respuestas incluyen más de una respuesta para la misma pregunta.",
  answerOutOfRange: "Tus respuestas incluyen una alternativa que no existe.",
  answerRepeatedOption: "Tus respuestas marcan dos veces la misma alternativa de una pregunta.",

  // Lesson files
  fileSignInRequired: "Debes iniciar sesión para ver este archivo.",
  fileForbidden: "No tienes acceso a este archivo. Inscríbete en el curso para verlo.",
  fileNotFound: "El archivo no existe o aún no está disponible.",
  fileRangeNotSatisfiable: "El rango solicitado no es válido para este archivo.",
} as const;

/** Beside it, why: the pause is a moment to study, not a punishment. */
export const examPauseReason =
  "Después de 3 intentos seguidos sin aprobar, cada nuevo intento espera un poco más. Aprovecha de repasar las lecciones de las preguntas que fallaste.";
