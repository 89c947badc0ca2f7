// Enrolments: who is enrolled in what, and the enrol use case (docs/product-spec.md §4 Enrol flow, docs/decisions.md B2).
import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { db, type DbOrTx, type Tx } from "../platform/db/client.server";
import { preparedStatement } from "../platform/db/prepared.server";
import { course, courseModule, enrolment, lesson, lessonCompletion, user } from "../platform/db/schema";
import { env } from "../platform/env.server";
import type { Mail } from "../platform/mail/transport.server";
import { renderMail } from "../platform/mail/render-mail.server";
import { queueJob } from "../platform/outbox/outbox.server";
import type { SessionUser } from "../accounts/session.server";
import { getSaleModes } from "../catalogue/sale-mode.server";
import { senceLocked, senceParticipantIdOf, senceSessionOpenOf } from "./sence-lock.server";
import { isAdmin } from "~/domain/permissions";
import { nextLesson } from "~/domain/progress";

/**
 * What the course button offers this visitor: see docs/product-spec.md §4 Enrol flow and docs/decisions.md B2, D, E1.
 * A course that cannot be bought yet offers, instead, to be told when it opens ('soon') or to ask ('contact').
 */
export type EnrolState = "anonymous" | "user" | "enrolled" | "admin" | "soon" | "contact";

export async function getEnrolStates(user: SessionUser | null, courseIds: number[]): Promise<Map<number, EnrolState>> {
  const states = new Map<number, EnrolState>();
  if (user && isAdmin(user)) {
    for (const id of courseIds) states.set(id, "admin");
    return states;
  }
  const [modes, rows] = await Promise.all([
    getSaleModes(courseIds),
    !user || courseIds.length === 0
      ? Promise.resolve([])
      : db()
          .select({ courseId: enrolment.courseId })
          .from(enrolment)
          .where(and(eq(enrolment.userId, user.id), inArray(enrolment.courseId, courseIds))),
  ]);
  const enrolled = new Set(rows.map((r) => r.courseId));
  for (const id of courseIds) {
    const mode = modes.get(id);
    if (enrolled.has(id)) states.set(id, "enrolled");
    else if (mode === "soon" || mode === "contact") states.set(id, mode);
    else states.set(id, user ? "user" : "anonymous");
  }
  return states;
}

export type Enrolment = typeof enrolment.$inferSelect;

export async function findEnrolment(userId: string, courseId: number, tx: DbOrTx = db()): Promise<Enrolment | null> {
  const [row] = await tx
    .select()
    .from(enrolment)
    .where(and(eq(enrolment.userId, userId), eq(enrolment.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

/** For a query over enrolments: the ids of the lessons each has completed, as one array column. */
export const completedLessonIds = sql<number[]>`coalesce((select array_agg(${lessonCompletion.lessonId}) from ${lessonCompletion} where ${lessonCompletion.enrolmentId} = ${enrolment.id}), '{}')`;

/**
 * A learner's enrolment in a course with the lessons it has completed, in one prepared statement: every
 * content page, exam step and lesson event asks for the enrolment, and the content page then for its
 * completions — one round trip less, each costing the server as much CPU as a few KB of rendering.
 * The SENCE lock (sence-lock.server.ts) is read in the same statement.
 */
const enrolmentWithCompletions = preparedStatement((database) =>
  database
    .select({
      ...getTableColumns(enrolment),
      completedIds: completedLessonIds,
      senceParticipantId: senceParticipantIdOf(),
      senceOpen: senceSessionOpenOf(),
    })
    .from(enrolment)
    .where(and(eq(enrolment.userId, sql.placeholder("userId")), eq(enrolment.courseId, sql.placeholder("courseId"))))
    .limit(1)
    .prepare("enrolment_with_completions"),
);

/**
 * `findEnrolment` with the ids of the lessons it has completed, or null when the learner is not enrolled.
 * `senceLocked`: the enrolment is under a SENCE action and no SENCE session is open (docs/decisions.md F3).
 */
export async function findEnrolmentWithCompletions(
  userId: string,
  courseId: number,
): Promise<{ enrolment: Enrolment; completedIds: ReadonlySet<number>; senceLocked: boolean; underSence: boolean } | null> {
  const [found] = await enrolmentWithCompletions().execute({ userId, courseId });
  if (!found) return null;
  const { completedIds, senceParticipantId, senceOpen, ...row } = found;
  return {
    enrolment: row,
    completedIds: new Set(completedIds),
    senceLocked: senceLocked({ senceParticipantId, senceOpen }),
    underSence: senceParticipantId !== null,
  };
}

export type EnrolResult = { status: "enrolled" | "already-enrolled"; enrolmentId: number } | { status: "course-not-found" };

/**
 * Enrols a learner in a published course. Idempotent, also for two requests at the same instant:
 * the unique (user, course) index lets exactly one insert through, the other reads the winner's row.
 * The confirmation mail is queued in the same transaction as the enrolment, so it exists exactly when
 * the enrolment does (and is sent once). Only the free enrolment asks for it (`confirm: true`): a purchase's
 * receipt and a company's enrolment mail already carry the start link. Runs in the caller's transaction,
 * or in its own.
 */
export async function enrolInCourse(options: EnrolOptions, tx?: Tx): Promise<EnrolResult> {
  if (!tx) return db().transaction((own) => enrolInTx(options, own));
  return enrolInTx(options, tx);
}

interface EnrolOptions {
  userId: string;
  courseId: number;
  confirm?: boolean;
}

async function enrolInTx(options: EnrolOptions, tx: Tx): Promise<EnrolResult> {
  const [target] = await tx
    .select({ id: course.id })
    .from(course)
    .where(and(eq(course.id, options.courseId), eq(course.status, "published")))
    .limit(1);
  if (!target) return { status: "course-not-found" };
  const [inserted] = await tx
    .insert(enrolment)
    .values({ userId: options.userId, courseId: options.courseId })
    .onConflictDoNothing({ target: [enrolment.userId, enrolment.courseId] })
    .returning({ id: enrolment.id });
  if (inserted) {
    if (options.confirm) await queueJob({ kind: "enrolmentConfirmation", enrolmentId: inserted.id }, tx);
    return { status: "enrolled", enrolmentId: inserted.id };
  }
  const existing = await findEnrolment(options.userId, options.courseId, tx);
  if (!existing) throw new Error("enrolment vanished after a conflicting insert");
  return { status: "already-enrolled", enrolmentId: existing.id };
}

/**
 * The enrolment confirmation (rendered by the outbox worker): the course and the lesson its button opens,
 * the first one a new learner would study. Null when the enrolment is gone or nothing is published yet.
 */
export async function enrolmentMailFor(enrolmentId: number): Promise<Mail | null> {
  const [row] = await db()
    .select({ courseId: course.id, courseTitle: course.title, name: user.name, email: user.email })
    .from(enrolment)
    .innerJoin(course, eq(course.id, enrolment.courseId))
    .innerJoin(user, eq(user.id, enrolment.userId))
    .where(eq(enrolment.id, enrolmentId))
    .limit(1);
  if (!row) return null;
  const lessons = await db()
    .select({ id: lesson.id, title: lesson.title, status: lesson.status, type: lesson.type })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .where(eq(courseModule.courseId, row.courseId))
    .orderBy(asc(courseModule.position), asc(courseModule.id), asc(lesson.position), asc(lesson.id));
  const first = nextLesson(lessons, new Set());
  if (!first) return null;
  const mail = await renderMail(
    { kind: "enrolment", name: row.name, course: { id: row.courseId, title: row.courseTitle }, firstLesson: { id: first.id, title: first.title } },
    { baseUrl: env().PUBLIC_URL },
  );
  return { to: row.email, ...mail };
}
