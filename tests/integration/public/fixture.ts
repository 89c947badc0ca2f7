// A small catalogue of our own for the public-site tests (loaded through CONTENT_DIR instead of
// content/courses), so they do not depend on the teaching material being edited elsewhere.
// Call installPublicCatalogue() at the top level of a test file: it runs before the setup's beforeAll loads it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { course } from "~/server/platform/db/schema";
import { changedInTheDatabase } from "../support/catalogue-copies";

export const RCP_TITLE = "Reanimación Cardiopulmonar solo Compresiones";

const COURSES = [
  {
    id: 1,
    slug: "rcp",
    title: RCP_TITLE,
    category: "Salud",
    level: "Básico",
    durationHours: 16,
    priceClp: 20000,
    description: "Aprende a reconocer un paro cardíaco y a hacer compresiones de calidad.",
    topics: ["Escena segura", "Reconocer el paro", "Compresiones", "DEA", "Atragantamiento"],
    nextDate: "2027-01-11",
    status: "published",
    modules: [
      {
        title: "Presentación",
        lessons: [
          { title: "Bienvenida", type: "presentacion", durationMin: 20, status: "published" },
          { title: "La cadena de supervivencia", type: "documento", durationMin: 45, status: "published" },
        ],
      },
      {
        title: "Módulo pendiente",
        lessons: [
          { title: "Video pendiente", type: "video", status: "pending" },
          { title: "Documento pendiente", type: "documento", status: "pending" },
        ],
      },
      { title: "Módulo vacío", lessons: [] },
      {
        title: "Mixto",
        lessons: [
          { title: "Publicada", type: "lectura", status: "published" },
          { title: "Aún no", type: "examen", status: "pending" },
        ],
      },
    ],
  },
  {
    id: 2,
    slug: "primeros-auxilios",
    title: "Primeros Auxilios",
    category: "Primeros Auxilios",
    level: "Intermedio",
    durationHours: 40,
    priceClp: null,
    description: "Heridas, quemaduras y fracturas.",
    status: "published",
    modules: [{ title: "Módulo 1", lessons: [{ title: "Pronto", type: "documento", status: "pending" }] }],
  },
  {
    id: 3,
    slug: "seguridad-privada",
    title: "Seguridad Privada (borrador)",
    category: "Seguridad",
    level: "Básico",
    durationHours: 24,
    priceClp: 0,
    description: "Un borrador que nadie debe ver.",
    status: "draft",
    modules: [],
  },
];

export function installPublicCatalogue() {
  const previous = process.env.CONTENT_DIR;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "academia-public-content-"));
  for (const c of COURSES) {
    const dir = path.join(root, "courses", c.slug);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "course.json"), JSON.stringify(c));
  }
  process.env.CONTENT_DIR = root;
  afterAll(() => {
    if (previous === undefined) delete process.env.CONTENT_DIR;
    else process.env.CONTENT_DIR = previous;
    fs.rmSync(root, { recursive: true, force: true });
  });
}

let n = 0;
/** Inserts a course directly (published unless told otherwise) and returns its id. */
export async function addCourse(input: { title?: string; category: string; status?: "draft" | "published"; description?: string }) {
  n += 1;
  const [row] = await db()
    .insert(course)
    .values({
      slug: `extra-${n}-${Math.random().toString(36).slice(2, 8)}`,
      title: input.title ?? `Curso extra ${n}`,
      category: input.category,
      level: "Básico",
      durationHours: 8,
      priceClp: 15000,
      description: input.description ?? `Descripción del curso extra ${n}.`,
      status: input.status ?? "published",
    })
    .returning({ id: course.id });
  changedInTheDatabase();
  return row!.id;
}
