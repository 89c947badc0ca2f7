import { Icon } from "../icons";
import { SectionHeading } from "../section-heading";

export interface TestimonialsContent {
  eyebrow: string;
  title: string;
  items: readonly { quote: string; name: string; role: string }[];
}

function initials(name: string) {
  return name
    .split(" ")
    .slice(0, 2)
    .map((w) => w[0])
    .join("");
}

/** The home page's testimonials; nothing at all when the academy has entered none (app/config/site.ts). */
export function Testimonials({ content }: { content: TestimonialsContent }) {
  if (content.items.length === 0) return null;
  return (
    <section aria-labelledby="testimonios-titulo" className="pub-section">
      <div className="pub-container">
        <SectionHeading id="testimonios-titulo" eyebrow={content.eyebrow} title={content.title} align="center" />
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {content.items.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col pub-card p-6">
                <p aria-label="Valoración: 5 de 5" role="img" className="flex gap-0.5 text-amber-500">
                  {[1, 2, 3, 4, 5].map((i) => (
                    <Icon key={i} name="star-solid" className="h-4 w-4" />
                  ))}
                </p>
                <blockquote className="mt-4 flex-1 leading-7 text-slate-700">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span aria-hidden="true" className="pub-avatar">
                    {initials(t.name)}
                  </span>
                  <span className="text-sm">
                    <span className="block font-semibold text-ink">{t.name}</span>
                    <span className="text-slate-600">{t.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
