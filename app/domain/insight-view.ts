// What the admin reports hand to their pages: built by ~/server/admin-insight, admin-course-results
// and admin-learner, drawn by ~/ui/admin/insight. One declaration for both sides, as dashboard-view.ts does.
import type { Period } from "./insight";

// ── /admin: the overview ──
export interface InsightFilters {
  period: Period;
  courseId: number | null;
}

/** What the overview counts, for one bucket of the period and for the whole period alike. */
export interface OverviewCounts {
  registrations: number;
  enrolments: number;
  completions: number;
  certificates: number;
  attempts: number;
  passed: number;
}

export interface OverviewPoint extends OverviewCounts {
  label: string;
  longLabel: string;
  revenueClp: number;
}

export interface OverviewTotals extends OverviewCounts {
  /** Submitted attempts that passed, in whole %; null when none was submitted. */
  passRate: number | null;
  paidClp: number;
  refundedClp: number;
  revenueClp: number;
}

export interface Overview {
  filters: InsightFilters;
  periodLabel: string;
  courseTitle: string | null;
  courses: { id: number; title: string }[];
  totals: OverviewTotals;
  series: OverviewPoint[];
}

// ── /admin/cursos/{id}/resultados: a course's results ──
export interface FunnelStep {
  label: string;
  count: number;
  /** Of the enrolled. */
  percent: number | null;
}

export interface QuestionStat {
  questionId: number;
  examLessonId: number;
  prompt: string;
  drawn: number;
  correct: number;
  /** null when never drawn in the period. */
  correctPercent: number | null;
  correctOption: string;
  /** Each wrong option with how often it was chosen. */
  wrong: { option: string; text: string; count: number }[];
  /** Drawn but left unanswered (an attempt sent with a blank). */
  blank: number;
  /** Where to edit it; null for a question retired from the bank (kept for the attempts that drew it). */
  editPath: string | null;
}

export interface CourseResults {
  course: { id: number; title: string };
  period: Period;
  periodLabel: string;
  funnel: FunnelStep[];
  completed: number;
  medianDaysToComplete: number | null;
  hasExam: boolean;
  passers: number;
  /** Learners who passed in the period, by the number of the attempt that passed: 1, 2, 3, 4 or more. */
  attemptsToPass: { label: string; count: number }[];
  averageAttemptsToPass: number | null;
  submittedAttempts: number;
  /** What the score bands are read against: "Se aprueba con 70 %." from each exam's own pass mark. */
  passMarkNote: string | null;
  scores: { label: string; count: number }[];
  /** Worst first; on the page, one page of them (the bank can hold dozens), in the CSV all. */
  questions: QuestionStat[];
  questionTotal: number;
  /** The page of `questions` shown, from 1; null when they are all there (the CSV). */
  questionPage: number | null;
  questionsHasNext: boolean;
}

// ── /admin/usuarios/{id}: one learner ──
export interface LearnerAnswer {
  position: number;
  questionId: number;
  prompt: string;
  /** 'B. Texto de la opción' as the option is stored (letters follow the bank's order, not the shuffled one). */
  chosen: string;
  correctOption: string;
  correct: boolean;
}

export interface LearnerAttempt {
  id: number;
  courseId: number;
  courseTitle: string;
  lessonTitle: string;
  attemptNumber: number | null;
  startedAt: string;
  submittedAt: string;
  score: number | null;
  passed: boolean | null;
  answers: LearnerAnswer[];
}

export interface LearnerDetail {
  profile: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    address: string | null;
    rut: string | null;
    role: "user" | "admin";
    banned: boolean;
    createdAt: string;
  };
  enrolments: {
    id: number;
    courseId: number;
    courseTitle: string;
    enrolledAt: string;
    progress: number;
    completedAt: string;
    certificateCode: string | null;
    /** Time on task in the live cycle (docs/decisions.md F8): '1 h 20 min', 'al menos …', '—'. */
    studyTime: string;
    /** Each completed lesson's own time on task ('—': not measured, or not a lesson that is studied). */
    lessons: { lessonId: number; title: string; moduleTitle: string; completedAt: string; studyTime: string }[];
  }[];
  attempts: LearnerAttempt[];
  certificates: { code: string; courseTitle: string; issuedAt: string; path: string }[];
  orders: { number: string; courseTitle: string; statusLabel: string; amountClp: number; createdAt: string; paidAt: string }[];
}

/** The course's exams' pass marks said once: one mark, or each exam's when they differ. */
export function passMarkNote(passMarks: number[]): string | null {
  const marks = [...new Set(passMarks)].sort((a, b) => a - b);
  if (marks.length === 0) return null;
  if (marks.length === 1) return `Se aprueba con ${marks[0]} %.`;
  return `Cada examen tiene su nota para aprobar: ${marks.slice(0, -1).map((m) => `${m} %`).join(", ")} y ${marks[marks.length - 1]} %.`;
}
