import type { ReactNode } from "react";

/** The calm heading band at the top of the inner public pages. */
export function PageHero({ eyebrow, title, intro, children }: { eyebrow?: string; title: string; intro?: string; children?: ReactNode }) {
  return (
    <section className="pub-hero-band">
      <div aria-hidden="true" className="pub-blob -right-24 -top-24 h-72 w-72 bg-brand-50 blur-2xl" />
      <div className="pub-container relative py-12 sm:py-16">
        {eyebrow ? <p className="pub-eyebrow">{eyebrow}</p> : null}
        <h1 className="pub-h1 mt-2 max-w-3xl">{title}</h1>
        {intro ? <p className="mt-4 max-w-2xl pub-lead">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
