// An exam's own rules in the course editor (app/domain/exam-settings.ts): empty fields mean "no limit".
import { Form, Link } from "react-router";
import type { EditorReply } from "~/domain/action-result";
import { DEFAULT_EXAM_SETTINGS, EXAM_LIMITS, EXAM_PAUSE_AFTER_FAILURES, examSettingsFormValues, type ExamSettings } from "~/domain/exam-settings";
import { TextField } from "~/ui/primitives/field";
import { SubmitButton } from "~/ui/primitives/submit-button";
import { resultFor } from "./editor-result";
import { card, secondaryButton } from "./styles";

export function ExamSettingsForm({ courseId, lessonId, settings, result }: { courseId: number; lessonId: number; settings: ExamSettings; result?: EditorReply }) {
  const r = resultFor(result, `exam-settings-${lessonId}`);
  const v = r.values ?? examSettingsFormValues(settings);
  return (
    <section aria-labelledby="reglas-examen" className={`${card} p-5 sm:p-6`}>
      <h2 id="reglas-examen" className="text-lg font-bold text-ink">
        Reglas del examen
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Por defecto: {DEFAULT_EXAM_SETTINGS.questionCount} preguntas por intento, {DEFAULT_EXAM_SETTINGS.passMark} % para aprobar, intentos
        ilimitados, sin tiempo límite y una pausa de {DEFAULT_EXAM_SETTINGS.retryPauseMin} minutos después del tercer intento seguido sin aprobar.
      </p>
      <Form method="post" key={r.nonce} noValidate className="mt-4 grid gap-4">
        <input type="hidden" name="lessonId" value={lessonId} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Porcentaje para aprobar" name="passMark" inputMode="numeric" defaultValue={v.passMark ?? ""} error={r.errors.passMark} hint="Entre 1 y 100." />
          <TextField
            label="Preguntas por intento"
            name="questionCount"
            inputMode="numeric"
            defaultValue={v.questionCount ?? ""}
            error={r.errors.questionCount}
            hint={`Se sortean del banco (entre ${EXAM_LIMITS.questionCount.min} y ${EXAM_LIMITS.questionCount.max}); el banco necesita al menos esa cantidad.`}
          />
          <TextField
            label="Intentos permitidos"
            name="maxAttempts"
            inputMode="numeric"
            defaultValue={v.maxAttempts ?? ""}
            error={r.errors.maxAttempts}
            hint="Vacío: ilimitados."
          />
          <TextField
            label="Tiempo límite (minutos)"
            name="timeLimitMin"
            inputMode="numeric"
            defaultValue={v.timeLimitMin ?? ""}
            error={r.errors.timeLimitMin}
            hint="Vacío: sin límite. Al terminar el tiempo se corrige lo respondido."
          />
          <TextField
            label={`Pausa tras ${EXAM_PAUSE_AFTER_FAILURES} intentos fallidos seguidos (minutos)`}
            name="retryPauseMin"
            inputMode="numeric"
            defaultValue={v.retryPauseMin ?? ""}
            error={r.errors.retryPauseMin}
            hint={`Vacío: ${DEFAULT_EXAM_SETTINGS.retryPauseMin} minutos. 0: sin pausa. Se duplica con cada nuevo intento fallido, hasta 24 horas; así no se aprueba descartando alternativas.`}
          />
        </div>
        <label className="flex items-start gap-2 text-sm font-semibold text-slate-800">
          <input type="checkbox" name="requireLessons" defaultChecked={v.requireLessons === "on"} className="mt-0.5 h-4 w-4 accent-brand-700" />
          Exigir que el estudiante complete todas las lecciones antes de rendir el examen
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton intent="save-exam-settings" label="Guardar reglas" pendingLabel="Guardando..." />
          <Link to={`/admin/cursos/${courseId}/lecciones/${lessonId}/importar-preguntas`} className={secondaryButton}>
            Importar preguntas desde una planilla
          </Link>
        </div>
      </Form>
    </section>
  );
}
