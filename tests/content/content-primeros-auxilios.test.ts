// Course 2, Primeros Auxilios (content/courses/primeros-auxilios): its data, its lesson material and
// how its question bank maps onto its lessons (the rules every bank follows: question-bank.test.ts).
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { courseHours } from "~/domain/course-hours";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DIR = path.join(ROOT, "content", "courses", "primeros-auxilios");
const FIGURES = path.join(ROOT, "content", "figures");

interface Lesson {
  title: string;
  type: string;
  durationMin: number;
  file?: string;
  downloadable?: boolean;
  status: string;
}
interface Course {
  id: number;
  title: string;
  category: string;
  priceClp: number | null;
  modality: string;
  description: string;
  longDescription: string;
  topics: string[];
  materials: string;
  certification: string;
  location: string;
  requirements: string[];
  modules: { title: string; lessons: Lesson[] }[];
}
interface Question {
  lesson: string;
}

const course = JSON.parse(readFileSync(path.join(DIR, "course.json"), "utf8")) as Course;
const bank = JSON.parse(readFileSync(path.join(DIR, "questions.json"), "utf8")) as Question[];
const studyModules = course.modules.slice(0, -1);
const studyLessons = studyModules.flatMap((m, i) => m.lessons.map((l) => ({ ...l, module: i + 1 })));
const stem = (l: Lesson) => path.basename(l.file ?? "", ".pdf");
const source = (l: Lesson) => readFileSync(path.join(DIR, "sources", `${stem(l)}.md`), "utf8");
const normalise = (s: string) => s.replace(/\s+/g, " ").trim();

async function pdfText(file: string) {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(file)), useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const texts: string[] = [];
    const sizes: { width: number; height: number }[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      sizes.push({ width, height });
      const content = await page.getTextContent();
      texts.push(content.items.map((it) => ("str" in it ? it.str : "")).join(" "));
    }
    const meta = await doc.getMetadata();
    return { pages: doc.numPages, sizes, text: normalise(texts.join(" ")), title: (meta.info as { Title?: string }).Title };
  } finally {
    await doc.destroy();
  }
}

describe("curso 2: Primeros Auxilios", () => {
  it("es el curso 2, categoría Primeros Auxilios, edad mínima 16 años, en línea y con precio", () => {
    expect(course.id).toBe(2);
    expect(course.title).toBe("Primeros Auxilios");
    expect(course.category).toBe("Primeros Auxilios");
    expect(course.requirements.join(" ")).toMatch(/16 años/);
    expect(course.modality).toBe("100% online asincrónico");
    expect(course.priceClp).toBeGreaterThan(0);
  });

  it("todas sus lecciones están publicadas; el último módulo es solo la evaluación final", () => {
    const last = course.modules.at(-1)!;
    expect(last.lessons.map((l) => [l.type, l.status])).toEqual([["examen", "published"]]);
    for (const l of studyLessons) {
      expect(l.status, l.title).toBe("published");
      expect(["presentacion", "documento"], l.title).toContain(l.type);
      expect(l.file, l.title).toMatch(/^files\/\d\d-[a-z0-9-]+\.pdf$/);
    }
    for (const m of studyModules) expect(m.lessons.length, m.title).toBeGreaterThan(0);
  });

  it("sus horas son la suma de las duraciones de sus lecciones, redondeada a la media hora", () => {
    expect(course).not.toHaveProperty("durationHours");
    expect(courseHours(course.modules.flatMap((m) => m.lessons))).toBe(4.5);
  });

  it("sus textos no escriben horas ni prometen un respaldo externo, y el certificado dice que es solo teoría", () => {
    for (const text of [course.description, course.longDescription, course.materials, course.certification, ...course.topics]) {
      expect(text).not.toMatch(/\d+\s*horas/i);
      expect(text).not.toMatch(/organismo internacional|respaldo|avalado|acreditado por/i);
    }
    expect(course.certification).toMatch(/emitido por la academia/);
    expect(course.certification).toMatch(/no evalúa habilidades prácticas/);
    expect(course.longDescription).toMatch(/no reemplaza la práctica presencial/);
    expect(course.location + course.modality + course.materials).not.toMatch(/taller práctico presencial/i);
  });

  it("cada fuente tiene el título de su lección, termina con referencias y sus figuras existen con texto alternativo", () => {
    for (const l of studyLessons) {
      const md = source(l);
      expect(md.split("\n")[0], stem(l)).toBe(`title: ${l.title}`);
      const refs = md.lastIndexOf("# Referencias");
      expect(refs, stem(l)).toBeGreaterThan(0);
      expect(md.slice(refs), stem(l)).toMatch(/American Heart Association|European Resuscitation Council|Ley N° 16\.744/);
      for (const m of md.matchAll(/\[\[figura:([^|\]]+)\|([^\]]*)\]\]/g)) {
        expect(existsSync(path.join(FIGURES, `${m[1]}.svg`)), m[1]).toBe(true);
        expect(m[2]!.trim().length, m[1]).toBeGreaterThanOrEqual(10);
      }
    }
    // Figures are the point of the written course: most lessons carry at least one.
    const illustrated = studyLessons.filter((l) => source(l).includes("[[figura:"));
    expect(illustrated.length).toBeGreaterThanOrEqual(14);
  });

  it("usa los números de Chile correctos: 131, 132, 133, CITUC +56 2 2635 3800 y Salud Responde 600 360 7777", () => {
    const all = studyLessons.map(source).join("\n");
    for (const n of ["131", "132", "133", "+56 2 2635 3800", "600 360 7777"]) expect(all).toContain(n);
    // *4141 is the Ministry of Health's suicide-prevention line, never the poison centre.
    expect(all).not.toMatch(/CITUC[^.;\n]{0,30}\*4141/);
    for (const line of all.split("\n").filter((s) => s.includes("*4141"))) expect(line).toMatch(/suicidio|salud mental/i);
  });

  it("dice que un curso en línea no reemplaza la práctica presencial", () => {
    expect(source(studyLessons[0]!)).toMatch(/No reemplaza la práctica presencial/);
  });

  for (const l of studyLessons) {
    it(`PDF "${l.title}": abre con pdf.js, lleva su título y sus referencias, y tiene el formato de su tipo`, async () => {
      const file = path.join(DIR, l.file!);
      expect(statSync(file).size).toBeLessThan(300 * 1024);
      const info = await pdfText(file);
      expect(info.pages).toBeGreaterThan(1);
      expect(info.title).toBe(l.title);
      expect(info.text).toContain(normalise(l.title));
      expect(info.text).toMatch(/Referencias/);
      // The figure markup is rendered as a drawing, never printed as text.
      expect(info.text).not.toContain("[[figura");
      for (const { width, height } of info.sizes) {
        if (l.type === "presentacion") expect(width / height).toBeCloseTo(16 / 9, 2);
        else expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
      }
    });
  }
});

describe("curso 2: el banco de preguntas y sus lecciones", () => {
  // The rules every bank follows (size, options, explanations, valid lesson keys) are in
  // question-bank.test.ts; this course also asks a question about every one of its lessons.
  it("cada lección de estudio tiene al menos una pregunta", () => {
    const keys = new Set(studyLessons.map(stem));
    expect(new Set(bank.map((q) => q.lesson))).toEqual(keys);
  });
});
