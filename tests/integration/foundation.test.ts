import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { course, courseModule, lesson } from "~/server/platform/db/schema";
import { loadCatalogue } from "~/server/catalogue/catalogue.server";

describe("catálogo incorporado", () => {
  it("se carga en la base de datos al iniciar", async () => {
    const rows = await db().select({ id: course.id, title: course.title }).from(course).orderBy(course.id);
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([1, 2, 3]));
    expect(rows.find((r) => r.id === 1)?.title).toBe("Reanimación Cardiopulmonar solo Compresiones");
  });

  it("volver a cargar no duplica cursos ni pisa lo que editó un administrador", async () => {
    await db().update(course).set({ title: "Título editado" }).where(eq(course.id, 1));
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(lesson);
    expect(await loadCatalogue()).toBe(0);
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(lesson);
    expect(after[0]!.n).toBe(before[0]!.n);
    const [c1] = await db().select().from(course).where(eq(course.id, 1));
    expect(c1!.title).toBe("Título editado");
  });

  it("los cursos creados después del catálogo reciben ids nuevos", async () => {
    const [row] = await db()
      .insert(course)
      .values({ slug: "nuevo", title: "Nuevo", category: "Salud", level: "Básico", durationHours: 1, description: "x" })
      .returning({ id: course.id });
    expect(row!.id).toBeGreaterThan(3);
    const mods = await db().select().from(courseModule).where(eq(courseModule.courseId, 1));
    expect(mods).toHaveLength(5);
  });
});
