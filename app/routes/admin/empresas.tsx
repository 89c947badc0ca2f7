// /admin/empresas — every company (seats, managers, workers) and the form to create one (docs/decisions.md E2).
import { data, redirect } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/empresas";
import { COMPANY_FIELDS, companySchema } from "~/domain/companies";
import { parseForm } from "~/domain/form-parse";
import { createCompany, listCompanies } from "~/server/companies/companies.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { CompaniesTable, CompanyForm, type CompanyActionData } from "~/ui/company/admin-companies";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Empresas | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { companies: await listCompanies() };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormOrThrow(request);
  if (form.get("intent") !== "create") {
    return data<CompanyActionData>({ ok: false, intent: "", message: "La solicitud no es válida.", fieldErrors: {}, values: {} }, { status: 400 });
  }
  const parsed = parseForm(companySchema, form, COMPANY_FIELDS);
  if (!parsed.ok) return data<CompanyActionData>({ ok: false, intent: "create", message: null, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
  const created = await createCompany(parsed.data, admin.id);
  if (!created.ok) return data<CompanyActionData>({ ok: false, intent: "create", message: null, fieldErrors: created.fieldErrors, values: parsed.values }, { status: 400 });
  return redirect(`/admin/empresas/${created.id}`);
}

export default function AdminCompanies({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="Empresas" />
      {actionData?.message ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      <h2 className="mt-6 text-lg font-bold text-ink">Nueva empresa</h2>
      <CompanyForm errors={actionData?.fieldErrors} values={actionData?.values} />
      <CompaniesTable companies={loaderData.companies} />
    </section>
  );
}
