// /admin/documentos — tax documents that wait for the provider or failed (refused by it, to review in its panel,
// rejected by the SII), oldest first, each with a retry. An issued document is on its sale's page.
import { data } from "react-router";
import type { Route } from "./+types/documentos";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { documentAction, documentsNeedingAttention } from "~/server/commerce/tax-documents/admin.server";
import { taxDocumentMessages } from "~/domain/tax-documents";
import { taxDocumentsEnabled } from "~/server/commerce/tax-documents/config.server";
import { DocumentsNeedingAttention } from "~/ui/admin/tax-documents";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";
import type { ActionResult } from "~/domain/action-result";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Documentos tributarios | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { documents: await documentsNeedingAttention(), enabled: taxDocumentsEnabled() };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const result: ActionResult = (await documentAction(await readFormOrThrow(request), admin.id)) ?? { ok: false, message: "La solicitud no es válida." };
  return data(result, { status: result.ok ? 200 : 409 });
}

export default function AdminTaxDocuments({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className={`${container} py-8`}>
      <PageHeader title="Documentos tributarios" />
      <p className="mt-2 max-w-3xl text-slate-700">
        Cada venta pagada lleva su boleta o factura, y cada reembolso su nota de crédito. Si el proveedor no responde, el documento se reintenta
        solo; aquí aparecen los que aún esperan y los que necesitan que alguien los revise.
      </p>
      {loaderData.enabled ? null : <Notice ok={false} message={taxDocumentMessages.off} />}
      {actionData ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      <DocumentsNeedingAttention documents={loaderData.documents} />
    </section>
  );
}
