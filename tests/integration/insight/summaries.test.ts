// The report summaries kept by triggers (issue #18) follow every way a row changes: an attempt started and
// then submitted (UPDATE), a course completed later (UPDATE), an account deleted (cascading DELETE).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getOverview } from "~/server/admin-insight.server";
import { getCourseResults } from "~/server/admin-course-results.server";
import { db } from "~/server/db/client.server";
import { enrolment, examAttempt, user } from "~/server/db/schema";
import { createUser } from "../support/users";
import { createCourse, enrol } from "../admin/factories";
import { addExam, lessonsOf } from "./factories";

describe("resúmenes de los informes", () => {
  it("un intento empezado no cuenta; al enviarlo cuenta; al borrar la cuenta deja de contar", async () => {
    const u = await createUser();
    const x = await createCourse({ title: "Resúmenes", modules: 1, lessonsPerModule: 1 });
    const { exam, questions } = await addExam((await lessonsOf(x.id))[0]!.moduleId, 10);
    const e = await enrol(u.id, x.id);
    const qids = questions.map((q) => q.id);
    const [open] = await db()
      .insert(examAttempt)
      .values({ userId: u.id, lessonId: exam.id, questionIds: qids, optionOrder: qids.map(() => [1, 0, 2, 3]) })
      .returning();
    let r = (await getCourseResults(x.id, "7d"))!;
    expect(r.submittedAttempts).toBe(0);
    expect(r.questions.every((q) => q.drawn === 0)).toBe(true);

    // Shown option 1 is stored option 0 (the right one) for the first 8 questions; shown 0 (stored 1) for the rest.
    await db()
      .update(examAttempt)
      .set({ attemptNumber: 1, answers: qids.map((_, i) => (i < 8 ? 1 : 0)), score: 80, passed: true, submittedAt: new Date() })
      .where(eq(examAttempt.id, open!.id));
    await db().update(enrolment).set({ progress: 100, completedAt: new Date() }).where(eq(enrolment.id, e.id));
    r = (await getCourseResults(x.id, "7d"))!;
    expect(r.submittedAttempts).toBe(1);
    expect(r.scores.find((s) => s.label === "80–89")!.count).toBe(1);
    expect(r.attemptsToPass[0]!.count).toBe(1);
    expect(r.questions.map((q) => q.correctPercent)).toEqual([0, 0, 100, 100, 100, 100, 100, 100, 100, 100]);
    expect(r.questions[0]!.wrong[0]).toMatchObject({ option: "B", count: 1 });
    let o = await getOverview({ period: "7d", courseId: x.id });
    expect(o.totals).toMatchObject({ enrolments: 1, completions: 1, attempts: 1, passed: 1 });

    // Progress changes alone leave the counts as they are.
    await db().update(enrolment).set({ progress: 99 }).where(eq(enrolment.id, e.id));
    expect((await getOverview({ period: "7d", courseId: x.id })).totals).toMatchObject({ enrolments: 1, completions: 1 });

    await db().delete(user).where(eq(user.id, u.id));
    r = (await getCourseResults(x.id, "7d"))!;
    expect(r.submittedAttempts).toBe(0);
    expect(r.attemptsToPass[0]!.count).toBe(0);
    expect(r.questions.every((q) => q.drawn === 0)).toBe(true);
    o = await getOverview({ period: "7d", courseId: x.id });
    expect(o.totals).toMatchObject({ enrolments: 0, completions: 0, attempts: 0 });
  });
});
