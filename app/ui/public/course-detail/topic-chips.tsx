const VISIBLE = 3;

function Chips({ items, className = "" }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {items.map((t) => (
        <li key={t} className="pub-chip">
          {t}
        </li>
      ))}
    </ul>
  );
}

/** Topic chips: the first three, then '+N más' that reveals the rest (docs/product-spec.md §9); a native disclosure, so no script is needed. */
export function TopicChips({ topics }: { topics: readonly string[] }) {
  const rest = topics.slice(VISIBLE);
  return (
    <>
      <Chips items={topics.slice(0, VISIBLE)} />
      {rest.length > 0 ? (
        <details className="pub-more mt-3">
          <summary className="pub-pill min-h-9 cursor-pointer list-none">
            <span className="pub-when-closed">+{rest.length} más</span>
            <span className="pub-when-open">Ver menos</span>
          </summary>
          <Chips items={rest} className="mt-3" />
        </details>
      ) : null}
    </>
  );
}
