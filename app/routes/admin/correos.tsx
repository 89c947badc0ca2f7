import { data, useSearchParams } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { z } from "zod";
import type { Route } from "./+types/correos";
import { listUndeliveredMail, retryMail } from "~/server/platform/mail/admin-mail.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { pageParam } from "~/domain/admin-forms";
import { UndeliveredMailList } from "~/ui/admin/undelivered-mail";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { Pagination } from "~/ui/admin/pagination";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";
import { idSchema } from "~/domain/ids";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Correos no entregados | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listUndeliveredMail(pageParam(new URL(request.url).searchParams.get("pagina")));
}

const actionSchema = z.object({ mailId: idSchema });

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = actionSchema.safeParse(Object.fromEntries(await readFormOrThrow(request)));
  if (!parsed.success) return data({ ok: false, message: "La solicitud no es válida." }, { status: 400 });
  const result = await retryMail(parsed.data.mailId);
  return data(result, { status: result.ok ? 200 : 404 });
}

export default function AdminMail({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { mail, failed, retrying } = loaderData;
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="Correos no entregados" />
      <p className="mt-2 max-w-3xl text-slate-700">
        Cada correo se guarda antes de enviarse y se reintenta automáticamente. Aquí aparecen los que aún no llegan ({retrying} reintentando) y
        los que no se pudieron entregar ({failed}).
      </p>
      {actionData ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      {mail.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">
          Todos los correos se entregaron.
        </p>
      ) : (
        <UndeliveredMailList mail={mail} />
      )}
      <Pagination page={loaderData.page} hasNext={loaderData.hasNext} search={params.toString()} label="Páginas de correos" />
    </section>
  );
}
