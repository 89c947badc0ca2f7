import { useNavigate } from "react-router";
import { site } from "~/config/site";
import { BrandLogo } from "./brand-logo";
import { followInternalLink } from "./internal-links";
import { mainNav } from "./nav-links";

const quickLinks = [...mainNav, { to: "/certificados", label: "Verificar certificado" }, { to: "/privacidad", label: "Política de privacidad" }];

/** The site's footer. Its links to pages are plain anchors the router follows from the <footer> (internal-links.ts). */
export function SiteFooter({ admin = false }: { admin?: boolean }) {
  const navigate = useNavigate();
  // The back office is a working tool: the visitors' links (catalogue, social networks) are in the way there;
  // the privacy notice stays reachable from every page.
  if (admin) {
    return (
      <footer className="border-t border-slate-200 bg-white" onClick={(event) => followInternalLink(event, navigate)}>
        <p className="mx-auto flex max-w-7xl flex-wrap justify-between gap-2 px-4 py-4 text-xs text-slate-600 sm:px-6 lg:px-8">
          <span>
            © {new Date().getFullYear()} {site.legalName}
          </span>
          <a className="hover:text-ink hover:underline" href="/privacidad">
            Política de privacidad
          </a>
        </p>
      </footer>
    );
  }
  return (
    <footer className="bg-ink text-slate-300" onClick={(event) => followInternalLink(event, navigate)}>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="md:col-span-1">
          <BrandLogo inverted />
          <p className="mt-4 text-sm leading-6">{site.tagline}: cursos de RCP, primeros auxilios y seguridad privada para personas y empresas.</p>
        </div>
        <nav aria-label="Enlaces rápidos">
          <h2 className="text-sm font-bold uppercase tracking-wide text-white">Enlaces rápidos</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {quickLinks.map((l) => (
              <li key={l.to}>
                <a className="hover:text-white" href={l.to}>
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wide text-white">Contacto</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              {site.city}, {site.country}
            </li>
            <li>
              <a href={`mailto:${site.email}`} className="hover:text-white">
                {site.email}
              </a>
            </li>
            <li>
              <a href={site.phoneHref} className="hover:text-white">
                {site.phone}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wide text-white">Síguenos</h2>
          <ul className="mt-4 flex flex-wrap gap-3 text-sm">
            {site.social.map((s) => (
              <li key={s.href}>
                <a href={s.href} rel="noopener noreferrer" className="rounded-md border border-slate-600 px-3 py-2 hover:border-white hover:text-white">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-700">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {site.legalName}. Todos los derechos reservados.
        </p>
      </div>
    </footer>
  );
}
