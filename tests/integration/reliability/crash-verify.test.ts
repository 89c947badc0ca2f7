// The crash test's checker (scripts/crash/verify.ts) must see a lost or inconsistent write: it is fed a
// ledger of acknowledged writes and a database that breaks each promise once.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { account, enrolment, examAttempt, lesson, courseModule, user } from "~/server/platform/db/schema";
import { enrolInCourse } from "~/server/learning/enrolments.server";
import { Ledger } from "../../../scripts/crash/workload";
import { verifyDatabase } from "../../../scripts/crash/verify";
import { createUser } from "../support/users";

describe("el verificador de la prueba de caídas", () => {
  it("acepta datos completos y detecta cada escritura perdida o incoherente", async () => {
    const ana = await createUser({ name: "Ana" });
    await enrolInCourse({ userId: ana.id, courseId: 1 });
    const ledger = new Ledger();
    ledger.ack({ kind: "register", email: ana.email, password: ana.password, name: ana.name });
    ledger.ack({ kind: "enrol", email: ana.email, courseId: 1 });
    const clean = await verifyDatabase(db(), ledger);
    expect(clean.violations).toEqual([]);
    expect(clean.verified).toMatchObject({ registrations: 1, enrolments: 1 });

    // An acknowledged registration and enrolment that are not there.
    ledger.ack({ kind: "register", email: "perdida@academia.test", password: "x", name: "Perdida" });
    ledger.ack({ kind: "enrol", email: ana.email, courseId: 2 });
    // A half-created account, progress that does not match its completions, a gap in attempt numbers.
    await db().insert(user).values({ id: crypto.randomUUID(), name: "Sin clave", email: "sinclave@academia.test" });
    await db().update(enrolment).set({ progress: 40 }).where(eq(enrolment.userId, ana.id));
    const [exam] = await db()
      .select({ id: lesson.id })
      .from(lesson)
      .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
      .where(eq(lesson.type, "examen"));
    for (const n of [1, 3]) {
      await db().insert(examAttempt).values({
        userId: ana.id,
        lessonId: exam!.id,
        attemptNumber: n,
        questionIds: [1],
        optionOrder: [[0, 1, 2, 3]],
        answers: [0],
        score: 0,
        passed: false,
        submittedAt: new Date(),
      });
    }
    const broken = await verifyDatabase(db(), ledger);
    const text = broken.violations.join("\n");
    expect(text).toMatch(/perdida@academia\.test \(acknowledged registration\) is missing/);
    expect(text).toMatch(/enrolment of .* in course 2 is missing/);
    expect(text).toMatch(/sinclave@academia\.test exists without a password/);
    expect(text).toMatch(/progress 40 but its completions give 0/);
    expect(text).toMatch(/attempt numbers of .*: 1,3/);
    expect(await db().select().from(account).where(eq(account.userId, ana.id))).toHaveLength(1);
  });
});
