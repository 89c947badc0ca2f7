// The compression trainer's completion: the browser sends the round's tap times, and the
// server recomputes the summary from them and records the lesson only when the round held the target
// rhythm. The times are bounded (count, order, speed, length) before anything is computed.
import { senceMessages } from "~/domain/sence-messages";
import { z } from "zod";
import { analyseTaps, parseTapTimes, practiceMessages, practiceVerdict, type RhythmSummary } from "~/domain/compression-rhythm";
import { db } from "../platform/db/client.server";
import { completeLessonInTx, findLesson, resolveCourseAccess, type CompletionOutcome } from "./learning.server";
import type { SessionUser } from "../accounts/session.server";

/** A JSON list of at most MAX_TAPS numbers is well under this. */
const MAX_PAYLOAD_CHARS = 8_000;

const payloadSchema = z.string().min(2).max(MAX_PAYLOAD_CHARS);

export type PracticeResult =
  | { ok: true; summary: RhythmSummary; outcome: CompletionOutcome | null }
  | { ok: false; status: 400 | 403 | 404 | 422; message: string; summary?: RhythmSummary };

export async function recordPractice(options: {
  user: SessionUser;
  courseId: number;
  lessonId: number;
  taps: FormDataEntryValue | null;
}): Promise<PracticeResult> {
  const access = await resolveCourseAccess(options.user, options.courseId);
  if (access.kind === "not-found") return { ok: false, status: 404, message: practiceMessages.invalid };
  if (access.kind === "not-enrolled") return { ok: false, status: 403, message: practiceMessages.invalid };
  if (access.kind === "sence-locked") return { ok: false, status: 403, message: senceMessages.studyLocked };
  const target = findLesson(access.outline, options.lessonId);
  if (!target || target.status !== "published") return { ok: false, status: 404, message: practiceMessages.invalid };
  if (target.trigger !== "practice") return { ok: false, status: 400, message: practiceMessages.notPractice };

  const raw = payloadSchema.safeParse(options.taps);
  if (!raw.success) return { ok: false, status: 400, message: practiceMessages.invalid };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.data);
  } catch {
    return { ok: false, status: 400, message: practiceMessages.invalid };
  }
  const times = parseTapTimes(parsed);
  if (!times) return { ok: false, status: 400, message: practiceMessages.invalid };

  const summary = analyseTaps(times);
  const verdict = practiceVerdict(summary);
  if (!verdict.passed) return { ok: false, status: 422, message: practiceMessages.reasons[verdict.reason], summary };

  // Admins who are not enrolled may try it; nothing is recorded for them.
  if (!access.enrolment) return { ok: true, summary, outcome: null };
  const enrolmentId = access.enrolment.id;
  const outcome = await db().transaction((tx) => completeLessonInTx(tx, enrolmentId, target.id));
  return { ok: true, summary, outcome };
}
