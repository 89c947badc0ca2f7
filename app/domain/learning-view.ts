// What the course content page shows (docs/product-spec.md §2 Course content; docs/decisions.md A4, B8, E4, E5).
// The server builds these shapes (~/server/learning.server) and the components draw them: they live
// here so that both import them from the domain, never one layer from the other.
import type { ModuleState, ViewerMode } from "./progress";
import type { SenceLearnerView } from "./sence-view";

export interface PanelLesson {
  id: number;
  title: string;
  type: string;
  durationMin: number;
  pending: boolean;
  completed: boolean;
  /** Added after the learner completed the course, not yet studied. */
  isNew: boolean;
}

export interface PanelModule {
  id: number;
  title: string;
  description: string;
  state: ModuleState;
  lessons: PanelLesson[];
}

export interface ViewerLesson {
  id: number;
  moduleTitle: string;
  title: string;
  type: string;
  durationMin: number;
  pending: boolean;
  completed: boolean;
  isNew: boolean;
  /** Opening the lesson completes it (a published lesson with nothing to study yet) and it is not done yet. */
  completesOnOpen: boolean;
  /**
   * An enrolled learner's reading, PDF or video (docs/decisions.md F8): the signed visit token the page's
   * heartbeats and completion form carry, and what is still missing to complete it (null: nothing).
   */
  study: LessonStudyView | null;
  mode: ViewerMode | null;
  fileUrl: string | null;
  downloadUrl: string | null;
  captionsUrl: string | null;
  filename: string | null;
  size: number | null;
  html: string | null;
  previousId: number | null;
  nextId: number | null;
}

export interface LessonStudyView {
  token: string;
  kind: "reading" | "video";
  requiredSeconds: number;
  seconds: number;
  message: string | null;
}

export interface ContentPageData {
  course: { id: number; title: string; draft: boolean };
  admin: boolean;
  enrolled: boolean;
  /** The module percentage (docs/decisions.md B8); 100 once completed. */
  progress: number;
  completed: boolean;
  /** Modules done and counted: what the percentage counts (E4). */
  modulesDone: number;
  modulesTotal: number;
  lessonsDone: number;
  lessonsTotal: number;
  modules: PanelModule[];
  lesson: ViewerLesson | null;
  /** A worker under a SENCE action: the session the page shows (open, or closing). */
  sence: SenceLearnerView | null;
}

/** A lesson still to do before the certificate (docs/decisions.md B8 amendment: the exam is open from the start). */
export interface MissingLesson {
  id: number;
  title: string;
}

/**
 * What stands between a learner and the certificate besides the exam: every published lesson, other than an exam,
 * not yet completed, in course order. Passing the exam alone does not complete the course (B8: 100 % of modules).
 */
export function lessonsMissingForCertificate(modules: readonly PanelModule[]): MissingLesson[] {
  return modules.flatMap((m) => m.lessons.filter((l) => !l.pending && !l.completed && l.type !== "examen").map((l) => ({ id: l.id, title: l.title })));
}
