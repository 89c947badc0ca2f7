import { useNavigation } from "react-router";
import type { Route } from "./+types/dashboard";
import { getDashboard } from "~/server/learning/dashboard.server";
import { requireUser } from "~/server/accounts/session.server";
import { dashboardSessions } from "~/server/sessions/bookings.server";
import { getInstructor } from "~/server/sessions/sessions.server";
import { formatDateTime } from "~/domain/format";
import { DashboardView } from "~/ui/dashboard/dashboard-view";
import { DashboardSessions } from "~/ui/sessions/dashboard-sessions";
import { isDashboardLoading } from "~/ui/dashboard/loading";
import { pageTitle } from "~/ui/seo";

// The spec fixes the menu's labels ("Dashboard", "Mi Dashboard"), not the tab's title: that one is in Spanish.
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Mi panel") }, { name: "robots", content: "noindex" }];

const BOOKING_TEXT: Record<string, string> = {
  booked: "Cupo reservado",
  waiting: "En lista de espera",
  offered: "Se liberó un cupo para ti: confírmalo",
  closed: "Asististe",
  cancelled: "Cancelada",
  expired: "Vencida",
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [data, sessions, instructor] = await Promise.all([getDashboard(user), dashboardSessions(user.id), getInstructor(user.id)]);
  return {
    userName: user.name,
    ...data,
    skillsSessions: sessions
      ? {
          bookings: sessions.bookings.map((b) => ({
            sessionId: b.session.id,
            courseTitle: b.session.courseTitle,
            when: formatDateTime(b.session.startsAt),
            place: b.session.place,
            statusText:
              b.status === "offered" && b.offerExpiresAt
                ? `${BOOKING_TEXT.offered} antes del ${formatDateTime(b.offerExpiresAt)}`
                : b.status === "closed"
                  ? b.result === "pass"
                    ? "Asististe y aprobaste la evaluación práctica"
                    : b.attendance === "absent"
                      ? "No asististe"
                      : "Asististe: debes practicar algunos ítems"
                  : (BOOKING_TEXT[b.status] ?? ""),
            action: b.status === "offered" ? "Confirmar mi cupo" : null,
          })),
          suggestions: sessions.suggestions,
        }
      : null,
    isInstructor: instructor !== null,
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <DashboardView
      data={loaderData}
      loading={isDashboardLoading(navigation)}
      extra={<DashboardSessions data={loaderData.skillsSessions} instructor={loaderData.isInstructor} />}
    />
  );
}
