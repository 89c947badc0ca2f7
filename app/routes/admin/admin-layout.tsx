import { Outlet } from "react-router";
import type { Route } from "./+types/admin-layout";
import { requireAdmin } from "~/server/accounts/session.server";
import { adminTodos } from "~/server/reports/todo.server";
import { menuCounts } from "~/domain/admin-todos";
import { AdminNav } from "~/ui/admin/admin-nav";

// Guard for every /admin path: anonymous → /login, non-admins → /dashboard. Actions check for themselves too.
// The menu's badges say how many things wait behind an entry (one statement of counts).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const todos = await adminTodos();
  return { todos, counts: menuCounts(todos) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminNav counts={loaderData.counts} />
      <Outlet />
    </>
  );
}
