// The exam's first screen: what to expect, 'Comenzar Evaluación', and the attempt history
// (docs/product-spec.md §4 Exam view and §9).
import { Form, Link, useNavigation } from "react-router";
import { EXAM_ESTIMATED_MINUTES } from "~/domain/grading";
import { EXAM_PAUSE_AFTER_FAILURES } from "~/domain/exam-settings";
import { examPauseReason, learningMessages } from "~/domain/learning-messages";
import { AttemptHistory, type HistoryRow } from "./attempt-history";
import { CertificateMissing } from "./certificate-missing";
import type { MissingLesson } from "~/domain/learning-view";

export interface ExamIntroData {
  questionCount: number;
  passMark: number;
  timeLimitMin: number | null;
  attemptsLeft: number | null;
  retryPauseMin: number;
  lessonsLeft: number;
  available: boolean;
  passed: boolean;
  history: HistoryRow[];
  openAttempt: { id: number; answered: number } | null;
  /** While the pause after failed attempts runs: when the next attempt opens, in words. */
  pause: { opensAt: string; message: string } | null;
}

/** Why there is no button: when the next attempt opens (Chile time), and what to do meanwhile. */
export function ExamPauseNotice({ pause }: { pause: { message: string } }) {
  return (
    <div role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-semibold">{pause.message}</p>
      <p className="mt-1">{examPauseReason}</p>
    </div>
  );
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

export function ExamIntro({ lessonId, intro, notice, missing = [] }: { lessonId: number; intro: ExamIntroData; notice: string | null; missing?: readonly MissingLesson[] }) {
  return (
    <div className="space-y-6">
      {notice ? (
        <p role="alert" className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-800">
          {notice}
        </p>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-3">
        {[
          `${intro.questionCount} preguntas`,
          intro.timeLimitMin === null ? `${EXAM_ESTIMATED_MINUTES} minutos estimados` : `${intro.timeLimitMin} minutos como máximo`,
          `${intro.passMark} % para aprobar`,
        ].map((fact) => (
          <li key={fact} className="rounded-xl bg-slate-50 px-4 py-3 text-center font-semibold text-ink">
            {fact}
          </li>
        ))}
      </ul>
      <p className="text-slate-700">
        Cada intento toma {intro.questionCount} preguntas al azar del banco del curso.{" "}
        {intro.attemptsLeft === null
          ? "Puedes reintentar la evaluación las veces que necesites."
          : intro.attemptsLeft === 0
            ? learningMessages.examNoAttemptsLeft
            : intro.attemptsLeft === 1
            ? "Te queda 1 intento."
            : `Te quedan ${intro.attemptsLeft} intentos.`}
        {intro.timeLimitMin !== null
          ? ` Desde que comienzas tienes ${intro.timeLimitMin} minutos; al terminar el tiempo se envía lo que hayas respondido.`
          : ""}
        {intro.retryPauseMin > 0 && intro.attemptsLeft !== 0
          ? ` Si no apruebas ${EXAM_PAUSE_AFTER_FAILURES} veces seguidas, el siguiente intento se abre ${intro.retryPauseMin} minutos después (y cada nueva pausa dura el doble).`
          : ""}
      </p>
      <CertificateMissing lessons={missing} passed={intro.passed} />
      {intro.lessonsLeft > 0 ? (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {intro.lessonsLeft === 1
            ? "Te falta 1 lección del curso: complétala para rendir la evaluación."
            : `Te faltan ${intro.lessonsLeft} lecciones del curso: complétalas para rendir la evaluación.`}
        </p>
      ) : null}
      {intro.passed ? (
        <p className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-900">
          Ya aprobaste esta evaluación. Puedes volver a rendirla para repasar.
        </p>
      ) : null}
      {intro.available && intro.openAttempt && intro.attemptsLeft !== 0 ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
          <p className="min-w-0 flex-1 text-sm text-slate-800">
            Tienes una evaluación sin enviar: {intro.openAttempt.answered} de {intro.questionCount} respondidas.
          </p>
          <Link to={`?leccion=${lessonId}&intento=${intro.openAttempt.id}`} preventScrollReset className={secondaryButton}>
            Continuar evaluación
          </Link>
        </div>
      ) : null}
      {intro.lessonsLeft > 0 || intro.attemptsLeft === 0 ? null : intro.pause && !intro.openAttempt ? (
        <ExamPauseNotice pause={intro.pause} />
      ) : intro.available ? (
        <StartExamForm lessonId={lessonId} label="Comenzar Evaluación" />
      ) : (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">{learningMessages.examNotReady}</p>
      )}
      <AttemptHistory rows={intro.history} />
    </div>
  );
}
