// The learner's side of SENCE on the course content page (docs/decisions.md F3): the gate shown while no session is
// open (with what happened to the last attempt), the bar above the lesson while one is open, and the list of
// SENCE's errors, each with what to do (manual técnico RCE v1.1.6, Anexo 2 and §3.2).
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { formatMinutes, formatTime } from "~/domain/format";
import type { SenceErrorInfo } from "~/domain/sence-errors";
import { senceMessages as M } from "~/domain/sence-messages";
import type { SenceLearnerView } from "~/domain/sence-view";
import { pageTitle } from "~/ui/seo";

const primary =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-60";
const secondary =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:border-brand-700 hover:text-brand-700 disabled:opacity-60";

export function connectedLabel(minutes: number): string {
  return minutes === 0 ? "menos de 1 min" : formatMinutes(minutes);
}

export function SenceErrorList({ title, errors }: { title: string; errors: SenceErrorInfo[] }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-left text-red-900">
      <p className="font-semibold">{title}</p>
      <ul className="mt-2 space-y-3">
        {errors.map((e) => (
          <li key={e.code || "none"}>
            <p>{e.problem}</p>
            <p className="mt-1 font-medium">{e.action}</p>
            {e.code ? <p className="mt-1 text-sm text-red-800">{M.errorCode(e.code)}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function SenceButton({ courseId, intent, label, pendingLabel, className }: { courseId: number; intent: "iniciar" | "cerrar"; label: string; pendingLabel: string; className: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === `/cursos/${courseId}/sence` && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" action={`/cursos/${courseId}/sence`}>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={className} disabled={busy}>
        {busy ? pendingLabel : label}
      </button>
    </Form>
  );
}

function TestNote({ sence }: { sence: SenceLearnerView }) {
  if (sence.environment !== "test") return null;
  return <p className="text-sm font-medium text-amber-900">{M.testEnvironment}</p>;
}

/** The course page of a worker under a SENCE action with no session open. */
export function SenceGate({ course, sence }: { course: { id: number; title: string }; sence: SenceLearnerView }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <title>{pageTitle(`${course.title} | Sesión SENCE`)}</title>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{course.title}</p>
      <h1 className="mt-1 text-2xl font-bold text-ink sm:text-3xl">{M.gateTitle}</h1>
      <p className="mt-4 text-slate-800">{M.gateIntro}</p>
      <div className="mt-6 space-y-4">
        {sence.status === "failed" ? <SenceErrorList title={M.failedTitle} errors={sence.errors} /> : null}
        {sence.status === "expired" ? (
          <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
            {M.expired}
          </p>
        ) : null}
        {sence.status === "pending" && sence.pendingUntil ? (
          <p role="status" className="rounded-xl border border-slate-300 bg-white px-4 py-3 text-slate-800">
            {M.waiting(formatTime(sence.pendingUntil))}
          </p>
        ) : null}
        {sence.status === "closed" && sence.connectedMinutes !== null ? (
          <p role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900">
            {M.closed(connectedLabel(sence.connectedMinutes))}
          </p>
        ) : null}
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <SenceButton courseId={course.id} intent="iniciar" label={M.startButton} pendingLabel={M.startPending} className={primary} />
      </div>
      <p className="mt-4 text-sm text-slate-700">
        {M.claveUnicaHelp}{" "}
        <a href="https://claveunica.gob.cl/" className="font-semibold text-brand-700 underline" rel="noopener noreferrer" target="_blank">
          claveunica.gob.cl
        </a>
        .
      </p>
      <div className="mt-3">
        <TestNote sence={sence} />
      </div>
    </section>
  );
}

/** Minutes since the session opened, counted in the browser (the manual recommends a visible timer). */
function Elapsed({ since }: { since: string }) {
  const [minutes, setMinutes] = useState<number | null>(null);
  useEffect(() => {
    const update = () => setMinutes(Math.max(0, Math.floor((Date.now() - new Date(since).getTime()) / 60_000)));
    update();
    const timer = setInterval(update, 30_000);
    return () => clearInterval(timer);
  }, [since]);
  if (minutes === null) return null;
  return <span> · {connectedLabel(minutes)}</span>;
}

/** Above the lesson while a session is open: when it opened, how long, and the close. */
export function SenceBar({ courseId, sence }: { courseId: number; sence: SenceLearnerView }) {
  return (
    <div className="mt-4 max-w-3xl space-y-3">
      <div className="flex flex-col gap-3 rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="font-semibold text-emerald-950" role="status">
          {sence.startedAt ? M.openSince(formatTime(sence.startedAt)) : M.openSince("")}
          {sence.startedAt ? <Elapsed since={sence.startedAt} /> : null}
        </p>
        <SenceButton courseId={courseId} intent="cerrar" label={M.closeButton} pendingLabel={M.closePending} className={secondary} />
      </div>
      {sence.closing ? <p className="text-sm text-slate-700">{M.closing}</p> : null}
      {sence.errors.length > 0 ? (
        <div>
          <SenceErrorList title={M.closeFailedTitle} errors={sence.errors} />
          <p className="mt-2 text-sm text-slate-700">{M.closeFailedNote}</p>
        </div>
      ) : null}
      <TestNote sence={sence} />
    </div>
  );
}
