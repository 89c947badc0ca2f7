// An academy already running with an older edition of a course gets the new material on start
// (catalogue/refresh.server.ts): lessons, questions and hours change; the learners' enrolments, completions,
// attempts and certificates keep their rows and links; a course edited by hand is left alone; running the
// refresh again changes nothing. The catalogue is our own (two editions in temporary folders).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { certificate, course, courseModule, enrolment, examAttempt, lesson, lessonCompletion, question } from "~/server/platform/db/schema";
import { catalogueVersion, loadCatalogue, readCatalogue } from "~/server/catalogue/catalogue.server";
import { refreshCatalogue } from "~/server/authoring/refresh.server";
import { getAttemptView } from "~/server/exams/exams.server";
import { updateLesson } from "~/server/authoring/lessons.server";
import { courseHours } from "~/domain/course-hours";
import { createUser } from "../support/users";
import { getRequest } from "../support/requests";
import { call } from "../support/call";
import { loader as editorLoader } from "~/routes/admin/curso-editor";
import { catalogueSyncMessages } from "~/domain/catalogue-sync";
import { tinyPdf } from "./fixture-catalogue";

const PRISTINE = 41; // refreshed
const EDITED = 42; // edited by hand in the course editor: left alone
const BLOCKED = 43; // a lesson learners completed leaves the catalogue: left alone
const BROKEN = 44; // the new edition cannot be loaded (a question names no lesson): rolled back, left alone

type Q = { id: string; lesson?: string; prompt: string; options: string[]; correctIndex: number; explanation: string };
const bank = (n: number, edit: (q: Q) => Q | null = (q) => q): Q[] =>
  Array.from({ length: n }, (_, i): Q => ({
    id: `q${String(i + 1).padStart(2, "0")}`,
    lesson: "01-intro",
    prompt: `Pregunta ${i + 1}: ¿qué corresponde hacer?`,
    options: [0, 1, 2, 3].map((o) => `Opción ${o + 1} de la pregunta ${i + 1}`),
    correctIndex: i % 4,
    explanation: `Porque así lo indica la lección (${i + 1}).`,
  }))
    .map(edit)
    .filter((q): q is Q => q !== null);

const pdf = (stem: string, text: string) => ({ [`files/${stem}.pdf`]: tinyPdf(text) });

function v1(id: number) {
  return {
    course: {
      id,
      slug: `curso-refresco-${id}`,
      title: `Curso de refresco ${id}`,
      category: "Salud",
      level: "Básico",
      priceClp: 10000,
      description: "Primera edición.",
      status: "published",
      modules: [
        {
          title: "Módulo 1",
          lessons: [
            { title: "Introducción", type: "presentacion", durationMin: 30, file: "files/01-intro.pdf", status: "published" },
            { title: "Lección vieja", type: "documento", durationMin: 30, file: "files/02-viejo.pdf", status: "published" },
            { title: "Lección que se va", type: "documento", durationMin: 30, file: "files/03-quitar.pdf", status: "published" },
          ],
        },
        { title: "Examen", lessons: [{ title: "Evaluación final", type: "examen", durationMin: 20, status: "published" }] },
      ],
    },
    questions: bank(12),
    files: { ...pdf("01-intro", "Intro v1"), ...pdf("02-viejo", "Viejo v1"), ...pdf("03-quitar", "Quitar v1") },
  };
}

function v2(id: number) {
  return {
    course: {
      ...v1(id).course,
      description: "Segunda edición, corregida.",
      modules: [
        {
          title: "Módulo 1, corregido",
          lessons: [
            { title: "Introducción corregida", type: "presentacion", durationMin: 45, file: "files/01-intro.pdf", status: "published" },
            { title: "Lección renombrada", type: "documento", durationMin: 40, file: "files/02-nuevo.pdf", formerly: ["02-viejo"], status: "published" },
          ],
        },
        { title: "Módulo nuevo", lessons: [{ title: "Lección nueva", type: "documento", durationMin: 60, file: "files/04-nueva.pdf", status: "published" }] },
        { title: "Examen", lessons: [{ title: "Evaluación final", type: "examen", durationMin: 20, status: "published" }] },
      ],
    },
    // q01's answer is corrected, q02 leaves the bank, q03 and q12 are reworded, q13 is new (the learner below was asked q01–q10).
    questions: [
      ...bank(12, (q) => {
        if (q.id === "q01") return { ...q, correctIndex: 3 };
        if (q.id === "q02") return null;
        if (q.id === "q03") return { ...q, prompt: "Pregunta 3, redactada de nuevo: ¿qué corresponde hacer?" };
        if (q.id === "q12") return { ...q, prompt: "Pregunta 12, redactada de nuevo", explanation: "Explicación mejorada." };
        return q;
      }),
      { ...bank(1)[0]!, id: "q13", lesson: "04-nueva", prompt: "Pregunta nueva sobre la lección nueva" },
    ],
    files: { ...pdf("01-intro", "Intro v2"), ...pdf("02-nuevo", "Nuevo v2"), ...pdf("04-nueva", "Nueva v2") },
  };
}

/** v2 of the blocked course drops 02-viejo without naming it in `formerly`. */
function v2Blocked(id: number) {
  const edition = v2(id);
  const [m1] = edition.course.modules;
  m1!.lessons[1] = { title: "Lección renombrada", type: "documento", durationMin: 40, file: "files/02-nuevo.pdf", status: "published" };
  return edition;
}

/** v2 of the broken course has a question pointing at a lesson that does not exist. */
function v2Broken(id: number) {
  const edition = v2(id);
  edition.questions = edition.questions.map((q) => (q.id === "q13" ? { ...q, lesson: "no-existe" } : q));
  return edition;
}

function writeCatalogue(root: string, editions: ReturnType<typeof v1>[]) {
  for (const e of editions) {
    const dir = path.join(root, "courses", e.course.slug);
    fs.mkdirSync(path.join(dir, "files"), { recursive: true });
    fs.writeFileSync(path.join(dir, "course.json"), JSON.stringify(e.course, null, 2));
    fs.writeFileSync(path.join(dir, "questions.json"), JSON.stringify(e.questions, null, 2));
    for (const [rel, bytes] of Object.entries(e.files)) fs.writeFileSync(path.join(dir, rel), bytes);
  }
  return path.join(root, "courses");
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "academia-refresh-"));
const previousContentDir = process.env.CONTENT_DIR;
// The setup's beforeAll loads CONTENT_DIR: the old edition of the three courses.
process.env.CONTENT_DIR = path.join(tmp, "old");
writeCatalogue(path.join(tmp, "old"), [v1(PRISTINE), v1(EDITED), v1(BLOCKED), v1(BROKEN)]);
const newDir = writeCatalogue(path.join(tmp, "new"), [v2(PRISTINE), v2(EDITED), v2Blocked(BLOCKED), v2Broken(BROKEN)]);
afterAll(() => {
  if (previousContentDir === undefined) delete process.env.CONTENT_DIR;
  else process.env.CONTENT_DIR = previousContentDir;
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function lessonsOf(courseId: number) {
  return db()
    .select({ id: lesson.id, title: lesson.title, type: lesson.type, durationMin: lesson.durationMin, status: lesson.status, key: lesson.catalogueKey, module: courseModule.title, assetId: lesson.assetId })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .where(eq(courseModule.courseId, courseId))
    .orderBy(asc(courseModule.position), asc(lesson.position));
}

async function bankOf(examId: number) {
  return db().select().from(question).where(eq(question.lessonId, examId)).orderBy(asc(question.id));
}

/** Everything a refresh could touch, to compare before and after. */
async function snapshot(courseId: number) {
  const lessons = await lessonsOf(courseId);
  const questions = await db()
    .select()
    .from(question)
    .where(inArray(question.lessonId, lessons.map((l) => l.id)))
    .orderBy(asc(question.id));
  const [row] = await db().select().from(course).where(eq(course.id, courseId));
  const modules = await db().select().from(courseModule).where(eq(courseModule.courseId, courseId)).orderBy(asc(courseModule.id));
  return { course: row, modules, lessons, questions };
}

/** A learner who studied the first two lessons, passed the exam (asked q01–q10) and holds the certificate. */
async function learnerWithCertificate(courseId: number) {
  const learner = await createUser();
  const lessons = await lessonsOf(courseId);
  const exam = lessons.find((l) => l.type === "examen")!;
  const asked = (await bankOf(exam.id)).filter((q) => Number(q.externalId!.slice(1)) <= 10);
  const [e] = await db()
    .insert(enrolment)
    .values({ userId: learner.id, courseId, progress: 100, completedAt: new Date("2026-10-01T12:00:00Z"), lastLessonId: lessons[1]!.id })
    .returning();
  const completed = [lessons[0]!.id, lessons[1]!.id, exam.id];
  await db().insert(lessonCompletion).values(completed.map((lessonId) => ({ enrolmentId: e!.id, lessonId })));
  const [attempt] = await db()
    .insert(examAttempt)
    .values({
      userId: learner.id,
      lessonId: exam.id,
      attemptNumber: 1,
      questionIds: asked.map((q) => q.id),
      optionOrder: asked.map(() => [0, 1, 2, 3]),
      answers: asked.map((q) => q.correctIndex),
      score: 100,
      passed: true,
      submittedAt: new Date("2026-10-01T12:00:00Z"),
    })
    .returning();
  const [cert] = await db()
    .insert(certificate)
    .values({ code: `REFRESCO-${courseId}`, enrolmentId: e!.id, holderName: learner.name, courseTitle: `Curso de refresco ${courseId}`, hours: 2 })
    .returning();
  return { learner, enrolment: e!, attempt: attempt!, certificate: cert!, completed, examId: exam.id, asked };
}

describe("material nuevo de un curso que ya está en la base de datos", () => {
  let learner: Awaited<ReturnType<typeof learnerWithCertificate>>;
  let blockedLearner: Awaited<ReturnType<typeof learnerWithCertificate>>;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let beforeEdited: Awaited<ReturnType<typeof snapshot>>;
  let beforeBlocked: Awaited<ReturnType<typeof snapshot>>;
  let beforeBroken: Awaited<ReturnType<typeof snapshot>>;
  let outcomes: Awaited<ReturnType<typeof refreshCatalogue>>;

  beforeAll(async () => {
    learner = await learnerWithCertificate(PRISTINE);
    blockedLearner = await learnerWithCertificate(BLOCKED);
    // An admin corrects a lesson of course 42 in the course editor.
    const [first] = await lessonsOf(EDITED);
    const saved = await updateLesson(EDITED, first!.id, { title: "Introducción editada a mano", type: "presentacion", durationMin: 35, status: "published", downloadable: false, body: "" });
    expect(saved.ok).toBe(true);
    before = await snapshot(PRISTINE);
    beforeEdited = await snapshot(EDITED);
    beforeBlocked = await snapshot(BLOCKED);
    beforeBroken = await snapshot(BROKEN);
    outcomes = await refreshCatalogue(db(), readCatalogue(newDir));
  });

  it("cargar el catálogo de nuevo no hace nada: el curso ya existe", async () => {
    expect(await loadCatalogue(db(), readCatalogue(newDir))).toBe(0);
  });

  it("el curso sin ediciones recibe las lecciones, las horas y los textos de la nueva edición", async () => {
    expect(outcomes.find((o) => o.courseId === PRISTINE)?.status).toBe("refreshed");
    const lessons = await lessonsOf(PRISTINE);
    expect(lessons.map((l) => [l.module, l.title, l.durationMin, l.key])).toEqual([
      ["Módulo 1, corregido", "Introducción corregida", 45, "01-intro"],
      ["Módulo 1, corregido", "Lección renombrada", 40, "02-nuevo"],
      ["Módulo nuevo", "Lección nueva", 60, "04-nueva"],
      ["Examen", "Evaluación final", 20, "examen#1"],
    ]);
    expect(courseHours(lessons)).toBe(3); // 165 min; the old edition's 110 min gave 2
    expect(courseHours(before.lessons)).toBe(2);
    const [row] = await db().select().from(course).where(eq(course.id, PRISTINE));
    expect(row!.description).toBe("Segunda edición, corregida.");
    expect(row!.sourceHash).toBe(catalogueVersion(readCatalogue(newDir).find((c) => c.id === PRISTINE)!));
    // The corrected file replaced the old one.
    expect(lessons[0]!.assetId).not.toBe(before.lessons[0]!.assetId);
  });

  it("las lecciones que siguen (también la renombrada, por 'formerly') conservan su id; la que se fue sin avance se borra", async () => {
    const lessons = await lessonsOf(PRISTINE);
    expect(lessons[0]!.id).toBe(before.lessons[0]!.id);
    expect(lessons[1]!.id).toBe(before.lessons[1]!.id);
    expect(lessons[3]!.id).toBe(before.lessons[3]!.id);
    expect(lessons.map((l) => l.id)).not.toContain(before.lessons[2]!.id);
  });

  it("la inscripción, las lecciones completadas, el intento y el certificado del alumno siguen intactos y enlazados", async () => {
    const [e] = await db().select().from(enrolment).where(eq(enrolment.id, learner.enrolment.id));
    expect(e).toMatchObject({ completedAt: learner.enrolment.completedAt, lastLessonId: learner.enrolment.lastLessonId, progress: 100 });
    const done = await db().select({ lessonId: lessonCompletion.lessonId }).from(lessonCompletion).where(eq(lessonCompletion.enrolmentId, e!.id));
    expect(done.map((d) => d.lessonId).sort((a, b) => a - b)).toEqual([...learner.completed].sort((a, b) => a - b));
    const [attempt] = await db().select().from(examAttempt).where(eq(examAttempt.id, learner.attempt.id));
    expect(attempt).toEqual(learner.attempt);
    const [cert] = await db().select().from(certificate).where(eq(certificate.id, learner.certificate.id));
    expect(cert).toEqual(learner.certificate);
  });

  it("una pregunta que se corrigió o se quitó después de usarse queda retirada: el intento antiguo se sigue leyendo", async () => {
    const rows = await bankOf(learner.examId);
    const byExt = (id: string) => rows.filter((q) => q.externalId === id);
    // Every question the old attempt drew still exists, with the text and answer it had.
    for (const asked of learner.asked) expect(rows.find((q) => q.id === asked.id)).toMatchObject({ prompt: asked.prompt, correctIndex: asked.correctIndex });
    // q01 (asked, answer corrected): the old row retired, a new one in the bank.
    expect(byExt("q01").map((q) => [q.correctIndex, q.retiredAt !== null])).toEqual([
      [0, true],
      [3, false],
    ]);
    // q02 (asked, removed): retired. q03 (asked, reworded): retired and replaced. q11 (never asked): same row.
    expect(byExt("q02").map((q) => q.retiredAt !== null)).toEqual([true]);
    expect(byExt("q03").map((q) => [q.prompt.startsWith("Pregunta 3, redactada"), q.retiredAt !== null])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(byExt("q11").map((q) => q.id)).toEqual(before.questions.filter((q) => q.externalId === "q11").map((q) => q.id));
    // q12 (never asked, reworded): corrected in place, same row.
    expect(byExt("q12").map((q) => [q.id, q.prompt, q.retiredAt])).toEqual([
      [before.questions.find((q) => q.externalId === "q12")!.id, "Pregunta 12, redactada de nuevo", null],
    ]);
    const active = rows.filter((q) => q.retiredAt === null);
    expect(active.map((q) => q.externalId).sort()).toEqual(readCatalogue(newDir).find((c) => c.id === PRISTINE)!.questions.map((q) => q.id).sort());
    const newLesson = (await lessonsOf(PRISTINE)).find((l) => l.key === "04-nueva")!;
    expect(active.find((q) => q.externalId === "q13")!.sourceLessonId).toBe(newLesson.id);
    const view = await getAttemptView({ userId: learner.learner.id, lessonId: learner.examId, attemptId: learner.attempt.id });
    // Reviewed against the questions it showed: all ten right, as graded then.
    expect(view).toMatchObject({ status: "submitted", score: 100, passed: true, correctCount: 10 });
  });

  it("las preguntas retiradas ya no entran en un examen nuevo", async () => {
    const drawable = await db()
      .select({ id: question.id })
      .from(question)
      .where(and(eq(question.lessonId, learner.examId), isNull(question.retiredAt)));
    expect(drawable).toHaveLength(12);
  });

  it("un curso editado a mano en el editor no se sobrescribe", async () => {
    expect(outcomes.find((o) => o.courseId === EDITED)?.status).toBe("edited");
    expect(await snapshot(EDITED)).toEqual(beforeEdited);
    expect((await lessonsOf(EDITED))[0]!.title).toBe("Introducción editada a mano");
  });

  it("el editor de cursos le dice al administrador si el curso sigue recibiendo el material del catálogo", async () => {
    const admin = await createUser({ role: "admin" });
    const view = async (id: number) => (await call(editorLoader, getRequest(`/admin/cursos/${id}`, admin.cookie), { id: String(id) })).data.catalogueSync;
    expect(await view(PRISTINE)).toBe("follows");
    expect(await view(EDITED)).toBe("edited");
    expect(catalogueSyncMessages.edited).toContain("ya no recibe el material corregido");
  });

  it("si una lección con avance de alumnos desaparece del catálogo, el curso no se toca", async () => {
    expect(outcomes.find((o) => o.courseId === BLOCKED)).toMatchObject({ status: "blocked", reason: expect.stringContaining("02-viejo") });
    expect(await snapshot(BLOCKED)).toEqual(beforeBlocked);
    const done = await db().select().from(lessonCompletion).where(eq(lessonCompletion.enrolmentId, blockedLearner.enrolment.id));
    expect(done).toHaveLength(3);
  });

  it("si la nueva edición no se puede cargar, el curso queda como estaba y los demás se refrescan igual", async () => {
    expect(outcomes.find((o) => o.courseId === BROKEN)).toMatchObject({ status: "failed", reason: expect.stringContaining("no-existe") });
    expect(await snapshot(BROKEN)).toEqual(beforeBroken);
  });

  it("refrescar otra vez no cambia nada", async () => {
    const after = await Promise.all([snapshot(PRISTINE), snapshot(EDITED), snapshot(BLOCKED), snapshot(BROKEN)]);
    const again = await refreshCatalogue(db(), readCatalogue(newDir));
    expect(again.map((o) => [o.courseId, o.status])).toEqual([
      [PRISTINE, "unchanged"],
      [EDITED, "edited"],
      [BLOCKED, "blocked"],
      [BROKEN, "failed"],
    ]);
    expect(await Promise.all([snapshot(PRISTINE), snapshot(EDITED), snapshot(BLOCKED), snapshot(BROKEN)])).toEqual(after);
  });
});
