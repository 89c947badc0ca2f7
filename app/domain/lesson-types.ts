// The kinds of lesson, and the one name each is shown with — to learners, visitors and admins alike.
// `practica` is an interactive activity with nothing to upload (the compression trainer).
export const LESSON_TYPES = ["presentacion", "documento", "video", "lectura", "practica", "examen"] as const;
export type LessonType = (typeof LESSON_TYPES)[number];

export const LESSON_TYPE_LABELS: Record<LessonType, string> = {
  presentacion: "Presentación",
  documento: "Documento",
  video: "Video",
  lectura: "Lectura",
  practica: "Práctica",
  // The spec calls the final test an 'Evaluación' ('Comenzar Evaluación'); the module that holds it is 'Examen'.
  examen: "Evaluación",
};

/** The label of a stored type; an unknown one is shown as a generic lesson rather than a raw key. */
export function lessonTypeLabel(type: string): string {
  return (LESSON_TYPE_LABELS as Record<string, string>)[type] ?? "Lección";
}
