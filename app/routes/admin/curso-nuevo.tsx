import { data, Link, redirect } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/curso-nuevo";
import { createCourse } from "~/server/authoring/courses.server";
import { categoryChoices } from "~/server/catalogue/categories.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { COURSE_FIELDS, courseFormSchema } from "~/domain/admin-forms";
import { parseForm } from "~/domain/form-parse";
import { CourseForm } from "~/ui/admin/course-form";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Nuevo curso | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { categories: await categoryChoices() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = parseForm(courseFormSchema, await readFormOrThrow(request), COURSE_FIELDS);
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
  const created = await createCourse(parsed.data);
  if (!created.ok) return data({ fieldErrors: { [created.field]: created.message }, values: parsed.values }, { status: 400 });
  return redirect(`/admin/cursos/${created.id}?creado=1`);
}

export default function NewCourse({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className={`${container} py-8`}>
      <Link to="/admin/cursos" className="text-sm font-semibold text-brand-800 underline-offset-2 hover:underline">
        ← Administración de Cursos
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-ink sm:text-3xl">Nuevo curso</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        El curso se crea como borrador: después podrás agregar módulos, lecciones, archivos y preguntas, y publicarlo cuando esté listo.
      </p>
      <div className="mt-6 max-w-4xl">
        <CourseForm
          values={actionData?.values ?? { level: "Básico", modality: "100% online asincrónico" }}
          errors={actionData?.fieldErrors ?? {}}
          categories={loaderData.categories}
          submitLabel="Crear curso"
        />
      </div>
    </section>
  );
}
