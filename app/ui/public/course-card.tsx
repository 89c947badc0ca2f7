import { Link } from "react-router";
import { EnrolButton, type EnrolState } from "~/ui/course/enrol-button";
import type { CoverView } from "~/domain/course-cover";
import { COURSE_IMAGE_PLACEHOLDER } from "./course-image";
import { CoverPicture } from "./cover-picture";
import { Icon } from "./icons";
import { Price } from "./price";
import { CourseBadges } from "./soon-badge";

export interface CourseCardData {
  id: number;
  title: string;
  category: string;
  level: string;
  priceClp: number | null;
  description: string;
  imageUrl: string | null;
  /** An uploaded cover; when set it wins over imageUrl. */
  cover?: CoverView | null;
  /** Formatted by the server (format.ts), so the browser needs no formatting code. */
  priceLabel: string;
  hoursLabel: string;
  excerpt: string;
  /** No lesson published yet: 'Próximamente', it cannot be bought. */
  soon: boolean;
}

/** Level and duration, with their icons; screen readers hear 'Nivel: Básico, Duración: 16 horas'. */
export function CourseFacts({ level, hours }: { level: string; hours: string }) {
  return (
    <ul className="pub-meta mt-4">
      <li>
        <Icon name="chart" />
        <span className="sr-only">Nivel:</span>
        {level}
      </li>
      <li>
        <Icon name="clock" />
        {hours.startsWith("Duración") ? null : <span className="sr-only">Duración:</span>}
        {hours}
      </li>
    </ul>
  );
}

export function CourseCard({
  course,
  enrolState,
  eager = false,
}: {
  course: CourseCardData;
  enrolState: EnrolState;
  /** The first cards of a page are above the fold: load their image at once. */
  eager?: boolean;
}) {
  return (
    <article className="pub-card flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md">
      {course.cover ? (
        <CoverPicture
          cover={course.cover}
          sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
          loading={eager ? "eager" : "lazy"}
          className="aspect-[16/9] w-full bg-slate-100 object-cover"
        />
      ) : (
        <img
          src={course.imageUrl || COURSE_IMAGE_PLACEHOLDER}
          alt=""
          width={640}
          height={360}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[16/9] w-full bg-slate-100 object-cover"
        />
      )}
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <CourseBadges category={course.category} soon={course.soon} />
        <h2 className="mt-3 text-lg font-bold leading-snug text-ink">
          <Link to={`/cursos/${course.id}`} className="hover:text-brand-700">
            {course.title}
          </Link>
        </h2>
        <p className="pub-muted mt-2 line-clamp-3">{course.description}</p>
        <CourseFacts level={course.level} hours={course.hoursLabel} />
        <div aria-hidden="true" className="min-h-5 flex-1" />
        {/* One line whatever the price and button say, so the footers of a row's cards line up. */}
        <div className="pub-row flex-nowrap">
          <p className={course.priceClp === null ? "min-w-0 text-sm leading-5" : "min-w-0 text-lg"}>
            <span className="sr-only">Precio: </span>
            <Price label={course.priceLabel} toConfirm={course.priceClp === null} />
          </p>
          <EnrolButton courseId={course.id} state={enrolState} className="pub-btn-small shrink-0 whitespace-nowrap" />
        </div>
      </div>
    </article>
  );
}
