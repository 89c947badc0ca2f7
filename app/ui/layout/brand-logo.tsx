import { Link } from "react-router";
import { site } from "~/config/site";

export function BrandLogo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2" aria-label={`${site.name}, inicio`}>
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true">
        <rect width="36" height="36" rx="9" fill={inverted ? "#ffffff" : "#b91c1c"} />
        <path d="M15 8h6v7h7v6h-7v7h-6v-7H8v-6h7z" fill={inverted ? "#b91c1c" : "#ffffff"} />
      </svg>
      <span className={`text-lg font-extrabold tracking-tight ${inverted ? "text-white" : "text-ink"}`}>{site.name}</span>
    </Link>
  );
}
