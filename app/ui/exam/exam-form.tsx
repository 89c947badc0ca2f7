// The ten questions of an attempt (docs/product-spec.md §4 Exam view, §5): one radio group per question,
// options A–D (checkboxes for a multiple-answer question, "marca todas las correctas"), 'Enviar respuestas' enabled once all are answered (the server checks again), 'Volver' to the intro.
import { useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation, useSubmit } from "react-router";
import { answerFieldName } from "~/domain/exam-forms";
import { OPTION_LETTERS } from "~/domain/grading";
import { secondaryButton } from "./exam-intro";
import "./exam-form.css";

export interface ExamQuestion {
  id: number;
  prompt: string;
  options: string[];
  /** Checkboxes: the learner marks every correct option. */
  multiple: boolean;
}

function unanswered(form: HTMLFormElement, questions: ExamQuestion[]) {
  return questions.filter((q) => !form.querySelector(`input[name="${answerFieldName(q.id)}"]:checked`));
}

/**
 * Sends each answer to the server as it is chosen (intent 'exam-answer'), so a reload, a lost
 * connection or a closed tab resumes the attempt with its answers. The attempt is graded only on submit.
 * `busy` while a save (or the page data it refreshes) is on its way.
 */
function useAutosave(lessonId: number, attemptId: number) {
  const fetcher = useFetcher<{ saved: boolean }>();
  return {
    save: (questionId: number, option: string) =>
      void fetcher.submit(
        { intent: "exam-answer", leccion: String(lessonId), intento: String(attemptId), pregunta: String(questionId), respuesta: option },
        { method: "post" },
      ),
    busy: fetcher.state !== "idle",
  };
}

// Smaller than the house's button on a phone, so the count beside it is never cut.
const barSubmit =
  "inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60 sm:px-5 sm:text-base";

/** Whole minutes and seconds left until `deadline`, as a clock shows them ('4:05'). */
function clock(ms: number) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * A timed attempt's time left, counted in the browser; when it runs out the form sends itself (a moment after
 * the limit, so the server's clock agrees) with whatever is answered. The server enforces the limit on its own.
 */
function useTimeLeft(deadline: string | null, serverTimeUp: boolean, onTimeUp: () => void) {
  const [left, setLeft] = useState<number | null>(null);
  const [up, setUp] = useState(serverTimeUp);
  const fired = useRef(false);
  useEffect(() => {
    if (!deadline) return;
    const end = Date.parse(deadline);
    const tick = () => {
      const ms = end - Date.now();
      setLeft(ms);
      if (ms <= 0) setUp(true);
      if (ms <= -1500 && !fired.current && !serverTimeUp) {
        fired.current = true;
        onTimeUp();
      }
    };
    tick();
    const timer = setInterval(tick, 500);
    return () => clearInterval(timer);
  }, [deadline, serverTimeUp, onTimeUp]);
  return { left, up };
}

export function ExamForm({
  lessonId,
  attemptId,
  questions,
  introHref,
  error,
  values,
  deadline = null,
  timeUp = false,
}: {
  lessonId: number;
  attemptId: number;
  questions: ExamQuestion[];
  introHref: string;
  error: string | null;
  values: Record<string, string>;
  /** A timed attempt's limit (ISO). */
  deadline?: string | null;
  /** The server says the time is already over: only sending what was saved is left. */
  timeUp?: boolean;
}) {
  const navigation = useNavigation();
  const navigating = navigation.state !== "idle" && navigation.formData?.get("intent") === "exam-submit";
  const [hydrated, setHydrated] = useState(false);
  const [answered, setAnswered] = useState(() => questions.filter((q) => values[answerFieldName(q.id)] !== undefined).length);
  const formRef = useRef<HTMLFormElement>(null);
  const autosave = useAutosave(lessonId, attemptId);
  const submit = useSubmit();
  // 'Enviar respuestas' right after choosing the last answer: the submit waits for that answer's save. Sent at
  // once, the save comes back refused (the attempt is graded by then) while the result page loads, and React
  // Router then ends the navigation with the data it had, the questions, instead of the result (seen in CI).
  const [submitAfterSave, setSubmitAfterSave] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!submitAfterSave || autosave.busy || !formRef.current) return;
    setSubmitAfterSave(false);
    void submit(formRef.current, { method: "post", preventScrollReset: true });
  }, [submitAfterSave, autosave.busy, submit]);
  const submitting = navigating || submitAfterSave;
  const total = questions.length;
  const sendNow = useCallback(() => setSubmitAfterSave(true), []);
  const time = useTimeLeft(deadline, timeUp, sendNow);
  // Without JavaScript the button stays enabled and the server refuses an incomplete exam (until the time is up).
  const incomplete = hydrated && answered < total && !time.up;

  function goToFirstUnanswered() {
    const form = formRef.current;
    const first = form ? unanswered(form, questions)[0] : undefined;
    if (!form || !first) return;
    const input = form.querySelector<HTMLInputElement>(`input[name="${answerFieldName(first.id)}"]`);
    input?.closest("li")?.scrollIntoView({ block: "center" });
    input?.focus({ preventScroll: true });
  }

  return (
    <Form
      ref={formRef}
      method="post"
      preventScrollReset
      onSubmit={(e) => {
        if (!autosave.busy) return;
        e.preventDefault();
        setSubmitAfterSave(true);
      }}
      onChange={(e) => {
        setAnswered(total - unanswered(e.currentTarget, questions).length);
        const input = e.nativeEvent.target;
        if (!(input instanceof HTMLInputElement) || (input.type !== "radio" && input.type !== "checkbox")) return;
        const questionId = questions.find((q) => answerFieldName(q.id) === input.name)?.id;
        if (questionId === undefined) return;
        // A multiple-answer question is saved whole: every option marked now ("" once none is).
        const value =
          input.type === "checkbox"
            ? [...e.currentTarget.querySelectorAll<HTMLInputElement>(`input[name="${input.name}"]:checked`)].map((c) => c.value).join(",")
            : input.value;
        autosave.save(questionId, value);
      }}
      className="space-y-6"
    >
      <p>
        <Link to={introHref} preventScrollReset className={secondaryButton}>
          Volver
        </Link>
      </p>
      <input type="hidden" name="intent" value="exam-submit" />
      <input type="hidden" name="leccion" value={lessonId} />
      <input type="hidden" name="intento" value={attemptId} />
      {timeUp ? (
        <p role="alert" className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800">
          El tiempo de la evaluación terminó. Envía para ver tu resultado: cuentan las respuestas guardadas hasta ese momento.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800">
          {error}
        </p>
      ) : null}
      <ol className="space-y-5">
        {questions.map((q, qi) => (
          <li key={q.id} className="rounded-xl border border-slate-200 p-3 sm:p-4">
            <fieldset className="m-0 min-w-0 border-0 p-0">
              <legend className="font-semibold text-ink">
                <span className="mr-1 text-brand-700">Pregunta {qi + 1} de {total}.</span> {q.prompt}
                {q.multiple ? <span className="exam-multiple-hint">Selección múltiple: marca todas las correctas.</span> : null}
              </legend>
              <div className="mt-3 space-y-2">
                {q.options.map((option, oi) => {
                  const id = `p${q.id}-o${oi}`;
                  const saved = values[answerFieldName(q.id)];
                  return (
                    <div key={oi}>
                      <input
                        type={q.multiple ? "checkbox" : "radio"}
                        id={id}
                        name={answerFieldName(q.id)}
                        value={oi}
                        defaultChecked={q.multiple ? (saved ?? "").split(",").includes(String(oi)) : saved === String(oi)}
                        className="peer sr-only"
                      />
                      <label
                        htmlFor={id}
                        className="exam-option"
                      >
                        <span className={q.multiple ? "exam-option-letter exam-option-box" : "exam-option-letter"}>
                          {OPTION_LETTERS[oi]}
                        </span>
                        <span className="min-w-0 flex-1">{option}</span>
                        <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" className="exam-option-check">
                          <path d="M5 12l5 5L20 7" />
                        </svg>
                      </label>
                    </div>
                  );
                })}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      {/* The one bar in sight while answering (docs/decisions.md E7 amendment: a phone keeps most of its screen for
          the questions): the count once, never cut, with the jump to the first question left and the submit. */}
      <div className="sticky bottom-0 z-10 -mx-3 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-3 py-2 backdrop-blur sm:-mx-6 sm:px-6">
        <div className="min-w-0 flex-1">
          <p className="whitespace-nowrap text-sm font-semibold text-ink" aria-live="polite">
            {answered} de {total} respondidas
          </p>
          <div aria-hidden="true" className="mt-1 h-1.5 max-w-48 overflow-hidden rounded-full bg-slate-200">
            <div className="h-full rounded-full bg-brand-700" style={{ width: `${Math.round((answered / total) * 100)}%` }} />
          </div>
          {hydrated && answered < total ? (
            <button type="button" onClick={goToFirstUnanswered} className="mt-0.5 min-h-6 text-left text-xs font-semibold text-brand-700 underline sm:text-sm">
              Ir a la primera sin responder
            </button>
          ) : null}
        </div>
        {deadline ? (
          <p className={`shrink-0 rounded-lg px-2 py-1 text-sm font-semibold ${time.up ? "bg-brand-50 text-brand-800" : "bg-slate-100 text-ink"}`} role="timer">
            {time.up ? "Tiempo terminado" : time.left === null ? null : clock(time.left)}
          </p>
        ) : null}
        <button type="submit" className={barSubmit} disabled={incomplete || submitting}>
          {submitting ? "Procesando..." : "Enviar respuestas"}
        </button>
      </div>
    </Form>
  );
}
