// The course's modules and lessons beside the viewer: completion marks, 'Próximamente' for pending
// lessons and 'Contenido en preparación' for modules with nothing published yet.
import { useNavigate } from "react-router";
import { formatMinutes } from "~/domain/format";
import { learningMessages } from "~/domain/learning-messages";
import { lessonTypeLabel } from "~/domain/lesson-types";
import type { PanelModule } from "~/domain/learning-view";
import { followInternalLink } from "~/ui/layout/internal-links";
import { LessonIcon } from "./lesson-icons";

export function ModulePanel({
  modules,
  currentLessonId,
  lessonHref,
  onNavigate,
  showCompletion,
}: {
  modules: PanelModule[];
  currentLessonId: number | null;
  lessonHref: (lessonId: number) => string;
  onNavigate?: () => void;
  showCompletion: boolean;
}) {
  const navigate = useNavigate();
  // One lesson link per lesson, twice on a phone (panel and drawer): plain anchors the router follows from here,
  // keeping the scroll as the lessons' <Link preventScrollReset> did (internal-links.ts says why).
  return (
    <ol className="space-y-4" onClick={(event) => followInternalLink(event, navigate, { preventScrollReset: true }) && onNavigate?.()}>
      {modules.map((m, mi) => (
        <li key={m.id}>
          <section aria-labelledby={`modulo-${m.id}`} className="rounded-xl border border-slate-200 bg-white">
            <header className="flex items-start gap-2 border-b border-slate-100 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Módulo {mi + 1}</p>
                <h2 id={`modulo-${m.id}`} className="text-sm font-bold text-ink">
                  {m.title}
                </h2>
              </div>
              {showCompletion && m.state === "completed" ? (
                <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                  <LessonIcon name="check" className="h-3.5 w-3.5" />
                  Completado
                </span>
              ) : null}
            </header>
            {m.state === "empty" ? (
              <p className="px-4 pt-3 text-sm font-medium text-slate-600">{learningMessages.emptyModule}</p>
            ) : null}
            <ul className="py-1">
              {m.lessons.map((l) => {
                const current = l.id === currentLessonId;
                const meta = [lessonTypeLabel(l.type), formatMinutes(l.durationMin)].filter(Boolean).join(" · ");
                const body = (
                  <>
                    <span
                      className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full ${
                        showCompletion && l.completed ? "bg-green-600 text-white" : current ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-600"
                      }`}
                    >
                      <LessonIcon name={showCompletion && l.completed ? "check" : l.type} className="h-3.5 w-3.5" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-medium leading-snug">{l.title}</span>
                      <span className="mt-0.5 block text-xs text-slate-600">
                        {meta}
                        {showCompletion && l.completed ? <span className="sr-only"> · Completada</span> : null}
                      </span>
                    </span>
                    {showCompletion && l.isNew ? (
                      <span className="shrink-0 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">Nueva</span>
                    ) : null}
                    {l.pending ? (
                      <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {learningMessages.pendingLesson}
                      </span>
                    ) : null}
                  </>
                );
                return (
                  <li key={l.id}>
                    {l.pending ? (
                      <div className="flex items-start gap-3 px-4 py-2.5 text-slate-500" aria-disabled="true">
                        {body}
                      </div>
                    ) : (
                      <a
                        href={lessonHref(l.id)}
                        aria-current={current ? "page" : undefined}
                        className={`flex items-start gap-3 px-4 py-2.5 hover:bg-slate-50 ${
                          current ? "bg-brand-50 text-brand-800" : "text-slate-800"
                        }`}
                      >
                        {body}
                      </a>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        </li>
      ))}
    </ol>
  );
}
