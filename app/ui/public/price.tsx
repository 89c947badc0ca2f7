import { Link } from "react-router";

/**
 * A course price as formatted by the server; 'Precio por confirmar' links to /contacto (docs/decisions.md §C), in
 * the text's own grey: the brand's red read as an error.
 */
export function Price({ label, toConfirm, className = "" }: { label: string; toConfirm: boolean; className?: string }) {
  return toConfirm ? (
    <Link to="/contacto" className={`font-semibold text-slate-700 underline decoration-slate-300 decoration-dotted underline-offset-4 hover:text-ink hover:decoration-slate-600 ${className}`}>
      {label}
    </Link>
  ) : (
    <span className={`font-bold text-ink ${className}`}>{label}</span>
  );
}
