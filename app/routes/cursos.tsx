import type { Route } from "./+types/cursos";
import { getUser } from "~/server/accounts/session.server";
import { listPublishedCourses } from "~/server/catalogue/courses.server";
import { getEnrolStates } from "~/server/learning/enrolments.server";
import { env } from "~/server/platform/env.server";
import { catalogueContent } from "~/server/catalogue/public-content.server";
import { staticHtml } from "~/server/platform/http/static-html.server";
import { seo } from "~/ui/seo";
import { PageHero } from "~/ui/public/page-hero";
import { CategoryFilter } from "~/ui/public/category-filter";
import { CourseCard } from "~/ui/public/course-card";
import { FaqSection } from "~/ui/public/faq";
import { Benefits, catalogueCountLabel, CustomProgrammeBanner, EmptyCategory } from "~/ui/public/catalogue/catalogue-sections";
import { StaticHtml } from "~/ui/public/static-html";
import "~/ui/public/public.css";

export async function loader({ request }: Route.LoaderArgs) {
  const category = new URL(request.url).searchParams.get("categoria")?.slice(0, 80) ?? null;
  const [user, list] = await Promise.all([getUser(request), listPublishedCourses({ category })]);
  const states = await getEnrolStates(
    user,
    list.courses.map((c) => c.id),
  );
  const c = catalogueContent;
  return {
    courses: list.courses,
    enrolStates: Object.fromEntries(states),
    // Everything but the course cards (their button depends on the visitor) is server-rendered markup.
    top: staticHtml(
      <>
        <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} intro={c.hero.intro} />
        <div className="pub-container flex flex-col gap-4 pt-10 sm:flex-row sm:items-center sm:justify-between sm:pt-14">
          <CategoryFilter categories={list.categories} active={list.activeCategory} />
          <p className="text-sm text-slate-600">{catalogueCountLabel(list.courses)}</p>
        </div>
        {list.courses.length === 0 ? (
          <div className="pub-container mt-8">
            <EmptyCategory category={list.activeCategory ?? ""} />
          </div>
        ) : null}
      </>,
    ),
    bottom: staticHtml(
      <>
        <CustomProgrammeBanner content={c.banner} />
        <Benefits content={c.benefits} />
        <FaqSection id="faq-cursos-titulo" content={c.faqs} />
      </>,
    ),
    meta: seo({
      title: list.activeCategory ? `Cursos de ${list.activeCategory}` : "Cursos",
      description:
        "Cursos online de reanimación cardiopulmonar (RCP), primeros auxilios y seguridad privada, con certificado verificable. Inscríbete y estudia a tu ritmo.",
      path: "/cursos",
      origin: env().PUBLIC_URL,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Cursos({ loaderData }: Route.ComponentProps) {
  const { courses, enrolStates } = loaderData;
  return (
    <>
      <StaticHtml html={loaderData.top} />
      <section aria-label="Listado de cursos" className="pub-container pb-12 pt-8 sm:pb-16">
        {courses.length > 0 ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {courses.map((c, i) => (
              <li key={c.id}>
                <CourseCard course={c} enrolState={enrolStates[c.id] ?? "anonymous"} eager={i < 3} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <StaticHtml html={loaderData.bottom} />
    </>
  );
}
