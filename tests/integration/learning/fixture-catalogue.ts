// A small catalogue of our own for the learning tests, written to a temporary folder and loaded instead of
// content/courses (through CONTENT_DIR), so these tests do not depend on the teaching material being edited.
// Call useFixtureCatalogue() at the top level of a test file: it runs before the setup's beforeAll loads it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/** A one-page PDF with a line of text (enough for pdf.js and for byte-range checks). */
export function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** Deterministic pseudo-video bytes: the range tests compare slices of it. */
export const VIDEO_BYTES = Buffer.from(Array.from({ length: 256 * 1024 }, (_, i) => (i * 31 + (i >> 8)) % 256));

export const FIXTURE_QUESTIONS = Array.from({ length: 12 }, (_, i) => ({
  id: `q${String(i + 1).padStart(2, "0")}`,
  prompt: `Pregunta de prueba número ${i + 1}`,
  options: [0, 1, 2, 3].map((o) => `Alternativa ${o + 1} de la pregunta ${i + 1}`),
  correctIndex: i % 4,
  explanation: `Explicación reservada ${i + 1}`,
}));

/** Lesson titles of course 1 in order (the lesson ids follow this order, from 1). */
export const COURSE1 = {
  pdf: "Presentación en PDF",
  documento: "Documento descargable",
  video: "Video guía",
  lectura: "Lectura breve",
  pendiente: "Lección pendiente",
  descarga: "Planilla para descargar",
  examen: "Evaluación final",
};

function course(id: number, slug: string, status: "published" | "draft", modules: unknown[]) {
  return {
    id,
    slug,
    title: `Curso de prueba ${id}`,
    category: "Salud",
    level: "Básico",
    durationHours: 16,
    priceClp: 20000,
    description: "Curso para las pruebas de aprendizaje.",
    status,
    modules,
  };
}

export function writeFixtureCatalogue(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "academia-learning-content-"));
  const courses = path.join(root, "courses");
  const c1 = path.join(courses, "c1");
  fs.mkdirSync(path.join(c1, "files"), { recursive: true });
  fs.writeFileSync(path.join(c1, "files", "a.pdf"), tinyPdf("Leccion A"));
  fs.writeFileSync(path.join(c1, "files", "b.pdf"), tinyPdf("Leccion B"));
  fs.writeFileSync(path.join(c1, "files", "video.mp4"), VIDEO_BYTES);
  fs.writeFileSync(path.join(c1, "files", "video.vtt"), "WEBVTT\n\n00:00.000 --> 00:02.000\nComprime fuerte y rápido\n");
  fs.writeFileSync(path.join(c1, "files", "lectura.md"), "# Título\n\nTexto **importante**.\n\n<script>alert(1)</script>\n\n[enlace](javascript:alert(1))\n");
  fs.writeFileSync(path.join(c1, "files", "planilla.zip"), Buffer.from("PK\u0003\u0004 planilla de prueba"));
  fs.writeFileSync(
    path.join(c1, "course.json"),
    JSON.stringify(
      course(1, "c1", "published", [
        {
          title: "Presentación",
          lessons: [
            { title: COURSE1.pdf, type: "presentacion", file: "files/a.pdf", status: "published" },
            { title: COURSE1.documento, type: "documento", file: "files/b.pdf", downloadable: true, status: "published" },
          ],
        },
        {
          title: "Práctica",
          lessons: [
            { title: COURSE1.video, type: "video", file: "files/video.mp4", captions: "files/video.vtt", status: "published" },
            { title: COURSE1.lectura, type: "lectura", body: "files/lectura.md", status: "published" },
            { title: COURSE1.pendiente, type: "documento", status: "pending" },
          ],
        },
        { title: "Materiales", lessons: [{ title: COURSE1.descarga, type: "documento", file: "files/planilla.zip", downloadable: true, status: "published" }] },
        { title: "En preparación", lessons: [{ title: "Pendiente A", type: "video", status: "pending" }] },
        { title: "Examen", lessons: [{ title: COURSE1.examen, type: "examen", status: "published" }] },
      ]),
    ),
  );
  fs.writeFileSync(path.join(c1, "questions.json"), JSON.stringify(FIXTURE_QUESTIONS));

  const c2 = path.join(courses, "c2");
  fs.mkdirSync(c2, { recursive: true });
  fs.writeFileSync(
    path.join(c2, "course.json"),
    JSON.stringify(course(2, "c2", "published", [{ title: "Módulo sin contenido", lessons: [{ title: "Pronto", type: "documento", status: "pending" }] }])),
  );

  const c3 = path.join(courses, "c3");
  fs.mkdirSync(path.join(c3, "files"), { recursive: true });
  fs.writeFileSync(path.join(c3, "files", "c.pdf"), tinyPdf("Borrador"));
  fs.writeFileSync(
    path.join(c3, "course.json"),
    JSON.stringify(course(3, "c3", "draft", [{ title: "Borrador", lessons: [{ title: "Lección en borrador", type: "documento", file: "files/c.pdf", status: "published" }] }])),
  );
  return root;
}

export function useFixtureCatalogue() {
  const previous = process.env.CONTENT_DIR;
  const root = writeFixtureCatalogue();
  process.env.CONTENT_DIR = root;
  afterAll(() => {
    if (previous === undefined) delete process.env.CONTENT_DIR;
    else process.env.CONTENT_DIR = previous;
    fs.rmSync(root, { recursive: true, force: true });
  });
  return root;
}
