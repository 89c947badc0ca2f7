// Each catalogue question remembers the lesson that teaches its answer (questions.json "lesson" →
// question.source_lesson_id), so a learner who misses it can be sent there (decisions E6).
// Runs on the real catalogue, which the setup loads into this file's fresh database.
import { describe, expect, it } from "vitest";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { asset, course, courseModule, lesson, question } from "~/server/platform/db/schema";
import { loadCatalogue, readCatalogue, type CatalogueCourse } from "~/server/catalogue/catalogue.server";
import { lessonKey } from "~/domain/lesson-key";

const rcp = readCatalogue().find((c) => c.id === 1)!;

/** Lessons of a course with the stem of their stored file, e.g. "07-rcp-solo-compresiones". */
async function lessonsOf(courseId: number) {
  const rows = await db()
    .select({ id: lesson.id, title: lesson.title, type: lesson.type, filename: asset.filename })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .leftJoin(asset, eq(asset.id, lesson.assetId))
    .where(eq(courseModule.courseId, courseId));
  return rows.map((r) => ({ ...r, key: r.filename ? lessonKey({ file: r.filename }) : undefined }));
}

/** A tiny course of our own, built from course 1's files, with the given questions. */
function miniCourse(id: number, questions: CatalogueCourse["questions"]): CatalogueCourse {
  return {
    ...rcp,
    id,
    slug: `prueba-${id}`,
    title: `Curso de prueba ${id}`,
    modules: [
      {
        title: "Único",
        description: "",
        lessons: [
          { title: "Bienvenida", type: "presentacion", durationMin: 8, file: "files/01-bienvenida.pdf", downloadable: true, status: "published" },
          { title: "Evaluación", type: "examen", durationMin: 20, downloadable: false, status: "published" },
        ],
      },
    ],
    questions,
  };
}

const sample = (id: string, lessonKey?: string) => ({
  id,
  prompt: `¿Pregunta ${id}?`,
  options: ["Uno", "Dos", "Tres", "Cuatro"],
  correctIndex: 0,
  explanation: "Explicación de prueba.",
  ...(lessonKey ? { lesson: lessonKey } : {}),
});

describe("preguntas del catálogo: la lección de la que vienen", () => {
  it("curso 1: cada pregunta apunta a la lección publicada de su clave en questions.json", async () => {
    const lessons = await lessonsOf(1);
    const byId = new Map(lessons.map((l) => [l.id, l]));
    const rows = await db()
      .select({ externalId: question.externalId, lessonId: question.lessonId, sourceLessonId: question.sourceLessonId })
      .from(question)
      .where(inArray(question.lessonId, lessons.map((l) => l.id)));
    expect(rows).toHaveLength(rcp.questions.length);
    const wanted = new Map(rcp.questions.map((q) => [q.id, q.lesson]));
    for (const r of rows) {
      expect(r.sourceLessonId, r.externalId!).not.toBeNull();
      const source = byId.get(r.sourceLessonId!);
      expect(source?.key, r.externalId!).toBe(wanted.get(r.externalId!));
      expect(source?.type).not.toBe("examen");
      // the exam lesson is still the one that owns the question
      expect(byId.get(r.lessonId)?.type).toBe("examen");
    }
  });

  it("borrar la lección de origen deja la pregunta sin lección (null), no la borra", async () => {
    await loadCatalogue(db(), [miniCourse(91, [sample("a", "01-bienvenida"), sample("b")])]);
    const [source] = (await lessonsOf(91)).filter((l) => l.key === "01-bienvenida");
    const before = await db().select().from(question).where(eq(question.sourceLessonId, source!.id));
    expect(before.map((q) => q.externalId)).toEqual(["a"]);
    // a question without "lesson" in the file loads with no source lesson
    const [b] = await db().select().from(question).where(and(eq(question.externalId, "b"), isNull(question.sourceLessonId)));
    expect(b).toBeDefined();

    await db().delete(lesson).where(eq(lesson.id, source!.id));
    const [after] = await db().select().from(question).where(eq(question.id, before[0]!.id));
    expect(after).toMatchObject({ externalId: "a", sourceLessonId: null });
  });

  it("una clave de lección que no existe detiene la carga de ese curso sin dejar nada a medias", async () => {
    await expect(loadCatalogue(db(), [miniCourse(92, [sample("a", "01-bienvenida"), sample("x", "no-existe")])])).rejects.toThrow(
      /prueba-92\/questions\.json x: unknown lesson "no-existe"/,
    );
    expect(await db().select().from(course).where(eq(course.id, 92))).toEqual([]);
    expect(await lessonsOf(92)).toEqual([]);
  });
});
