// Importing exam questions from a spreadsheet: the file form, then a preview that names every row's problems,
// and the button that adds the valid rows. The rows travel back as hidden fields, checked again on import.
import { Form } from "react-router";
import { formatCount } from "~/domain/format";
import { correctOptionsOf, type QuestionImportRow } from "~/domain/question-input";
import { optionLetter } from "~/domain/grading";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { card, fieldError, input, label } from "./styles";

export function QuestionUploadForm({ error, maxMb }: { error?: string; maxMb: number }) {
  return (
    <Form method="post" encType="multipart/form-data" className={`${card} mt-6 p-5`} aria-label="Subir planilla de preguntas">
      <label htmlFor="questions-file" className={label}>
        Planilla CSV o Excel (.xlsx)
      </label>
      <input
        id="questions-file"
        name="file"
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className={`${input} file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-semibold`}
        aria-describedby="questions-file-hint"
        aria-invalid={error ? true : undefined}
      />
      <div id="questions-file-hint" className="mt-2 space-y-1 text-xs text-slate-600">
        <p>
          Primera fila con las columnas <strong>tipo</strong>, <strong>pregunta</strong>, <strong>a</strong>, <strong>b</strong>, <strong>c</strong>,{" "}
          <strong>d</strong> (y <strong>e</strong>, <strong>f</strong> si hacen falta), <strong>correcta</strong> y <strong>explicación</strong>. Máximo {maxMb} MB. Nada se guarda hasta que confirmes la vista
          previa.
        </p>
        <p>
          Tipo «alternativas»: escribe las cuatro opciones y en correcta la letra (A, B, C o D). Tipo «verdadero o falso»: deja a–d vacías y escribe
          en correcta Verdadero o Falso. Tipo «varias correctas»: de dos a seis opciones (a–f) y en correcta todas las letras correctas separadas por
          coma, por ejemplo A,C.
        </p>
      </div>
      {error ? (
        <p className={fieldError} role="alert">
          {error}
        </p>
      ) : null}
      <div className="mt-4">
        <SubmitButton intent="preview" label="Ver vista previa" pendingLabel="Revisando..." />
      </div>
    </Form>
  );
}

const FIELDS = ["line", "kind", "prompt", "a", "b", "c", "d", "e", "f", "correct", "explanation"] as const;

export function QuestionImportPreview({ rows, valid }: { rows: QuestionImportRow[]; valid: number }) {
  const bad = rows.length - valid;
  return (
    <Form method="post" className={`${card} mt-6 p-5`} aria-labelledby="vista-previa">
      <h2 id="vista-previa" className="text-lg font-bold text-ink">
        Vista previa
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {formatCount(valid)} {valid === 1 ? "pregunta lista" : "preguntas listas"} para importar
        {bad > 0 ? `; ${formatCount(bad)} ${bad === 1 ? "fila tiene" : "filas tienen"} problemas y no se importará${bad === 1 ? "" : "n"}` : ""}.
      </p>
      {rows.map((r) => (
        <span key={r.line} hidden>
          {FIELDS.map((f) => (
            <input key={f} type="hidden" name={f} value={String(r[f])} />
          ))}
        </span>
      ))}
      <ol className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
        {rows.map((r) => (
          <li key={r.line} className={`py-3 ${r.problems.length ? "bg-red-50/60" : ""}`}>
            <p className="text-sm">
              <span className="mr-2 font-semibold text-slate-600">Fila {r.line}</span>
              <span className="font-semibold text-ink">{r.prompt || "(sin pregunta)"}</span>
            </p>
            {r.data ? (
              <p className="mt-1 text-sm text-slate-700">
                {r.data.kind === "truefalse" ? "Verdadero o falso" : r.data.kind === "multiple" ? "Selección múltiple (marca todas las correctas)" : "Alternativas"} ·{" "}
                {r.data.kind === "multiple" ? "correctas: " : "correcta: "}
                <span className="font-semibold">
                  {correctOptionsOf(r.data)
                    .map((k) => (r.data!.kind === "multiple" ? `${optionLetter(k)}. ${r.data!.options[k]}` : r.data!.options[k]))
                    .join("; ")}
                </span>
              </p>
            ) : (
              <ul className="mt-1 list-disc pl-5 text-sm font-medium text-red-800">
                {r.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-3">
        {valid > 0 ? (
          <SubmitButton intent="import" label={`Importar ${formatCount(valid)} ${valid === 1 ? "pregunta" : "preguntas"}`} pendingLabel="Importando..." />
        ) : null}
      </div>
    </Form>
  );
}
