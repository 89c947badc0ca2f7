// What the dashboard shows (docs/product-spec.md §2 Dashboard, §3 "Dashboard course view" and "Dashboard
// stats"; docs/decisions.md E4, E5). Built by ~/server/dashboard.server, drawn by ~/ui/dashboard.
export interface DashboardCourseView {
  courseId: number;
  title: string;
  category: string;
  description: string;
  imageUrl: string | null;
  modules: number;
  lessons: number;
  progress: number;
  completed: boolean;
  /** Modules done and counted, what the percentage counts ('2 de 5 módulos · 40 %'); 0 for the admin view. */
  modulesDone: number;
  modulesTotal: number;
  /** Published lessons done and in the course ('4 de 11 lecciones'); 0 for the admin view. */
  lessonsDone: number;
  lessonsTotal: number;
  /** Time on task in the live cycle as shown ('1 h 20 min', 'al menos …', '—': docs/decisions.md F8); absent in the admin view. */
  studyTime?: string;
  /** The lesson 'Continuar' opens; null when nothing is left (or in the admin view). */
  next: { id: number; title: string } | null;
  /** The live cycle's certificate, with today's state and, when it is due (docs/certificate-validity.md), where to renew it. */
  certificate: { code: string; pdfPath: string; verifyPath?: string; stateLabel?: string; expiring?: boolean; renewPath?: string | null } | null;
  /** Certificates of the course's earlier, renewed cycles, newest first: still verifiable. */
  earlierCertificates?: { code: string; pdfPath: string; verifyPath: string; issuedOn: string; stateLabel: string; renewed: true }[];
  /** The company that assigned the course asks to finish it by a day: the card's line, and whether it passed. */
  due?: { text: string; late: boolean } | null;
  status: "published" | "draft";
  students: number;
  certificates: number;
}

export interface DashboardStatsView {
  enrolledCourses: number;
  completedCourses: number;
  inProgressCourses: number;
  certificates: number;
  completedPercent: number;
  inProgressPercent: number;
  /** Mean progress of the courses in progress: what the in-progress card's bar draws. */
  inProgressAverage: number;
}

export interface AdminCountsView {
  users: number;
  publishedCourses: number;
  enrolments: number;
}

export interface DashboardViewData {
  userName: string;
  isAdminView: boolean;
  stats: DashboardStatsView;
  courses: DashboardCourseView[];
  adminCounts: AdminCountsView | null;
  loadError: boolean;
}
