// A database loaded by an earlier release holds the real catalogue without lesson keys or a sync mark, and
// course 1's choking lesson under its old file name. The refresh on start must recognise every lesson of
// the three real courses (files, the trainer, the exam), keep their ids and a learner's completion of the
// renamed lesson, then find nothing more to do.
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { asset, course, courseModule, enrolment, lesson, lessonCompletion } from "~/server/platform/db/schema";
import { catalogueVersion, readCatalogue } from "~/server/catalogue/catalogue.server";
import { publishPresetCourse } from "~/server/authoring/preset.server";
import { refreshCatalogue } from "~/server/authoring/refresh.server";
import { createUser } from "../support/users";

async function lessonRows() {
  return db()
    .select({ id: lesson.id, courseId: courseModule.courseId, title: lesson.title, key: lesson.catalogueKey })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .orderBy(asc(lesson.id));
}

describe("una base de datos de una versión anterior recibe el material del catálogo real", () => {
  it("cada lección conserva su id y el avance del alumno, también la lección renombrada", async () => {
    const before = await lessonRows();
    const choking = before.find((l) => l.key === "09-atragantamiento")!;
    // As an earlier release left it: no keys, no sync mark, an older edition, the old file name.
    await db().update(lesson).set({ catalogueKey: null });
    await db().update(course).set({ sourceHash: "edición anterior", catalogueSyncedAt: null, updatedAt: sql`${course.createdAt}` });
    const [row] = await db().select({ assetId: lesson.assetId }).from(lesson).where(eq(lesson.id, choking.id));
    await db().update(asset).set({ filename: "09-atragantamiento-en-adultos.pdf" }).where(eq(asset.id, row!.assetId!));
    const learner = await createUser();
    const [e] = await db().insert(enrolment).values({ userId: learner.id, courseId: 1 }).returning();
    await db().insert(lessonCompletion).values({ enrolmentId: e!.id, lessonId: choking.id });

    const outcomes = await refreshCatalogue(db(), readCatalogue());
    expect(outcomes.map((o) => [o.courseId, o.status])).toEqual([
      [1, "refreshed"],
      [2, "refreshed"],
      [3, "refreshed"],
    ]);
    expect(await lessonRows()).toEqual(before);
    const done = await db().select().from(lessonCompletion).where(eq(lessonCompletion.enrolmentId, e!.id));
    expect(done.map((d) => d.lessonId)).toEqual([choking.id]);

    const again = await refreshCatalogue(db(), readCatalogue());
    expect(again.map((o) => o.status)).toEqual(["unchanged", "unchanged", "unchanged"]);
  });

  it("'Publicar curso predefinido' trae el material nuevo a un curso 1 sin ediciones y lo deja marcado como del catálogo", async () => {
    const before = await lessonRows();
    await db().update(course).set({ sourceHash: "edición anterior" }).where(eq(course.id, 1));
    expect((await publishPresetCourse()).ok).toBe(true);
    const [row] = await db().select().from(course).where(eq(course.id, 1));
    expect(row!.sourceHash).toBe(catalogueVersion(readCatalogue().find((c) => c.id === 1)!));
    expect(row!.catalogueSyncedAt?.getTime()).toBe(row!.updatedAt.getTime());
    expect(await lessonRows()).toEqual(before);
    // Still as shipped: the next start finds nothing to do, and does not take it for an edited course.
    expect((await refreshCatalogue(db(), readCatalogue())).map((o) => o.status)).toEqual(["unchanged", "unchanged", "unchanged"]);
  });
});
