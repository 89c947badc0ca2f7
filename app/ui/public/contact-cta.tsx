import { Link } from "react-router";
import { site } from "~/config/site";

export interface ContactCtaContent {
  title: string;
  text: string;
  action: string;
  phone: string;
}

/** Dark closing band inviting the visitor to write to the academy (links to /contacto). */
export function ContactCta({ content }: { content: ContactCtaContent }) {
  return (
    <section aria-labelledby="cta-titulo" className="pub-section">
      <div className="pub-container">
        <div className="pub-band-dark">
          <div aria-hidden="true" className="pub-blob -right-16 -top-16 h-64 w-64 bg-brand-700/30 blur-3xl" />
          <h2 id="cta-titulo" className="pub-h2 relative text-white">
            {content.title}
          </h2>
          <p className="relative mx-auto mt-4 max-w-2xl leading-7 text-slate-300">{content.text}</p>
          <div className="relative mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to="/contacto" className="pub-btn">
              {content.action}
            </Link>
            <a href={site.phoneHref} className="rounded-lg px-5 py-3 text-sm font-semibold text-white underline-offset-4 hover:underline sm:text-base">
              {content.phone}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
