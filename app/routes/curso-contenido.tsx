// /cursos/{courseId}/contenido — course content for enrolled learners and admins (docs/product-spec.md §2, §4, §6;
// docs/decisions.md A2, A4, B8, B11). Anonymous visitors go to the course detail. The lesson is chosen with
// ?leccion=<id>; without it the learner resumes at the next unfinished lesson. The exam's steps are
// ?leccion=<id>&intento=<attempt id>. The loader only reads; every write is an intent of the action:
// lesson-opened (a lesson with nothing to study), lesson-study (the completion form of a reading, PDF or video:
// docs/decisions.md F8; the heartbeats go to /cursos/{id}/estudio), practice-completed (the compression trainer),
// exam-start, exam-answer (autosave), exam-submit.
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/curso-contenido";
import { getUser } from "~/server/accounts/session.server";
import { getCourseContentView, recordLessonEvent, recordStudy } from "~/server/learning/learning.server";
import { parseSegments } from "~/domain/study";
import { lessonsLeftBeforeExam } from "~/domain/exam-settings";
import { getExamPanel, saveExamAnswer, startExamAttempt, submitExamAttempt } from "~/server/exams/exams.server";
import { recordPractice } from "~/server/learning/practice.server";
import { learningMessages } from "~/domain/learning-messages";
import { parseId } from "~/domain/ids";
import { EnrolButton } from "~/ui/course/enrol-button";
import { CourseContentPage } from "~/ui/learning/course-content-page";
import { ExamPanel } from "~/ui/exam/exam-panel";
import { pageTitle } from "~/ui/seo";
import { SenceBar, SenceGate } from "~/ui/sence/learner-panels";
import { senceLearnerState } from "~/server/sence/sessions.server";
import { idSchema } from "~/domain/ids";
import { lessonsMissingForCertificate } from "~/domain/learning-view";

/** An autosaved answer changes nothing on screen: no need to reload the page's data after it. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: { formData?: FormData; defaultShouldRevalidate: boolean }) {
  if (formData?.get("intent") === "exam-answer") return false;
  return defaultShouldRevalidate;
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

/** The published lessons (other than exams) this learner has not completed: an exam may ask for them first. */
const lessonsToDo = (modules: { lessons: { id: number; type: string; pending: boolean; completed: boolean }[] }[]) =>
  lessonsLeftBeforeExam(
    { requireLessons: true },
    modules.flatMap((m) => m.lessons.map((l) => ({ id: l.id, type: l.type, published: !l.pending, completed: l.completed }))),
  );

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) throw redirect(`/cursos/${encodeURIComponent(params.courseId)}`);
  const courseId = parseId(params.courseId);
  if (courseId === null) return data({ kind: "not-found" as const }, { status: 404 });
  const url = new URL(request.url);
  // Resume: name the chosen lesson in the URL before anything is shown. Everything after (its completion, a
  // reload, opening the drawer) then keeps to that lesson; a page left unnamed would move on to the next
  // unfinished one as soon as this one was completed.
  const resume = !url.searchParams.has("leccion");
  const view = await getCourseContentView({ user, courseId, lessonId: parseId(url.searchParams.get("leccion")), resume });
  if (view.kind === "not-found") return data({ kind: "not-found" as const }, { status: 404 });
  if (view.kind === "not-enrolled") return data({ kind: "not-enrolled" as const, course: view.course }, { status: 403 });
  // A worker under a SENCE action with no session open sees only how to open one (docs/decisions.md F3).
  if (view.kind === "sence-locked") {
    const sence = await senceLearnerState(view.enrolmentId);
    if (!sence) return data({ kind: "not-found" as const }, { status: 404 });
    return data({ kind: "sence-locked" as const, course: view.course, sence }, { status: 403 });
  }
  if (view.kind === "resume") {
    url.searchParams.set("leccion", String(view.lessonId));
    throw redirect(`${url.pathname}?${url.searchParams.toString()}`);
  }
  const exam =
    view.lesson?.mode === "examen" && !view.lesson.pending
      ? await getExamPanel(user.id, view.lesson.id, url.searchParams.get("intento"), view.enrolled ? lessonsToDo(view.modules) : 0)
      : null;
  // Only a worker under a SENCE action pays for this read: the page shows the open session and its close.
  const { senceEnrolmentId, ...content } = view;
  const sence = senceEnrolmentId !== null ? await senceLearnerState(senceEnrolmentId) : null;
  return { ...content, sence, exam };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) throw redirect(`/cursos/${encodeURIComponent(params.courseId)}`);
  const courseId = parseId(params.courseId);
  if (courseId === null) return data({ error: learningMessages.courseNotFound }, { status: 404 });
  const form = await readFormOrThrow(request);
  const lesson = idSchema.safeParse(form.get("leccion"));
  if (!lesson.success) return data({ error: learningMessages.invalidRequest }, { status: 400 });
  const lessonId = lesson.data;
  const here = `/cursos/${courseId}/contenido?leccion=${lessonId}`;

  switch (form.get("intent")) {
    case "lesson-opened": {
      const result = await recordLessonEvent({ user, courseId, lessonId, event: "open" });
      if (!result.ok) return data({ error: learningMessages.invalidRequest }, { status: result.status });
      return { ok: true };
    }
    case "lesson-study": {
      // The completion form: closes the visit (time since the page was served, capped) and reports the end reached
      // and, from a video's page, the segments watched. The page's loader then says what is still missing.
      const segments = parseSegments(form.get("segmentos"));
      const media = Number(form.get("duracion") ?? "");
      if (!segments) return data({ error: learningMessages.invalidRequest }, { status: 400 });
      const result = await recordStudy({
        user,
        courseId,
        lessonId,
        token: form.get("visita"),
        finish: true,
        reachedEnd: true,
        segments,
        mediaSeconds: Number.isFinite(media) && media > 0 ? media : null,
      });
      if (!result.ok) {
        return data({ error: result.reason === "stale" ? learningMessages.studyStale : learningMessages.invalidRequest }, { status: result.status });
      }
      return { study: { completed: result.completed, message: result.message } };
    }
    case "practice-completed": {
      const result = await recordPractice({ user, courseId, lessonId, taps: form.get("toques") });
      if (!result.ok) return data({ practice: { ok: false as const, message: result.message } }, { status: result.status });
      return { practice: { ok: true as const } };
    }
    case "exam-start": {
      const result = await startExamAttempt({ user, courseId, lessonId });
      if (!result.ok) return data({ exam: { message: result.message, values: {} } }, { status: result.status });
      return redirect(`${here}&intento=${result.attemptId}`);
    }
    case "exam-answer": {
      const result = await saveExamAnswer({
        user,
        courseId,
        lessonId,
        attemptId: form.get("intento"),
        questionId: form.get("pregunta"),
        option: form.get("respuesta"),
      });
      if (!result.ok) return data({ saved: false, error: result.message }, { status: result.status });
      return { saved: true };
    }
    case "exam-submit": {
      const result = await submitExamAttempt({ user, courseId, lessonId, attemptId: form.get("intento"), form });
      if (!result.ok) return data({ exam: { message: result.message, values: result.values ?? {} } }, { status: result.status });
      return redirect(`${here}&intento=${result.attemptId}`);
    }
    default:
      return data({ error: learningMessages.invalidRequest }, { status: 400 });
  }
}

function Notice({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      {children}
    </section>
  );
}

export default function CourseContent({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "not-found") {
    return (
      <Notice title={learningMessages.courseNotFound}>
        <title>{pageTitle("Curso no encontrado")}</title>
        <Link to="/cursos" className="mt-6 inline-block font-semibold text-brand-700 underline">
          Ver cursos disponibles
        </Link>
      </Notice>
    );
  }
  if (loaderData.kind === "not-enrolled") {
    return (
      <Notice title={loaderData.course.title}>
        <title>{pageTitle(`${loaderData.course.title} | Contenido del curso`)}</title>
        <p role="alert" className="mx-auto mt-4 max-w-lg rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-800">
          {learningMessages.notEnrolled}
        </p>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
          <EnrolButton
            courseId={loaderData.course.id}
            state="user"
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          />
          <Link to={`/cursos/${loaderData.course.id}`} className="font-semibold text-brand-700 underline">
            Ver Detalles
          </Link>
        </div>
      </Notice>
    );
  }
  if (loaderData.kind === "sence-locked") return <SenceGate course={loaderData.course} sence={loaderData.sence} />;
  const lesson = loaderData.lesson;
  const examError = actionData && "exam" in actionData ? actionData.exam : null;
  const exam =
    lesson && loaderData.exam ? (
      <ExamPanel
        lessonId={lesson.id}
        exam={loaderData.exam}
        introHref={`?leccion=${lesson.id}`}
        continueHref={lesson.nextId !== null ? `?leccion=${lesson.nextId}` : "/dashboard"}
        error={examError}
        missing={loaderData.enrolled && !loaderData.completed ? lessonsMissingForCertificate(loaderData.modules) : []}
      />
    ) : null;
  const banner = loaderData.sence ? <SenceBar courseId={loaderData.course.id} sence={loaderData.sence} /> : null;
  return <CourseContentPage data={loaderData} exam={exam} banner={banner} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail = isRouteErrorResponse(error) ? error.statusText || `código ${error.status}` : "inténtalo de nuevo en unos minutos.";
  return (
    <Notice title="No pudimos abrir el curso">
      <p role="alert" className="mt-4 text-slate-700">
        {learningMessages.courseLoadError}
        {detail}
      </p>
      <Link to="/dashboard" className="mt-6 inline-block font-semibold text-brand-700 underline">
        Volver a Mi Dashboard
      </Link>
    </Notice>
  );
}
