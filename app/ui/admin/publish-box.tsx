import { Form } from "react-router";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { badge, card, secondaryButton } from "./styles";

/** Publish / unpublish: a learner never sees a draft. */
export function PublishBox({ status }: { status: string }) {
  const published = status === "published";
  return (
    <section aria-labelledby="publicacion" className={`${card} p-5`}>
      <h2 id="publicacion" className="text-lg font-bold text-ink">
        Publicación
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Estado:{" "}
        <span className={`${badge} ${published ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-slate-100 text-slate-700 ring-slate-300"}`}>
          {published ? "Publicado" : "Borrador"}
        </span>
      </p>
      <p className="mt-2 text-sm text-slate-600">
        {published
          ? "El curso aparece en el catálogo y los estudiantes inscritos pueden estudiarlo."
          : "Un curso en borrador no aparece en el catálogo ni lo ven los estudiantes."}
      </p>
      <Form method="post" className="mt-4">
        {published ? (
          <SubmitButton intent="unpublish" label="Despublicar curso" pendingLabel="Despublicando..." className={secondaryButton} />
        ) : (
          <SubmitButton intent="publish" label="Publicar curso" pendingLabel="Publicando..." />
        )}
      </Form>
    </section>
  );
}
