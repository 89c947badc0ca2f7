// The in-browser compression trainer: the learner taps Space, Enter or the pad in rhythm for
// 30 s and sees the rate, regularity and pauses against 100–120/min. A round that holds the target is sent
// to the server (tap times only), which recomputes the summary before it records the lesson as done.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/ui/account/use-hydrated";
import {
  analyseTaps,
  liveRate,
  PASS_MAX_PAUSE_MS,
  PRACTICE_SECONDS,
  practiceMessages,
  practiceVerdict,
  rateZone,
  TARGET_MAX_RATE,
  TARGET_MIN_RATE,
  type RateZone,
  type RhythmSummary,
} from "~/domain/compression-rhythm";
import { formatOneDecimal } from "~/domain/format";

type Phase = "idle" | "running" | "finished";

const ZONE_TEXT: Record<RateZone, string> = {
  none: "Sigue comprimiendo",
  slow: "Más rápido",
  target: "En el rango",
  fast: "Más lento",
};
const ZONE_CLASS: Record<RateZone, string> = {
  none: "text-slate-700",
  slow: "text-amber-800",
  target: "text-green-800",
  fast: "text-amber-800",
};
/** The gauge runs from 60 to 160 per minute. */
const GAUGE_MIN = 60;
const GAUGE_MAX = 160;
/** The lesson page's header stays on top: what lies under it is out of sight. */
const HEADER_PX = 64;
/** Room the result takes below the figures when a round ends. */
const RESULT_PX = 180;
/** Screen readers hear the rate at most this often, so announcements do not pile up. */
const ANNOUNCE_EVERY_MS = 5_000;

function gaugePercent(rate: number) {
  return Math.min(100, Math.max(0, ((rate - GAUGE_MIN) / (GAUGE_MAX - GAUGE_MIN)) * 100));
}

export function CompressionTrainer({ lessonId, record, completed }: { lessonId: number; record: boolean; completed: boolean }) {
  const fetcher = useFetcher<{ practice?: { ok: boolean; message?: string } }>();
  const [phase, setPhase] = useState<Phase>("idle");
  const [times, setTimes] = useState<number[]>([]);
  const [now, setNow] = useState(0);
  const [result, setResult] = useState<RhythmSummary | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [beat, setBeat] = useState(false);
  const start = useRef(0);
  const tapsRef = useRef<number[]>([]);
  const lastAnnounce = useRef(0);
  const padRef = useRef<HTMLButtonElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const elapsed = phase === "running" ? now - start.current : 0;
  const remaining = Math.max(0, Math.ceil(PRACTICE_SECONDS - elapsed / 1000));

  // A clock for the countdown and the pause indicator while a round runs; it ends the round at 30 s.
  useEffect(() => {
    if (phase !== "running") return;
    const timer = window.setInterval(() => {
      const t = performance.now();
      setNow(t);
      if (t - start.current >= PRACTICE_SECONDS * 1000) finish();
    }, 100);
    return () => window.clearInterval(timer);
    // finish reads refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase]);

  function finish() {
    const taps = tapsRef.current;
    const summary = analyseTaps(taps);
    const verdict = practiceVerdict(summary);
    setPhase("finished");
    setResult(summary);
    setAnnouncement(verdict.passed ? practiceMessages.passed : practiceMessages.reasons[verdict.reason]);
    if (verdict.passed && record) {
      void fetcher.submit({ intent: "practice-completed", leccion: String(lessonId), toques: JSON.stringify(taps) }, { method: "post" });
    }
  }

  function tap() {
    const t = performance.now();
    if (phase === "finished") return;
    if (phase === "idle") {
      start.current = t;
      tapsRef.current = [0];
      lastAnnounce.current = t;
      setPhase("running");
      setResult(null);
      setAnnouncement("Comenzó la práctica: 30 segundos.");
      bringStageIntoView();
    } else {
      const rel = Math.round(t - start.current);
      const prev = tapsRef.current[tapsRef.current.length - 1] ?? 0;
      // A key bounce or a double touch is not a compression (the server refuses such rounds).
      if (rel - prev < 150) return;
      tapsRef.current = [...tapsRef.current, rel];
      if (t - lastAnnounce.current >= ANNOUNCE_EVERY_MS) {
        lastAnnounce.current = t;
        const rate = liveRate(tapsRef.current);
        setAnnouncement(`${rate} por minuto: ${ZONE_TEXT[rateZone(rate)].toLowerCase()}.`);
      }
    }
    setTimes(tapsRef.current);
    setNow(t);
    setBeat((b) => !b);
  }

  /**
   * On a phone the pad can be tapped with the rate and the result below the screen's edge: when a round starts,
   * the pad, the figures and the room for the result are brought into view at once, before the rhythm settles
   * (no smooth scrolling: the pad must not slide under a finger that keeps tapping).
   */
  function bringStageIntoView() {
    const stage = stageRef.current;
    if (!stage) return;
    const rect = stage.getBoundingClientRect();
    if (rect.top >= HEADER_PX && rect.bottom + RESULT_PX <= window.innerHeight) return;
    window.scrollBy({ top: rect.top - HEADER_PX - 8, behavior: "instant" });
  }

  // The round's result, in full view when it appears.
  useEffect(() => {
    if (phase === "finished") resultRef.current?.scrollIntoView({ block: "nearest", behavior: "instant" });
  }, [phase]);

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key !== " " && e.key !== "Enter") return;
    // Space and Enter would also "click" the button (and Space scroll the page): one key press, one tap.
    e.preventDefault();
    if (!e.repeat) tap();
  }

  function onPointerDown(e: PointerEvent<HTMLButtonElement>) {
    if (e.button !== 0) return;
    e.preventDefault();
    padRef.current?.focus();
    tap();
  }

  function reset() {
    tapsRef.current = [];
    setTimes([]);
    setResult(null);
    setPhase("idle");
    setAnnouncement("");
    padRef.current?.focus();
  }

  // Until React runs in the browser the pad has no handlers: a tap there would be lost without a word (on a slow
  // phone, the first seconds of a round). It says it is loading, and looks inactive, until it can count.
  const hydrated = useHydrated();
  const live = analyseTaps(times);
  const rate = phase === "running" ? liveRate(times) : (result?.medianRate ?? 0);
  const zone = rateZone(rate);
  const sinceLast = phase === "running" && times.length > 0 ? now - start.current - times[times.length - 1]! : 0;
  const pausing = sinceLast > PASS_MAX_PAUSE_MS;
  const verdict = result ? practiceVerdict(result) : null;
  const serverRefusal = fetcher.data?.practice && !fetcher.data.practice.ok ? fetcher.data.practice.message : null;
  const shown = result ?? live;

  return (
    <div className="p-4 sm:p-8">
      <div className="mx-auto max-w-2xl">
        <p className="text-slate-700">
          Comprime al ritmo de una RCP real durante <strong>{PRACTICE_SECONDS} segundos</strong>:{" "}
          <span className="hidden mouse:inline">pulsa la barra espaciadora (o Intro) o </span>toca el recuadro, una vez por compresión. La meta es mantener <strong>entre {TARGET_MIN_RATE} y {TARGET_MAX_RATE} por minuto</strong>, de forma
          pareja y sin pausas de más de 2 segundos. Si quieres, practica sobre un cojín firme mientras tocas.
        </p>
        <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-slate-800">
          <strong>Esta práctica entrena solo el ritmo.</strong> No mide la profundidad (5 a 6 cm) ni si dejas que el pecho vuelva por completo:
          eso se aprende con un maniquí y un instructor, en una práctica presencial.
        </p>
        {/* Not during or after a round: appearing above the pad when the round is recorded, it would push the result off the screen. */}
        {completed && phase === "idle" ? (
          <p className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-800">Ya completaste esta práctica. Puedes repetirla cuando quieras.</p>
        ) : null}

        <div ref={stageRef}>
          <button
            ref={padRef}
            type="button"
            onKeyDown={onKeyDown}
            onPointerDown={onPointerDown}
            // Stays focusable after a round (aria-disabled, not disabled) so keyboard focus is not lost.
            aria-disabled={!hydrated || phase === "finished"}
            aria-describedby="entrenador-estado"
            className={`mt-5 flex w-full touch-manipulation select-none flex-col items-center justify-center rounded-2xl border-4 text-center transition-colors focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-700 aria-disabled:cursor-default sm:h-52 ${
              // A finished round's pad only says so: on a phone the figures and the result need the room.
              phase === "finished" ? "h-20" : "h-36"
            } ${
              phase === "running" ? (beat ? "border-brand-700 bg-brand-100" : "border-brand-700 bg-brand-50") : "border-slate-300 bg-slate-50 hover:bg-slate-100"
            }`}
          >
            <span className="text-lg font-bold text-ink sm:text-xl">
              {!hydrated
                ? "Cargando la práctica…"
                : phase === "idle"
                  ? (
                      // A touch screen has no Space bar: that half shows only with a mouse (the 'mouse' variant, app.css).
                      <>
                        Comprimir: <span className="hidden mouse:inline">pulsa Espacio o </span>toca aquí para empezar
                      </>
                    )
                  : phase === "running"
                    ? "Comprimir"
                    : "Práctica terminada"}
            </span>
            {phase === "running" ? <span className="mt-2 text-sm text-slate-700">Quedan {remaining} s</span> : null}
          </button>

          <div id="entrenador-estado" className="mt-5">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <p className="text-sm text-slate-600">
                Ritmo
                <span className={`block text-4xl font-bold tabular-nums ${ZONE_CLASS[zone]}`}>
                  {rate > 0 ? rate : "—"} <span className="text-base font-semibold">por minuto</span>
                </span>
              </p>
              <p className={`text-lg font-bold ${pausing ? "text-red-800" : ZONE_CLASS[zone]}`}>{pausing ? "¡Pausa! Sigue comprimiendo" : rate > 0 ? ZONE_TEXT[zone] : ""}</p>
            </div>
            <div className="relative mt-3 h-4 rounded-full bg-slate-200" aria-hidden="true">
              <div
                className="absolute inset-y-0 rounded-full bg-green-300"
                style={{ left: `${gaugePercent(TARGET_MIN_RATE)}%`, width: `${gaugePercent(TARGET_MAX_RATE) - gaugePercent(TARGET_MIN_RATE)}%` }}
              />
              {rate > 0 ? <div className="absolute -top-1 h-6 w-1.5 -translate-x-1/2 rounded bg-ink" style={{ left: `${gaugePercent(rate)}%` }} /> : null}
            </div>
            <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden="true">
              <span>{GAUGE_MIN}</span>
              <span>
                meta {TARGET_MIN_RATE}–{TARGET_MAX_RATE}
              </span>
              <span>{GAUGE_MAX}</span>
            </div>
            <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
              <div className="min-w-0 rounded-lg bg-slate-50 p-2 sm:p-3">
                <dt className="text-xs font-medium text-slate-600 sm:uppercase sm:tracking-wide">Compresiones</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums text-ink">{shown.taps}</dd>
              </div>
              <div className="min-w-0 rounded-lg bg-slate-50 p-2 sm:p-3">
                <dt className="text-xs font-medium text-slate-600 sm:uppercase sm:tracking-wide">Regularidad</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums text-ink">{shown.taps > 2 ? `${shown.regularity} %` : "—"}</dd>
              </div>
              <div className="min-w-0 rounded-lg bg-slate-50 p-2 sm:p-3">
                <dt className="text-xs font-medium text-slate-600 sm:uppercase sm:tracking-wide">Pausas</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums text-ink">{shown.taps > 2 ? shown.pauses : "—"}</dd>
              </div>
            </dl>
          </div>

          {/* Throttled: the rate every few seconds and the result, never every tap. */}
          <p className="sr-only" aria-live="polite">
            {announcement}
          </p>

          {phase === "finished" && result && verdict ? (
            <div
              ref={resultRef}
              role="status"
              className={`mt-5 rounded-xl border px-4 py-3 ${verdict.passed ? "border-green-300 bg-green-50 text-green-900" : "border-amber-300 bg-amber-50 text-amber-900"}`}
            >
              <p className="font-bold">{verdict.passed ? practiceMessages.passed : practiceMessages.reasons[verdict.reason]}</p>
              <p className="mt-1 text-sm">
                Ritmo mediano {result.medianRate} por minuto · {result.inTargetShare} % de las compresiones en el rango · pausa más larga{" "}
                {formatOneDecimal((result.longestPauseMs / 1000))} s.
              </p>
              {serverRefusal ? <p className="mt-1 text-sm font-semibold text-red-800">{serverRefusal}</p> : null}
              {verdict.passed && record && fetcher.state !== "idle" ? <p className="mt-1 text-sm">Guardando tu avance...</p> : null}
              <button
                type="button"
                onClick={reset}
                className="mt-3 inline-flex min-h-10 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
              >
                Intentar de nuevo
              </button>
            </div>
          ) : null}
        </div>
        <noscript>
          <p className="mt-4 font-semibold text-red-800">Esta práctica necesita JavaScript activado en tu navegador.</p>
        </noscript>
      </div>
    </div>
  );
}
