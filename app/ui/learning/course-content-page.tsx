// /cursos/{courseId}/contenido (docs/product-spec.md §2 Course content): the module side panel (collapsible;
// a drawer below 768 px), the lesson viewer and the course progress.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { learningMessages } from "~/domain/learning-messages";
import type { ContentPageData } from "~/domain/learning-view";
import { lessonsDoneLabel } from "~/domain/progress";
import { ModulePanel } from "./module-panel";
import { LessonViewer } from "./lesson-viewer";
import { ProgressBar } from "./progress-bar";
import { pageTitle } from "~/ui/seo";

/** The URL param that opens the module drawer without JavaScript. */
const DRAWER_PARAM = "modulos";

/** `banner`: what the page shows under the progress (a worker's open SENCE session). */
export function CourseContentPage({ data, exam, banner }: { data: ContentPageData; exam: ReactNode; banner?: ReactNode }) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const [drawerOpen, setDrawerOpen] = useState(search.get(DRAWER_PARAM) === "abierto");
  const [panelCollapsed, setPanelCollapsed] = useState(false);
  const drawerId = useId();
  const panelId = useId();
  const openerRef = useRef<HTMLAnchorElement>(null);
  const closeRef = useRef<HTMLAnchorElement>(null);
  const articleRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  const lessonHref = (id: number) => `/cursos/${data.course.id}/contenido?leccion=${id}`;
  const withoutDrawer = new URLSearchParams(location.search);
  withoutDrawer.delete(DRAWER_PARAM);
  const withDrawer = new URLSearchParams(withoutDrawer);
  withDrawer.set(DRAWER_PARAM, "abierto");
  const showCompletion = data.enrolled;

  // A new lesson, exam step or result: bring the viewer into view (the header is sticky).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    articleRef.current?.scrollIntoView({ block: "start" });
  }, [location.search]);

  useEffect(() => {
    if (!drawerOpen) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        closeDrawer(true);
        return;
      }
      // Keep Tab inside the open drawer (it is a modal dialog).
      const dialog = dialogRef.current;
      if (e.key !== "Tab" || !dialog) return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>("a[href], button, [tabindex='0']")];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
    };
  }, [drawerOpen]);

  function closeDrawer(returnFocus: boolean) {
    setDrawerOpen(false);
    if (returnFocus) requestAnimationFrame(() => openerRef.current?.focus());
  }

  const panel = (onNavigate?: () => void) => (
    <ModulePanel
      modules={data.modules}
      currentLessonId={data.lesson?.id ?? null}
      lessonHref={lessonHref}
      onNavigate={onNavigate}
      showCompletion={showCompletion}
    />
  );
  const hasPublished = data.modules.some((m) => m.state !== "empty");

  return (
    <div className="bg-slate-50">
      <title>{pageTitle(`${data.course.title} | Contenido del curso`)}</title>
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-5 sm:px-6 lg:px-8">
          <nav aria-label="Ruta de navegación" className="text-sm text-slate-600">
            <Link to="/dashboard" className="hover:text-brand-700 hover:underline">
              Mi panel
            </Link>
            <span aria-hidden="true"> / </span>
            <Link to={`/cursos/${data.course.id}`} className="hover:text-brand-700 hover:underline">
              {data.course.title}
            </Link>
          </nav>
          <h1 className="mt-1 text-2xl font-bold text-ink sm:text-3xl">{data.course.title}</h1>
          {data.course.draft ? (
            <p className="mt-2 text-sm font-semibold text-amber-900">Borrador: este curso aún no está publicado.</p>
          ) : null}
          <div className="mt-4 max-w-xl">
            {data.enrolled ? (
              <>
                <ProgressBar percent={data.progress} modules={{ done: data.modulesDone, total: data.modulesTotal }} />
                <p className="mt-1 text-sm text-slate-700">{lessonsDoneLabel(data.lessonsDone, data.lessonsTotal)}</p>
                {data.completed ? (
                  <p className="mt-2 text-sm font-semibold text-green-800">
                    ¡Curso completado! Tu certificado está disponible en{" "}
                    <Link to="/dashboard" className="underline">
                      tu panel
                    </Link>
                    .
                  </p>
                ) : null}
              </>
            ) : (
              <p className="text-sm text-slate-700">
                <span className="mr-2 rounded-full bg-slate-800 px-2 py-0.5 text-xs font-semibold text-white">Vista de Administrador</span>
                Puedes revisar todo el contenido; tu avance no se registra.
              </p>
            )}
          </div>
          {banner}
        </div>
      </div>

      <div className="mx-auto flex max-w-7xl gap-6 px-4 py-6 sm:px-6 lg:px-8">
        {/* Side panel: a column from 768 px, collapsible. */}
        <aside
          id={panelId}
          aria-label="Módulos del curso"
          className={`hidden w-80 shrink-0 md:block ${panelCollapsed ? "md:hidden" : ""}`}
        >
          {/* Focusable so a keyboard can scroll it even when it holds no links (a course with nothing published). */}
          <div tabIndex={0} className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto rounded-xl pb-4">
            {panel()}
          </div>
        </aside>

        <div ref={articleRef} className="min-w-0 flex-1 scroll-mt-20">
          <div className="mb-4 flex flex-wrap items-center gap-2">
            <a
              ref={openerRef}
              href={`?${withDrawer.toString()}`}
              onClick={(e) => {
                e.preventDefault();
                setDrawerOpen(true);
              }}
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              aria-controls={drawerId}
              className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 md:hidden"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="h-4 w-4">
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
              Módulos del curso
            </a>
            <button
              type="button"
              onClick={() => setPanelCollapsed((c) => !c)}
              aria-expanded={!panelCollapsed}
              aria-controls={panelId}
              className="hidden min-h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 md:inline-flex"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="h-4 w-4">
                <path d={panelCollapsed ? "M9 6l6 6-6 6" : "M15 6l-6 6 6 6"} />
              </svg>
              {panelCollapsed ? "Mostrar módulos" : "Ocultar módulos"}
            </button>
          </div>

          {data.lesson ? (
            <LessonViewer
              key={data.lesson.id}
              courseId={data.course.id}
              lesson={data.lesson}
              lessonHref={lessonHref}
              showCompletion={showCompletion}
              trackVideo={data.enrolled}
              exam={exam}
            />
          ) : (
            <div className="rounded-xl border border-slate-200 bg-white p-8 text-center">
              <p className="text-lg font-semibold text-ink">{learningMessages.emptyModule}</p>
              <p className="mt-2 text-slate-700">
                {hasPublished ? learningMessages.noLessonContent : "Las lecciones de este curso estarán disponibles próximamente."}
              </p>
            </div>
          )}
        </div>
      </div>

      {/* Drawer below 768 px. */}
      {drawerOpen ? (
        <div className="fixed inset-0 z-50 md:hidden">
          <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" onClick={() => closeDrawer(true)} />
          <div
            ref={dialogRef}
            id={drawerId}
            role="dialog"
            aria-modal="true"
            aria-label="Módulos del curso"
            className="absolute inset-y-0 left-0 flex w-[88%] max-w-sm flex-col bg-slate-50 shadow-xl"
          >
            <div className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3">
              <p className="font-bold text-ink">Módulos del curso</p>
              <a
                ref={closeRef}
                href={`?${withoutDrawer.toString()}`}
                  onClick={(e) => {
                  e.preventDefault();
                  closeDrawer(true);
                }}
                className="inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100"
              >
                Cerrar
              </a>
            </div>
            <div tabIndex={0} className="flex-1 overflow-y-auto p-4">
              {panel(() => closeDrawer(false))}
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
