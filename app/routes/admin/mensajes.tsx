import { data, useSearchParams } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { z } from "zod";
import type { Route } from "./+types/mensajes";
import { listMessages, replyToMessage, setMessageHandled } from "~/server/contact/admin-messages.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { pageParam } from "~/domain/admin-forms";
import { MessagesList } from "~/ui/admin/messages-list";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { Pagination } from "~/ui/admin/pagination";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";
import { idSchema } from "~/domain/ids";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Mensajes | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listMessages(pageParam(new URL(request.url).searchParams.get("pagina")));
}

const actionSchema = z.object({ messageId: idSchema, handled: z.enum(["true", "false"]) });

/** What the page shows after a post: a notice, or (for an answer) its field's message and what was typed. */
export type MessagesActionData = { ok: boolean; message: string | null; replyTo?: number; replyError?: string; replyValue?: string };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormOrThrow(request);
  if (form.get("intent") === "reply") {
    const messageId = idSchema.safeParse(form.get("messageId"));
    if (!messageId.success) return data<MessagesActionData>({ ok: false, message: "La solicitud no es válida." }, { status: 400 });
    const body = String(form.get("reply") ?? "");
    const result = await replyToMessage({ messageId: messageId.data, adminId: admin.id, body });
    if (result.ok) return data<MessagesActionData>({ ok: true, message: result.message });
    return data<MessagesActionData>(
      { ok: false, message: result.message, replyTo: messageId.data, replyError: result.fieldError, replyValue: body },
      { status: result.status },
    );
  }
  const parsed = actionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data<MessagesActionData>({ ok: false, message: "La solicitud no es válida." }, { status: 400 });
  const result = await setMessageHandled(parsed.data.messageId, parsed.data.handled === "true");
  return data<MessagesActionData>(result, { status: result.ok ? 200 : 404 });
}

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="Mensajes de contacto" />
      {actionData?.message ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      {loaderData.messages.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-700">No hay mensajes.</p>
      ) : (
        <MessagesList messages={loaderData.messages} reply={actionData?.replyTo ? { to: actionData.replyTo, error: actionData.replyError ?? null, value: actionData.replyValue ?? "" } : null} />
      )}
      <Pagination page={loaderData.page} hasNext={loaderData.hasNext} search={params.toString()} label="Páginas de mensajes" />
    </section>
  );
}
