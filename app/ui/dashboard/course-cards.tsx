import { Link } from "react-router";
import { categoryBadge, primaryButton, secondaryButton } from "~/ui/admin/styles";
import { CourseImage } from "./course-image";
import type { DashboardCourseView } from "~/domain/dashboard-view";
import { lessonsDoneLabel, modulesProgressLabel } from "~/domain/progress";
import { courseContentPath } from "~/domain/course-paths";
import { formatCount, plural } from "~/domain/format";


function Ribbon({ children, tone }: { children: string; tone: "green" | "amber" | "brand" }) {
  const colours = {
    green: "bg-emerald-700 text-white",
    amber: "bg-amber-100 text-amber-900 ring-1 ring-amber-300",
    brand: "bg-brand-700 text-white",
  }[tone];
  return <span className={`absolute right-3 top-3 rounded-full px-3 py-1 text-xs font-bold shadow ${colours}`}>{children}</span>;
}

function CardShell({ course, ribbon, children }: { course: DashboardCourseView; ribbon: React.ReactNode; children: React.ReactNode }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative aspect-[16/9] overflow-hidden bg-slate-100">
        <CourseImage src={course.imageUrl} title={course.title} />
        {ribbon}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p>
          <span className={categoryBadge}>{course.category}</span>
        </p>
        <h3 className="mt-3 line-clamp-2 text-lg font-bold leading-snug text-ink">{course.title}</h3>
        <p className="mt-2 line-clamp-2 text-sm leading-6 text-slate-600">{course.description}</p>
        <p className="mt-3 text-sm text-slate-600">
          {plural(course.modules, "módulo", "módulos")} · {plural(course.lessons, "lección", "lecciones")}
        </p>
        {children}
      </div>
    </article>
  );
}

export function LearnerCourseCard({ course }: { course: DashboardCourseView }) {
  const ribbon = course.completed ? (
    <Ribbon tone="green">Completado</Ribbon>
  ) : course.progress > 0 ? (
    <Ribbon tone="amber">En progreso</Ribbon>
  ) : null;
  return (
    <CardShell course={course} ribbon={ribbon}>
      <div className="mt-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
          <span className="font-semibold text-slate-700">Progreso</span>
          <span className="font-bold text-ink">{modulesProgressLabel(course.modulesDone, course.modulesTotal, course.progress)}</span>
        </div>
        <div
          role="progressbar"
          aria-label={`Progreso en ${course.title}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={course.progress}
          aria-valuetext={`${modulesProgressLabel(course.modulesDone, course.modulesTotal, course.progress)}; ${lessonsDoneLabel(course.lessonsDone, course.lessonsTotal)}`}
          className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-200"
        >
          <div className={`h-full rounded-full ${course.completed ? "bg-emerald-600" : "bg-brand-700"}`} style={{ width: `${course.progress}%` }} />
        </div>
        <p className="mt-1 text-sm text-slate-600">{lessonsDoneLabel(course.lessonsDone, course.lessonsTotal)}</p>
        {course.studyTime !== undefined ? <p className="text-sm text-slate-600">Tiempo de estudio: {course.studyTime}</p> : null}
        {course.due ? (
          <p className={`mt-3 rounded-lg px-3 py-2 text-sm ${course.due.late ? "bg-red-50 font-semibold text-red-900" : "bg-amber-50 text-amber-900"}`}>{course.due.text}.</p>
        ) : null}
      </div>
      {/* One primary action, and it studies (docs/decisions.md E5): the next lesson while there is one; the
          course's content otherwise. 'Acceder ahora' opens the content too, never the sales page. */}
      <div className="mt-auto flex flex-col gap-2 pt-5">
        {course.next ? (
          <Link
            to={`/cursos/${course.courseId}/contenido?leccion=${course.next.id}`}
            className={`${primaryButton} min-w-0`}
            // The visible text first (WCAG 2.5.3), then which course: several cards each have one.
            aria-label={`Continuar: ${course.next.title} (${course.title})`}
          >
            <span className="truncate">Continuar: {course.next.title}</span>
          </Link>
        ) : null}
        <Link
          to={courseContentPath(course.courseId)}
          className={course.next ? secondaryButton : primaryButton}
          aria-label={`Acceder ahora a ${course.title}`}
        >
          Acceder ahora
        </Link>
        {course.certificate ? (
          <a href={course.certificate.pdfPath} className={secondaryButton} data-document aria-label={`Descargar certificado de ${course.title}`}>
            Descargar certificado
          </a>
        ) : null}
        {course.certificate?.renewPath ? (
          <Link to={course.certificate.renewPath} className={secondaryButton} aria-label={`Renovar certificado de ${course.title}`}>
            Renovar certificado
          </Link>
        ) : null}
      </div>
      <CertificateHistory course={course} />
    </CardShell>
  );
}

/** The live certificate's state today and the certificates of earlier, renewed cycles: each still verifiable. */
function CertificateHistory({ course }: { course: DashboardCourseView }) {
  const live = course.certificate;
  const earlier = course.earlierCertificates ?? [];
  if (!live?.stateLabel && earlier.length === 0) return null;
  return (
    <div className="mt-4 border-t border-slate-200 pt-3 text-sm">
      {live?.stateLabel && live.verifyPath ? (
        <p className={live.expiring ? "font-semibold text-amber-900" : "text-slate-700"}>
          Certificado{" "}
          <Link to={live.verifyPath} className="font-mono underline underline-offset-2">
            {live.code}
          </Link>
          : {live.stateLabel}
        </p>
      ) : null}
      {earlier.length > 0 ? (
        <>
          <h4 className="mt-2 font-semibold text-slate-700">Certificados anteriores</h4>
          <ul className="mt-1 space-y-1 text-slate-700">
            {earlier.map((c) => (
              <li key={c.code} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Link to={c.verifyPath} className="font-mono underline underline-offset-2" aria-label={`Ver certificado ${c.code}, renovado`}>
                  {c.code}
                </Link>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-bold text-slate-800 ring-1 ring-inset ring-slate-300">Renovado</span>
                <span className="text-xs text-slate-600">
                  Emitido el {c.issuedOn} · {c.stateLabel}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

export function AdminCourseCard({ course }: { course: DashboardCourseView }) {
  const published = course.status === "published";
  return (
    <CardShell course={course} ribbon={<Ribbon tone="brand">Gestionar</Ribbon>}>
      <p className="mt-2">
        <span
          className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
            published ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-slate-100 text-slate-700 ring-slate-300"
          }`}
        >
          {published ? "Publicado" : "Borrador"}
        </span>
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-slate-600">Estudiantes</dt>
          <dd className="text-lg font-bold text-ink">{formatCount(course.students)}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-slate-600">Certificados</dt>
          <dd className="text-lg font-bold text-ink">{formatCount(course.certificates)}</dd>
        </div>
      </dl>
      <div className="mt-auto grid grid-cols-2 gap-2 pt-5">
        <Link to={`/admin/cursos/${course.courseId}`} className={secondaryButton} aria-label={`Editar ${course.title}`}>
          Editar
        </Link>
        <Link to={courseContentPath(course.courseId)} className={primaryButton} aria-label={`Acceder a ${course.title}`}>
          Acceder
        </Link>
      </div>
    </CardShell>
  );
}
