import { useNavigate } from "react-router";
import { site } from "~/config/site";
import { escapeHtml } from "~/domain/html-escape";
import { brandLogoHtml } from "./brand-logo";
import { followInternalLink } from "./internal-links";
import { mainNav } from "./nav-links";

// The footer is the same on every page and for every visitor, so it is written once as HTML (once a year, on the
// server and in the browser alike, from the same settings) and placed into each page whole: React
// no longer builds its 41 elements for every request (#19: about a tenth of a signed-in page's render). Its links
// to pages of the site are still followed by the router, as <Link>s would be.
const text = escapeHtml;
const quickLinks = [...mainNav, { to: "/certificados", label: "Verificar certificado" }];

const footerHtml = (year: number) =>
  `<div class="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">` +
  `<div class="md:col-span-1">${brandLogoHtml(true)}` +
  `<p class="mt-4 text-sm leading-6">${text(site.tagline)}: cursos de RCP, primeros auxilios y seguridad privada para personas y empresas.</p></div>` +
  `<nav aria-label="Enlaces rápidos"><h2 class="text-sm font-bold uppercase tracking-wide text-white">Enlaces rápidos</h2>` +
  `<ul class="mt-4 space-y-2 text-sm">${quickLinks.map((l) => `<li><a class="hover:text-white" href="${text(l.to)}">${text(l.label)}</a></li>`).join("")}</ul></nav>` +
  `<div><h2 class="text-sm font-bold uppercase tracking-wide text-white">Contacto</h2><ul class="mt-4 space-y-2 text-sm">` +
  `<li>${text(site.city)}, ${text(site.country)}</li>` +
  `<li><a href="mailto:${text(site.email)}" class="hover:text-white">${text(site.email)}</a></li>` +
  `<li><a href="${text(site.phoneHref)}" class="hover:text-white">${text(site.phone)}</a></li></ul></div>` +
  `<div><h2 class="text-sm font-bold uppercase tracking-wide text-white">Síguenos</h2><ul class="mt-4 flex flex-wrap gap-3 text-sm">` +
  site.social.map((s) => `<li><a href="${text(s.href)}" rel="noopener noreferrer" class="rounded-md border border-slate-600 px-3 py-2 hover:border-white hover:text-white">${text(s.name)}</a></li>`).join("") +
  `</ul></div></div>` +
  `<div class="border-t border-slate-700"><p class="mx-auto max-w-7xl px-4 py-5 text-xs text-slate-400 sm:px-6 lg:px-8">© ${year} ${text(site.legalName)}. Todos los derechos reservados.</p></div>`;

// One object per year for every render: React sees the same markup, and leaves the footer's nodes alone.
let markup = { year: 0, value: { __html: "" } };
function footerMarkup() {
  const year = new Date().getFullYear();
  if (markup.year !== year) markup = { year, value: { __html: footerHtml(year) } };
  return markup.value;
}

export function SiteFooter() {
  const navigate = useNavigate();
  return <footer className="bg-ink text-slate-300" onClick={(event) => followInternalLink(event, navigate)} dangerouslySetInnerHTML={footerMarkup()} />;
}
