// The report summaries kept by triggers follow every way a row changes: an attempt started and
// then submitted (UPDATE), a course completed later (UPDATE), an account deleted (cascading DELETE).
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getOverview } from "~/server/reports/insight.server";
import { getCourseResults } from "~/server/reports/course-results.server";
import { db } from "~/server/platform/db/client.server";
import { enrolment, examAttempt, lesson, user } from "~/server/platform/db/schema";
import { completeLessonInTx, refreshStoredProgress } from "~/server/learning/learning.server";
import { createUser } from "../support/users";
import { createCourse, enrol } from "../admin/factories";
import { addExam, DAY_MS, lessonsOf } from "./factories";

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

describe("el embudo de un curso, desde el resumen por día de inscripción", () => {
  const funnelOf = async (courseId: number) => {
    const r = (await getCourseResults(courseId, "7d"))!;
    return { funnel: r.funnel.map((f) => f.count), completed: r.completed };
  };

  it("sigue la regla del progreso: lecciones completadas, examen aprobado, una lección nueva publicada, la cuenta borrada", async () => {
    const u = await createUser();
    const x = await createCourse({ title: "Embudo vivo", modules: 2, lessonsPerModule: 1 });
    const [l1, l2] = await lessonsOf(x.id);
    const { exam } = await addExam(l2!.moduleId, 10);
    const e = await enrol(u.id, x.id);
    const completeLesson = (lessonId: number) => db().transaction((tx) => completeLessonInTx(tx, e.id, lessonId));
    // [inscritos, comenzaron, módulo 1, módulo 2, aprobaron el examen]
    expect(await funnelOf(x.id)).toEqual({ funnel: [1, 0, 0, 0, 0], completed: 0 });

    await completeLesson(l1!.id);
    expect(await funnelOf(x.id)).toEqual({ funnel: [1, 1, 1, 0, 0], completed: 0 });
    await completeLesson(exam.id);
    expect(await funnelOf(x.id)).toEqual({ funnel: [1, 1, 1, 0, 1], completed: 0 });
    await completeLesson(l2!.id);
    expect(await funnelOf(x.id)).toEqual({ funnel: [1, 1, 1, 1, 1], completed: 1 });
    // Completing again changes nothing.
    await completeLesson(l2!.id);
    expect(await funnelOf(x.id)).toEqual({ funnel: [1, 1, 1, 1, 1], completed: 1 });

    // A lesson published later in module 1: the module is no longer done; the course stays completed.
    await db().insert(lesson).values({ moduleId: l1!.moduleId, position: 5, title: "Nueva", type: "lectura", status: "published" });
    await refreshStoredProgress(db(), x.id);
    expect(await funnelOf(x.id)).toEqual({ funnel: [1, 1, 0, 1, 1], completed: 1 });
    const [stored] = await db().select({ modulesDone: enrolment.modulesDone, examPassed: enrolment.examPassed }).from(enrolment).where(eq(enrolment.id, e.id));
    expect(stored).toEqual({ modulesDone: [l2!.moduleId], examPassed: true });

    await db().delete(user).where(eq(user.id, u.id));
    expect(await funnelOf(x.id)).toEqual({ funnel: [0, 0, 0, 0, 0], completed: 0 });
  });

  it("la mediana hasta completar, en horas enteras desde la inscripción", async () => {
    const x = await createCourse({ title: "Mediana", modules: 1, lessonsPerModule: 1 });
    const at = new Date(Date.now() - 3 * DAY_MS);
    for (const hours of [10, 50, 60]) {
      const u = await createUser();
      await enrol(u.id, x.id, { enrolledAt: at, progress: 100, completedAt: new Date(at.getTime() + hours * 3_600_000 + 1_000) });
    }
    const r = (await getCourseResults(x.id, "7d"))!;
    expect(r.completed).toBe(3);
    expect(r.medianDaysToComplete).toBeCloseTo(50 / 24, 6);
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("los resúmenes no hacen esperar a quien escribe a la vez (migración 0017)", () => {
  it("8 inscripciones en un curso, cada una en su transacción abierta a la vez: ninguna espera a otra, y cuentan 8", async () => {
    const x = await createCourse({ title: "Ocho a la vez" });
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser()));
    const before = (await getOverview({ period: "7d", courseId: x.id })).totals.enrolments;
    // Each transaction enrols and then waits until all eight have enrolled before it commits. Had two drawn the
    // same summary slot, the second would wait for the first to commit, which waits for it: the lock_timeout
    // turns that into an error (with random slots, eight writers over 4 slots always collided).
    let inserted = 0;
    let allIn!: () => void;
    const barrier = new Promise<void>((resolve) => (allIn = resolve));
    const results = await Promise.allSettled(
      users.map((u) =>
        db().transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '3s'`);
          try {
            await tx.insert(enrolment).values({ userId: u.id, courseId: x.id });
          } finally {
            // A failed insert lets the others go on (and fail the expectation below) instead of waiting forever.
            if (++inserted === users.length) allIn();
          }
          await barrier;
        }),
      ),
    );
    allIn();
    expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(users.map(() => "ok"));
    expect((await getOverview({ period: "7d", courseId: x.id })).totals.enrolments - before).toBe(8);
    const [counted] = (await db().execute(sql`select sum(n)::int as n from stat_counter where key = ${`enrolment:course:${x.id}`}`)) as unknown as { n: number }[];
    expect(counted!.n).toBe(8);
  });
});
