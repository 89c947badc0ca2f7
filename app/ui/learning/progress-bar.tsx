import { modulesProgressLabel } from "~/domain/progress";

/**
 * The course progress bar with its percentage (docs/product-spec.md §4 Progress, docs/decisions.md B8), said with
 * what it counts when known ('2 de 5 módulos · 40 %', E4).
 */
export function ProgressBar({ percent, label = "Progreso del curso", modules }: { percent: number; label?: string; modules?: { done: number; total: number } }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  const text = modules ? modulesProgressLabel(modules.done, modules.total, value) : `${value} % completado`;
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={text}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width] duration-500" style={{ width: `${value}%` }} />
      </div>
      <span className="shrink-0 whitespace-nowrap text-right text-sm font-semibold text-slate-700">{text}</span>
    </div>
  );
}
