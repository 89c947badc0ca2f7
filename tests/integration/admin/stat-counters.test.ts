import { describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { certificate, enrolment, statCounter, user } from "~/server/platform/db/schema";
import { createUser } from "../support/users";
import { createCourse } from "./factories";

async function counts() {
  const rows = await db()
    .select({ key: statCounter.key, n: sql<number>`sum(${statCounter.n})::int` })
    .from(statCounter)
    .groupBy(statCounter.key);
  return Object.fromEntries(rows.map((r) => [r.key, r.n])) as Record<string, number>;
}

async function truth() {
  const [u] = await db().select({ n: sql<number>`count(*)::int` }).from(user);
  const [e] = await db().select({ n: sql<number>`count(*)::int` }).from(enrolment);
  const perCourse = await db()
    .select({ courseId: enrolment.courseId, n: sql<number>`count(*)::int` })
    .from(enrolment)
    .groupBy(enrolment.courseId);
  const certs = await db()
    .select({ courseId: enrolment.courseId, n: sql<number>`count(*)::int` })
    .from(certificate)
    .innerJoin(enrolment, eq(enrolment.id, certificate.enrolmentId))
    .groupBy(enrolment.courseId);
  return { users: u!.n, enrolments: e!.n, perCourse, certs };
}

let courseIds: number[] = [];

async function expectCountersMatch() {
  const c = await counts();
  const t = await truth();
  expect(c.user ?? 0).toBe(t.users);
  expect(c.enrolment ?? 0).toBe(t.enrolments);
  for (const id of courseIds) {
    expect(c[`enrolment:course:${id}`] ?? 0).toBe(t.perCourse.find((r) => r.courseId === id)?.n ?? 0);
    expect(c[`certificate:course:${id}`] ?? 0).toBe(t.certs.find((r) => r.courseId === id)?.n ?? 0);
  }
}

describe("contadores mantenidos por triggers", () => {
  it("siguen a usuarios, inscripciones y certificados en altas, bajas en cascada y cargas masivas", async () => {
    const c2 = await createCourse();
    const c3 = await createCourse();
    courseIds = [1, c2.id, c3.id];
    await expectCountersMatch();
    const a = await createUser();
    const b = await createUser();
    const rows = await db()
      .insert(enrolment)
      .values([
        { userId: a.id, courseId: 1 },
        { userId: a.id, courseId: c2.id },
        { userId: b.id, courseId: 1 },
      ])
      .returning();
    await expectCountersMatch();
    await db()
      .insert(certificate)
      .values(rows.slice(0, 2).map((r, i) => ({ code: `C-${i}-${r.id}`, enrolmentId: r.id, holderName: "x", courseTitle: "y", hours: 1 })));
    expect((await counts())["certificate:course:1"]).toBe(1);
    await expectCountersMatch();
    // A certificate deleted on its own.
    await db().delete(certificate).where(eq(certificate.enrolmentId, rows[1]!.id));
    await expectCountersMatch();
    // An enrolment deleted with its certificate (cascade).
    await db().delete(enrolment).where(eq(enrolment.id, rows[0]!.id));
    await expectCountersMatch();
    // A user deleted with everything (cascade through enrolments and certificates).
    const [again] = await db().insert(enrolment).values({ userId: a.id, courseId: c3.id }).returning();
    await db().insert(certificate).values({ code: `C-x-${again!.id}`, enrolmentId: again!.id, holderName: "x", courseTitle: "y", hours: 1 });
    await db().delete(user).where(inArray(user.id, [a.id]));
    await expectCountersMatch();
    // Bulk insert in one statement.
    await db().execute(sql`insert into enrolment (user_id, course_id) select ${b.id}, id from course where id in (${c2.id}, ${c3.id})`);
    await expectCountersMatch();
    // A rolled-back transaction leaves no trace.
    await db()
      .transaction(async (tx) => {
        await tx.delete(enrolment).where(eq(enrolment.userId, b.id));
        throw new Error("rollback");
      })
      .catch(() => {});
    await expectCountersMatch();
  });
});
