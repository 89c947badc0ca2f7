import { Icon, type IconName } from "../icons";

export interface ModuleView {
  id: number;
  title: string;
  description: string;
  inPreparation: boolean;
  /** Prepared by the server: '2 lecciones · 1 h 5 min'. */
  summary: string;
  lessons: readonly { id: number; title: string; caption: string; icon: string; pending: boolean }[];
}

/** The course programme: modules with their lessons, as stored (docs/decisions.md A5, D). */
export function ModuleList({ modules }: { modules: readonly ModuleView[] }) {
  if (modules.length === 0) {
    return <p className="pub-empty py-6">Contenido en preparación</p>;
  }
  return (
    <ol className="space-y-4">
      {modules.map((m, index) => (
        <li key={m.id} className="pub-card overflow-hidden">
          <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 bg-slate-50/70 px-4 py-4 sm:px-5">
            <div className="min-w-0">
              <p className="text-xs font-bold uppercase tracking-wider text-slate-500">Módulo {index + 1}</p>
              <h3 className="mt-0.5 font-bold text-ink">{m.title}</h3>
              {m.description ? <p className="pub-muted mt-1">{m.description}</p> : null}
            </div>
            {m.inPreparation ? (
              <span className="pub-badge flex-none bg-amber-50 text-amber-800 ring-amber-200">Contenido en preparación</span>
            ) : (
              <span className="flex-none text-sm text-slate-600">{m.summary}</span>
            )}
          </div>
          {m.lessons.length > 0 ? (
            <ul className="divide-y divide-slate-100">
              {m.lessons.map((l) => (
                <li key={l.id} className="flex items-start gap-3 px-4 py-3 text-sm sm:px-5">
                  <span className={l.pending ? "pub-icon-muted" : "pub-icon-muted bg-brand-50 text-brand-700"}>
                    <Icon name={l.icon as IconName} className="h-4 w-4" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className={l.pending ? "block text-slate-600" : "block font-medium text-slate-800"}>{l.title}</span>
                    <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
                      {l.caption}
                      {l.pending ? <span className="pub-badge bg-slate-100 px-2 py-0.5 text-slate-600 ring-slate-200">Próximamente</span> : null}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
