// The categories the owner manages: add, rename (its courses follow, the public chips too), remove only when no
// course uses it; the course form takes a category of the list; only an admin; a removal and a course's save at
// once never leave a course with a removed category.
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { category, course } from "~/server/platform/db/schema";
import { action as categoriesAction, loader as categoriesLoader } from "~/routes/admin/categorias";
import { action as newAction } from "~/routes/admin/curso-nuevo";
import { action as editorAction } from "~/routes/admin/curso-editor";
import { listPublishedCourses } from "~/server/catalogue/courses.server";
import { removeCategory } from "~/server/catalogue/categories.server";
import { updateCourse } from "~/server/authoring/courses.server";
import { categoryMessages } from "~/domain/categories";
import { courseFormSchema } from "~/domain/admin-forms";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { call } from "../support/call";
import { createCourse } from "./factories";

const post = (fields: Record<string, string>, cookie?: string) => call(categoriesAction, formRequest("/admin/categorias", fields, { cookie }));

async function categoryId(name: string) {
  const [row] = await db().select().from(category).where(sql`lower(${category.name}) = lower(${name})`);
  return row?.id;
}

const courseFields = (categoryName: string) => ({
  title: `Curso ${Math.random().toString(36).slice(2, 8)}`,
  category: categoryName,
  level: "Básico",
  priceClp: "",
  modality: "",
  description: "Un curso.",
  longDescription: "",
  audience: "",
  topics: "",
  materials: "",
  certification: "",
  imageUrl: "",
  nextDate: "",
  location: "",
  requirements: "",
  instructorName: "",
  instructorTitle: "",
  taxTreatment: "exempt",
  validityMonths: "",
  renewalPriceClp: "",
});

describe("categorías administradas por el dueño", () => {
  it("la lista parte con las categorías base; agregar una nueva, y rechazar el nombre vacío o repetido (sin importar mayúsculas)", async () => {
    const admin = await createUser({ role: "admin" });
    const page = await call(categoriesLoader, getRequest("/admin/categorias", admin.cookie));
    expect(page.data.categories.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(["Salud", "Emergencias", "Primeros Auxilios"]));

    const name = `Altura ${Math.random().toString(36).slice(2, 6)}`;
    expect((await post({ intent: "add", name }, admin.cookie)).data).toMatchObject({ ok: true, message: categoryMessages.added(name) });
    const dup = await post({ intent: "add", name: `  ${name.toUpperCase()} ` }, admin.cookie);
    expect(dup.status).toBe(400);
    expect(dup.data.fieldErrors.name).toBe(categoryMessages.duplicate(name.toUpperCase()));
    expect(dup.data.values.name).toBe(`  ${name.toUpperCase()} `);
    expect((await post({ intent: "add", name: "   " }, admin.cookie)).data.fieldErrors.name).toBe(categoryMessages.nameRequired);
    expect((await post({ intent: "add", name: "x".repeat(61) }, admin.cookie)).data.fieldErrors.name).toBe(categoryMessages.nameTooLong);
    expect(await db().select().from(category).where(sql`lower(${category.name}) = lower(${name})`)).toHaveLength(1);
  });

  it("renombrar lleva sus cursos y los botones del catálogo al nombre nuevo; no a un nombre que ya existe", async () => {
    const admin = await createUser({ role: "admin" });
    const old = `Trabajo ${Math.random().toString(36).slice(2, 6)}`;
    await post({ intent: "add", name: old }, admin.cookie);
    const c = await createCourse({ category: old });
    const id = await categoryId(old);
    const renamed = `${old} en altura`;
    const res = await post({ intent: "rename", categoryId: String(id), name: renamed }, admin.cookie);
    expect(res.data).toMatchObject({ ok: true, message: categoryMessages.renamed(old, renamed, 1) });
    expect((await db().select().from(course).where(eq(course.id, c.id)))[0]!.category).toBe(renamed);
    const list = await listPublishedCourses({ category: renamed });
    expect(list.categories).toContain(renamed);
    expect(list.categories).not.toContain(old);
    expect(list.courses.map((x) => x.id)).toContain(c.id);

    const clash = await post({ intent: "rename", categoryId: String(id), name: "salud" }, admin.cookie);
    expect(clash.data.fieldErrors.name).toBe(categoryMessages.duplicate("salud"));
    expect((await post({ intent: "rename", categoryId: "999999", name: "Otra" }, admin.cookie)).status).toBe(404);
  });

  it("no se elimina una categoría con cursos (ni borradores); sí una sin cursos", async () => {
    const admin = await createUser({ role: "admin" });
    const used = `Usada ${Math.random().toString(36).slice(2, 6)}`;
    const free = `Libre ${Math.random().toString(36).slice(2, 6)}`;
    await post({ intent: "add", name: used }, admin.cookie);
    await post({ intent: "add", name: free }, admin.cookie);
    await createCourse({ category: used, status: "draft" });
    const refused = await post({ intent: "remove", categoryId: String(await categoryId(used)) }, admin.cookie);
    expect(refused.status).toBe(400);
    expect(refused.data.message).toBe(categoryMessages.inUse(used, 1));
    expect(await categoryId(used)).toBeDefined();
    expect((await post({ intent: "remove", categoryId: String(await categoryId(free)) }, admin.cookie)).data).toMatchObject({ ok: true, message: categoryMessages.removed(free) });
    expect(await categoryId(free)).toBeUndefined();
  });

  it("solo un administrador: un alumno o alguien sin sesión no ven ni cambian la lista", async () => {
    const learner = await createUser();
    for (const cookie of [learner.cookie, undefined]) {
      const page = await call(categoriesLoader, getRequest("/admin/categorias", cookie));
      expect([302, 403, 404]).toContain(page.status);
      const res = await post({ intent: "add", name: "Intrusa" }, cookie);
      expect([302, 403, 404]).toContain(res.status);
    }
    expect(await categoryId("Intrusa")).toBeUndefined();
  });

  it("el formulario del curso acepta solo una categoría de la lista (o la que el curso ya tiene)", async () => {
    const admin = await createUser({ role: "admin" });
    const created = await call(newAction, formRequest("/admin/cursos/nuevo", courseFields("Inventada"), { cookie: admin.cookie }));
    expect(created.status).toBe(400);
    expect(created.data.fieldErrors.category).toBe(categoryMessages.notInList);
    const ok = await call(newAction, formRequest("/admin/cursos/nuevo", courseFields("emergencias"), { cookie: admin.cookie }));
    expect(ok.status).toBe(302);
    const newId = Number(/cursos\/(\d+)/.exec(ok.location!)![1]);
    // Stored with the list's own spelling.
    expect((await db().select().from(course).where(eq(course.id, newId)))[0]!.category).toBe("Emergencias");

    const legacy = await createCourse({ category: "Categoría antigua" });
    const keep = await call(editorAction, formRequest(`/admin/cursos/${legacy.id}`, { intent: "save-course", ...courseFields("Categoría antigua") }, { cookie: admin.cookie }), { id: String(legacy.id) });
    expect(keep.data).toMatchObject({ ok: true });
    const other = await call(editorAction, formRequest(`/admin/cursos/${legacy.id}`, { intent: "save-course", ...courseFields("Otra inventada") }, { cookie: admin.cookie }), { id: String(legacy.id) });
    expect(other.data.fieldErrors.category).toBe(categoryMessages.notInList);
  });

  it("eliminar una categoría y guardar un curso con ella a la vez: nunca queda un curso con una categoría eliminada", async () => {
    const admin = await createUser({ role: "admin" });
    for (let round = 0; round < 4; round++) {
      const name = `Carrera ${round} ${Math.random().toString(36).slice(2, 6)}`;
      await post({ intent: "add", name }, admin.cookie);
      const c = await createCourse({ category: "Salud" });
      const id = (await categoryId(name))!;
      const fields = courseFields(name);
      const [removed, saved] = await Promise.all([
        removeCategory(id),
        updateCourse(c.id, courseFormSchema.parse(fields)),
      ]);
      const [row] = await db().select().from(course).where(eq(course.id, c.id));
      const exists = (await categoryId(name)) !== undefined;
      if (row!.category === name) expect(exists).toBe(true);
      expect(removed.ok && saved.ok).toBe(false);
    }
  });
});
