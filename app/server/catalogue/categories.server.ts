// The categories the owner manages (admin/categorias) and the one rule the course form follows: a course's
// category is a name of that list (or the one it already has). A course keeps the name itself, so a rename
// rewrites its courses in the same transaction; a category that any course uses cannot be removed. A course's
// save reads its category row FOR SHARE and a removal locks it FOR UPDATE, so the two never cross.
import { asc, eq, sql } from "drizzle-orm";
import { db, type DbOrTx } from "../platform/db/client.server";
import { category, course } from "../platform/db/schema";
import { categoryMessages, sameCategoryName } from "~/domain/categories";
import type { ActionResult } from "~/domain/action-result";

export type CategoryOutcome = ActionResult;

export interface CategoryRow {
  id: number;
  name: string;
  courses: number;
}

const usedBy = (name: unknown) => sql`lower(trim(${course.category})) = lower(trim(${name}))`;

/** The list with how many courses (published or not) each one has. */
export async function listCategories(): Promise<CategoryRow[]> {
  const rows = await db()
    .select({
      id: category.id,
      name: category.name,
      courses: sql<number>`(select count(*)::int from ${course} where lower(trim(${course.category})) = lower(trim(${category.name})))`,
    })
    .from(category)
    .orderBy(asc(sql`lower(${category.name})`));
  return rows.map((r) => ({ ...r, courses: Number(r.courses) }));
}

/** The course form's choices: the list, and the course's own category when the list lacks it. */
export async function categoryChoices(current?: string | null): Promise<string[]> {
  const names = (await db().select({ name: category.name }).from(category).orderBy(asc(sql`lower(${category.name})`))).map((r) => r.name);
  if (current?.trim() && !names.some((n) => sameCategoryName(n, current))) names.push(current.trim());
  return names;
}

/**
 * The name a course stores for what the form chose: the list's own spelling, or the course's current category
 * kept as it is; null when it is neither (the form says "Elige una categoría de la lista").
 */
export async function resolveCategory(tx: DbOrTx, chosen: string, current: string | null): Promise<string | null> {
  const [row] = await tx
    .select({ name: category.name })
    .from(category)
    .where(sql`lower(${category.name}) = lower(${chosen.trim()})`)
    .for("share");
  if (row) return row.name;
  return current !== null && sameCategoryName(chosen, current) ? current : null;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export async function addCategory(name: string): Promise<CategoryOutcome> {
  try {
    const inserted = await db().insert(category).values({ name }).onConflictDoNothing().returning({ id: category.id });
    if (inserted.length === 0) return { ok: false, message: categoryMessages.duplicate(name), field: "name" };
    return { ok: true, message: categoryMessages.added(name) };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: categoryMessages.duplicate(name), field: "name" };
    throw error;
  }
}

export async function renameCategory(id: number, name: string): Promise<CategoryOutcome> {
  try {
    return await db().transaction(async (tx) => {
      const [current] = await tx.select().from(category).where(eq(category.id, id)).for("update");
      if (!current) return { ok: false, message: categoryMessages.notFound };
      const [clash] = await tx.select({ id: category.id }).from(category).where(sql`lower(${category.name}) = lower(${name}) and ${category.id} <> ${id}`);
      if (clash) return { ok: false, message: categoryMessages.duplicate(name), field: "name" };
      await tx.update(category).set({ name }).where(eq(category.id, id));
      const moved = await tx.update(course).set({ category: name, updatedAt: new Date() }).where(usedBy(current.name)).returning({ id: course.id });
      return { ok: true, message: categoryMessages.renamed(current.name, name, moved.length) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: categoryMessages.duplicate(name), field: "name" };
    throw error;
  }
}

export async function removeCategory(id: number): Promise<CategoryOutcome> {
  return db().transaction(async (tx) => {
    const [current] = await tx.select().from(category).where(eq(category.id, id)).for("update");
    if (!current) return { ok: false, message: categoryMessages.notFound };
    const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(course).where(usedBy(current.name));
    const n = Number(used?.n ?? 0);
    if (n > 0) return { ok: false, message: categoryMessages.inUse(current.name, n) };
    await tx.delete(category).where(eq(category.id, id));
    return { ok: true, message: categoryMessages.removed(current.name) };
  });
}
