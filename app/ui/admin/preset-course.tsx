import { Form, useNavigation } from "react-router";
import { formatClp, formatHours } from "~/domain/format";
import { Notice } from "./notice";
import { card, primaryButton } from "./styles";
import type { ActionResult } from "~/domain/action-result";

export interface PresetSummaryView {
  id: number;
  title: string;
  category: string;
  level: string;
  hours: number;
  priceClp: number | null;
  modality: string;
  description: string;
  topics: string[];
  certification: string;
  modules: { title: string; lessons: number }[];
  lessonCount: number;
  questionCount: number;
}

/** The preset course's record and the action that publishes it (docs/decisions.md B4). */
export function PresetCourse({ preset, result }: { preset: PresetSummaryView | null; result: ActionResult | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "publish-preset";
  return (
    <section aria-labelledby="curso-predefinido" className={`${card} p-5 sm:p-6`}>
      <h2 id="curso-predefinido" className="text-lg font-bold text-ink">
        Curso predefinido
      </h2>
      {preset ? (
        <>
          <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Item term="ID" value={String(preset.id)} />
            <Item term="Título" value={preset.title} />
            <Item term="Categoría" value={preset.category} />
            <Item term="Nivel" value={preset.level} />
            <Item term="Precio" value={formatClp(preset.priceClp)} />
            <Item term="Duración" value={formatHours(preset.hours)} />
            <Item term="Modalidad" value={preset.modality} />
            <Item term="Contenido" value={`${preset.modules.length} módulos, ${preset.lessonCount} lecciones, ${preset.questionCount} preguntas de examen`} />
          </dl>
          <p className="mt-4 text-sm text-slate-700">{preset.description}</p>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-semibold text-brand-800">Ver módulos, temas y certificación</summary>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700">
              {preset.modules.map((m) => (
                <li key={m.title}>
                  {m.title} ({m.lessons} {m.lessons === 1 ? "lección" : "lecciones"})
                </li>
              ))}
            </ol>
            <p className="mt-3 font-semibold text-slate-800">Temas</p>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
              {preset.topics.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
            <p className="mt-3 font-semibold text-slate-800">Certificación</p>
            <p className="mt-1 text-slate-700">{preset.certification}</p>
          </details>
        </>
      ) : (
        <p className="mt-3 text-sm text-slate-700">No se encontró el curso predefinido en el catálogo del servidor.</p>
      )}
      <p className="mt-4 text-sm text-slate-600">
        Crea el curso si no existe, o restaura sus datos del catálogo y lo publica si ya existe. Las inscripciones y el avance de los
        estudiantes se conservan.
      </p>
      {result ? <Notice ok={result.ok} message={result.message} /> : null}
      <Form method="post" className="mt-4">
        <button type="submit" name="intent" value="publish-preset" className={primaryButton} disabled={busy}>
          {busy ? "Publicando..." : "Publicar curso predefinido"}
        </button>
      </Form>
    </section>
  );
}

function Item({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="font-semibold text-slate-600">{term}</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
}
