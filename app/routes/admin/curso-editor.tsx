import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/curso-editor";
import { courseEditorMessages } from "~/domain/course-editor-messages";
import { courseFormValues, getCourseForEditor, getLessonForEditor } from "~/server/authoring/courses.server";
import { handleCourseEditorAction } from "~/server/authoring/actions.server";
import { categoryChoices } from "~/server/catalogue/categories.server";
import { env } from "~/server/platform/env.server";
import { requireAdmin } from "~/server/accounts/session.server";

import { courseHours } from "~/domain/course-hours";
import { hoursLabel } from "~/server/catalogue/courses.server";
import { CourseForm } from "~/ui/admin/course-form";
import { CoverForm } from "~/ui/admin/cover-form";
import { coverView } from "~/domain/course-cover";
import { resultFor } from "~/ui/admin/editor-result";
import { EditorTabs } from "~/ui/admin/editor-tabs";
import { LessonEditor } from "~/ui/admin/lesson-editor";
import { ModulesEditor } from "~/ui/admin/modules-editor";
import { Notice } from "~/ui/admin/notice";
import { PublishBox } from "~/ui/admin/publish-box";
import { badge, container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";
import { idSchema } from "~/domain/ids";
import { catalogueSync, catalogueSyncMessages } from "~/domain/catalogue-sync";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(`${data ? `Editar: ${data.course.title}` : "Editar curso"} | Administración`) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = idSchema.safeParse(params.id);
  const editor = id.success ? await getCourseForEditor(id.data) : null;
  if (!editor) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const lessonId = idSchema.safeParse(url.searchParams.get("leccion"));
  const lesson = lessonId.success ? await getLessonForEditor(editor.course.id, lessonId.data) : null;
  const view: "datos" | "contenido" | "leccion" = lesson ? "leccion" : url.searchParams.get("vista") === "contenido" ? "contenido" : "datos";
  return {
    course: { id: editor.course.id, title: editor.course.title, status: editor.course.status },
    catalogueSync: catalogueSync(editor.course),
    cover: coverView(editor.course.id, editor.course.cover),
    values: courseFormValues(editor.course),
    hoursLabel: hoursLabel(courseHours(editor.modules.flatMap((m) => m.lessons))),
    modules: editor.modules,
    lesson,
    view,
    createdNotice: url.searchParams.has("creado") ? courseEditorMessages.courseCreated : null,
    maxUploadMb: env().MAX_UPLOAD_MB,
    categories: await categoryChoices(editor.course.category),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  const response = await handleCourseEditorAction(request, id.data, admin.id);
  if ("redirect" in response) return redirect(response.redirect);
  return data(response.result, { status: response.status });
}

export default function CourseEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { course, values, modules, lesson, view, createdNotice, maxUploadMb, hoursLabel, catalogueSync, categories, cover } = loaderData;
  const courseResult = resultFor(actionData, "course");
  const topNotice = view !== "leccion" && actionData?.message && actionData.form !== "cover" ? actionData : null;
  return (
    <section className={`${container} py-8`}>
      <Link to="/admin/cursos" className="text-sm font-semibold text-brand-800 underline-offset-2 hover:underline">
        ← Administración de Cursos
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{course.title}</h1>
        <span className={`${badge} ${course.status === "published" ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-slate-100 text-slate-700 ring-slate-300"}`}>
          {course.status === "published" ? "Publicado" : "Borrador"}
        </span>
      </div>
      {catalogueSync !== "own" ? (
        <p className="mt-3 max-w-3xl rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          {catalogueSyncMessages[catalogueSync]}
        </p>
      ) : null}
      <EditorTabs courseId={course.id} view={view} />
      {createdNotice && !actionData ? <Notice ok message={createdNotice} /> : null}
      {topNotice ? <Notice ok={topNotice.ok} message={topNotice.message!} /> : null}
      <div className="mt-6">
        {view === "leccion" && lesson ? (
          <LessonEditor
            courseId={course.id}
            moduleTitle={lesson.moduleTitle}
            lesson={lesson.lesson}
            reading={lesson.reading}
            file={lesson.file}
            questions={lesson.questions}
            examSettings={lesson.examSettings}
            maxUploadMb={maxUploadMb}
            result={actionData}
          />
        ) : view === "contenido" ? (
          <ModulesEditor courseId={course.id} modules={modules} result={actionData} />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[2fr_1fr] lg:items-start">
            <CourseForm values={courseResult.values ?? values} errors={courseResult.errors} submitLabel="Guardar cambios" hoursLabel={hoursLabel} categories={categories} />
            <div className="grid gap-6">
              <PublishBox status={course.status} />
              <CoverForm cover={cover} result={actionData} />
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
