// A course's hours (docs/decisions.md D1 and A5): the sum of its stored lesson durations, rounded to the half
// hour — never typed. One rule for the detail page, the course cards, the certificate and its mail.

export interface TimedLesson {
  durationMin: number;
  status: string; // published | pending
}

/**
 * Minutes of study a course asks for: its published lessons only. A course with nothing published yet
 * ('Próximamente') has none: planned durations are guesses until the lessons exist, so its pages say
 * 'Duración por confirmar' instead of promising hours.
 */
export function studyMinutes(lessons: readonly TimedLesson[]): number {
  return lessons.filter((l) => l.status === "published").reduce((n, l) => n + Math.max(0, l.durationMin || 0), 0);
}

/** Minutes → hours rounded to the nearest half hour; any study time at all is at least half an hour. */
export function hoursFromMinutes(minutes: number): number {
  if (!Number.isFinite(minutes) || minutes <= 0) return 0;
  return Math.max(0.5, Math.round(minutes / 30) / 2);
}

/** The course's hours from its lessons: studyMinutes, rounded to the half hour. */
export function courseHours(lessons: readonly TimedLesson[]): number {
  return hoursFromMinutes(studyMinutes(lessons));
}

/** ISO 8601 duration for schema.org's courseWorkload: 2.5 → 'PT2H30M'. */
export function isoWorkload(hours: number): string {
  const whole = Math.floor(hours);
  return hours > whole ? `PT${whole}H30M` : `PT${whole}H`;
}
