import { Link } from "react-router";

/** Category buttons as links (?categoria=), so filtering works without JavaScript and can be shared (docs/decisions.md B1). */
export function CategoryFilter({ categories, active }: { categories: readonly string[]; active: string | null }) {
  return (
    <nav aria-label="Filtrar por categoría">
      <ul className="flex flex-wrap gap-2">
        {[null, ...categories].map((c) => (
          <li key={c ?? ""}>
            <Link
              to={c ? `/cursos?categoria=${encodeURIComponent(c)}` : "/cursos"}
              preventScrollReset
              aria-current={active === c ? "page" : undefined}
              className="pub-pill"
            >
              {c ?? "Todos"}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
