import { site } from "~/config/site";

// The mark and the name.
const LOGO_CROSS = "M15 8h6v7h7v6h-7v7h-6v-7H8v-6h7z";
const colours = (inverted: boolean) => ({ tile: inverted ? "#ffffff" : "#b91c1c", cross: inverted ? "#b91c1c" : "#ffffff", name: inverted ? "text-white" : "text-ink" });
const LABEL = `${site.name}, inicio`;
const LINK_CLASS = "flex items-center gap-2";
const NAME_CLASS = "text-lg font-extrabold tracking-tight";

/** The logo: a plain anchor, which the header's and the footer's click handlers have the router follow. */
export function BrandLogo({ inverted = false }: { inverted?: boolean }) {
  const c = colours(inverted);
  return (
    // eslint-disable-next-line links/internal-anchor -- only rendered in the header and the footer, which follow their links
    <a href="/" className={LINK_CLASS} aria-label={LABEL}>
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true">
        <rect width="36" height="36" rx="9" fill={c.tile} />
        <path d={LOGO_CROSS} fill={c.cross} />
      </svg>
      <span className={`${NAME_CLASS} ${c.name}`}>{site.name}</span>
    </a>
  );
}
