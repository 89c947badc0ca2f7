import { Link } from "react-router";
import { Icon, type IconName } from "../icons";

export interface HomeHeroContent {
  badge: string;
  titleStart: string;
  titleHighlight: string;
  intro: string;
  primaryAction: string;
  secondaryAction: string;
  points: readonly { icon: IconName; text: string }[];
  imageAlt: string;
  stat: { value: string; label: string };
}

export function HomeHero({ content }: { content: HomeHeroContent }) {
  return (
    <section aria-labelledby="inicio-titulo" className="relative overflow-hidden bg-gradient-to-b from-slate-50 via-white to-white">
      <div aria-hidden="true" className="pub-blob -left-32 top-10 h-80 w-80 bg-brand-50 blur-3xl" />
      <div className="pub-container relative grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:gap-16 lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-slate-700 shadow-sm ring-1 ring-slate-200">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-brand-700" />
            {content.badge}
          </p>
          <h1 id="inicio-titulo" className="pub-h1 mt-5 text-4xl sm:text-5xl lg:text-6xl">
            {content.titleStart} <span className="text-brand-700">{content.titleHighlight}</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-8 text-slate-600">{content.intro}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/cursos" className="pub-btn">
              {content.primaryAction}
            </Link>
            <Link to="/contacto" className="pub-btn-secondary">
              {content.secondaryAction}
            </Link>
          </div>
          <ul className="mt-8 grid gap-3 text-sm text-slate-700 sm:grid-cols-3">
            {content.points.map((p) => (
              <li key={p.text} className="flex items-center gap-2">
                <span className="pub-icon-muted h-8 w-8 bg-white text-brand-700 shadow-sm ring-1 ring-slate-200">
                  <Icon name={p.icon} className="h-4 w-4" />
                </span>
                {p.text}
              </li>
            ))}
          </ul>
        </div>
        <div className="relative mx-auto w-full max-w-lg lg:max-w-none">
          <img src="/images/home/hero.svg" alt={content.imageAlt} width={560} height={480} fetchPriority="high" className="h-auto w-full" />
          <div className="pub-float absolute -bottom-4 left-4 hidden sm:flex">
            <span className="flex h-9 w-9 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
              <Icon name="check" className="h-5 w-5" />
            </span>
            <p className="text-sm">
              <span className="block font-bold text-ink">{content.stat.value}</span>
              <span className="text-slate-600">{content.stat.label}</span>
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
