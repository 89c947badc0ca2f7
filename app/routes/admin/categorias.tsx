// /admin/categorias — the catalogue's categories: add, rename (its courses follow), remove (only one no course uses).
import { data, Link } from "react-router";
import type { Route } from "./+types/categorias";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { addCategory, listCategories, removeCategory, renameCategory } from "~/server/catalogue/categories.server";
import { catalogueChanged } from "~/server/catalogue/events.server";
import { CATEGORY_FIELDS, categoryFormSchema } from "~/domain/categories";
import { parseForm } from "~/domain/form-parse";
import { idSchema } from "~/domain/ids";
import type { FormReply } from "~/domain/action-result";
import { CategoriesView } from "~/ui/admin/categories-view";
import { Notice, PageHeader } from "~/ui/admin/notice";
import { container } from "~/ui/admin/styles";
import { pageTitle } from "~/ui/seo";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Categorías | Administración") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { categories: await listCategories() };
}

/** `target`: which row's form (or "new") the reply belongs to. */
type Reply = FormReply & { target: string };

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readFormOrThrow(request);
  const intent = String(form.get("intent") ?? "");
  const id = idSchema.safeParse(form.get("categoryId"));
  const target = intent === "add" ? "new" : id.success ? String(id.data) : "";
  const answer = (outcome: { ok: boolean; message: string; field?: string }, values: Record<string, string> = {}) => {
    const reply: Reply = {
      ok: outcome.ok,
      message: outcome.ok || !outcome.field ? outcome.message : null,
      fieldErrors: !outcome.ok && outcome.field ? { [outcome.field]: outcome.message } : {},
      values: outcome.ok ? {} : values,
      target,
    };
    return data(reply, { status: outcome.ok ? 200 : outcome.message.startsWith("La categoría ya no existe") ? 404 : 400 });
  };
  if (intent === "add" || intent === "rename") {
    if (intent === "rename" && !id.success) return answer({ ok: false, message: "La solicitud no es válida." });
    const parsed = parseForm(categoryFormSchema, form, CATEGORY_FIELDS);
    if (!parsed.ok) return data<Reply>({ ok: false, message: null, fieldErrors: parsed.fieldErrors, values: parsed.values, target }, { status: 400 });
    const outcome = intent === "add" ? await addCategory(parsed.data.name) : await renameCategory(id.data!, parsed.data.name);
    // A rename changes what the public catalogue's chips and cards say.
    if (outcome.ok && intent === "rename") catalogueChanged();
    return answer(outcome, parsed.values);
  }
  if (intent === "remove" && id.success) return answer(await removeCategory(id.data));
  return answer({ ok: false, message: "La solicitud no es válida." });
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className={`${container} py-8`}>
      <Link to="/admin/cursos" className="text-sm font-semibold text-brand-800 underline-offset-2 hover:underline">
        ← Administración de Cursos
      </Link>
      <PageHeader title="Categorías" />
      <p className="mt-2 max-w-3xl text-slate-600">
        Cada curso tiene una categoría de esta lista. El catálogo muestra un botón por categoría que tiene cursos publicados. Al renombrar una categoría, sus cursos
        cambian con ella; una categoría con cursos no se puede eliminar.
      </p>
      {actionData?.message ? <Notice ok={actionData.ok} message={actionData.message} /> : null}
      <CategoriesView categories={loaderData.categories} reply={actionData} />
    </section>
  );
}
