// The waiting list of a course that is not open yet (docs/decisions.md D): an e-mail per course, kept once,
// shown to the admin, so the academy can write when the course opens.
import { count, desc, eq } from "drizzle-orm";
import { db } from "../platform/db/client.server";
import { course, courseWaitlist } from "../platform/db/schema";
import { LIMITS, takeQuota } from "../platform/rate-limit.server";

/**
 * Adds an e-mail to a course's list; joining twice keeps one entry. The form is public: a client address gets a
 * few entries per window (platform/rate-limit.server.ts), so a script cannot fill the list with other people's
 * addresses.
 */
export async function joinWaitlist(input: { courseId: number; email: string; userId: string | null; ip: string | null }): Promise<"joined" | "tooMany"> {
  if (input.ip && !(await takeQuota(`waitlist:${input.ip}`, LIMITS.waitlistPerAddress))) return "tooMany";
  await db()
    .insert(courseWaitlist)
    .values({ courseId: input.courseId, email: input.email.toLowerCase(), userId: input.userId })
    .onConflictDoNothing({ target: [courseWaitlist.courseId, courseWaitlist.email] });
  return "joined";
}

/** Newest first, for the admin: who asked to be told about which course. */
export async function listWaitlist(limit = 200) {
  const [rows, totals] = await Promise.all([
    db()
      .select({ id: courseWaitlist.id, email: courseWaitlist.email, courseTitle: course.title, courseId: course.id, createdAt: courseWaitlist.createdAt })
      .from(courseWaitlist)
      .innerJoin(course, eq(course.id, courseWaitlist.courseId))
      .orderBy(desc(courseWaitlist.createdAt), desc(courseWaitlist.id))
      .limit(limit),
    db()
      .select({ courseId: courseWaitlist.courseId, title: course.title, n: count() })
      .from(courseWaitlist)
      .innerJoin(course, eq(course.id, courseWaitlist.courseId))
      .groupBy(courseWaitlist.courseId, course.title),
  ]);
  return { rows, totals };
}
