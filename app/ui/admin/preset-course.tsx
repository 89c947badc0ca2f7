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
export function PresetCourse({
  preset,
  state,
  result,
}: {
  preset: PresetSummaryView | null;
  /** Whether course 1 exists, and when an admin last edited it by hand (null: as the catalogue wrote it). */
  state: { exists: boolean; editedAt: string | null };
  result: (ActionResult & { field?: string }) | null;
}) {
  const navigation = useNavigation();
  const confirmError = result && !result.ok && result.field === "confirm" ? result.message : null;
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
      {/* Out of the way: it overwrites the course's details, so it opens on purpose and asks for a confirmation. */}
      <details className="mt-5 rounded-lg border border-slate-200 p-4" open={!!result}>
        <summary className="cursor-pointer font-semibold text-brand-800">Restaurar y publicar el curso predefinido</summary>
        <div className="mt-3 space-y-3 text-sm text-slate-700">
          {state.exists ? (
            <p>
              Reemplaza los datos del curso 1 (título, categoría, nivel, precio, descripción, temas, requisitos, imagen, fecha, lugar,
              vigencia y docente) por los del catálogo y lo publica.
              {state.editedAt ? (
                <strong className="text-red-800"> Este curso fue editado a mano el {state.editedAt}: esos cambios de sus datos se perderán.</strong>
              ) : null}{" "}
              Sus módulos y lecciones editados se conservan, y también las inscripciones y el avance de los estudiantes.
            </p>
          ) : (
            <p>El curso 1 no existe: se creará desde el catálogo, con sus módulos, lecciones y preguntas, y quedará publicado.</p>
          )}
          {result && result.ok ? <Notice ok message={result.message} /> : null}
          {result && !result.ok && result.field !== "confirm" ? <Notice ok={false} message={result.message} /> : null}
          <Form method="post" className="space-y-3">
            <div>
              <label className="flex items-start gap-2 text-slate-800">
                <input
                  type="checkbox"
                  name="confirm"
                  className="mt-0.5 h-4 w-4 accent-brand-700"
                  aria-invalid={confirmError ? true : undefined}
                  aria-describedby={confirmError ? "preset-confirm-error" : undefined}
                />
                <span>{state.exists ? "Entiendo que se reemplazan los datos del curso 1." : "Crear el curso 1 desde el catálogo."}</span>
              </label>
              {confirmError ? (
                <p id="preset-confirm-error" className="mt-1 text-sm font-medium text-red-700">
                  {confirmError}
                </p>
              ) : null}
            </div>
            <button type="submit" name="intent" value="publish-preset" className={primaryButton} disabled={busy}>
              {busy ? "Publicando..." : "Publicar curso predefinido"}
            </button>
          </Form>
        </div>
      </details>
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
