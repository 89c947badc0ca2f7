import { Link } from "react-router";
import { Icon, type IconName } from "../icons";
import { SectionHeading } from "../section-heading";

interface Titled {
  eyebrow: string;
  title: string;
}

export function WhoWeAre({
  content,
}: {
  content: Titled & { paragraphs: readonly string[]; stats: readonly { value: string; label: string }[] };
}) {
  return (
    <section aria-labelledby="quienes-titulo" className="pub-section">
      <div className="pub-container grid gap-12 lg:grid-cols-5 lg:gap-16">
        <div className="lg:col-span-3">
          <SectionHeading id="quienes-titulo" eyebrow={content.eyebrow} title={content.title} />
          <div className="mt-5 space-y-4 pub-lead sm:leading-8">
            {content.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </div>
        <dl className="grid content-start gap-4 sm:grid-cols-3 lg:col-span-2 lg:grid-cols-1">
          {content.stats.map((s) => (
            <div key={s.label} className="flex flex-col pub-card p-6">
              <dt className="text-sm font-medium text-slate-600 first-letter:uppercase">{s.label}</dt>
              <dd className="pub-h1 order-first text-4xl text-brand-700 lg:text-4xl">{s.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

type Statement = { title: string; text: string };

function StatementCard({ icon, content }: { icon: React.ReactNode; content: Statement }) {
  return (
    <article className="pub-card p-8">
      <p className="pub-icon-tile h-11 w-11">{icon}</p>
      <h2 className="mt-5 text-xl font-bold text-ink">{content.title}</h2>
      <p className="mt-3 leading-7 text-slate-600">{content.text}</p>
    </article>
  );
}

export function MissionVision({ mission, vision }: { mission: Statement; vision: Statement }) {
  return (
    <section aria-label="Misión y visión" className="bg-slate-50 pub-section">
      <div className="pub-container grid gap-6 md:grid-cols-2">
        <StatementCard icon={<Icon name="heart-pulse" className="h-6 w-6" />} content={mission} />
        <StatementCard icon={<Icon name="lightbulb" className="h-6 w-6" />} content={vision} />
      </div>
    </section>
  );
}

export function DirectorLetter({
  content,
}: {
  content: Titled & { paragraphs: readonly string[]; director: { name: string; title: string } };
}) {
  const { name, title } = content.director;
  return (
    <section aria-labelledby="carta-titulo" className="pub-section">
      <div className="pub-container grid items-start gap-10 lg:grid-cols-3 lg:gap-16">
        <img
          src="/images/nosotros/directora.svg"
          alt={`Retrato de ${name}, ${title}`}
          width={400}
          height={480}
          loading="lazy"
          decoding="async"
          className="mx-auto h-auto w-full max-w-xs rounded-3xl shadow-sm ring-1 ring-slate-200 lg:max-w-none"
        />
        <div className="lg:col-span-2">
          <SectionHeading id="carta-titulo" eyebrow={content.eyebrow} title={content.title} />
          <div className="mt-6 space-y-4 text-base leading-7 text-slate-700 sm:text-lg sm:leading-8">
            {content.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <img
            src="/images/nosotros/firma.svg"
            alt={`Firma de ${name}`}
            width={260}
            height={90}
            loading="lazy"
            decoding="async"
            className="mt-4 h-auto w-52"
          />
          <p className="mt-2 font-bold text-ink">{name}</p>
          <p className="text-sm text-slate-600">{title}</p>
        </div>
      </div>
    </section>
  );
}

export function Values({ content }: { content: Titled & { items: readonly { name: string; icon: IconName; text: string }[] } }) {
  return (
    <section aria-labelledby="valores-titulo" className="bg-slate-50 pub-section">
      <div className="pub-container">
        <SectionHeading id="valores-titulo" eyebrow={content.eyebrow} title={content.title} align="center" />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {content.items.map((v) => (
            <li key={v.name} className="pub-card p-6">
              <p className="pub-icon-tile h-11 w-11">
                <Icon name={v.icon} className="h-6 w-6" />
              </p>
              <h3 className="mt-4 text-lg font-bold text-ink">{v.name}</h3>
              <p className="mt-2 pub-muted">{v.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function AboutLinks({ content }: { content: Statement }) {
  return (
    <section aria-labelledby="siguiente-titulo" className="pub-section">
      <div className="pub-container">
        <div className="pub-card flex flex-col items-start justify-between gap-6 rounded-3xl p-8 sm:p-10 lg:flex-row lg:items-center">
          <div>
            <h2 id="siguiente-titulo" className="text-2xl font-bold tracking-tight text-ink">
              {content.title}
            </h2>
            <p className="mt-2 max-w-xl leading-7 text-slate-600">{content.text}</p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link to="/cursos" className="pub-btn">
              Ver cursos
            </Link>
            <Link to="/contacto" className="pub-btn-secondary">
              Contáctanos
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
