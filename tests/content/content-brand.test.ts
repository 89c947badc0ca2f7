// The lesson PDFs carry the configured brand (app/config/site.ts), not a placeholder: the footer of
// every slide and page, the cover and the PDF's Author field say site.name.
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { site } from "~/config/site";

const COURSES = path.resolve(import.meta.dirname, "../../content/courses");
const pdfs = readdirSync(COURSES).flatMap((slug) => {
  const dir = path.join(COURSES, slug, "files");
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith(".pdf"))
      .map((f) => path.join(slug, "files", f));
  } catch {
    return [];
  }
});

async function pagesOf(file: string) {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(file)), useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((it) => ("str" in it ? it.str : "")).join(" ").replace(/\s+/g, " "));
    }
    const author = (await doc.getMetadata()).info as { Author?: string; Creator?: string };
    return { pages, author: author.Author, creator: author.Creator };
  } finally {
    await doc.destroy();
  }
}

describe("material de las lecciones: la marca configurada", () => {
  it("hay PDF de lecciones que revisar", () => {
    expect(pdfs.length).toBeGreaterThanOrEqual(20);
  });

  for (const rel of pdfs) {
    it(`${rel}: cada página y el autor dicen "${site.name}"`, async () => {
      const { pages, author, creator } = await pagesOf(path.join(COURSES, rel));
      expect(author).toBe(site.name);
      expect(creator).toContain(site.name);
      pages.forEach((text, i) => expect(text, `página ${i + 1}`).toContain(site.name));
    });
  }
});
