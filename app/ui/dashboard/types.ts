// What the dashboard screen needs (product-spec.md §3 "Dashboard course view" and "Dashboard stats").
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
  certificate: { code: string; pdfPath: string } | null;
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
