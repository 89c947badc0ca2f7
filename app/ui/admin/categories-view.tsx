// The categories page: a form to add one, and each category with its course count, a rename form and a
// remove button (disabled, with the reason, while courses use it).
import { Form } from "react-router";
import type { FormReply } from "~/domain/action-result";
import { plural } from "~/domain/format";
import { TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { card } from "./styles";

export interface CategoryView {
  id: number;
  name: string;
  courses: number;
}

type Reply = FormReply & { target: string };

export function CategoriesView({ categories, reply }: { categories: CategoryView[]; reply?: Reply }) {
  const mine = (target: string) => (reply && !reply.ok && reply.target === target ? reply : null);
  const added = mine("new");
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_3fr] lg:items-start">
      <Form method="post" noValidate className={`${card} grid gap-4 p-5`} aria-labelledby="categoria-nueva" key={reply?.ok ? reply.message : "nueva"}>
        <h2 id="categoria-nueva" className="text-lg font-bold text-ink">
          Agregar categoría
        </h2>
        <TextField label="Nombre" name="name" required defaultValue={added?.values.name ?? ""} error={added?.fieldErrors.name} />
        <div>
          <SubmitButton intent="add" label="Agregar categoría" />
        </div>
      </Form>
      <section className={`${card} p-5`} aria-labelledby="categorias-lista">
        <h2 id="categorias-lista" className="text-lg font-bold text-ink">
          Categorías ({categories.length})
        </h2>
        {categories.length === 0 ? <p className="mt-3 text-slate-700">Aún no hay categorías.</p> : null}
        <ul className="mt-3 divide-y divide-slate-200">
          {categories.map((c) => {
            const r = mine(String(c.id));
            return (
              <li key={c.id} className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-end">
                <Form method="post" noValidate className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" aria-label={`Renombrar ${c.name}`}>
                  <input type="hidden" name="categoryId" value={c.id} />
                  <TextField
                    label={`Nombre de «${c.name}»`}
                    name="name"
                    required
                    defaultValue={r?.values.name ?? c.name}
                    error={r?.fieldErrors.name}
                    hint={c.courses === 0 ? "Sin cursos." : `${plural(c.courses, "curso", "cursos")}.`}
                  />
                  <SubmitButton intent="rename" label="Renombrar" match={["categoryId", String(c.id)]} />
                </Form>
                <Form method="post" aria-label={`Eliminar ${c.name}`}>
                  <input type="hidden" name="categoryId" value={c.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    disabled={c.courses > 0}
                    title={c.courses > 0 ? "Tiene cursos: cámbialos de categoría antes de eliminarla." : undefined}
                    className="inline-flex min-h-10 items-center rounded-lg border border-red-200 bg-white px-3 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50"
                  >
                    Eliminar
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
