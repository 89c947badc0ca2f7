// /admin/cursos/:id/resultados — a course's results: funnel, time to complete, attempts until
// passing, scores and every question of the bank, for a period; the same figures as CSV.
import { data } from "react-router";
import type { Route } from "./+types/curso-resultados";
import { pageParam } from "~/domain/admin-forms";
import { parseId } from "~/domain/ids";
import { parsePeriod, PERIOD_PARAM } from "~/domain/insight";
import { getCourseResults } from "~/server/reports/course-results.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { CourseResultsView } from "~/ui/admin/insight/course-results-view";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: pageTitle(`${d && "course" in d ? `Resultados: ${d.course.title}` : "Resultados"} | Administración`) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const search = new URL(request.url).searchParams;
  const period = parsePeriod(search.get(PERIOD_PARAM));
  const results = id === null ? null : await getCourseResults(id, period, pageParam(search.get("pagina")));
  if (!results) return data({ notFound: true as const }, { status: 404 });
  return results;
}

export default function CourseResults({ loaderData }: Route.ComponentProps) {
  return (
    <section className={`${container} py-8`}>
      {"notFound" in loaderData ? (
        <>
          <h1 className="text-2xl font-bold text-ink">Curso no encontrado</h1>
          <p className="mt-2 text-slate-700">No existe un curso con ese identificador.</p>
        </>
      ) : (
        <CourseResultsView data={loaderData} />
      )}
    </section>
  );
}
