// The lesson viewer (docs/decisions.md A4): modes pdf, video, lectura, download and examen, a full-screen
// button, and links to the previous and next lesson.
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { formatFileSize, formatMinutes } from "~/domain/format";
import { learningMessages } from "~/domain/learning-messages";
import { lessonTypeLabel } from "~/domain/lesson-types";
import type { ViewerLesson } from "~/domain/learning-view";
import { LessonIcon } from "./lesson-icons";
import { FullscreenButton } from "./fullscreen-button";
import { PdfViewer } from "./pdf-viewer";
import { VideoPlayer } from "./video-player";
import { CompressionTrainer } from "./compression-trainer";
import { StudyPanel } from "./study-panel";
import "./lesson-reading.css";

/**
 * A published lesson with nothing to study yet completes on opening (docs/decisions.md B8, F8). The page tells
 * the server once it is shown (the loader never writes); without JavaScript the learner marks it with a button.
 */
function OpenRecorder({ lessonId }: { lessonId: number }) {
  const fetcher = useFetcher();
  const sent = useRef(false);
  const location = useLocation();
  // Only once the URL names the lesson: on /contenido alone the page would, after the revalidation this
  // causes, resume at the *next* lesson and complete it too (CourseContentPage puts ?leccion in first).
  const named = new URLSearchParams(location.search).get("leccion") === String(lessonId);
  useEffect(() => {
    if (sent.current || !named) return;
    sent.current = true;
    void fetcher.submit({ intent: "lesson-opened", leccion: String(lessonId) }, { method: "post" });
  }, [fetcher, lessonId, named]);
  // In <noscript>, so with JavaScript the button never takes space: when hydration removed it, the lesson
  // links below moved up under the pointer and a tap on "Siguiente lección" landed on the lesson instead.
  return (
    <noscript>
      <Form method="post" className="border-t border-slate-200 p-4 text-center">
        <input type="hidden" name="intent" value="lesson-opened" />
        <input type="hidden" name="leccion" value={lessonId} />
        <button type="submit" className={smallButton}>
          Marcar como leída
        </button>
      </Form>
    </noscript>
  );
}

// The shape a PDF's page most likely has, so its space is kept before pdf.js has read it (the course
// material: slides at 16:9, documents on A4); a different file moves the layout once, when it is drawn.
const SLIDE_ASPECT = "16 / 9";
const PAGE_ASPECT = "210 / 297";

const smallButton =
  "inline-flex min-h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50";

export function LessonViewer({
  courseId,
  lesson,
  lessonHref,
  showCompletion,
  trackVideo,
  exam,
}: {
  courseId: number;
  lesson: ViewerLesson;
  lessonHref: (id: number) => string;
  showCompletion: boolean;
  trackVideo: boolean;
  exam: ReactNode;
}) {
  const viewerRef = useRef<HTMLElement>(null);
  const meta = [lessonTypeLabel(lesson.type), formatMinutes(lesson.durationMin)].filter(Boolean).join(" · ");

  let body: ReactNode;
  if (lesson.pending) {
    body = (
      <div className="p-8 text-center">
        <p className="inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">{learningMessages.pendingLesson}</p>
        <p className="mt-3 text-slate-700">{learningMessages.pendingLessonDetail}</p>
      </div>
    );
  } else if (lesson.mode === "pdf" && lesson.fileUrl) {
    body = (
      <PdfViewer
        url={lesson.fileUrl}
        title={lesson.title}
        downloadUrl={lesson.downloadUrl}
        expectedAspect={lesson.type === "presentacion" ? SLIDE_ASPECT : PAGE_ASPECT}
      />
    );
  } else if (lesson.mode === "video" && lesson.fileUrl) {
    body = (
      <VideoPlayer src={lesson.fileUrl} captionsUrl={lesson.captionsUrl} title={lesson.title} track={lesson.study !== null} />
    );
  } else if (lesson.mode === "lectura" && lesson.html !== null) {
    body = (
      <div
        className="lesson-prose"
        dangerouslySetInnerHTML={{ __html: lesson.html }}
      />
    );
  } else if (lesson.mode === "download" && lesson.downloadUrl) {
    body = (
      <div className="p-8 text-center">
        <p className="text-slate-700">Este material se descarga para verlo en tu dispositivo.</p>
        <p className="mt-1 text-sm text-slate-600">
          {lesson.filename} {lesson.size ? `(${formatFileSize(lesson.size)})` : null}
        </p>
        <a href={lesson.downloadUrl} data-document className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          Descargar archivo
        </a>
      </div>
    );
  } else if (lesson.mode === "practica") {
    // trackVideo means "record this learner's progress" (enrolled): the trainer reports like the video does.
    body = <CompressionTrainer lessonId={lesson.id} record={trackVideo && !lesson.completed} completed={lesson.completed} />;
  } else if (lesson.mode === "examen") {
    body = <div className="p-3 sm:p-6">{exam}</div>;
  } else {
    body = <p className="p-8 text-center text-slate-700">{learningMessages.noLessonContent}</p>;
  }

  return (
    <article aria-labelledby="leccion-titulo" className="min-w-0">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-slate-600">{lesson.moduleTitle}</p>
          <h2 id="leccion-titulo" className="text-xl font-bold text-ink sm:text-2xl">
            {lesson.title}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <LessonIcon name={lesson.type} />
            {meta}
            {showCompletion && lesson.completed ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                <LessonIcon name="check" className="h-3.5 w-3.5" /> Completada
              </span>
            ) : null}
            {showCompletion && lesson.isNew ? (
              <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">Nueva</span>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {lesson.downloadUrl && lesson.mode !== "download" ? (
            <a href={lesson.downloadUrl} data-document className={smallButton}>
              Descargar
            </a>
          ) : null}
          <FullscreenButton target={viewerRef} className={smallButton} />
        </div>
      </header>

      {/* overflow: clip rounds the corners without making the section a scroll container, so the exam's
          progress bar stays sticky to the window; in full screen the section scrolls itself. */}
      <section
        ref={viewerRef}
        aria-label="Visor de la lección"
        className="mt-4 overflow-clip rounded-xl border border-slate-200 bg-white shadow-sm [&:fullscreen]:overflow-auto [&:fullscreen]:rounded-none [&:fullscreen]:border-0"
      >
        {body}
        {lesson.completesOnOpen && !lesson.pending ? <OpenRecorder lessonId={lesson.id} /> : null}
        {lesson.study ? (
          // Keyed by the visit: a new page of the lesson starts a new heartbeat with its own token.
          <StudyPanel key={lesson.study.token} courseId={courseId} lessonId={lesson.id} study={lesson.study} completed={lesson.completed} />
        ) : null}
      </section>

      <nav aria-label="Lecciones" className="mt-4 flex flex-wrap justify-between gap-3">
        {lesson.previousId !== null ? (
          <Link to={lessonHref(lesson.previousId)} preventScrollReset className={smallButton}>
            ← Lección anterior
          </Link>
        ) : (
          <span />
        )}
        {lesson.nextId !== null ? (
          <Link to={lessonHref(lesson.nextId)} preventScrollReset className={smallButton}>
            Siguiente lección →
          </Link>
        ) : null}
      </nav>
    </article>
  );
}
