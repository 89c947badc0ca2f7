import { data, Form, useSearchParams } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/usuarios";
import { listUsers, runUserAction } from "~/server/accounts/admin-users.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { pageParam } from "~/domain/admin-forms";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { Pagination } from "~/ui/admin/pagination";
import { container, input, label, primaryButton } from "~/ui/admin/styles";
import { UsersTable } from "~/ui/admin/users-table";
import { withoutControlChars } from "~/domain/plain-text";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Usuarios | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const q = withoutControlChars(url.searchParams.get("q") ?? "").slice(0, 100);
  const result = await listUsers({ q, page: pageParam(url.searchParams.get("pagina")) });
  return { ...result, q, currentUserId: admin.id };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const result = await runUserAction(admin.id, Object.fromEntries(await readFormOrThrow(request)));
  return data(result, { status: result.ok ? 200 : 400 });
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { users, page, hasNext, q, currentUserId } = loaderData;
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="Usuarios" />
      <Form method="get" role="search" className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="buscar-usuario" className={label}>
            Buscar por nombre, correo electrónico o RUT
          </label>
          <input id="buscar-usuario" name="q" type="search" defaultValue={q} className={input} placeholder="Ej.: María, maria@empresa.cl o 12.345.678-5" />
        </div>
        <button type="submit" className={primaryButton}>
          Buscar
        </button>
      </Form>
      {actionData ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      {users.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">
          {q ? "No hay usuarios que coincidan con la búsqueda." : "No hay usuarios registrados."}
        </p>
      ) : (
        <UsersTable users={users} currentUserId={currentUserId} />
      )}
      <Pagination page={page} hasNext={hasNext} search={params.toString()} label="Páginas de usuarios" />
    </section>
  );
}
