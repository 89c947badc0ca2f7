// /admin/ventas — every order with filters (status, course, dates), totals, CSV export, and the waiting lists.
import { data, useSearchParams } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { idSchema } from "~/domain/ids";
import type { ActionResult } from "~/domain/action-result";
import type { Route } from "./+types/ventas";
import { pageParam } from "~/domain/admin-forms";
import { formatDateTime } from "~/domain/format";
import { listCourseOptions } from "~/server/learning/admin-enrolments.server";
import { listSales, parseSalesFilters } from "~/server/commerce/admin-sales.server";
import { announceWaitlist, listWaitlist } from "~/server/catalogue/waitlist.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { Pagination } from "~/ui/admin/pagination";
import { SalesFilters, SalesTable, SalesTotals, WaitlistSummary } from "~/ui/admin/sales-view";
import { container, secondaryButton } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Ventas | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filters = parseSalesFilters(url.searchParams);
  const [list, courses, waitlist] = await Promise.all([listSales(filters, pageParam(url.searchParams.get("pagina"))), listCourseOptions(), listWaitlist(50)]);
  return {
    ...list,
    courses,
    filters,
    waitlist: { rows: waitlist.rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt) })), totals: waitlist.totals },
  };
}

/** "Avisar a todos" of a course's waiting list (the only form of this page that posts). */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readFormOrThrow(request);
  const courseId = idSchema.safeParse(form.get("courseId"));
  if (form.get("intent") !== "announce-waitlist" || !courseId.success) return data<ActionResult>({ ok: false, message: "La solicitud no es válida." }, { status: 400 });
  const result = await announceWaitlist(courseId.data);
  return data<ActionResult>(result, { status: result.ok ? 200 : 409 });
}

export default function AdminSales({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { orders, page, hasNext, totals, courses, filters, waitlist } = loaderData;
  const csv = new URLSearchParams();
  if (filters.status) csv.set("estado", filters.status);
  if (filters.courseId) csv.set("curso", String(filters.courseId));
  if (filters.from) csv.set("desde", filters.from);
  if (filters.to) csv.set("hasta", filters.to);
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="Ventas">
        <a href={`/admin/ventas.csv${csv.size ? `?${csv}` : ""}`} className={secondaryButton} download>
          Descargar CSV
        </a>
      </PageHeader>
      <SalesFilters courses={courses} filters={filters} />
      <SalesTotals totals={totals} />
      {orders.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">No hay pedidos que mostrar.</p>
      ) : (
        <SalesTable orders={orders} />
      )}
      <Pagination page={page} hasNext={hasNext} search={params.toString()} label="Páginas de ventas" />
      <WaitlistSummary rows={waitlist.rows} totals={waitlist.totals} notice={actionData ? <Notice ok={actionData.ok} message={actionData.message} /> : null} />
    </section>
  );
}
