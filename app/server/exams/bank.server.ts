// An exam lesson's question bank, kept per process like the course outlines (catalogue/cache.server.ts): every
// exam start draws from it, every attempt page shows its questions and every submit grades against it, so each
// of those requests reads one query less, and the course results read it too. The bank changes only
// through the course editor and the catalogue refresh, and both announce the change, which drops this copy in
// every worker. Retired questions stay in the copy: the attempts that drew them are still shown and graded.
import { asc, eq, inArray } from "drizzle-orm";
import { catalogueCache } from "../catalogue/cache.server";
import { db } from "../platform/db/client.server";
import { lesson, question } from "../platform/db/schema";
import { blueprintSchema, type Blueprint } from "~/domain/exam-blueprint";
import { readExamSettings, type ExamSettings } from "~/domain/exam-settings";

export type BankQuestion = typeof question.$inferSelect;

const cachedBank = catalogueCache((lessonId) =>
  db()
    .select()
    .from(question)
    .where(eq(question.lessonId, lessonId))
    .orderBy(asc(question.id)),
);

/** Every question of the exam lesson, retired ones included, in id order; shared and frozen. */
export function examBank(lessonId: number): Promise<readonly BankQuestion[]> {
  return cachedBank(lessonId);
}

// The blueprint and the owner's settings change through the same two doors as the bank (editor, refresh), so
// they are kept the same way: one query per exam and process until the next change.
const cachedRules = catalogueCache(async (lessonId) => {
  const [row] = await db().select({ blueprint: lesson.examBlueprint, settings: lesson.examSettings }).from(lesson).where(eq(lesson.id, lessonId));
  return { blueprint: blueprintSchema.safeParse(row?.blueprint).data ?? null, settings: readExamSettings(row?.settings) };
});

/** The exam lesson's blueprint (app/domain/exam-blueprint.ts), or null: its draws take from the whole bank. */
export async function examBlueprint(lessonId: number): Promise<Blueprint | null> {
  return (await cachedRules(lessonId)).blueprint;
}

/** The exam lesson's own rules (app/domain/exam-settings.ts): the spec's defaults when the owner set none. */
export async function examSettings(lessonId: number): Promise<ExamSettings> {
  return (await cachedRules(lessonId)).settings;
}

/** The questions an exam may still draw. */
export async function drawableQuestions(
  lessonId: number,
): Promise<BankQuestion[]> {
  return (await examBank(lessonId)).filter((q) => q.retiredAt === null);
}

/**
 * An attempt's questions in its order (undefined for one deleted since). Taken from the lesson's bank; an id the
 * copy lacks is looked up in the database, so a copy older than the attempt can never pass for a deletion.
 */
export async function attemptQuestions(
  lessonId: number,
  ids: number[],
): Promise<(BankQuestion | undefined)[]> {
  const byId = new Map((await examBank(lessonId)).map((q) => [q.id, q]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length)
    for (const q of await db()
      .select()
      .from(question)
      .where(inArray(question.id, missing)))
      byId.set(q.id, q);
  return ids.map((id) => byId.get(id));
}
