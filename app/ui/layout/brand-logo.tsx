import { site } from "~/config/site";
import { escapeHtml } from "~/domain/html-escape";

// The mark and the name, also written as HTML for the footer (brandLogoHtml): both from these values.
const LOGO_CROSS = "M15 8h6v7h7v6h-7v7h-6v-7H8v-6h7z";
const colours = (inverted: boolean) => ({ tile: inverted ? "#ffffff" : "#b91c1c", cross: inverted ? "#b91c1c" : "#ffffff", name: inverted ? "text-white" : "text-ink" });
const LABEL = `${site.name}, inicio`;
const LINK_CLASS = "flex items-center gap-2";
const NAME_CLASS = "text-lg font-extrabold tracking-tight";

/** The header's logo: a plain anchor, which the header's own click handler has the router follow. */
export function BrandLogo({ inverted = false }: { inverted?: boolean }) {
  const c = colours(inverted);
  return (
    <a href="/" className={LINK_CLASS} aria-label={LABEL}>
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true">
        <rect width="36" height="36" rx="9" fill={c.tile} />
        <path d={LOGO_CROSS} fill={c.cross} />
      </svg>
      <span className={`${NAME_CLASS} ${c.name}`}>{site.name}</span>
    </a>
  );
}

/** The same logo as markup, for a part of the page written as HTML (site-footer.tsx). */
export function brandLogoHtml(inverted: boolean): string {
  const c = colours(inverted);
  return (
    `<a class="${LINK_CLASS}" aria-label="${escapeHtml(LABEL)}" href="/">` +
    `<svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true"><rect width="36" height="36" rx="9" fill="${c.tile}"></rect><path d="${LOGO_CROSS}" fill="${c.cross}"></path></svg>` +
    `<span class="${NAME_CLASS} ${c.name}">${escapeHtml(site.name)}</span></a>`
  );
}
