// /empresa — the manager's portal: a manager of one company goes to it, of several picks one; anyone else 403.
import type { Route } from "./+types/index";
import { formatRut } from "~/domain/rut";
import { requireManagerHome } from "~/server/companies/companies.server";
import { CompanyPicker } from "~/ui/company/portal";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Portal de empresa") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { companies } = await requireManagerHome(request);
  return { companies: companies.map((c) => ({ ...c, rut: formatRut(c.rut) })) };
}

export default function CompanyHome({ loaderData }: Route.ComponentProps) {
  return (
    <section className={`${container} py-8`}>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Portal de empresa</p>
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Elige una empresa</h1>
      {loaderData.companies.length === 0 ? <p className="mt-4 text-slate-700">No administras ninguna empresa.</p> : <CompanyPicker companies={loaderData.companies} />}
    </section>
  );
}
