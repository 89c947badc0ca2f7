// Honest completion on the lesson page (docs/decisions.md F8). While the page is visible and the learner active
// (or the video plays), a heartbeat tells the server every few seconds — with the visit token the page was served
// with — whether the end is in view and which parts of the video were watched (the player's own `played` ranges:
// seeking adds nothing). The server measures the time itself. Next to the "Marcar como completada" button the
// panel says what is still missing; the button (also without JavaScript) closes the visit.
import { useEffect, useRef, useState } from "react";
import { Form, useActionData, useNavigation, useRevalidator } from "react-router";
import { HEARTBEAT_SECONDS } from "~/domain/study";
import type { LessonStudyView } from "~/domain/learning-view";

/** Input within this long counts as the learner being at the page (a reading is scrolled, a slide turned). */
const ACTIVE_WINDOW_MS = 90_000;

function watchedSegments(video: HTMLVideoElement | null): { segments: string; duration: string } {
  if (!video) return { segments: "", duration: "" };
  const ranges: [number, number][] = [];
  for (let i = 0; i < video.played.length && i < 60; i++) {
    ranges.push([Math.round(video.played.start(i) * 10) / 10, Math.round(video.played.end(i) * 10) / 10]);
  }
  return { segments: JSON.stringify(ranges), duration: Number.isFinite(video.duration) ? String(video.duration) : "" };
}

export function StudyPanel({
  courseId,
  lessonId,
  study,
  completed,
}: {
  courseId: number;
  lessonId: number;
  study: LessonStudyView;
  /** Already completed: the time a learner spends reviewing it is still theirs, but there is nothing to mark. */
  completed: boolean;
}) {
  const panel = useRef<HTMLFormElement>(null);
  const endSeen = useRef(false);
  const lastInput = useRef(Date.now());
  const [message, setMessage] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const actionData = useActionData() as { error?: string } | undefined;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "lesson-study";

  // A new page of the lesson (a new visit token) starts from what its loader says.
  useEffect(() => setMessage(null), [study.token]);

  useEffect(() => {
    const el = panel.current;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) endSeen.current = true;
    });
    if (el) seen.observe(el);
    const touch = () => (lastInput.current = Date.now());
    const events = ["scroll", "pointerdown", "keydown", "wheel", "touchstart"] as const;
    for (const e of events) window.addEventListener(e, touch, { passive: true, capture: true });
    let stopped = false;
    const beat = async () => {
      if (document.visibilityState !== "visible") return;
      const video = document.querySelector<HTMLVideoElement>("video[data-study]");
      const playing = video !== null && !video.paused && !video.ended;
      if (!playing && Date.now() - lastInput.current > ACTIVE_WINDOW_MS) return;
      const watched = watchedSegments(video);
      const body = new URLSearchParams({
        leccion: String(lessonId),
        visita: study.token,
        fin: endSeen.current ? "1" : "0",
        segmentos: watched.segments,
        duracion: watched.duration,
      });
      try {
        const res = await fetch(`/cursos/${courseId}/estudio`, { method: "POST", body, headers: { accept: "application/json" } });
        if (stopped || !res.ok) return;
        const answer = (await res.json()) as { completed?: boolean; justCompleted?: boolean; message?: string | null };
        setMessage(answer.message ?? null);
        if (answer.justCompleted) void revalidator.revalidate();
      } catch {
        // A lost heartbeat costs nothing: the next one is credited the time since the last one the server took.
      }
    };
    const timer = window.setInterval(() => void beat(), HEARTBEAT_SECONDS * 1000);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      seen.disconnect();
      for (const e of events) window.removeEventListener(e, touch, { capture: true });
    };
    // The revalidator changes identity on every render; the heartbeat only needs the current one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [courseId, lessonId, study.token]);

  const shown = message ?? study.message;
  if (completed) return null;
  return (
    <Form
      ref={panel}
      method="post"
      preventScrollReset
      className="flex flex-col items-center gap-3 border-t border-slate-200 p-4 text-center sm:flex-row sm:justify-between sm:text-left"
      onSubmit={(event) => {
        const watched = watchedSegments(document.querySelector<HTMLVideoElement>("video[data-study]"));
        const form = event.currentTarget;
        (form.elements.namedItem("segmentos") as HTMLInputElement).value = watched.segments;
        (form.elements.namedItem("duracion") as HTMLInputElement).value = watched.duration;
        setMessage(null);
      }}
    >
      <input type="hidden" name="intent" value="lesson-study" />
      <input type="hidden" name="leccion" value={lessonId} />
      <input type="hidden" name="visita" value={study.token} />
      <input type="hidden" name="segmentos" defaultValue="" />
      <input type="hidden" name="duracion" defaultValue="" />
      <p id="estudio-falta" role="status" aria-live="polite" className="text-sm text-slate-700">
        {actionData?.error ?? shown ?? "Cuando termines, marca la lección como completada."}
      </p>
      <button
        type="submit"
        aria-describedby="estudio-falta"
        disabled={busy}
        className="inline-flex min-h-11 shrink-0 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        Marcar como completada
      </button>
    </Form>
  );
}
