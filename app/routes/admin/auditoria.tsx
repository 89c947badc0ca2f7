import { useSearchParams } from "react-router";
import type { Route } from "./+types/auditoria";
import { requireAdmin } from "~/server/accounts/session.server";
import { listAuditEvents } from "~/server/platform/audit.server";
import { isAuditAction } from "~/domain/audit";
import { pageParam } from "~/domain/admin-forms";
import { AuditFilter, AuditList } from "~/ui/admin/audit-log";
import { PageHeader } from "~/ui/admin/notice";
import { Pagination } from "~/ui/admin/pagination";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Auditoría | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const requested = params.get("accion") ?? "";
  const action = isAuditAction(requested) ? requested : null;
  const result = await listAuditEvents({ action: action ?? undefined }, pageParam(params.get("pagina")));
  return { ...result, action };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="Registro de auditoría" />
      <p className="mt-2 max-w-3xl text-sm text-slate-700">
        Cada cambio de un administrador que toca dinero o accesos: quién lo hizo, sobre qué, qué cambió y cuándo. Los registros no se
        pueden modificar ni borrar.
      </p>
      <AuditFilter action={loaderData.action} />
      <AuditList events={loaderData.events} />
      <Pagination page={loaderData.page} hasNext={loaderData.hasNext} search={params.toString()} label="Páginas del registro" />
    </section>
  );
}
