// The exam's first screen: what to expect, 'Comenzar Evaluación', and the attempt history
// (product-spec.md §4 Exam view and §9).
import { Form, Link, useNavigation } from "react-router";
import { EXAM_ESTIMATED_MINUTES, PASS_MARK } from "~/domain/grading";
import { learningMessages } from "~/domain/learning-messages";
import { AttemptHistory, type HistoryRow } from "./attempt-history";

export interface ExamIntroData {
  questionCount: number;
  available: boolean;
  passed: boolean;
  history: HistoryRow[];
  openAttempt: { id: number; answered: number } | null;
}

export const primaryButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50";

/** The POST that draws a new attempt: 'Comenzar Evaluación' on the intro, 'Reintentar' after a failed attempt. */
export function StartExamForm({ lessonId, label }: { lessonId: number; label: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "exam-start";
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="exam-start" />
      <input type="hidden" name="leccion" value={lessonId} />
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? "Procesando..." : label}
      </button>
    </Form>
  );
}

export function ExamIntro({ lessonId, intro, notice }: { lessonId: number; intro: ExamIntroData; notice: string | null }) {
  return (
    <div className="space-y-6">
      {notice ? (
        <p role="alert" className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-800">
          {notice}
        </p>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-3">
        {[`${intro.questionCount} preguntas`, `${EXAM_ESTIMATED_MINUTES} minutos estimados`, `${PASS_MARK} % para aprobar`].map((fact) => (
          <li key={fact} className="rounded-xl bg-slate-50 px-4 py-3 text-center font-semibold text-ink">
            {fact}
          </li>
        ))}
      </ul>
      <p className="text-slate-700">
        Cada intento toma {intro.questionCount} preguntas al azar del banco del curso, con alternativas A a D. Puedes
        reintentar la evaluación las veces que necesites.
      </p>
      {intro.passed ? (
        <p className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-900">
          Ya aprobaste esta evaluación. Puedes volver a rendirla para repasar.
        </p>
      ) : null}
      {intro.available && intro.openAttempt ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
          <p className="min-w-0 flex-1 text-sm text-slate-800">
            Tienes una evaluación sin enviar: {intro.openAttempt.answered} de {intro.questionCount} respondidas.
          </p>
          <Link to={`?leccion=${lessonId}&intento=${intro.openAttempt.id}`} preventScrollReset className={secondaryButton}>
            Continuar evaluación
          </Link>
        </div>
      ) : null}
      {intro.available ? (
        <StartExamForm lessonId={lessonId} label="Comenzar Evaluación" />
      ) : (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">{learningMessages.examNotReady}</p>
      )}
      <AttemptHistory rows={intro.history} />
    </div>
  );
}
