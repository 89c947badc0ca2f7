/** The administrator every bench database gets (ADMIN_EMAIL… on the server's first start); ab.ts signs in with it too. */
export const ADMIN = { email: "admin-bench@academia.test", password: "admin-bench-123", name: "Administración Benchmark" };
