// /admin shows the dashboard's admin view (product-spec.md §2 route table).
import { useNavigation } from "react-router";
import type { Route } from "./+types/index";
import { getDashboard } from "~/server/dashboard.server";
import { requireAdmin } from "~/server/session.server";
import { DashboardView } from "~/ui/dashboard/dashboard-view";
import { isDashboardLoading } from "~/ui/dashboard/loading";

export const meta: Route.MetaFunction = () => [{ title: "Panel de Administración | Academia" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const data = await getDashboard(user);
  return { userName: user.name, ...data };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return <DashboardView data={loaderData} loading={isDashboardLoading(navigation)} />;
}
