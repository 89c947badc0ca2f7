// POST /cursos/{courseId}/estudio — the lesson page's heartbeat (docs/decisions.md F8): while the page is visible
// and the learner active it reports every few seconds, with the visit token the page was served with, whether the
// end is in view and, for a video, the segments watched. The server credits time from its own clock and answers
// in JSON; no page is rendered (a resource route: nothing revalidates after it). A heartbeat that completes the
// lesson says so, and the page then reloads its progress.
import { data, redirect } from "react-router";
import type { Route } from "./+types/curso-estudio";
import { getUser } from "~/server/accounts/session.server";
import { recordStudy } from "~/server/learning/learning.server";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import { idSchema, parseId } from "~/domain/ids";
import { parseSegments } from "~/domain/study";
import { learningMessages } from "~/domain/learning-messages";

export async function action({ request, params }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) throw redirect(`/cursos/${encodeURIComponent(params.courseId)}`);
  const courseId = parseId(params.courseId);
  if (courseId === null) return data({ error: learningMessages.courseNotFound }, { status: 404 });
  const form = await readFormOrThrow(request);
  const lesson = idSchema.safeParse(form.get("leccion"));
  const segments = parseSegments(form.get("segmentos"));
  if (!lesson.success || !segments) return data({ error: learningMessages.invalidRequest }, { status: 400 });
  const media = Number(form.get("duracion") ?? "");
  const result = await recordStudy({
    user,
    courseId,
    lessonId: lesson.data,
    token: form.get("visita"),
    finish: false,
    reachedEnd: form.get("fin") === "1",
    segments,
    mediaSeconds: Number.isFinite(media) && media > 0 ? media : null,
  });
  if (!result.ok) {
    return data({ error: result.reason === "stale" ? learningMessages.studyStale : learningMessages.invalidRequest }, { status: result.status });
  }
  return { completed: result.completed, justCompleted: result.justCompleted, message: result.message };
}

export function loader() {
  throw data(null, { status: 405 });
}
