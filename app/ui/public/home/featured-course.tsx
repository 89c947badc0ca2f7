import { Link } from "react-router";
import type { CourseCardData } from "../course-card";
import { COURSE_IMAGE_PLACEHOLDER } from "../course-image";
import { CoverPicture } from "../cover-picture";
import { Icon } from "../icons";
import { Price } from "../price";
import { SectionHeading } from "../section-heading";
import { CourseBadges } from "../soon-badge";

export interface FeaturedCourseContent {
  eyebrow: string;
  title: string;
  intro: string;
  action: string;
}

/** The home page's one featured course card (docs/product-spec.md §2 Home). */
export function FeaturedCourse({ course, content }: { course: CourseCardData | null; content: FeaturedCourseContent }) {
  if (!course) return null;
  return (
    <section aria-labelledby="destacado-titulo" className="pub-section">
      <div className="pub-container">
        <SectionHeading id="destacado-titulo" eyebrow={content.eyebrow} title={content.title} intro={content.intro} />
        <article className="pub-card mt-10 grid overflow-hidden md:grid-cols-5">
          <div className="bg-slate-100 md:col-span-2">
            {course.cover ? (
              <CoverPicture cover={course.cover} sizes="(min-width: 768px) 40vw, 100vw" loading="lazy" className="h-full w-full object-cover" />
            ) : (
              <img
                src={course.imageUrl || COURSE_IMAGE_PLACEHOLDER}
                alt=""
                width={640}
                height={360}
                loading="lazy"
                decoding="async"
                className="h-full w-full object-cover"
              />
            )}
          </div>
          <div className="flex flex-col p-6 sm:p-8 md:col-span-3">
            <CourseBadges category={course.category} soon={course.soon} />
            <h3 className="mt-3 text-2xl font-bold tracking-tight text-ink">{course.title}</h3>
            <p className="mt-3 leading-7 text-slate-600">{course.description}</p>
            <ul className="pub-meta mt-5">
              <li>
                <Icon name="chart" />
                <span className="sr-only">Nivel:</span>
                {course.level}
              </li>
              <li>
                <Icon name="clock" />
                <span className="sr-only">Duración:</span>
                {course.hoursLabel}
              </li>
            </ul>
            <div className="pub-row mt-6 pt-6">
              <p className="text-2xl">
                <span className="sr-only">Precio: </span>
                <Price label={course.priceLabel} toConfirm={course.priceClp === null} />
              </p>
              <Link to={`/cursos/${course.id}`} className="pub-btn">
                {content.action}
                <Icon name="arrow-right" className="h-4 w-4" />
              </Link>
            </div>
          </div>
        </article>
      </div>
    </section>
  );
}
