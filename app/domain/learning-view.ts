// What the course content page shows (product-spec.md §2 Course content; decisions.md A4, B8, E4, E5).
// The server builds these shapes (~/server/learning.server) and the components draw them: they live
// here so that both import them from the domain, never one layer from the other.
import type { ModuleState, ViewerMode } from "./progress";

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
  /** Opening the lesson completes it (PDF, rich text) and it is not done yet: the page records the visit. */
  completesOnOpen: boolean;
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

export interface ContentPageData {
  course: { id: number; title: string; draft: boolean };
  admin: boolean;
  enrolled: boolean;
  /** The module percentage (decisions.md B8); 100 once completed. */
  progress: number;
  completed: boolean;
  lessonsDone: number;
  lessonsTotal: number;
  modules: PanelModule[];
  lesson: ViewerLesson | null;
}
