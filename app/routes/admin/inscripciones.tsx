import { removeEnrolment } from "~/server/companies/enrolment-removal.server";
import { data, useSearchParams } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/inscripciones";
import {
  enrolByEmail,
  getEnrolmentSummary,
  listCourseOptions,
  listEnrolments,
  parseEnrolmentFilters,
} from "~/server/learning/admin-enrolments.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { ENROL_FIELDS, enrolByEmailSchema, pageParam } from "~/domain/admin-forms";
import { parseForm } from "~/domain/form-parse";
import { EnrolForm, EnrolmentFilters, EnrolmentsTable, RemoveConfirmation } from "~/ui/admin/enrolments-view";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { Pagination } from "~/ui/admin/pagination";
import { container, secondaryButton } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";
import { idSchema } from "~/domain/ids";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Inscripciones | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filters = parseEnrolmentFilters(url.searchParams);
  const toRemove = idSchema.safeParse(url.searchParams.get("eliminar"));
  const [list, courses, confirm] = await Promise.all([
    listEnrolments(filters, pageParam(url.searchParams.get("pagina"))),
    listCourseOptions(),
    toRemove.success ? getEnrolmentSummary(toRemove.data) : Promise.resolve(null),
  ]);
  return { ...list, courses, filters, confirm };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormOrThrow(request);
  const intent = form.get("intent");
  if (intent === "enrol") {
    const parsed = parseForm(enrolByEmailSchema, form, ENROL_FIELDS);
    if (!parsed.ok) return data({ ok: false as const, message: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
    const result = await enrolByEmail(parsed.data, admin.id);
    if (!result.ok) {
      return data(
        { ok: false as const, message: null, fieldErrors: { [result.field]: result.message }, values: parsed.values },
        { status: 400 },
      );
    }
    return data({ ok: true as const, message: result.message, fieldErrors: {}, values: {} });
  }
  if (intent === "remove") {
    const id = idSchema.safeParse(form.get("enrolmentId"));
    if (!id.success) return data({ ok: false as const, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, { status: 400 });
    const result = await removeEnrolment(id.data, admin.id);
    return data({ ...result, fieldErrors: {}, values: {} }, { status: result.ok ? 200 : 404 });
  }
  return data({ ok: false as const, message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, { status: 400 });
}

export default function AdminEnrolments({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { enrolments, page, hasNext, courses, filters, confirm } = loaderData;
  const listParams = new URLSearchParams(params);
  listParams.delete("eliminar");
  const listSearch = listParams.toString();
  const csvParams = new URLSearchParams();
  if (filters.courseId) csvParams.set("curso", String(filters.courseId));
  if (filters.status) csvParams.set("estado", filters.status);
  if (filters.rut) csvParams.set("rut", filters.rut);
  const removeHref = (id: number) => {
    const p = new URLSearchParams(listParams);
    p.set("eliminar", String(id));
    return `?${p.toString()}`;
  };
  const listHref = `/admin/inscripciones${listSearch ? `?${listSearch}` : ""}`;
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="Inscripciones">
        <a href={`/admin/inscripciones.csv${csvParams.size ? `?${csvParams}` : ""}`} className={secondaryButton} download>
          Descargar CSV
        </a>
      </PageHeader>
      {actionData?.message ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      {confirm && !(actionData?.ok && actionData.message) ? <RemoveConfirmation enrolment={confirm} action={listHref} cancelHref={listHref} /> : null}
      <EnrolForm
        key={actionData?.ok ? actionData.message : "form"}
        courses={courses}
        defaultCourseId={filters.courseId}
        errors={actionData?.fieldErrors}
        values={actionData?.values}
      />
      <EnrolmentFilters courses={courses} courseId={filters.courseId} status={filters.status} rut={params.get("rut") ?? ""} />
      {enrolments.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">
          No hay inscripciones que mostrar.
        </p>
      ) : (
        <EnrolmentsTable enrolments={enrolments} removeHref={removeHref} />
      )}
      <Pagination page={page} hasNext={hasNext} search={listSearch} label="Páginas de inscripciones" />
    </section>
  );
}
