import { Outlet } from "react-router";
import type { Route } from "./+types/admin-layout";
import { requireAdmin } from "~/server/accounts/session.server";
import { AdminNav } from "~/ui/admin/admin-nav";

// Guard for every /admin path: anonymous → /login, non-admins → /dashboard. Actions check for themselves too.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return (
    <>
      <AdminNav />
      <Outlet />
    </>
  );
}
