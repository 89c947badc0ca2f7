/** Global loading overlay (spec §4 Session): a message over the page, 'Cargando...' by default. */
export function LoadingOverlay({ message = "Cargando..." }: { message?: string }) {
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-50 flex items-center justify-center bg-white/80 backdrop-blur-sm">
      <div className="flex items-center gap-3 rounded-xl bg-white px-6 py-4 shadow-lg ring-1 ring-slate-200">
        <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" />
        <span className="font-semibold text-slate-800">{message}</span>
      </div>
    </div>
  );
}
