import { data, Link } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/cursos";
import { listAdminCourses, presetCourseState, presetCourseSummary, publishPresetCourse } from "~/server/authoring/preset.server";
import { formatDateTime } from "~/domain/format";
import { requireAdmin } from "~/server/accounts/session.server";
import { CoursesTable } from "~/ui/admin/courses-table";
import { PageHeader } from "~/ui/admin/notice";
import { PresetCourse } from "~/ui/admin/preset-course";
import { courseEditorMessages } from "~/domain/course-editor-messages";
import { container, primaryButton, secondaryButton } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Administración de Cursos") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [courses, state] = await Promise.all([listAdminCourses(), presetCourseState()]);
  return { courses, preset: presetCourseSummary(), presetState: { exists: state.exists, editedAt: state.editedAt ? formatDateTime(state.editedAt) : null } };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readFormOrThrow(request);
  if (form.get("intent") !== "publish-preset") return data({ ok: false, message: "La solicitud no es válida." }, { status: 400 });
  // It overwrites the course's details (and an admin's edits): only when the admin said they mean it.
  if (form.get("confirm") !== "on") return data({ ok: false, message: courseEditorMessages.presetConfirm, field: "confirm" }, { status: 400 });
  const result = await publishPresetCourse();
  return data(result, { status: result.ok ? 200 : 500 });
}

export default function AdminCourses({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="Administración de Cursos">
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/categorias" className={secondaryButton}>
            Categorías
          </Link>
          <Link to="/admin/cursos/nuevo" className={primaryButton}>
            Crear Nuevo Curso
          </Link>
        </div>
      </PageHeader>
      <div className="mt-6 grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-start">
        <section aria-labelledby="lista-cursos">
          <h2 id="lista-cursos" className="text-lg font-bold text-ink">
            Cursos
          </h2>
          {loaderData.courses.length === 0 ? (
            <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">
              No hay cursos disponibles en la plataforma.
            </p>
          ) : (
            <CoursesTable courses={loaderData.courses} />
          )}
        </section>
        <PresetCourse preset={loaderData.preset} state={loaderData.presetState} result={actionData ?? null} />
      </div>
    </section>
  );
}
