// The result of a submitted attempt (docs/decisions.md B11): after failing, the score and which questions were
// wrong (never the right answers); after passing, the full review with correct answers and explanations.
import { Link } from "react-router";
import { OPTION_LETTERS } from "~/domain/grading";
import { ExamPauseNotice, StartExamForm, primaryButton, secondaryButton } from "./exam-intro";
import { CertificateMissing } from "./certificate-missing";
import type { MissingLesson } from "~/domain/learning-view";

export interface ResultQuestion {
  id: number;
  prompt: string;
  options: string[];
  /** A multiple-answer question ("marca todas las correctas"). */
  multiple: boolean;
  /** The options marked, as shown (none: left blank). */
  chosen: number[];
  correct: boolean;
  correctOptions: number[] | null;
  explanation: string | null;
  lesson: { id: number; title: string } | null;
}

export interface ExamResultData {
  attemptNumber: number;
  score: number;
  passed: boolean;
  /** The exam's pass mark (its own setting, 70 % by default). */
  passMark: number;
  /** Another attempt is allowed. */
  canRetry: boolean;
  /** The next attempt waits until then (docs/decisions.md B13). */
  pause: { opensAt: string; message: string } | null;
  correctCount: number;
  questions: ResultQuestion[];
}

export function ExamResults({
  lessonId,
  result,
  introHref,
  continueHref,
  error = null,
  missing = [],
}: {
  lessonId: number;
  result: ExamResultData;
  introHref: string;
  continueHref: string;
  /** A refused 'Reintentar' (the pause began in another tab meanwhile). */
  error?: string | null;
  missing?: readonly MissingLesson[];
}) {
  const total = result.questions.length;
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="resultado-evaluacion"
        className={`rounded-xl border p-5 ${result.passed ? "border-green-200 bg-green-50" : "border-brand-200 bg-brand-50"}`}
      >
        <h3 id="resultado-evaluacion" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
          Resultado del intento {result.attemptNumber}
        </h3>
        <p className="mt-2 flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <span className="text-4xl font-bold text-ink">{result.score} %</span>
          <span className={`text-2xl font-bold ${result.passed ? "text-green-800" : "text-brand-800"}`}>
            {result.passed ? "Aprobado" : "Reprobado"}
          </span>
        </p>
        <p className="mt-2 text-slate-800">
          Respondiste correctamente {result.correctCount} de {total} preguntas.{" "}
          {result.passed
            ? `${missing.length === 0 ? "¡Felicitaciones! " : ""}Revisa abajo las respuestas correctas y sus explicaciones.`
            : result.canRetry
              ? `Necesitas ${result.passMark} % para aprobar. Repasa los temas de las preguntas marcadas como incorrectas y vuelve a intentarlo.`
              : `Necesitas ${result.passMark} % para aprobar. Ya usaste todos los intentos permitidos; si necesitas otro, escríbenos.`}
        </p>
      </section>
      {result.passed ? <CertificateMissing lessons={missing} passed /> : null}
      {error ? (
        <p role="alert" className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-800">
          {error}
        </p>
      ) : null}
      {!result.passed && result.canRetry && result.pause ? <ExamPauseNotice pause={result.pause} /> : null}

      <div className="flex flex-wrap gap-3">
        {result.passed || !result.canRetry || result.pause ? null : <StartExamForm lessonId={lessonId} label="Reintentar" />}
        <Link to={introHref} preventScrollReset className={secondaryButton}>
          Volver al resumen
        </Link>
        {result.passed ? (
          <Link to={continueHref} className={primaryButton}>
            Continuar
          </Link>
        ) : null}
      </div>

      <section aria-labelledby="revision-evaluacion">
        <h3 id="revision-evaluacion" className="text-lg font-bold text-ink">
          {result.passed ? "Revisión de la evaluación" : "Tus respuestas"}
        </h3>
        <ol className="mt-3 space-y-4">
          {result.questions.map((q, qi) => (
            <li key={q.id} className="rounded-xl border border-slate-200 p-4">
              <p className="font-semibold text-ink">
                <span className="mr-1 text-slate-600">Pregunta {qi + 1}.</span> {q.prompt}
              </p>
              <p className={`mt-1 text-sm font-semibold ${q.correct ? "text-green-800" : "text-brand-800"}`}>
                {q.correct ? "✓ Correcta" : "✗ Incorrecta"}
                {q.multiple ? <span className="ml-2 font-normal text-slate-600">(selección múltiple: cuenta solo si marcas todas las correctas y ninguna otra)</span> : null}
              </p>
              {result.passed ? (
                <ul className="mt-3 space-y-1.5 text-sm">
                  {q.options.map((option, oi) => {
                    const isCorrect = q.correctOptions?.includes(oi) ?? false;
                    const isChosen = q.chosen.includes(oi);
                    return (
                      <li
                        key={oi}
                        className={`rounded-lg border px-3 py-2 ${
                          isCorrect ? "border-green-300 bg-green-50" : isChosen ? "border-brand-200 bg-brand-50" : "border-slate-200"
                        }`}
                      >
                        <span className="font-bold">{OPTION_LETTERS[oi]}.</span> {option}
                        {isCorrect ? <span className="ml-2 font-semibold text-green-800">(respuesta correcta)</span> : null}
                        {isChosen ? <span className="ml-2 font-semibold text-slate-700">{q.multiple ? "(la marcaste)" : "(tu respuesta)"}</span> : null}
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-slate-700">
                  {q.chosen.length === 0 ? (
                    "Sin responder."
                  ) : (
                    <>
                      {q.multiple ? "Marcaste: " : "Tu respuesta: "}
                      {q.chosen.map((c, ci) => (
                        <span key={c}>
                          {ci > 0 ? "; " : null}
                          <span className="font-semibold">{OPTION_LETTERS[c]}.</span> {q.options[c]}
                        </span>
                      ))}
                    </>
                  )}
                </p>
              )}
              {result.passed && q.explanation ? <p className="mt-3 text-sm text-slate-700">{q.explanation}</p> : null}
              {!q.correct && q.lesson ? (
                <p className="mt-2 text-sm">
                  <Link to={`?leccion=${q.lesson.id}`} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
                    Repasar: {q.lesson.title}
                  </Link>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
