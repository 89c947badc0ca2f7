// What the course editor tells the admin (docs/decisions.md B4), in one place for the server modules that
// decide it and the tests that check it.
import { MIN_EXAM_QUESTIONS, uploadTooLargeMessage } from "./admin-forms";

export const courseEditorMessages = {
  presetPublished: "Curso publicado exitosamente. Ahora podrás verlo en el Dashboard.",
  presetFailed: "No se pudo publicar el curso.",
  presetConfirm: "Marca la casilla para confirmar que quieres restaurar el curso predefinido.",
  courseCreated: "Curso creado como borrador. Agrega módulos y lecciones, y publícalo cuando esté listo.",
  courseSaved: "Datos del curso guardados.",
  coursePublished: "Curso publicado: ya aparece en el catálogo.",
  courseUnpublished: "Curso despublicado: volvió a borrador y ya no aparece en el catálogo.",
  moduleAdded: "Módulo agregado.",
  moduleSaved: "Módulo guardado.",
  moduleDeleted: "Módulo eliminado.",
  lessonAdded: "Lección agregada.",
  lessonSaved: "Lección guardada.",
  lessonDeleted: "Lección eliminada.",
  moved: "Orden actualizado.",
  questionAdded: "Pregunta agregada.",
  questionSaved: "Pregunta guardada.",
  questionDeleted: "Pregunta eliminada.",
  notFound: "No se encontró lo que intentas modificar. Recarga la página.",
  examNeedsQuestions: (n: number, min: number = MIN_EXAM_QUESTIONS) =>
    `Un examen necesita al menos ${min} preguntas para publicarse (tiene ${n}).`,
  publishedExamKeepsQuestions: (min: number = MIN_EXAM_QUESTIONS) =>
    `Un examen publicado necesita al menos ${min} preguntas. Déjalo pendiente antes de eliminar preguntas.`,
  examSettingsSaved: "Reglas del examen guardadas.",
  examBankTooSmall: (n: number, count: number) =>
    `El banco tiene ${n} preguntas: no alcanza para ${count} por intento. Agrega preguntas o deja el examen pendiente antes de subir este número.`,
  lessonNeedsFile: "Sube el archivo de la lección antes de publicarla.",
  lessonNeedsBody: "Escribe el texto de la lectura antes de publicarla.",
  videoNeedsMp4: "Las lecciones de video necesitan un archivo MP4.",
  noFile: "Elige un archivo para subir.",
  tooLarge: uploadTooLargeMessage,
  notPdf: "El archivo no es un PDF válido: su contenido no corresponde a un PDF.",
  notMp4: "El archivo no es un video MP4 válido: su contenido no corresponde a un MP4.",
  examNoFile: "Las lecciones de examen no llevan archivo: sus preguntas se editan abajo.",
  uploaded: (name: string) => `Archivo «${name}» subido.`,
  uploadedDownloadOnly: (name: string) =>
    `Archivo «${name}» subido. No es PDF ni MP4, así que no se muestra dentro de la lección: el alumno lo descarga para abrirlo en su equipo.`,
} as const;
