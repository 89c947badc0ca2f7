// Course progress (docs/decisions.md B8 and A5): which event completes a lesson, when a module counts as
// completed, and the course percentage. Pure rules; the writes live in ~/server/learning.server.

import type { LessonType } from "./lesson-types";

export type { LessonType };

/** How the viewer shows a lesson (docs/decisions.md A4). */
export type ViewerMode = "pdf" | "video" | "lectura" | "download" | "examen" | "practica";

/**
 * What completes a lesson: studying it (a reading or a PDF read to its end, a video watched, each with its time
 * on task: ~/domain/study, docs/decisions.md F8), downloading the file, holding the trainer's rhythm, passing
 * the exam — or, for a published lesson with nothing to show yet, opening it.
 */
export type CompletionTrigger = "open" | "study" | "download" | "exam" | "practice";

/**
 * A presentation or document with a reading view (HTML built from its source) is read as 'lectura', its
 * PDF kept as the download; without one (e.g. a PDF an admin uploaded) the PDF viewer shows it.
 */
export function viewerMode(lesson: { type: string; mime: string | null; hasBody: boolean; hasReading?: boolean }): ViewerMode | null {
  if (lesson.type === "examen") return "examen";
  // The compression trainer: holding the target rhythm completes it, not opening it.
  if (lesson.type === "practica") return "practica";
  if (lesson.type === "lectura" && lesson.hasBody) return "lectura";
  if ((lesson.type === "presentacion" || lesson.type === "documento") && lesson.hasReading) return "lectura";
  const mime = lesson.mime?.toLowerCase() ?? null;
  if (mime === "application/pdf") return "pdf";
  if (mime?.startsWith("video/")) return "video";
  if (mime) return "download";
  if (lesson.hasBody) return "lectura";
  return null;
}

export function completionTrigger(mode: ViewerMode | null): CompletionTrigger {
  switch (mode) {
    case "video":
    case "pdf":
    case "lectura":
      return "study";
    case "download":
      return "download";
    case "examen":
      return "exam";
    case "practica":
      return "practice";
    default:
      // A published lesson with nothing to show yet: there is nothing to study, opening it is enough.
      return "open";
  }
}

export interface ProgressLesson {
  id: number;
  status: string; // published | pending
}

export interface ProgressModule {
  id: number;
  lessons: ProgressLesson[];
}

export type ModuleState = "empty" | "completed" | "in-progress";

/** A module with no published lessons does not count; otherwise it is completed when all its published lessons are. */
export function moduleState(module: ProgressModule, completedLessonIds: ReadonlySet<number>): ModuleState {
  const published = module.lessons.filter((l) => l.status === "published");
  if (published.length === 0) return "empty";
  return published.every((l) => completedLessonIds.has(l.id)) ? "completed" : "in-progress";
}

export interface CourseProgress {
  /** Completed modules / counted modules × 100, rounded down: 100 only when every counted module is done. */
  percent: number;
  countedModules: number;
  completedModuleIds: number[];
  /** Every counted module is completed (and at least one module counts). */
  complete: boolean;
}

export function courseProgress(modules: ProgressModule[], completedLessonIds: ReadonlySet<number>): CourseProgress {
  let counted = 0;
  const completedModuleIds: number[] = [];
  for (const m of modules) {
    const state = moduleState(m, completedLessonIds);
    if (state === "empty") continue;
    counted++;
    if (state === "completed") completedModuleIds.push(m.id);
  }
  const percent = counted === 0 ? 0 : Math.floor((completedModuleIds.length * 100) / counted);
  return { percent, countedModules: counted, completedModuleIds, complete: counted > 0 && completedModuleIds.length === counted };
}

// ── What a learner sees of their progress (docs/decisions.md E4): one rule, read the same way everywhere ──

export interface OrderedLesson {
  id: number;
  status: string;
  type: string;
}

export interface LearnerProgress {
  /** The spec's module percentage; 100 once the course is completed, even if lessons were added later. */
  percent: number;
  /** The course was completed (it stays completed: its certificate is never taken back). */
  completed: boolean;
  /** Modules done and modules counted: what the percentage counts ('2 de 5 módulos · 40 %'); all once completed. */
  modulesDone: number;
  modulesTotal: number;
  /** Published lessons done, and published lessons in the course ('4 de 11 lecciones'). */
  lessonsDone: number;
  lessonsTotal: number;
  /** Published lessons added after the course was completed and not yet studied: shown as new. */
  newLessonIds: number[];
  /** The modules completed now (moduleState), whatever the stored completion: what the reports count. */
  completedModuleIds: number[];
  /** An exam lesson of the course is completed (passing the exam is what completes it). */
  examPassed: boolean;
}

/**
 * The one reading of a learner's progress: live from the course's published lessons and the learner's
 * completions, with the stored completion (`completedAt`) as the fact that cannot be undone.
 */
export function learnerProgress(
  modules: (ProgressModule & { lessons: OrderedLesson[] })[],
  completedLessonIds: ReadonlySet<number>,
  completedAt: Date | null,
): LearnerProgress {
  const live = courseProgress(modules, completedLessonIds);
  const published = modules.flatMap((m) => m.lessons.filter((l) => l.status === "published"));
  const lessonsDone = published.filter((l) => completedLessonIds.has(l.id)).length;
  const completed = completedAt !== null || live.complete;
  return {
    percent: completed ? 100 : live.percent,
    completed,
    modulesDone: completed ? live.countedModules : live.completedModuleIds.length,
    modulesTotal: live.countedModules,
    lessonsDone,
    lessonsTotal: published.length,
    newLessonIds: completed ? published.filter((l) => !completedLessonIds.has(l.id)).map((l) => l.id) : [],
    completedModuleIds: live.completedModuleIds,
    examPassed: modules.some((m) => m.lessons.some((l: OrderedLesson) => l.type === "examen" && completedLessonIds.has(l.id))),
  };
}

/**
 * Where a learner resumes (docs/decisions.md E5): the first published lesson not yet done, in course order;
 * the exam only when every other lesson is done. Null when nothing is left.
 */
export function nextLesson<L extends OrderedLesson>(lessons: readonly L[], completedLessonIds: ReadonlySet<number>): L | null {
  const open = lessons.filter((l) => l.status === "published" && !completedLessonIds.has(l.id));
  return open.find((l) => l.type !== "examen") ?? open[0] ?? null;
}

/**
 * What the percentage counts, said with it (docs/decisions.md E4): '2 de 5 módulos · 40 %'. Lessons are the
 * detail beneath (lessonsDoneLabel), never the label of the percentage.
 */
export function modulesProgressLabel(done: number, total: number, percent: number): string {
  return `${done} de ${total} ${total === 1 ? "módulo" : "módulos"} · ${percent} %`;
}

/** '4 de 11 lecciones' (a single lesson: '1 de 1 lección'). */
export function lessonsDoneLabel(done: number, total: number): string {
  return `${done} de ${total} ${total === 1 ? "lección" : "lecciones"}`;
}
