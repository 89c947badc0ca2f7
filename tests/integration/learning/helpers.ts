// Shared steps for the learning tests: ids by title, enrolling, reading rows.
import { and, eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { courseModule, enrolment, examAttempt, lesson, lessonCompletion, question } from "~/server/platform/db/schema";
import * as content from "~/routes/curso-contenido";
import * as estudio from "~/routes/curso-estudio";
import { advanceClock } from "~/server/platform/clock.server";
import { HEARTBEAT_SECONDS } from "~/domain/study";
import { enrolInCourse } from "~/server/learning/enrolments.server";
import { answerFieldName } from "~/domain/exam-forms";
import { formRequest, getRequest } from "../support/requests";
import { call, type Loose } from "../support/call";

export async function lessonId(title: string): Promise<number> {
  const [row] = await db().select({ id: lesson.id }).from(lesson).where(eq(lesson.title, title));
  if (!row) throw new Error(`no lesson titled ${title}`);
  return row.id;
}

export async function enrol(userId: string, courseId = 1) {
  const result = await enrolInCourse({ userId, courseId });
  if (result.status === "course-not-found") throw new Error("course not found");
  return result.enrolmentId;
}

export async function enrolmentOf(userId: string, courseId = 1) {
  const [row] = await db()
    .select()
    .from(enrolment)
    .where(and(eq(enrolment.userId, userId), eq(enrolment.courseId, courseId)));
  return row;
}

export async function completedLessonIds(enrolmentId: number) {
  const rows = await db().select({ id: lessonCompletion.lessonId }).from(lessonCompletion).where(eq(lessonCompletion.enrolmentId, enrolmentId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function attemptsOf(userId: string) {
  return db().select().from(examAttempt).where(eq(examAttempt.userId, userId)).orderBy(examAttempt.id);
}

export async function courseLessonIds(courseId: number) {
  const rows = await db()
    .select({ id: lesson.id, status: lesson.status, type: lesson.type })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .where(eq(courseModule.courseId, courseId));
  return rows;
}

export function contentPath(courseId: number, query = "") {
  return `/cursos/${courseId}/contenido${query}`;
}

/** The content page's loader as a browser meets it: the resume redirect (no ?leccion → the lesson named) is followed. */
export async function openContent(cookie: string | undefined, courseId: number | string, query = "") {
  const page = `/cursos/${courseId}/contenido`;
  const first = await call<Loose>(content.loader, getRequest(`${page}${query}`, cookie), { courseId: String(courseId) });
  if (first.status !== 302 || !first.location?.startsWith(`${page}?leccion=`)) return first;
  return call<Loose>(content.loader, getRequest(first.location, cookie), { courseId: String(courseId) });
}

export function postContent(cookie: string | undefined, courseId: number, fields: Record<string, string | string[]>, query = "") {
  return call<Loose>(content.action, formRequest(`/cursos/${courseId}/contenido${query}`, fields, { cookie }), { courseId: String(courseId) });
}

export async function startAttempt(cookie: string, examLessonId: number, courseId = 1): Promise<number> {
  const res = await postContent(cookie, courseId, { intent: "exam-start", leccion: String(examLessonId) });
  if (res.status !== 302) throw new Error(`start failed: ${res.status} ${JSON.stringify(res.data)}`);
  return Number(new URL(res.location!, "http://x").searchParams.get("intento"));
}

/** The answers (shown indexes) that are all right, or all wrong, for a stored attempt. */
export async function answersFor(attemptId: number, kind: "right" | "wrong"): Promise<Record<string, string>> {
  const [attempt] = await db().select().from(examAttempt).where(eq(examAttempt.id, attemptId));
  const fields: Record<string, string> = {};
  for (const [i, qid] of attempt!.questionIds.entries()) {
    const [q] = await db().select().from(question).where(eq(question.id, qid));
    const order = attempt!.optionOrder[i]!;
    const right = order.indexOf(q!.correctIndex);
    fields[answerFieldName(qid)] = String(kind === "right" ? right : (right + 1) % order.length);
  }
  return fields;
}

export function submitAttempt(cookie: string, examLessonId: number, attemptId: number, answers: Record<string, string | string[]>, courseId = 1) {
  return postContent(cookie, courseId, { intent: "exam-submit", leccion: String(examLessonId), intento: String(attemptId), ...answers });
}

/** A heartbeat of the lesson page (POST /cursos/{id}/estudio), as its script sends it. */
export function postHeartbeat(cookie: string | undefined, courseId: number, fields: Record<string, string>) {
  return call<Loose>(estudio.action, formRequest(`/cursos/${courseId}/estudio`, fields, { cookie }), { courseId: String(courseId) });
}

/** The visit token of a lesson page as the loader serves it to this learner (null: nothing to study there). */
export async function visitTokenOf(cookie: string, lesson: number, courseId = 1): Promise<string | null> {
  const page = await openContent(cookie, courseId, `?leccion=${lesson}`);
  return (page.data?.lesson?.study?.token as string | undefined) ?? null;
}

/** A video's length the helpers report (the fixture's file is not read: the player would say how long it is). */
export const VIDEO_SECONDS = 60;

/**
 * Studies a reading, PDF or video honestly (docs/decisions.md F8): opens its page, then, with the academy's clock
 * moving as a learner's would, sends heartbeats with the end in view (a video: watched from start to end) until
 * the server has credited enough, and posts the completion form. Returns the form's answer.
 */
export async function studyLesson(cookie: string, lesson: number, courseId = 1) {
  const visita = await visitTokenOf(cookie, lesson, courseId);
  const fields = { leccion: String(lesson), visita: visita ?? "", segmentos: JSON.stringify([[0, VIDEO_SECONDS]]), duracion: String(VIDEO_SECONDS) };
  for (let beat = 0; visita && beat < 200; beat++) {
    advanceClock(HEARTBEAT_SECONDS * 1000);
    const res = await postHeartbeat(cookie, courseId, { ...fields, fin: "1" });
    if (res.status !== 200 || res.data?.completed) break;
  }
  return postContent(cookie, courseId, { intent: "lesson-study", ...fields });
}
