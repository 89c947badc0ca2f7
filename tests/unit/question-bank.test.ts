// Every course's exam bank (content/courses/*/questions.json) must measure knowledge, not test-taking
// tricks: options of similar length, absolute words spread evenly, distractors that stand for real
// misconceptions, an explanation and a source lesson for every question (decisions D, B11, E6). The rules and
// their limits live in scripts/content/question-bank.ts; the same checks run on made-up banks below, so each
// rule is shown to fail when it is broken.
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { lessonKey } from "~/domain/lesson-key";
import {
  bankCues,
  bankProblems,
  cueProblems,
  misconceptionProblems,
  type BankCourse as Course,
  type BankQuestion as Question,
  type Misconception,
} from "../../scripts/content/question-bank";

const COURSES = path.resolve(import.meta.dirname, "../../content/courses");

const banks = readdirSync(COURSES)
  .filter((slug) => existsSync(path.join(COURSES, slug, "questions.json")))
  .map((slug) => {
    const read = (name: string) => JSON.parse(readFileSync(path.join(COURSES, slug, name), "utf8")) as unknown;
    const sources = path.join(COURSES, slug, "sources");
    return {
      course: read("course.json") as Course,
      bank: read("questions.json") as Question[],
      register: (existsSync(path.join(COURSES, slug, "misconceptions.json")) ? read("misconceptions.json") : []) as Misconception[],
      sourceOf: (lesson: string) => {
        const file = path.join(sources, `${lesson}.md`);
        return existsSync(file) ? readFileSync(file, "utf8") : undefined;
      },
    };
  });

describe("bancos de preguntas del catálogo", () => {
  it("hay al menos un banco (curso 1)", () => {
    expect(banks.map((b) => b.course.id)).toContain(1);
  });

  for (const { course, bank, register, sourceOf } of banks) {
    it(`${course.slug}: cumple todas las reglas`, () => {
      expect(bankProblems(course, bank)).toEqual([]);
    });

    it(`${course.slug}: no deja pistas de largo ni de palabras absolutas a quien adivina`, () => {
      expect(cueProblems(bankCues(bank))).toEqual([]);
    });

    it(`${course.slug}: cada distractor es un error real que una lección corrige (ninguno absurdo)`, () => {
      expect(misconceptionProblems(course, bank, register, sourceOf)).toEqual([]);
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
    // Four options of the same length, so no cue is there to begin with.
    options: ["rojo", "azul", "gris", "rosa"].map((c) => `Opción de color ${c} ${i}`),
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

  it("falla cuando la correcta es la más larga, o la más corta, en más del 35 %", () => {
    const lengthen = (b: Question[], n: number, extra: string) => {
      b.slice(0, n).forEach((q) => (q.options[q.correctIndex] += extra));
      return b;
    };
    const longer = " más"; // ratio about 1.3: inside the per-question limit
    expect(cueProblems(bankCues(lengthen(bank(), 14, longer)))).toEqual([]); // 35 %: the limit
    expect(cueProblems(bankCues(lengthen(bank(), 15, longer))).join()).toMatch(/longest option in 37.5 %/);
    const shorten = (b: Question[], n: number) => {
      b.slice(0, n).forEach((q) => (q.options[q.correctIndex] = q.options[q.correctIndex]!.replace("Opción de color", "Opción color")));
      return b;
    };
    expect(cueProblems(bankCues(shorten(bank(), 14)))).toEqual([]);
    expect(cueProblems(bankCues(shorten(bank(), 15))).join()).toMatch(/shortest option in 37.5 %/);
  });

  it("falla cuando una clave es mucho más corta o más larga que sus distractores", () => {
    const b = bank();
    b[0]!.options[b[0]!.correctIndex] = "Sí."; // q31 of course 1 was 0.38
    b[1]!.options[b[1]!.correctIndex] += " con un añadido larguísimo que la delata";
    const problems = cueProblems(bankCues(b)).join("\n");
    expect(problems).toMatch(/q1: the key is 0\.14 times/);
    expect(problems).toMatch(/q2: the key is 2\.82 times/);
  });

  it("falla cuando las palabras absolutas delatan a los distractores o a la clave", () => {
    // The review's finding: absolute words mostly in distractors, so striking them out pays.
    const inDistractors = bank().map((q, i) => {
      if (i % 2 === 0) q.options[(q.correctIndex + 1) % 4] = `Siempre ${q.options[(q.correctIndex + 1) % 4]}`;
      return q;
    });
    const cues = bankCues(inDistractors);
    expect(cues.absoluteInKeys).toBe(0);
    expect(cues.guesserStrikingAbsolutes).toBeCloseTo((20 * 0.25 + 20 / 3) / 40, 5);
    expect(cueProblems(cues).join("\n")).toMatch(/absolute words in 16\.7 % of the distractors and 0 % of the keys/);
    // The opposite cue: absolute words only in the keys make picking them pay.
    const inKeys = bank().map((q, i) => {
      if (i % 4 === 0) q.options[q.correctIndex] = `Nunca ${q.options[q.correctIndex]}`;
      return q;
    });
    expect(cueProblems(bankCues(inKeys)).join("\n")).toMatch(/a guesser who picks the options with an absolute word scores 43\.8 %/);
    // Spread evenly, neither strategy beats chance.
    // (three distractors per key: twice as many questions with an absolute key as with an absolute distractor would
    // tip the shares, so 2 keys against 6 distractors)
    const even = bank().map((q, i) => {
      const target = i % 20 === 0 ? q.correctIndex : i % 20 === 5 || i % 20 === 10 || i % 20 === 15 ? (q.correctIndex + 2) % 4 : -1;
      if (target >= 0) q.options[target] = `Solo ${q.options[target]}`;
      return q;
    });
    expect(bankCues(even).absoluteInKeys).toBeCloseTo(bankCues(even).absoluteInDistractors, 5);
    expect(cueProblems(bankCues(even))).toEqual([]);
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

  it("un distractor sin un error real detrás cuenta como absurdo", () => {
    const sources: Record<string, string> = {
      uno: "# Pulso\nTomar el pulso es **difícil y poco confiable**, incluso para profesionales.",
      dos: "No le des agua ni comida.",
    };
    const register: Misconception[] = [
      { id: "pulso", belief: "Hay que tomar el pulso antes de comprimir.", lesson: "uno", rebuttal: "Tomar el pulso es difícil y poco confiable" },
      { id: "agua", belief: "El agua ayuda.", lesson: "dos", rebuttal: "No le des agua" },
    ];
    const tagged = (b: Question[]): Question[] => b.map((q, i) => ({ ...q, misconceptions: q.options.map((_, j) => (j === q.correctIndex ? null : i % 2 ? "pulso" : "agua")) }));
    const check = (b: Question[], r = register) => misconceptionProblems(course, b, r, (lesson) => sources[lesson]).join("\n");
    expect(check(tagged(bank()))).toBe("");

    const b = tagged(bank());
    b[0]!.misconceptions![(b[0]!.correctIndex + 1) % 4] = null; // the review's "graba un video para SAMU"
    b[1]!.misconceptions![(b[1]!.correctIndex + 1) % 4] = "inventada";
    b[2]!.misconceptions![b[2]!.correctIndex] = "agua";
    delete b[3]!.misconceptions;
    const problems = check(b);
    expect(problems).toMatch(/q1: option \d stands for no misconception \(an absurd distractor\)/);
    expect(problems).toMatch(/q2: option \d names an unknown misconception "inventada"/);
    expect(problems).toMatch(/q3: the key is tagged as a misconception/);
    expect(problems).toMatch(/q4: option \d stands for no misconception/);

    // The correcting words must be in the lesson, and the lesson must be a published one.
    const wrong = [
      { ...register[0]!, rebuttal: "El pulso se toma en el cuello" },
      register[1]!,
      { id: "sobra", belief: "Algo que ninguna pregunta usa.", lesson: "tres", rebuttal: "No le des agua" },
    ];
    const registerProblems = check(tagged(bank()), wrong);
    expect(registerProblems).toMatch(/misconception pulso: lesson uno does not say "El pulso se toma en el cuello"/);
    expect(registerProblems).toMatch(/misconception sobra: "tres" is not a published lesson/);
    expect(registerProblems).toMatch(/misconception sobra: no distractor uses it/);
  });

  it("falla si un módulo de estudio no tiene preguntas o una opción remite a otras por posición", () => {
    const b = bank().map((q) => ({ ...q, module: 1, lesson: "uno" }));
    b[0]!.options[1] = "Todas las anteriores";
    const problems = bankProblems(course, b).join("\n");
    expect(problems).toMatch(/module 2 has no question/);
    expect(problems).toMatch(/q1: an option refers to others by position/);
  });
});
