// The exam lesson (docs/product-spec.md §4 Exam view): intro → exam → results, each a URL of its own
// (?leccion=<id> for the intro, &intento=<attempt id> for the exam or its result), so it works without JavaScript.
import { ExamForm, type ExamQuestion } from "./exam-form";
import { ExamIntro, type ExamIntroData } from "./exam-intro";
import { ExamResults, type ExamResultData } from "./exam-results";
import type { MissingLesson } from "~/domain/learning-view";

export type ExamAttemptData =
  | { status: "open"; attemptId: number; questions: ExamQuestion[]; saved: Record<string, string>; deadline: string | null; timeUp: boolean }
  | ({ status: "submitted"; attemptId: number } & ExamResultData);

/** The intro, with a notice (e.g. the attempt in the URL is not the learner's); or an attempt, without it. */
export type ExamPanelData =
  | { intro: ExamIntroData; attempt: null; notice: string | null }
  | { intro: null; attempt: ExamAttemptData; notice: null };

export function ExamPanel({
  lessonId,
  exam,
  introHref,
  continueHref,
  error,
  missing = [],
}: {
  lessonId: number;
  exam: ExamPanelData;
  introHref: string;
  continueHref: string;
  error: { message: string; values: Record<string, string> } | null;
  /** Lessons still to do for the certificate (empty for an admin, or once the course is completed). */
  missing?: readonly MissingLesson[];
}) {
  if (exam.attempt === null) return <ExamIntro lessonId={lessonId} intro={exam.intro} notice={error?.message ?? exam.notice} missing={missing} />;
  const attempt = exam.attempt;
  if (attempt.status === "open") {
    return (
      <ExamForm
        key={attempt.attemptId}
        lessonId={lessonId}
        attemptId={attempt.attemptId}
        questions={attempt.questions}
        introHref={introHref}
        error={error?.message ?? null}
        values={error?.values ?? attempt.saved}
        deadline={attempt.deadline}
        timeUp={attempt.timeUp}
      />
    );
  }
  return <ExamResults lessonId={lessonId} result={attempt} introHref={introHref} continueHref={continueHref} error={error?.message ?? null} missing={missing} />;
}
