// The built-in catalogue (content/): its data files, its generated material and its question bank.
// (Whether the committed PDFs match their sources is a step of its own: content-build --check in npm test.)
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const COURSES = path.join(ROOT, "content", "courses");

const LESSON_TYPES = ["presentacion", "documento", "video", "lectura", "practica", "examen"];
const STATUSES = ["published", "pending"];

interface Lesson {
  title: string;
  type: string;
  durationMin: number;
  file?: string;
  captions?: string;
  body?: string;
  downloadable?: boolean;
  status: string;
}
interface Module {
  title: string;
  description: string;
  lessons: Lesson[];
}
interface Course {
  id: number;
  slug: string;
  title: string;
  category: string;
  level: string;
  priceClp: number | null;
  modality: string;
  description: string;
  longDescription: string;
  audience: string;
  topics: string[];
  materials: string;
  certification: string;
  image: string;
  nextDate?: string;
  location: string;
  requirements: string[];
  modules: Module[];
}
interface Question {
  id: string;
  module: number;
  prompt: string;
  options: string[];
  correctIndex: number;
  explanation: string;
}

const slugs = readdirSync(COURSES).filter((d) => existsSync(path.join(COURSES, d, "course.json")));
const courses = new Map<string, Course>(
  slugs.map((slug) => [slug, JSON.parse(readFileSync(path.join(COURSES, slug, "course.json"), "utf8")) as Course]),
);
const byId = (id: number) => [...courses.values()].find((c) => c.id === id)!;
const rcp = byId(1);
const rcpDir = path.join(COURSES, rcp.slug);

const normalise = (s: string) => s.replace(/\s+/g, " ").trim();

async function pdfInfo(file: string) {
  const buf = readFileSync(file);
  const doc = await pdfjs.getDocument({ data: new Uint8Array(buf), useSystemFonts: false, isEvalSupported: false }).promise;
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
    return { pages: doc.numPages, text: normalise(texts.join(" ")), sizes, title: (meta.info as { Title?: string }).Title };
  } finally {
    await doc.destroy();
  }
}

describe("catálogo: course.json", () => {
  it("hay tres cursos con ids 1, 2 y 3 y slugs iguales a su carpeta", () => {
    expect([...courses.values()].map((c) => c.id).sort()).toEqual([1, 2, 3]);
    for (const [slug, c] of courses) expect(c.slug).toBe(slug);
  });

  for (const slug of slugs) {
    it(`${slug}: tiene todos los campos del formato`, () => {
      const c = courses.get(slug)!;
      for (const key of ["title", "category", "level", "modality", "description", "longDescription", "audience", "materials", "certification", "location"] as const) {
        expect(typeof c[key], key).toBe("string");
        expect(c[key].trim().length, key).toBeGreaterThan(0);
      }
      expect(Number.isInteger(c.id)).toBe(true);
      // Hours are never typed (docs/decisions.md D1): they come from the lessons (tests/unit/course-hours.test.ts).
      expect(c).not.toHaveProperty("durationHours");
      expect(c.priceClp === null || (Number.isInteger(c.priceClp) && c.priceClp > 0)).toBe(true);
      expect(c.longDescription.split("\n\n").length).toBeGreaterThanOrEqual(2);
      expect(c.topics.length).toBeGreaterThanOrEqual(5);
      expect(c.topics.length).toBeLessThanOrEqual(8);
      // A course on sale names its next date; one with nothing published announces none.
      const onSale = c.modules.some((m) => m.lessons.some((l) => l.status === "published"));
      if (onSale) {
        expect(c.nextDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(Number.isNaN(Date.parse(c.nextDate!))).toBe(false);
      } else expect(c.nextDate).toBeUndefined();
      expect(c.requirements.length).toBeGreaterThan(0);
      // An instructor and their title are claims the academy backs: entered in app/config/site.ts, not here.
      expect(c).not.toHaveProperty("instructor");
      expect(c.image).toMatch(/^\/images\/cursos\/[a-z0-9-]+\.svg$/);
      expect(c.modules.length).toBeGreaterThanOrEqual(4);
      expect(c.modules.length).toBeLessThanOrEqual(6);
      for (const m of c.modules) {
        expect(m.title.trim()).not.toBe("");
        expect(m.description.trim()).not.toBe("");
        expect(m.lessons.length).toBeGreaterThan(0);
        for (const l of m.lessons) {
          expect(l.title.trim()).not.toBe("");
          expect(LESSON_TYPES).toContain(l.type);
          expect(STATUSES).toContain(l.status);
          expect(l.durationMin).toBeGreaterThan(0);
        }
      }
    });

    it(`${slug}: su imagen existe y es un SVG con width, height y viewBox`, () => {
      const c = courses.get(slug)!;
      const svg = readFileSync(path.join(ROOT, "public", c.image), "utf8");
      expect(svg).toMatch(/<svg[^>]*\swidth="\d+"/);
      expect(svg).toMatch(/<svg[^>]*\sheight="\d+"/);
      expect(svg).toMatch(/<svg[^>]*\sviewBox="[\d.\s]+"/);
      expect(svg.length).toBeLessThan(20_000);
    });

    it(`${slug}: el texto está en UTF-8 sin caracteres mal codificados`, () => {
      const raw = readFileSync(path.join(COURSES, slug, "course.json"), "utf8");
      expect(raw).not.toMatch(/Ã|Â|\uFFFD/);
    });
  }
});

describe("curso 1: Reanimación Cardiopulmonar solo Compresiones", () => {
  it("tiene los datos del curso predefinido", () => {
    expect(rcp.title).toBe("Reanimación Cardiopulmonar solo Compresiones");
    expect(rcp.category).toBe("Salud");
    expect(rcp.level).toBe("Básico");
    expect(rcp.priceClp).toBe(20000);
    expect(rcp.modality).toBe("100% online asincrónico");
    expect(rcp.topics).toHaveLength(7);
    expect(rcp.requirements).toEqual(["Sin requisitos previos"]);
  });

  it("tiene cinco módulos con 2, 2, 2, 7 y 1 lecciones", () => {
    expect(rcp.modules.map((m) => m.title)).toEqual([
      "Presentación",
      "Socorrer en una Emergencia",
      "Identificar el Problema",
      "RCP y Obstrucción de Vía Aérea",
      "Examen",
    ]);
    expect(rcp.modules.map((m) => m.lessons.length)).toEqual([2, 2, 2, 8, 1]);
    expect(rcp.modules[4]?.lessons[0]?.type).toBe("examen");
    expect(rcp.modules.flatMap((m) => m.lessons).every((l) => l.status === "published")).toBe(true);
  });

  it("cada módulo de estudio tiene una presentación o un documento, y el módulo 4 incluye el video", () => {
    for (const m of rcp.modules.slice(0, 4)) {
      expect(m.lessons.some((l) => l.type === "presentacion" || l.type === "documento"), m.title).toBe(true);
    }
    expect(rcp.modules[3]?.lessons.some((l) => l.type === "video")).toBe(true);
  });

  it("el módulo 4 tiene la práctica de compresiones, publicada y sin archivo", () => {
    const practice = rcp.modules[3]!.lessons.filter((l) => l.type === "practica");
    expect(practice.map((l) => [l.title, l.status])).toEqual([["Práctica: entrena tu ritmo de compresiones", "published"]]);
    expect(practice[0]!.file).toBeUndefined();
  });

  const studyLessons = rcp.modules.flatMap((m) => m.lessons).filter((l) => l.type !== "examen" && l.type !== "practica");

  it("cada lección que no es examen tiene material que existe", () => {
    for (const l of studyLessons) {
      const rel = l.file ?? l.body;
      expect(rel, l.title).toBeTruthy();
      const abs = path.join(rcpDir, rel!);
      expect(existsSync(abs), rel).toBe(true);
      expect(statSync(abs).size, rel).toBeGreaterThan(0);
    }
  });

  const pdfLessons = studyLessons.filter((l) => l.file?.endsWith(".pdf"));

  it("las presentaciones y los documentos son PDF", () => {
    expect(pdfLessons.length).toBe(studyLessons.filter((l) => l.type === "presentacion" || l.type === "documento").length);
    expect(pdfLessons.length).toBeGreaterThanOrEqual(8);
  });

  for (const l of pdfLessons) {
    it(`PDF "${l.title}" abre con pdf.js, contiene el título y tiene el formato de su tipo`, async () => {
      const file = path.join(rcpDir, l.file!);
      expect(statSync(file).size).toBeLessThan(300 * 1024);
      const info = await pdfInfo(file);
      expect(info.pages).toBeGreaterThan(1);
      expect(info.title).toBe(l.title);
      expect(info.text).toContain(normalise(l.title));
      expect(info.text).toMatch(/Referencias/);
      expect(info.text).toMatch(/ILCOR|AHA|ERC|Código Penal/);
      for (const { width, height } of info.sizes) {
        if (l.type === "presentacion") expect(width / height).toBeCloseTo(16 / 9, 2);
        else {
          expect(width).toBeCloseTo(595.28, 0);
          expect(height).toBeCloseTo(841.89, 0);
        }
      }
    });
  }

  it("los videos son MP4 pequeños, con subtítulos WebVTT", () => {
    const videos = studyLessons.filter((l) => l.type === "video");
    expect(videos.map((v) => v.file)).toEqual(["files/ritmo-110.mp4", "files/demo-secuencia.mp4"]);
    for (const video of videos) {
      const mp4 = readFileSync(path.join(rcpDir, video.file!));
      expect(mp4.subarray(4, 8).toString("latin1")).toBe("ftyp");
      // faststart: the index (moov) comes before the media data (mdat)
      expect(mp4.indexOf("moov")).toBeLessThan(mp4.indexOf("mdat"));
      expect(mp4.length).toBeLessThan(2 * 1024 * 1024);
      expect(video.captions).toBeTruthy();
      const vtt = readFileSync(path.join(rcpDir, video.captions!), "utf8");
      expect(vtt.startsWith("WEBVTT")).toBe(true);
    }
    const rhythm = readFileSync(path.join(rcpDir, "files/ritmo-110.vtt"), "utf8");
    expect(rhythm).toContain("Empuja fuerte y rápido");
    // Compressions go on while the AED is prepared, until it says not to touch (item 2).
    expect(rhythm).not.toMatch(/hasta que llegue el DEA/);
    expect(rhythm).toContain("sigue hasta que pida no tocar");
    const demo = readFileSync(path.join(rcpDir, "files/demo-secuencia.vtt"), "utf8");
    for (const step of ["¿Responde?", "llama al 131", "¿Respira con normalidad?", "comprime", "¡nadie la toca!"]) expect(demo).toContain(step);
  });

  it("no anuncia horas escritas a mano ni un respaldo internacional que no existe", () => {
    const texts = [rcp.description, rcp.longDescription, rcp.materials, rcp.certification].join(" ");
    expect(texts).not.toMatch(/\b16 horas\b|organismo internacional/i);
    expect(rcp.certification).toMatch(/emitido por la academia/);
    expect(rcp.certification).toMatch(/No evalúa habilidades prácticas/);
  });
});

describe("curso 1: banco de preguntas", () => {
  const bank = JSON.parse(readFileSync(path.join(rcpDir, "questions.json"), "utf8")) as Question[];

  it("tiene al menos 40 preguntas con ids únicos", () => {
    expect(bank.length).toBeGreaterThanOrEqual(40);
    expect(new Set(bank.map((q) => q.id)).size).toBe(bank.length);
  });

  it("cada pregunta tiene enunciado, cuatro opciones distintas no vacías, una correcta y explicación", () => {
    for (const q of bank) {
      expect(q.prompt.trim(), q.id).not.toBe("");
      expect(q.options, q.id).toHaveLength(4);
      expect(q.options.every((o) => typeof o === "string" && o.trim().length > 0), q.id).toBe(true);
      expect(new Set(q.options.map((o) => normalise(o).toLowerCase())).size, q.id).toBe(4);
      expect(Number.isInteger(q.correctIndex) && q.correctIndex >= 0 && q.correctIndex <= 3, q.id).toBe(true);
      expect(q.explanation.trim().length, q.id).toBeGreaterThan(20);
    }
  });

  it("cubre los módulos 1 a 4 y ninguno más", () => {
    const modules = new Set(bank.map((q) => q.module));
    expect([...modules].sort()).toEqual([1, 2, 3, 4]);
  });

  it("la respuesta correcta no está siempre en la misma posición", () => {
    expect(new Set(bank.map((q) => q.correctIndex)).size).toBe(4);
  });
});

describe("curso 3: contenido en preparación", () => {
  it("curso 3: todas sus lecciones están pendientes y sin material", () => {
    const c = byId(3);
    for (const m of c.modules) {
      for (const l of m.lessons) {
        expect(l.status, l.title).toBe("pending");
        expect(l.file, l.title).toBeUndefined();
      }
    }
  });

  it("Seguridad Privada: categoría Seguridad, requisitos de edad, antecedentes, enseñanza media y psicotécnico", () => {
    const c = byId(3);
    expect(c.title).toBe("Seguridad Privada");
    expect(c.category).toBe("Seguridad");
    const req = c.requirements.join(" | ");
    expect(req).toMatch(/mayor de 18 años/i);
    expect(req).toMatch(/antecedentes penales/i);
    expect(req).toMatch(/enseñanza media/i);
    expect(req).toMatch(/psicotécnico/i);
  });

  it("Seguridad Privada: las condiciones para ser guardia se dicen como lo que la ley exige al guardia, no al alumno", () => {
    const [age, ...guard] = byId(3).requirements;
    expect(age).toMatch(/^Para inscribirte en este curso/);
    for (const r of guard) expect(r).toMatch(/^Para trabajar como guardia, la (Ley N° 21\.659|ley) exige/);
  });
});
