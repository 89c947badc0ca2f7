// When and where a course is studied, as its detail page states it (docs/product-spec.md §2 Course detail: next
// date and location). A self-paced online course has no date to wait for and no place to go: a stored date
// would read as a start the buyer must wait for, and 'Por confirmar' as something still undecided.

/** True when the modality says the course is online and studied at the learner's own pace. */
export function isSelfPaced(modality: string): boolean {
  const m = modality.toLocaleLowerCase("es");
  if (/asincr|a tu ritmo|a su ritmo|autoinstruc/.test(m)) return true;
  // 'Online' alone is self-paced; live classes, in-person or mixed modalities have dates.
  return /online|en l[ií]nea|e-learning|a distancia/.test(m) && !/sincr|en vivo|presencial|mixt|semipresencial/.test(m);
}

export type ScheduleFact = { label: string; value: string };

/**
 * The enrolment box's start and place facts. `nextDateLabel` is null while the course cannot be bought
 * (nothing published: no date at all); `sessionDate` is set when the course has an open in-person session,
 * whose date and place then come first whatever the modality.
 */
export function scheduleFacts(course: {
  modality: string;
  nextDateLabel: string | null;
  location: string;
  session?: { dateLabel: string; place: string } | null;
}): { start: ScheduleFact | null; place: ScheduleFact } {
  if (course.session) {
    return { start: { label: "Próxima fecha", value: course.session.dateLabel }, place: { label: "Ubicación", value: course.session.place } };
  }
  if (isSelfPaced(course.modality)) {
    return {
      start: course.nextDateLabel === null ? null : { label: "Inicio", value: "Cuando quieras, a tu ritmo" },
      place: { label: "Ubicación", value: course.location || "Online" },
    };
  }
  return {
    start: course.nextDateLabel === null ? null : { label: "Próxima fecha", value: course.nextDateLabel || "Por confirmar" },
    place: { label: "Ubicación", value: course.location || "Por confirmar" },
  };
}
