// /admin shows the dashboard's admin view (docs/product-spec.md §2 route table) with what waits for an administrator
// first ("Por hacer"), then the academy's overview for a period: figures, a chart of enrolments and completions,
// and a CSV of the same.
import { useNavigation, useRouteLoaderData } from "react-router";
import type { loader as layoutLoader } from "./admin-layout";
import type { Route } from "./+types/index";
import { getOverview, parseInsightFilters } from "~/server/reports/insight.server";
import { getDashboard } from "~/server/learning/dashboard.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { OverviewView } from "~/ui/admin/insight/overview-view";
import { DashboardView } from "~/ui/dashboard/dashboard-view";
import { TodoPanel } from "~/ui/admin/todo-panel";
import { isDashboardLoading } from "~/ui/dashboard/loading";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Panel de Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const filters = parseInsightFilters(new URL(request.url).searchParams);
  const [data, overview] = await Promise.all([getDashboard(user), getOverview(filters)]);
  return { userName: user.name, ...data, overview };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // The layout already counted what waits (for the menu's badges): the home shows the same, first.
  const todos = useRouteLoaderData<typeof layoutLoader>("routes/admin/admin-layout")?.todos;
  return (
    <>
      <DashboardView data={loaderData} loading={isDashboardLoading(navigation)} extra={todos ? <TodoPanel todos={todos} /> : null} />
      <OverviewView data={loaderData.overview} />
    </>
  );
}
