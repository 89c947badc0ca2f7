// The 'lectura' view of a presentation or document lesson (docs/decisions.md A4 "Reading on a
// phone"): the lesson's Markdown source — the one the PDF is built from (content/README.md) — as
// responsive, sanitised HTML with its figures, so a phone shows text at its own size instead of a PDF
// page drawn 340 px wide. The PDF stays as the download.
//
// Built once, by the catalogue loader, and stored with the lesson: a page view only reads it.
// The parser is the PDF build's own (scripts/content/markdown.ts), so both always agree on a source.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sanitizeHtml from "sanitize-html";
import { parseDocument, parseInline, parseSlides, type Block } from "../../../scripts/content/markdown";
import { checkFigureSvg } from "../../../scripts/content/figures";
import { escapeHtml } from "~/domain/html-escape";
import { cleanLessonDoc, renderLessonDoc, type LessonDoc } from "~/domain/lesson-doc";

/**
 * Stored with each lesson, the HTML changes only when the catalogue does: a change to how it is built must
 * change this too, so catalogueVersion differs and an academy that upgrades gets its lessons rebuilt.
 * 2: figures carry their width and height. 3: figures are files (/figuras/…), not data URLs.
 */
export const READING_FORMAT = 3;

/**
 * Where the reading view's <img> finds a figure: a file the browser caches for good, named by its content, so
 * a lesson's page carries a short URL instead of the figure's bytes twice (in the HTML and in the data that
 * hydrates it) and the next lesson with the same figure costs nothing. Served by routes/figura.ts.
 */
export function figureUrl(name: string, svg: string): string {
  return `/figuras/${name}.svg?v=${figureVersion(svg)}`;
}

export function figureVersion(svg: string): string {
  return crypto.createHash("sha256").update(svg, "utf8").digest("hex").slice(0, 12);
}

function inline(text: string): string {
  return parseInline(text)
    .map((span) => (span.bold ? `<strong>${escapeHtml(span.text)}</strong>` : escapeHtml(span.text)))
    .join("");
}

/** A figure's SVG by name (null if there is none): shown as an <img>, which never runs what an SVG could carry. */
export type FigureSource = (name: string) => string | null;

function block(b: Block, figure: FigureSource, headingLevel: 2 | 3): string {
  switch (b.kind) {
    case "h1":
      return `<h${headingLevel}>${inline(b.text)}</h${headingLevel}>`;
    case "h2":
      return `<h${headingLevel + 1}>${inline(b.text)}</h${headingLevel + 1}>`;
    case "p":
      return `<p>${inline(b.text)}</p>`;
    case "ul": {
      // Two levels: a level-1 item nests under the level-0 item before it.
      let html = "<ul>";
      let open = false;
      b.items.forEach((item, i) => {
        const next = b.items[i + 1];
        if (item.level === 0) {
          html += `<li>${inline(item.text)}`;
          if (next?.level === 1) {
            html += "<ul>";
            open = true;
          } else html += "</li>";
        } else {
          html += `<li>${inline(item.text)}</li>`;
          if (open && next?.level !== 1) {
            html += "</ul></li>";
            open = false;
          }
        }
      });
      return html + "</ul>";
    }
    case "ol":
      return `<ol${b.start && b.start !== 1 ? ` start="${b.start}"` : ""}>${b.items.map((i) => `<li>${inline(i)}</li>`).join("")}</ol>`;
    case "callout":
      return `<aside class="lesson-callout"><p>${inline(b.text)}</p></aside>`;
    case "stats":
      return `<ul class="lesson-stats">${b.items
        .map((i) => `<li><strong>${inline(i.value)}</strong> <span>${inline(i.label)}</span></li>`)
        .join("")}</ul>`;
    case "flow":
      return `<ol class="lesson-flow">${b.steps.map((s) => `<li>${inline(s)}</li>`).join("")}</ol>`;
    case "figure": {
      const svg = figure(b.name);
      if (svg === null) throw new Error(`unknown figure "${b.name}"`);
      // Its size keeps the figure's space from the first frame: a lazy image without one took its height
      // only once decoded, after a client-side navigation had drawn the lesson, and moved "Siguiente
      // lección" away from a learner reaching for it (hundreds of pixels on a long reading).
      const { width, height } = checkFigureSvg(svg, b.name);
      return `<figure class="lesson-figure"><img src="${figureUrl(b.name, svg)}" alt="${escapeHtml(b.alt)}" width="${width}" height="${height}" loading="lazy"></figure>`;
    }
  }
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ["section", "h2", "h3", "h4", "p", "strong", "ul", "ol", "li", "aside", "span", "figure", "img"],
  allowedAttributes: { "*": ["class"], ol: ["start", "class"], img: ["src", "alt", "width", "height", "loading"] },
  allowedClasses: { "*": ["lesson-callout", "lesson-stats", "lesson-flow", "lesson-figure", "lesson-slide"] },
  // Only this site's own paths (the figures): no scheme at all, and no //host either.
  allowedSchemes: [],
  allowProtocolRelative: false,
};

/**
 * A presentation (one section per slide, the slide title as its heading) or a document as HTML.
 * The source's own title is the lesson's title, shown by the page: it is not repeated here.
 */
export function renderReading(raw: string, type: "presentacion" | "documento", figure: FigureSource, file = "source"): string {
  const src = type === "presentacion" ? parseSlides(raw, file) : parseDocument(raw, file);
  const html =
    type === "presentacion"
      ? src.sections.map((blocks) => `<section class="lesson-slide">${blocks.map((b) => block(b, figure, 2)).join("")}</section>`).join("")
      : src.sections.flat().map((b) => block(b, figure, 2)).join("");
  return sanitizeHtml(html, SANITIZE);
}

/** Figures from a folder of SVG files (content/figures), read once each. */
export function figuresFrom(dir: string): FigureSource {
  const cache = new Map<string, string | null>();
  return (name) => {
    if (!cache.has(name)) {
      const file = path.join(dir, `${name}.svg`);
      cache.set(name, fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null);
    }
    return cache.get(name)!;
  };
}

/**
 * What the editor's document may become: the built-in reading's elements and classes, plus what an owner
 * writes (emphasis, links, tables, figures with a caption and their WebP sources). The document is rendered
 * escaping everything (domain/lesson-doc.ts); this allow-list is the second lock, for whatever a later change
 * to the renderer lets through.
 */
const DOC_SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ["h2", "h3", "p", "br", "strong", "em", "a", "ul", "ol", "li", "aside", "figure", "figcaption", "picture", "source", "img", "table", "tbody", "tr", "th", "td"],
  allowedAttributes: {
    "*": ["class"],
    a: ["href", "rel"],
    ol: ["start"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    source: ["type", "srcset", "sizes"],
    img: ["src", "alt", "width", "height", "loading"],
  },
  allowedClasses: { "*": ["lesson-callout", "lesson-figure"] },
  allowedSchemes: ["http", "https", "mailto"],
  // Images only from this site (the lesson's own image route): no scheme at all, so no data: or remote URL.
  allowedSchemesByTag: { img: [], source: [] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
};

/** A reading written in the editor, as the reading view's HTML (cleaned again: the stored JSON is not trusted). */
export function lessonDocHtml(lessonId: number, stored: LessonDoc): string {
  const cleaned = cleanLessonDoc(stored);
  // A stored document always passed this cleaning when saved; one broken by hand in the database shows nothing.
  return cleaned.ok ? sanitizeHtml(renderLessonDoc(lessonId, cleaned.doc), DOC_SANITIZE) : "";
}
