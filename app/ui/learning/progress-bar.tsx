/** The course progress bar with its percentage (product-spec.md §4 Progress, decisions.md B8). */
export function ProgressBar({ percent, label = "Progreso del curso" }: { percent: number; label?: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value} % completado`}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width] duration-500" style={{ width: `${value}%` }} />
      </div>
      <span className="shrink-0 whitespace-nowrap text-right text-sm font-semibold text-slate-700">{value} % completado</span>
    </div>
  );
}
