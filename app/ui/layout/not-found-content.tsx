import { Link } from "react-router";
import { pageTitle } from "~/ui/seo";

/**
 * A not-found answer (HTTP 404). By default the page for any unknown path, with links to / and /cursos
 * (docs/product-spec.md §2); the course detail page reuses it for an unknown course.
 */
export function NotFoundContent({
  title = "Página no encontrada",
  message = "La página que buscas no existe o fue movida. Revisa la dirección o sigue desde aquí:",
  back,
}: {
  title?: string;
  message?: string;
  /** A single way back instead of the two default links. */
  back?: { to: string; label: string };
}) {
  const primary = "rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800";
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:py-28">
      <title>{pageTitle(title)}</title>
      <meta name="robots" content="noindex" />
      <img src="/images/no-encontrado.svg" alt="" width={120} height={120} className="mx-auto" />
      <p className="mt-6 text-sm font-bold uppercase tracking-wider text-brand-700">Error 404</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{title}</h1>
      <p className="mt-4 text-slate-600">{message}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {back ? (
          <Link to={back.to} className={primary}>
            {back.label}
          </Link>
        ) : (
          <>
            <Link to="/" className={primary}>
              Volver al inicio
            </Link>
            <Link
              to="/cursos"
              className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:border-brand-700 hover:text-brand-700"
            >
              Ver cursos
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
