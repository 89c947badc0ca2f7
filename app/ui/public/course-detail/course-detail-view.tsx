import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon, type IconName } from "../icons";
import { ModuleList, type ModuleView } from "./module-list";
import { TopicChips } from "./topic-chips";
import { COURSE_IMAGE_PLACEHOLDER } from "../course-image";
import { CoverPicture } from "../cover-picture";
import type { CoverView } from "~/domain/course-cover";
import { CourseBadges } from "../soon-badge";
import { certificationFacts } from "~/domain/certificate-scope";
import { scheduleFacts } from "~/domain/course-schedule";

export interface CourseDetailData {
  id: number;
  title: string;
  category: string;
  level: string;
  hours: number;
  hoursLabel: string;
  priceClp: number | null;
  priceLabel: string;
  modality: string;
  description: string;
  longDescription: string;
  audience: string;
  topics: string[];
  materials: string;
  certification: string;
  imageUrl: string | null;
  cover?: CoverView | null;
  /** Null while the course is not on sale: then no date is shown at all. */
  nextDateLabel: string | null;
  /** No lesson published yet: 'Próximamente', it cannot be bought (docs/decisions.md D). */
  soon: boolean;
  location: string;
  requirements: string[];
  instructorName: string;
  instructorTitle: string;
}

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-xl font-bold tracking-tight text-ink sm:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A fact of the enrolment box: icon, label and value. */
function Fact({ icon, label, value, extra }: { icon: IconName; label: string; value: string; extra?: ReactNode }) {
  return (
    <div className="relative min-h-9 pl-12">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
        <span className="pub-icon-muted absolute left-0 top-0">
          <Icon name={icon} className="h-4 w-4" />
        </span>
        {label}
      </dt>
      <dd className="text-sm font-semibold text-slate-800">{value}</dd>
      {extra ? <dd className="mt-1 text-sm">{extra}</dd> : null}
    </div>
  );
}

/**
 * Title band: breadcrumb, category (and 'Próximamente'), title, summary and key numbers; on a wide screen the
 * course's image beside them, over the enrolment box's column. Server-rendered (static-html).
 */
export function CourseHero({ course, countsLabel }: { course: CourseDetailData; countsLabel: string }) {
  return (
    <section className="pub-hero-band">
      <div className="pub-container py-8 sm:py-12">
        <nav aria-label="Ruta de navegación" className="text-sm">
          <ol className="flex flex-wrap items-center gap-1 text-slate-600">
            <li>
              <Link to="/cursos" className="inline-flex items-center gap-1 font-medium hover:text-brand-700">
                <Icon name="arrow-left" className="h-4 w-4" />
                Cursos
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="truncate text-slate-700">
              {course.title}
            </li>
          </ol>
        </nav>
        <div className="lg:grid lg:grid-cols-3 lg:items-center lg:gap-12">
          <div className="lg:col-span-2">
            <div className="mt-6">
              <CourseBadges category={course.category} soon={course.soon} />
            </div>
            <h1 className="pub-h1 mt-3 max-w-3xl">{course.title}</h1>
            <p className="pub-lead mt-4 max-w-3xl">{course.description}</p>
            <ul className="pub-meta mt-6 text-slate-700">
              <li>
                <Icon name="chart" />
                Nivel: <strong>{course.level}</strong>
              </li>
              <li>
                <Icon name="clock" />
                Duración: <strong>{course.hoursLabel}</strong>
              </li>
              <li>
                <Icon name="book" />
                {countsLabel}
              </li>
            </ul>
          </div>
          {course.cover ? (
            <CoverPicture
              cover={course.cover}
              sizes="(min-width: 1024px) 40vw, 100vw"
              fetchPriority="high"
              className="mt-6 hidden aspect-[16/9] w-full rounded-2xl bg-slate-100 object-cover shadow-md ring-1 ring-slate-200 lg:block"
            />
          ) : (
            <img
              src={course.imageUrl || COURSE_IMAGE_PLACEHOLDER}
              alt=""
              width={640}
              height={360}
              fetchPriority="high"
              className="mt-6 hidden aspect-[16/9] w-full rounded-2xl bg-slate-100 object-cover shadow-md ring-1 ring-slate-200 lg:block"
            />
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * Next date (or, for a self-paced online course, that it starts whenever the learner wants), place, modality,
 * duration and level. Server-rendered (static-html). A course with in-person skills sessions shows its next open
 * session's date and place, and links to all of them (`datesPath`).
 */
export function CourseFacts({
  course,
  session,
  datesPath,
}: {
  course: CourseDetailData;
  session?: { dateLabel: string; place: string } | null;
  datesPath?: string;
}) {
  const { start, place } = scheduleFacts({ ...course, session });
  return (
    <dl className="mt-6 space-y-4 border-t border-slate-100 pt-6">
      {start ? <Fact icon="calendar" label={start.label} value={start.value} /> : null}
      <Fact
        icon="pin"
        label={place.label}
        value={place.value}
        extra={
          // Inside the place's group: a <dl> holds only <dt>/<dd> groups (axe's definition-list rule).
          datesPath ? (
            <Link to={datesPath} className="font-semibold text-brand-700 underline underline-offset-4">
              Ver todas las fechas
            </Link>
          ) : undefined
        }
      />
      {course.modality ? <Fact icon="laptop" label="Modalidad" value={course.modality} /> : null}
      <Fact icon="clock" label="Duración" value={course.hoursLabel} />
      <Fact icon="chart" label="Nivel" value={course.level} />
    </dl>
  );
}

/** What the certificate does and does not certify, said plainly (docs/decisions.md D1). */
function CertificationFacts({ hoursLabel }: { hoursLabel: string }) {
  const facts = certificationFacts(hoursLabel);
  return (
    <div className="mt-5 grid gap-5 sm:grid-cols-2">
      <div>
        <h3 className="font-semibold text-ink">Qué certifica</h3>
        <ul className="pub-checklist mt-2 space-y-2 text-sm leading-6">
          {facts.certifies.map((f) => (
            <li key={f}>
              <Icon name="check-circle" />
              {f}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="font-semibold text-ink">Qué no certifica</h3>
        <ul className="pub-checklist mt-2 space-y-2 text-sm leading-6">
          {facts.doesNot.map((f) => (
            <li key={f}>
              <Icon name="alert" />
              {f}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Description, audience, topics, programme, requirements, materials, certification, instructor. Server-rendered. */
export function CourseBody({
  course,
  modules,
  countsLabel,
}: {
  course: CourseDetailData;
  modules: readonly ModuleView[];
  countsLabel: string;
}) {
  const text = "leading-7 text-slate-700";
  return (
    <div className="space-y-12">
      {course.longDescription ? (
        <Block id="descripcion" title="Descripción del curso">
          <div className={`space-y-4 ${text}`}>
            {course.longDescription.split(/\n\s*\n/).map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </Block>
      ) : null}
      {course.audience ? (
        <Block id="dirigido" title="¿A quién está dirigido?">
          <p className={text}>{course.audience}</p>
        </Block>
      ) : null}
      {course.topics.length > 0 ? (
        <Block id="temas" title="Temas que aprenderás">
          <TopicChips topics={course.topics} />
        </Block>
      ) : null}
      <Block id="contenido" title="Contenido del curso">
        <p className="-mt-1 mb-4 text-sm text-slate-600">
          {countsLabel} · {course.hours > 0 ? `${course.hoursLabel} de dedicación estimada` : "duración por confirmar"}
        </p>
        <ModuleList modules={modules} />
      </Block>
      {course.requirements.length > 0 ? (
        <Block id="requisitos" title="Requisitos">
          <ul className="pub-checklist space-y-2">
            {course.requirements.map((r) => (
              <li key={r}>
                <Icon name="check-circle" />
                {r}
              </li>
            ))}
          </ul>
        </Block>
      ) : null}
      {course.materials ? (
        <Block id="materiales" title="Materiales">
          <p className={text}>{course.materials}</p>
        </Block>
      ) : null}
      <Block id="certificacion" title="Certificación">
        {course.certification ? (
          <div className="flex gap-4 rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200">
            <span className="pub-icon-tile bg-white">
              <Icon name="award" />
            </span>
            <p className={text}>{course.certification}</p>
          </div>
        ) : null}
        <CertificationFacts hoursLabel={course.hoursLabel} />
      </Block>
      {course.instructorName ? (
        <Block id="instructor" title="Instructor">
          <p className="flex items-center gap-4">
            <span className="pub-icon-muted h-14 w-14 rounded-full">
              <Icon name="user" className="h-7 w-7" />
            </span>
            <span>
              <span className="block font-bold text-ink">{course.instructorName}</span>
              <span className="text-sm text-slate-600">{course.instructorTitle}</span>
            </span>
          </p>
        </Block>
      ) : null}
    </div>
  );
}
