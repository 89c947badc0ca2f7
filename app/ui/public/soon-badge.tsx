/** A course that cannot be had yet (no lesson published: docs/decisions.md D), on its card and its page's title band. */
export function SoonBadge() {
  return <span className="pub-badge bg-amber-50 text-amber-900 ring-amber-200">Próximamente</span>;
}

/** The category badge, and 'Próximamente' beside it when the course is not on sale yet. */
export function CourseBadges({ category, soon }: { category: string; soon: boolean }) {
  return (
    <p className="flex flex-wrap gap-2">
      <span className="pub-badge">{category}</span>
      {soon ? <SoonBadge /> : null}
    </p>
  );
}
