import { Link } from "react-router";

/** 'Página N' with previous/next links; keeps the other query parameters. */
export function Pagination({ page, hasNext, search, label }: { page: number; hasNext: boolean; search: string; label: string }) {
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    if (p <= 1) params.delete("pagina");
    else params.set("pagina", String(p));
    const qs = params.toString();
    return qs ? `?${qs}` : "?";
  };
  const link = "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:border-brand-700 hover:text-brand-700";
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className={link} rel="prev">
          ← Anterior
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm font-semibold text-slate-700" aria-current="page">
        Página {page}
      </p>
      {hasNext ? (
        <Link to={href(page + 1)} className={link} rel="next">
          Siguiente →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
