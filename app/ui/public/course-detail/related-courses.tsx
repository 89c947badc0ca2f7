import { Link } from "react-router";
import type { CourseCardData } from "../course-card";
import { Price } from "../price";
import { SectionHeading } from "../section-heading";
import { CourseBadges } from "../soon-badge";

/** Same category, published, at most three, each description cut at 100 characters (docs/product-spec.md §2, §9). */
export function RelatedCourses({ courses }: { courses: readonly CourseCardData[] }) {
  if (courses.length === 0) return null;
  return (
    <section aria-labelledby="relacionados-titulo" className="border-t border-slate-200 bg-slate-50 py-16">
      <div className="pub-container">
        <SectionHeading id="relacionados-titulo" eyebrow="Sigue aprendiendo" title="Cursos relacionados" />
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {courses.map((c) => (
            <li key={c.id} className="pub-card flex flex-col p-5">
              <CourseBadges category={c.category} soon={c.soon} />
              <h3 className="pub-h3 mt-3">
                <Link to={`/cursos/${c.id}`} className="hover:text-brand-700">
                  {c.title}
                </Link>
              </h3>
              <p className="pub-muted mt-2 flex-1">{c.excerpt}</p>
              <p className="mt-4">
                <Price label={c.priceLabel} toConfirm={c.priceClp === null} />
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
