import { Link } from "react-router";

/** A course price as formatted by the server; 'Precio por confirmar' links to /contacto (docs/decisions.md §C). */
export function Price({ label, toConfirm, className = "" }: { label: string; toConfirm: boolean; className?: string }) {
  return toConfirm ? (
    <Link to="/contacto" className={`font-semibold text-brand-700 underline decoration-brand-200 underline-offset-4 hover:decoration-brand-700 ${className}`}>
      {label}
    </Link>
  ) : (
    <span className={`font-bold text-ink ${className}`}>{label}</span>
  );
}
