import { Link } from "react-router";
import { Icon } from "../icons";

export interface AboutTeaserContent {
  eyebrow: string;
  title: string;
  text: string;
  highlights: readonly string[];
  link: string;
  imageAlt: string;
}

export function AboutTeaser({ content }: { content: AboutTeaserContent }) {
  return (
    <section aria-labelledby="quienes-somos-titulo" className="bg-slate-50 pub-section">
      <div className="pub-container grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <img
          src="/images/home/quienes-somos.svg"
          alt={content.imageAlt}
          width={560}
          height={420}
          loading="lazy"
          decoding="async"
          className="order-last h-auto w-full rounded-2xl lg:order-first"
        />
        <div>
          <p className="pub-eyebrow">{content.eyebrow}</p>
          <h2 id="quienes-somos-titulo" className="pub-h2 mt-2">
            {content.title}
          </h2>
          <p className="mt-4 pub-lead">{content.text}</p>
          <ul className="mt-6 space-y-3">
            {content.highlights.map((h) => (
              <li key={h} className="flex gap-3 text-slate-700">
                <Icon name="check-circle" className="mt-0.5 h-5 w-5 flex-none text-brand-700" />
                <span>{h}</span>
              </li>
            ))}
          </ul>
          <Link to="/nosotros" className="pub-link mt-8">
            {content.link}
            <Icon name="arrow-right" className="h-4 w-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}
