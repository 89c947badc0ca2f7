import { data, Form, useSearchParams } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { z } from "zod";
import type { Route } from "./+types/correos";
import { findMailTo, listUndeliveredMail, resendMail, retryMail, SENT_MAIL_KEPT_DAYS } from "~/server/platform/mail/admin-mail.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { pageParam } from "~/domain/admin-forms";
import { SentMailList, UndeliveredMailList } from "~/ui/admin/undelivered-mail";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { Pagination } from "~/ui/admin/pagination";
import { card, container, fieldError, input, label, smallButton } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";
import { idSchema } from "~/domain/ids";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Correos | Administración") }, { name: "robots", content: "noindex" }];

const searchSchema = z.string().trim().toLowerCase().email().max(254);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const typed = params.get("para") ?? "";
  const address = typed ? searchSchema.safeParse(typed) : null;
  const [undelivered, found] = await Promise.all([
    listUndeliveredMail(pageParam(params.get("pagina"))),
    address?.success ? findMailTo(address.data) : Promise.resolve(null),
  ]);
  return { ...undelivered, keptDays: SENT_MAIL_KEPT_DAYS, search: { typed, error: address && !address.success ? "Escribe un correo electrónico válido, por ejemplo nombre@empresa.cl." : null, found } };
}

const actionSchema = z.object({ mailId: idSchema, intent: z.enum(["retry", "resend"]).default("retry") });

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = actionSchema.safeParse(Object.fromEntries(await readFormOrThrow(request)));
  if (!parsed.success) return data({ ok: false, message: "La solicitud no es válida." }, { status: 400 });
  const result = parsed.data.intent === "resend" ? await resendMail(parsed.data.mailId) : await retryMail(parsed.data.mailId);
  return data(result, { status: result.ok ? 200 : 404 });
}

export default function AdminMail({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { mail, failed, retrying, search, keptDays } = loaderData;
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="Correos" />
      {actionData ? <Notice ok={actionData.ok} message={actionData.message} /> : null}

      <section aria-labelledby="buscar-correos" className={`${card} mt-6 p-5`}>
        <h2 id="buscar-correos" className="text-lg font-bold text-ink">
          Correos enviados a una persona
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">
          Para responder «¿me llegó el correo?»: lo enviado a una dirección en los últimos {keptDays} días, lo que espera y lo que no se
          pudo entregar.
        </p>
        <Form method="get" noValidate className="mt-4 flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 basis-64">
            <label htmlFor="para" className={label}>
              Correo electrónico
            </label>
            <input
              id="para"
              name="para"
              type="email"
              inputMode="email"
              autoComplete="off"
              defaultValue={search.typed}
              aria-invalid={search.error ? true : undefined}
              aria-describedby={search.error ? "para-error" : undefined}
              className={`${input} mt-1`}
            />
            {search.error ? (
              <p id="para-error" className={fieldError}>
                {search.error}
              </p>
            ) : null}
          </div>
          <button type="submit" className={smallButton}>
            Buscar
          </button>
        </Form>
        {search.found ? (
          search.found.length === 0 ? (
            <p className="mt-4 text-sm text-slate-700" role="status">
              No hay correos para {search.typed.trim().toLowerCase()} en los últimos {keptDays} días.
            </p>
          ) : (
            <SentMailList mail={search.found} />
          )
        ) : null}
      </section>

      <h2 className="mt-10 text-lg font-bold text-ink">Correos no entregados</h2>
      <p className="mt-2 max-w-3xl text-slate-700">
        Cada correo se guarda antes de enviarse y se reintenta automáticamente. Aquí aparecen los que aún no llegan ({retrying} reintentando) y
        los que no se pudieron entregar ({failed}).
      </p>
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
