// Enrolments: who is enrolled in what, and the enrol use case (product-spec.md §4 Enrol flow, decisions.md B2).
import { and, eq, inArray } from "drizzle-orm";
import { db, type DbOrTx } from "./db/client.server";
import { course, enrolment } from "./db/schema";
import type { SessionUser } from "./session.server";
import { getSaleModes } from "./sale-mode.server";
import { isAdmin } from "~/domain/permissions";

/**
 * What the course button offers this visitor: see product-spec.md §4 Enrol flow and decisions.md B2, D, E1.
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

export type EnrolResult = { status: "enrolled" | "already-enrolled"; enrolmentId: number } | { status: "course-not-found" };

/**
 * Enrols a learner in a published course. Idempotent, also for two requests at the same instant:
 * the unique (user, course) index lets exactly one insert through, the other reads the winner's row.
 */
export async function enrolInCourse(options: { userId: string; courseId: number }, tx: DbOrTx = db()): Promise<EnrolResult> {
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
  if (inserted) return { status: "enrolled", enrolmentId: inserted.id };
  const existing = await findEnrolment(options.userId, options.courseId, tx);
  if (!existing) throw new Error("enrolment vanished after a conflicting insert");
  return { status: "already-enrolled", enrolmentId: existing.id };
}
