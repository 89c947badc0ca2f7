import { data } from "react-router";
import type { Route } from "./+types/curso-detalle";
import { getUser } from "~/server/accounts/session.server";
import { getPublishedCourse } from "~/server/catalogue/courses.server";
import { parseId } from "~/domain/ids";
import { formatDateTime } from "~/domain/format";
import { courseHasSessions, nextPublicSession } from "~/server/sessions/sessions.server";
import { getEnrolStates } from "~/server/learning/enrolments.server";
import { env } from "~/server/platform/env.server";
import { staticHtml } from "~/server/platform/http/static-html.server";
import { courseJsonLd, seo } from "~/ui/seo";
import { CourseBody, CourseFacts, CourseHero } from "~/ui/public/course-detail/course-detail-view";
import { EnrolBox } from "~/ui/public/course-detail/enrol-box";
import { StickyBuyBar } from "~/ui/public/course-detail/sticky-buy-bar";
import { RelatedCourses } from "~/ui/public/course-detail/related-courses";
import { StaticHtml } from "~/ui/public/static-html";
import { NotFoundContent } from "~/ui/layout/not-found-content";
import "~/ui/public/public.css";

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const found = id === null ? null : await getPublishedCourse(id);
  if (!found) {
    // Unknown, draft or non-numeric id: the spec's message, with a real 404 for browsers and crawlers.
    // NotFoundContent sets the title and keeps the answer out of search results.
    return data({ found: false as const, meta: [] }, { status: 404 });
  }
  const user = await getUser(request);
  const c = found.course;
  const [states, nextSession, hasSessions] = await Promise.all([getEnrolStates(user, [c.id]), nextPublicSession(c.id), courseHasSessions(c.id)]);
  // A course with in-person skills sessions: its next date and place are the next open session's.
  const session = nextSession ? { dateLabel: `${formatDateTime(nextSession.startsAt)} (sesión práctica)`, place: nextSession.place } : null;
  const origin = env().PUBLIC_URL;
  const path = `/cursos/${c.id}`;
  return {
    found: true as const,
    course: { id: c.id, imageUrl: c.imageUrl, priceClp: c.priceClp, priceLabel: c.priceLabel },
    enrolState: states.get(c.id) ?? "anonymous",
    // Only the enrolment box depends on the visitor; the rest is server-rendered markup.
    hero: staticHtml(<CourseHero course={c} countsLabel={found.countsLabel} />, path),
    facts: staticHtml(<CourseFacts course={c} session={session} datesPath={hasSessions ? `${path}/fechas` : undefined} />, path),
    body: staticHtml(<CourseBody course={c} modules={found.modules} countsLabel={found.countsLabel} />, path),
    related: staticHtml(<RelatedCourses courses={found.related} />, path),
    meta: seo({ title: c.title, description: c.description, path, origin, jsonLd: courseJsonLd(origin, c) }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function CursoDetalle({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <NotFoundContent
        title="Curso no encontrado"
        message="Lo sentimos, el curso que estás buscando no está disponible."
        back={{ to: "/cursos", label: "Volver a cursos" }}
      />
    );
  }
  return (
    <>
      <StaticHtml html={loaderData.hero} />
      <div className="pub-container grid gap-10 py-10 sm:py-14 lg:grid-cols-3 lg:gap-12">
        <EnrolBox course={loaderData.course} enrolState={loaderData.enrolState}>
          <StaticHtml html={loaderData.facts} />
        </EnrolBox>
        <StaticHtml html={loaderData.body} className="lg:col-span-2" />
      </div>
      <StaticHtml html={loaderData.related} />
      <StickyBuyBar course={loaderData.course} enrolState={loaderData.enrolState} />
    </>
  );
}
