import { Link } from "react-router";
import { Icon, type IconName } from "../icons";
import { SectionHeading } from "../section-heading";
import { plural } from "~/domain/format";

/** '2 cursos disponibles · 1 próximamente': a course that cannot be bought yet is not counted as available. */
export function catalogueCountLabel(courses: readonly { soon: boolean }[]): string {
  const soon = courses.filter((c) => c.soon).length;
  const available = courses.length - soon;
  if (soon === 0) return plural(available, "curso disponible", "cursos disponibles");
  if (available === 0) return plural(soon, "curso próximamente", "cursos próximamente");
  return `${plural(available, "curso disponible", "cursos disponibles")} · ${soon} próximamente`;
}

export function EmptyCategory({ category }: { category: string }) {
  return (
    <div className="pub-empty">
      <p className="pub-icon-muted mx-auto h-12 w-12 rounded-full bg-white">
        <Icon name="book" className="h-6 w-6" />
      </p>
      <h2 className="mt-4 text-lg font-bold text-ink">Aún no hay cursos en la categoría «{category}»</h2>
      <p className="mx-auto mt-2 max-w-md leading-7 text-slate-600">
        Estamos preparando nuevos cursos. Mientras tanto, revisa todos los cursos disponibles o escríbenos y te avisaremos.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/cursos" className="pub-btn-secondary">
          Ver todos los cursos
        </Link>
        <Link to="/contacto" className="pub-link justify-center px-5 py-3">
          Escríbenos
        </Link>
      </div>
    </div>
  );
}

interface Titled {
  eyebrow: string;
  title: string;
}

export function CustomProgrammeBanner({ content }: { content: Titled & { text: string; action: string } }) {
  return (
    <section aria-labelledby="programa-titulo" className="pub-container pb-16 sm:pb-20">
      <div className="pub-band-brand">
        <div aria-hidden="true" className="pub-blob -right-20 -top-20 h-72 w-72 bg-white/10" />
                <div className="relative flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-brand-100">
              <Icon name="building" className="h-5 w-5" /> {content.eyebrow}
            </p>
            <h2 id="programa-titulo" className="pub-h2 mt-2 text-white">
              {content.title}
            </h2>
            <p className="mt-3 leading-7 text-brand-50">{content.text}</p>
          </div>
          <Link to="/contacto" className={"pub-btn-light flex-none"}>
            {content.action}
            <Icon name="arrow-right" className="h-4 w-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}

export function Benefits({ content }: { content: Titled & { items: readonly { icon: IconName; title: string; text: string }[] } }) {
  return (
    <section aria-labelledby="beneficios-titulo" className="bg-slate-50 pub-section">
      <div className="pub-container">
        <SectionHeading id="beneficios-titulo" eyebrow={content.eyebrow} title={content.title} align="center" />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {content.items.map((b) => (
            <li key={b.title} className="flex gap-4 pub-card p-6">
              <span className="pub-icon-tile">
                <Icon name={b.icon} className="h-5 w-5" />
              </span>
              <span>
                <span className="block font-bold text-ink">{b.title}</span>
                <span className="mt-1 block pub-muted">{b.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
