// Every course's exam bank (content/courses/*/questions.json) must measure knowledge, not test-taking
// tricks: options of similar length, an explanation and a source lesson for every question
// (decisions D, B11, E6; issue 16). The same checks run on made-up banks below, so each rule is
// shown to fail when it is broken.
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { lessonKey } from "~/domain/lesson-key";

const COURSES = path.resolve(import.meta.dirname, "../../content/courses");

interface Lesson {
  title: string;
  type: string;
  file?: string;
  body?: string;
  status: string;
}
interface Course {
  id: number;
  slug: string;
  modules: { title: string; lessons: Lesson[] }[];
}
interface Question {
  id: string;
  module?: number;
  lesson?: string;
  prompt: string;
  options: string[];
  correctIndex: number;
  explanation?: string;
}

const MIN_QUESTIONS = 40;
/** Share of questions whose right answer may be the (strictly) longest option. */
const MAX_LONGEST_SHARE = 0.35;

const isLongest = (q: Question) => {
  const right = q.options[q.correctIndex]?.trim().length ?? 0;
  return q.options.every((o, i) => i === q.correctIndex || o.trim().length < right);
};

/** Everything wrong with a bank, as readable lines (empty = fine). */
function bankProblems(course: Course, bank: Question[]): string[] {
  const problems: string[] = [];
  const published = course.modules.flatMap((m, mi) =>
    m.lessons.filter((l) => l.status === "published" && l.type !== "examen").map((l) => ({ key: lessonKey(l), module: mi + 1 })),
  );
  const moduleOf = new Map(published.filter((p) => p.key).map((p) => [p.key!, p.module]));
  if (bank.length < MIN_QUESTIONS) problems.push(`${bank.length} questions, fewer than ${MIN_QUESTIONS}`);
  const ids = new Set<string>();
  for (const q of bank) {
    const at = `${course.slug} ${q.id}`;
    if (ids.has(q.id)) problems.push(`${at}: duplicate id`);
    ids.add(q.id);
    if (!q.prompt?.trim()) problems.push(`${at}: no prompt`);
    const normal = q.options.map((o) => o.replace(/\s+/g, " ").trim().toLowerCase());
    if (q.options.length !== 4 || new Set(normal).size !== 4 || normal.some((o) => !o)) problems.push(`${at}: options are not 4 distinct texts`);
    if (!Number.isInteger(q.correctIndex) || q.correctIndex < 0 || q.correctIndex > 3) problems.push(`${at}: correctIndex out of 0–3`);
    if ((q.explanation ?? "").trim().length < 20) problems.push(`${at}: no explanation`);
    if (!q.lesson) problems.push(`${at}: no lesson`);
    else if (!moduleOf.has(q.lesson)) problems.push(`${at}: lesson "${q.lesson}" is not a published lesson of ${course.slug}`);
    else if (q.module !== undefined && moduleOf.get(q.lesson) !== q.module) problems.push(`${at}: module ${q.module} but lesson "${q.lesson}" is in module ${moduleOf.get(q.lesson)}`);
    // Options are shuffled per attempt: one that points at another by position would lie.
    if (q.options.some((o) => /todas las anteriores|ninguna de las anteriores|\b[a-d] y [a-d]\b/i.test(o))) problems.push(`${at}: an option refers to others by position`);
  }
  const longest = bank.filter(isLongest).length;
  if (bank.length && longest / bank.length > MAX_LONGEST_SHARE) {
    problems.push(`the right answer is the longest option in ${longest} of ${bank.length} questions (over ${MAX_LONGEST_SHARE * 100} %)`);
  }
  const studyModules = new Set(published.map((p) => p.module));
  const covered = new Set(bank.map((q) => (q.lesson ? moduleOf.get(q.lesson) : undefined)));
  for (const m of studyModules) if (!covered.has(m)) problems.push(`module ${m} has no question`);
  return problems;
}

const banks = readdirSync(COURSES)
  .filter((slug) => existsSync(path.join(COURSES, slug, "questions.json")))
  .map((slug) => ({
    course: JSON.parse(readFileSync(path.join(COURSES, slug, "course.json"), "utf8")) as Course,
    bank: JSON.parse(readFileSync(path.join(COURSES, slug, "questions.json"), "utf8")) as Question[],
  }));

describe("bancos de preguntas del catálogo", () => {
  it("hay al menos un banco (curso 1)", () => {
    expect(banks.map((b) => b.course.id)).toContain(1);
  });

  for (const { course, bank } of banks) {
    it(`${course.slug}: cumple todas las reglas`, () => {
      expect(bankProblems(course, bank)).toEqual([]);
    });

    it(`${course.slug}: la respuesta correcta no está siempre en la misma posición`, () => {
      expect(new Set(bank.map((q) => q.correctIndex)).size).toBe(4);
    });

    it(`${course.slug}: un curso con banco tiene una evaluación publicada`, () => {
      expect(course.modules.some((m) => m.lessons.some((l) => l.type === "examen" && l.status === "published"))).toBe(true);
    });
  }
});

describe("las reglas del banco detectan lo que deben detectar", () => {
  const course: Course = {
    id: 9,
    slug: "prueba",
    modules: [
      { title: "A", lessons: [{ title: "L1", type: "documento", file: "files/uno.pdf", status: "published" }] },
      { title: "B", lessons: [{ title: "L2", type: "lectura", body: "sources/dos.md", status: "published" }, { title: "L3", type: "documento", file: "files/tres.pdf", status: "pending" }] },
      { title: "Examen", lessons: [{ title: "Evaluación", type: "examen", status: "published" }] },
    ],
  };
  const good = (i: number): Question => ({
    id: `q${i}`,
    module: i % 2 ? 1 : 2,
    lesson: i % 2 ? "uno" : "dos",
    prompt: `¿Pregunta ${i}?`,
    options: ["Primera opción", "Segunda opción", "Tercera opción", "Cuarta opción"].map((o) => `${o} ${i}`),
    correctIndex: i % 4,
    explanation: "Una explicación suficientemente larga.",
  });
  const bank = (n = 40) => Array.from({ length: n }, (_, i) => good(i + 1));

  it("la clave de una lección es el nombre de su archivo sin extensión", () => {
    expect(lessonKey({ file: "files/07-rcp-solo-compresiones.pdf" })).toBe("07-rcp-solo-compresiones");
    expect(lessonKey({ file: "files/ritmo-110.mp4" })).toBe("ritmo-110");
    expect(lessonKey({ body: "sources/lectura.md" })).toBe("lectura");
    expect(lessonKey({})).toBeUndefined();
  });

  it("un banco correcto no tiene problemas", () => {
    expect(bankProblems(course, bank())).toEqual([]);
  });

  it("falla con menos de 40 preguntas", () => {
    expect(bankProblems(course, bank(39)).join()).toMatch(/fewer than 40/);
  });

  it("falla cuando la correcta es la más larga en más del 35 %", () => {
    const lengthen = (b: Question[], n: number) => {
      b.slice(0, n).forEach((q) => (q.options[q.correctIndex] += " con un añadido que la alarga"));
      return b;
    };
    expect(bankProblems(course, lengthen(bank(), 14))).toEqual([]); // 35 %: the limit
    expect(bankProblems(course, lengthen(bank(), 15)).join()).toMatch(/longest option in 15 of 40/);
  });

  it("falla sin explicación, sin lección, con una lección inexistente o no publicada", () => {
    const b = bank();
    b[0]!.explanation = "";
    delete b[1]!.lesson;
    b[2]!.lesson = "no-existe";
    b[3]!.lesson = "tres";
    const problems = bankProblems(course, b).join("\n");
    expect(problems).toMatch(/q1: no explanation/);
    expect(problems).toMatch(/q2: no lesson/);
    expect(problems).toMatch(/q3: lesson "no-existe"/);
    expect(problems).toMatch(/q4: lesson "tres"/);
  });

  it("falla si las opciones no son cuatro textos distintos", () => {
    const b = bank();
    b[0]!.options = ["a", "b", "c"];
    b[1]!.options = ["Igual", "igual ", "Otra", "Más"];
    const problems = bankProblems(course, b).join("\n");
    expect(problems).toMatch(/q1: options are not 4 distinct/);
    expect(problems).toMatch(/q2: options are not 4 distinct/);
  });

  it("falla si un módulo de estudio no tiene preguntas o una opción remite a otras por posición", () => {
    const b = bank().map((q) => ({ ...q, module: 1, lesson: "uno" }));
    b[0]!.options[1] = "Todas las anteriores";
    const problems = bankProblems(course, b).join("\n");
    expect(problems).toMatch(/module 2 has no question/);
    expect(problems).toMatch(/q1: an option refers to others by position/);
  });
});
