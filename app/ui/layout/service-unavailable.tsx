import { Link, useLocation } from "react-router";
import { serviceUnavailable as text } from "~/domain/service-messages";
import { pageTitle } from "~/ui/seo";

/**
 * The answer while the academy cannot reach its database (HTTP 503, from the root middleware): shown by the
 * root error boundary inside the site's layout, for a page, a form post or a client-side navigation alike.
 */
export function ServiceUnavailableContent() {
  const location = useLocation();
  const primary = "rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800";
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:py-28">
      <title>{pageTitle(text.title)}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-bold uppercase tracking-wider text-brand-700">Error 503</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{text.title}</h1>
      <p role="alert" className="mt-4 text-slate-600">
        {text.message}
      </p>
      <p className="mt-3 text-sm text-slate-600">{text.formNote}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {/* A plain link: it asks for the page again (GET), whatever request failed. */}
        <a href={location.pathname + location.search} className={primary} data-document>
          {text.retry}
        </a>
        <Link
          to="/"
          className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:border-brand-700 hover:text-brand-700"
        >
          {text.home}
        </Link>
      </div>
    </section>
  );
}
