import { useNavigation } from "react-router";
import type { Route } from "./+types/dashboard";
import { getDashboard } from "~/server/dashboard.server";
import { requireUser } from "~/server/session.server";
import { DashboardView } from "~/ui/dashboard/dashboard-view";
import { isDashboardLoading } from "~/ui/dashboard/loading";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Dashboard") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const data = await getDashboard(user);
  return { userName: user.name, ...data };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return <DashboardView data={loaderData} loading={isDashboardLoading(navigation)} />;
}
