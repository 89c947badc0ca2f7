/** 'Cargando cursos...' while a client-side navigation is loading a dashboard screen. */
export function isDashboardLoading(navigation: { state: string; location?: { pathname: string } | null }): boolean {
  if (navigation.state !== "loading" || !navigation.location) return false;
  const path = navigation.location.pathname.replace(/\/+$/, "");
  return path === "/dashboard" || path === "/admin";
}
