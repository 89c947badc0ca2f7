// Questions and answers as native disclosure widgets: keyboard- and screen-reader-friendly without JavaScript.
import { SectionHeading } from "./section-heading";

export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqContent {
  eyebrow: string;
  title: string;
  intro: string;
  items: readonly FaqItem[];
}

export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 pub-card">
      {items.map((item) => (
        <details key={item.question} className="px-5 py-1 sm:px-6">
          <summary className="pub-faq-summary">
            <span>{item.question}</span>
            <span aria-hidden="true" className="pub-faq-toggle">
              +
            </span>
          </summary>
          <p className="pb-5 leading-7 text-slate-600">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}

/** A FAQ band: heading on the left, questions on the right (course list and contact pages). */
export function FaqSection({ id, content, tinted = false }: { id: string; content: FaqContent; tinted?: boolean }) {
  return (
    <section aria-labelledby={id} className={`${tinted ? "bg-slate-50 " : ""}pub-section`}>
      <div className="pub-container grid gap-10 lg:grid-cols-3">
        <SectionHeading id={id} eyebrow={content.eyebrow} title={content.title} intro={content.intro} />
        <div className="lg:col-span-2">
          <FaqList items={content.items} />
        </div>
      </div>
    </section>
  );
}
