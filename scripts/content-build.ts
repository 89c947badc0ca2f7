// Builds the lesson PDFs of the built-in catalogue from their Markdown sources.
//
//   npm run content:build            build every course under content/courses/
//   npm run content:build -- --check fail if a committed PDF differs from a fresh build
//
// For each published lesson of type "presentacion" or "documento" whose `file` is
// files/<name>.pdf, the source is sources/<name>.md (format: content/README.md).
// The output is deterministic: fixed dates and IDs, so identical sources give identical bytes.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadFigures } from "./content/figures.js";
import { figuresOf, parseDocument, parseSlides } from "./content/markdown.js";
import { renderDocument } from "./content/pdf-document.js";
import { renderSlides, type DeckContext } from "./content/pdf-slides.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CONTENT = path.join(ROOT, "content");
const FONTS = path.join(CONTENT, "fonts");
const FIGURES = path.join(CONTENT, "figures");
const MAX_BYTES = 300 * 1024;

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
  title: string;
  category: string;
  modules: { title: string; lessons: Lesson[] }[];
}

async function main() {
  const check = process.argv.includes("--check");
  const coursesDir = path.join(CONTENT, "courses");
  const figures = loadFigures(FIGURES);
  let built = 0;
  let stale = 0;
  for (const slug of readdirSync(coursesDir).sort()) {
    const dir = path.join(coursesDir, slug);
    const courseFile = path.join(dir, "course.json");
    if (!existsSync(courseFile)) continue;
    const course = JSON.parse(readFileSync(courseFile, "utf8")) as Course;
    for (const [mi, mod] of course.modules.entries()) {
      for (const lesson of mod.lessons) {
        if (lesson.body) checkReading(path.join(dir, lesson.body), figures);
        if (lesson.status !== "published" || !lesson.file?.endsWith(".pdf")) continue;
        if (lesson.type !== "presentacion" && lesson.type !== "documento") {
          throw new Error(`${slug}: ${lesson.file} is a PDF but the lesson type is ${lesson.type}`);
        }
        const name = path.basename(lesson.file, ".pdf");
        const srcPath = path.join(dir, "sources", `${name}.md`);
        const raw = readFileSync(srcPath, "utf8");
        const rel = path.relative(ROOT, srcPath);
        const src = lesson.type === "presentacion" ? parseSlides(raw, rel) : parseDocument(raw, rel);
        if (src.meta.title !== lesson.title) {
          throw new Error(`${rel}: title "${src.meta.title}" differs from course.json "${lesson.title}"`);
        }
        const ctx: DeckContext = {
          fontsDir: FONTS,
          courseTitle: course.title,
          moduleLabel: `Módulo ${mi + 1} · ${mod.title}`,
          moduleShort: `Módulo ${mi + 1}: ${mod.title}`,
          keywords: `${course.category}, ${course.title}, ${mod.title}, Academia, Chile`,
          figures,
        };
        const pdf = lesson.type === "presentacion" ? await renderSlides(src, ctx) : await renderDocument(src, ctx);
        const out = path.join(dir, lesson.file);
        if (pdf.length > MAX_BYTES) throw new Error(`${lesson.file}: ${pdf.length} bytes, over the ${MAX_BYTES} limit`);
        if (check) {
          if (!existsSync(out) || !readFileSync(out).equals(pdf)) {
            console.error(`stale: ${path.relative(ROOT, out)}`);
            stale++;
          }
        } else {
          mkdirSync(path.dirname(out), { recursive: true });
          writeFileSync(out, pdf);
        }
        built++;
        console.log(`${check ? "checked" : "built"} ${path.relative(ROOT, out)} (${Math.round(pdf.length / 1024)} KB)`);
      }
    }
  }
  if (stale) {
    console.error(`${stale} PDF(s) differ from their sources: run npm run content:build`);
    process.exit(1);
  }
  console.log(`${built} PDF(s) ${check ? "up to date" : "built"}.`);
}

/** A "lectura" lesson is shown as HTML by the app: its source must parse and its figures exist. */
function checkReading(file: string, figures: Map<string, unknown>) {
  const rel = path.relative(ROOT, file);
  for (const f of figuresOf(parseDocument(readFileSync(file, "utf8"), rel))) {
    if (!figures.has(f.name)) throw new Error(`${rel}: unknown figure "${f.name}": add content/figures/${f.name}.svg`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
