import { useState } from "react";
import type { FieldErrors, FormValues } from "~/domain/form-parse";
import { Form } from "react-router";
import { MULTIPLE_OPTIONS, QUESTION_KIND_LABELS, QUESTION_KINDS, TRUE_FALSE_OPTIONS, correctOptionsOf, questionValues } from "~/domain/question-input";
import { ConfirmDelete } from "./confirm-delete";
import type { EditorReply } from "~/domain/action-result";
import { resultFor } from "./editor-result";
import { SelectField, TextArea, TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { card, secondaryButton } from "./styles";

export interface QuestionView {
  id: number;
  kind: string;
  prompt: string;
  options: string[];
  correctIndex: number;
  correctSet: number[] | null;
  explanation: string;
}

const LETTERS = ["A", "B", "C", "D", "E", "F"] as const;

/**
 * A multiple-answer question's options: up to six, each with its own "correcta" checkbox (all named correctIndex,
 * joined by the server), the unused ones left empty at the end.
 */
function MultipleOptions({ values, errors }: { values: FormValues; errors: FieldErrors }) {
  const marked = new Set((values.correctIndex ?? "").split(",").filter(Boolean));
  return (
    <fieldset className="grid gap-3" aria-describedby="opciones-multiples-ayuda">
      <legend className="text-sm font-semibold text-slate-800">Opciones y respuestas correctas</legend>
      <p id="opciones-multiples-ayuda" className="text-xs text-slate-600">
        Escribe de {MULTIPLE_OPTIONS.min} a {MULTIPLE_OPTIONS.max} opciones, desde la A, y marca todas las correctas (al menos una). Quien responde
        acierta solo si marca exactamente esas.
      </p>
      {LETTERS.map((letter, i) => (
        <div key={letter} className="grid gap-1 sm:grid-cols-[1fr_auto] sm:items-end sm:gap-3">
          <TextField label={`Opción ${letter}${i >= MULTIPLE_OPTIONS.min ? " (opcional)" : ""}`} name={`option${i}`} defaultValue={values[`option${i}`] ?? ""} error={errors[`option${i}`]} />
          <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-800">
            <input type="checkbox" name="correctIndex" value={i} defaultChecked={marked.has(String(i))} className="h-5 w-5 accent-emerald-700" />
            Correcta<span className="sr-only"> (opción {letter})</span>
          </label>
        </div>
      ))}
      {errors.correctIndex ? (
        <p className="text-sm font-medium text-red-800" role="alert">
          {errors.correctIndex}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Four options and the right letter, (true/false) only whether the statement is true, or options with several right. */
function QuestionFields({ values, errors }: { values: FormValues; errors: FieldErrors }) {
  const [kind, setKind] = useState(values.kind === "truefalse" || values.kind === "multiple" ? values.kind : "choice");
  return (
    <>
      <label className="block text-sm font-semibold text-slate-800">
        Tipo de pregunta
        <select
          name="kind"
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value)}
          className="mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 sm:w-auto"
        >
          {QUESTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {QUESTION_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      <TextArea label={kind === "truefalse" ? "Afirmación" : "Pregunta"} name="prompt" rows={2} defaultValue={values.prompt ?? ""} error={errors.prompt} />
      {kind === "multiple" ? <MultipleOptions key={kind} values={values} errors={errors} /> : null}
      {kind === "choice" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {LETTERS.slice(0, 4).map((letter, i) => (
            <TextField key={letter} label={`Opción ${letter}`} name={`option${i}`} defaultValue={values[`option${i}`] ?? ""} error={errors[`option${i}`]} />
          ))}
        </div>
      ) : null}
      {kind === "multiple" ? null : <SelectField
        key={kind}
        label={kind === "truefalse" ? "Respuesta correcta" : "Opción correcta"}
        name="correctIndex"
        defaultValue={values.correctIndex ?? ""}
        error={errors.correctIndex}
        options={
          kind === "truefalse"
            ? [{ value: "", label: "Elige la respuesta correcta" }, ...TRUE_FALSE_OPTIONS.map((o, i) => ({ value: String(i), label: o }))]
            : [{ value: "", label: "Elige la opción correcta" }, ...LETTERS.slice(0, 4).map((l, i) => ({ value: String(i), label: `Opción ${l}` }))]
        }
      />}
      <TextArea label="Explicación (se muestra al revisar)" name="explanation" rows={2} defaultValue={values.explanation ?? ""} error={errors.explanation} />
    </>
  );
}

const toValues = (q: QuestionView): FormValues => questionValues(q);

export function QuestionBank({ lessonId, questions, perAttempt, result }: { lessonId: number; questions: QuestionView[]; perAttempt: number; result?: EditorReply }) {
  const add = resultFor(result, "question-new");
  const enough = questions.length >= perAttempt;
  return (
    <section aria-labelledby="banco-preguntas" className={`${card} p-5 sm:p-6`}>
      <h2 id="banco-preguntas" className="text-lg font-bold text-ink">
        Banco de preguntas ({questions.length})
      </h2>
      <p className={`mt-1 text-sm ${enough ? "text-slate-600" : "font-semibold text-amber-900"}`}>
        {enough
          ? `Cada intento toma ${perAttempt} preguntas al azar de este banco.`
          : `Faltan ${perAttempt - questions.length} preguntas para poder publicar el examen (mínimo ${perAttempt}).`}
      </p>
      {questions.length > 0 ? (
        <ol className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
          {questions.map((q, i) => {
            const r = resultFor(result, `question-${q.id}`);
            return (
              <li key={q.id} id={`pregunta-${q.id}`} className="scroll-mt-4 py-4">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">
                      {i + 1}. {q.prompt}
                      {q.kind === "truefalse" ? <span className="ml-2 text-xs font-semibold uppercase text-slate-600">Verdadero o falso</span> : null}
                      {q.kind === "multiple" ? <span className="ml-2 text-xs font-semibold uppercase text-slate-600">Selección múltiple</span> : null}
                    </p>
                    <ul className="mt-1 text-sm text-slate-700">
                      {q.options.map((o, k) => {
                        const right = correctOptionsOf(q).includes(k);
                        return (
                          <li key={k} className={right ? "font-semibold text-emerald-800" : undefined}>
                            {LETTERS[k]}) {o}
                            {right ? " ✓ (correcta)" : ""}
                          </li>
                        );
                      })}
                    </ul>
                  </div>
                  <ConfirmDelete label="Eliminar" question="¿Eliminar esta pregunta del banco?" intent="delete-question" fields={{ questionId: q.id }} />
                </div>
                <details open={Object.keys(r.errors).length > 0} className="mt-2">
                  <summary className="cursor-pointer text-sm font-semibold text-brand-800">Editar pregunta {i + 1}</summary>
                  <Form method="post" key={r.nonce} noValidate className="mt-3 grid gap-3 rounded-xl bg-slate-50 p-4">
                    <input type="hidden" name="questionId" value={q.id} />
                    <QuestionFields values={r.values ?? toValues(q)} errors={r.errors} />
                    <div>
                      <SubmitButton intent="update-question" label="Guardar pregunta" match={["questionId", String(q.id)]} className={secondaryButton} />
                    </div>
                  </Form>
                </details>
              </li>
            );
          })}
        </ol>
      ) : null}
      <Form method="post" key={add.nonce} noValidate className="mt-5 grid gap-3" aria-labelledby="nueva-pregunta">
        <h3 id="nueva-pregunta" className="text-base font-bold text-ink">
          Agregar pregunta
        </h3>
        <input type="hidden" name="lessonId" value={lessonId} />
        <QuestionFields values={add.values ?? {}} errors={add.errors} />
        <div>
          <SubmitButton intent="add-question" label="Agregar pregunta" pendingLabel="Agregando..." />
        </div>
      </Form>
    </section>
  );
}
