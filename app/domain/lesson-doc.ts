// A reading lesson written in the admin's editor (docs/decisions.md, "The lesson editor"): stored as the
// editor's structured document (ProseMirror JSON) and turned into the reading view's HTML here, by hand and
// escaping everything, so the server's page and the editor's phone preview are the same markup. Whatever
// arrives is first passed through `cleanLessonDoc`: only the node types, marks and attributes below survive
// (a script, an event handler, a style or a data: URL has nowhere to go), and a link keeps only a safe address.
import { escapeHtml } from "./html-escape";
import { withoutControlChars } from "./plain-text";

export interface LessonDocMark {
  type: "bold" | "italic" | "link";
  attrs?: { href: string };
}

export interface LessonImageAttrs {
  imageId: number;
  alt: string;
  caption: string;
  width: number;
  height: number;
  smallWidth: number;
  fallback: "jpg" | "png";
}

/** What the editor needs of a stored image to place it: its node's attributes but the alt text and caption. */
export type LessonImageView = Omit<LessonImageAttrs, "alt" | "caption">;

export interface LessonDocNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: LessonDocNode[];
  text?: string;
  marks?: LessonDocMark[];
}

export interface LessonDoc {
  type: "doc";
  content: LessonDocNode[];
}

export const lessonDocMessages = {
  invalid: "El contenido de la lectura no se pudo leer. Recarga la página e inténtalo de nuevo.",
  tooLong: "La lectura es demasiado larga (máximo 200.000 caracteres de texto).",
  altRequired: "Cada imagen necesita un texto alternativo: describe en pocas palabras lo que muestra.",
  unknownImage: "Una de las imágenes ya no existe en esta lección. Quítala y vuelve a subirla.",
} as const;

const MAX_TEXT = 200_000;
const MAX_NODES = 20_000;
const MAX_DEPTH = 24;
const MAX_ALT = 300;

/** What each container may hold; anything else is dropped (with its content). */
const BLOCKS = ["paragraph", "heading", "bulletList", "orderedList", "callout", "lessonImage", "table"];
const CHILDREN: Record<string, readonly string[]> = {
  doc: BLOCKS,
  bulletList: ["listItem"],
  orderedList: ["listItem"],
  listItem: ["paragraph", "bulletList", "orderedList"],
  callout: ["paragraph", "bulletList", "orderedList"],
  table: ["tableRow"],
  tableRow: ["tableHeader", "tableCell"],
  tableHeader: ["paragraph", "bulletList", "orderedList"],
  tableCell: ["paragraph", "bulletList", "orderedList"],
  paragraph: ["text", "hardBreak"],
  heading: ["text", "hardBreak"],
};

/** Where a link may lead: the web, mail, or a page of this site (never `javascript:`, `data:`, `//host`). */
export function safeHref(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const href = withoutControlChars(raw).replace(/\s+/g, "").slice(0, 2000);
  if (href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\")) return href;
  try {
    const url = new URL(href);
    if (url.protocol === "https:" || url.protocol === "http:") return url.href;
    if (url.protocol === "mailto:") return url.href;
  } catch {
    return null;
  }
  return null;
}

function plainText(raw: unknown, max: number, multiline = false): string {
  return typeof raw === "string" ? withoutControlChars(raw, { multiline }).slice(0, max) : "";
}

function positiveInt(raw: unknown, max: number): number | null {
  return typeof raw === "number" && Number.isInteger(raw) && raw > 0 && raw <= max ? raw : null;
}

export type CleanResult = { ok: true; doc: LessonDoc; imageIds: number[] } | { ok: false; message: string };

/**
 * The document as the editor may have sent it, reduced to what a reading may hold. Refuses (with the message
 * the admin sees) a document that is not one, too long, or with an image without its alt text (unless
 * `requireAlt` is false: the editor's preview draws what is being written).
 */
export function cleanLessonDoc(raw: unknown, options: { requireAlt?: boolean } = {}): CleanResult {
  if (!raw || typeof raw !== "object" || (raw as LessonDocNode).type !== "doc") return { ok: false, message: lessonDocMessages.invalid };
  let nodes = 0;
  let text = 0;
  let altMissing = false;
  const imageIds: number[] = [];

  const clean = (node: unknown, parent: string, depth: number): LessonDocNode | null => {
    if (!node || typeof node !== "object" || depth > MAX_DEPTH) return null;
    const n = node as LessonDocNode;
    if (typeof n.type !== "string" || !CHILDREN[parent]?.includes(n.type)) return null;
    if (++nodes > MAX_NODES) return null;
    switch (n.type) {
      case "text": {
        const value = plainText(n.text, MAX_TEXT, true);
        if (!value) return null;
        text += value.length;
        const marks: LessonDocMark[] = [];
        for (const m of Array.isArray(n.marks) ? n.marks : []) {
          if (m?.type === "bold" || m?.type === "italic") {
            if (!marks.some((k) => k.type === m.type)) marks.push({ type: m.type });
          } else if (m?.type === "link" && !marks.some((k) => k.type === "link")) {
            const href = safeHref(m.attrs?.href);
            if (href) marks.push({ type: "link", attrs: { href } });
          }
        }
        return marks.length ? { type: "text", text: value, marks } : { type: "text", text: value };
      }
      case "hardBreak":
        return { type: "hardBreak" };
      case "lessonImage": {
        const a = n.attrs ?? {};
        const imageId = positiveInt(a.imageId, 2_147_483_647);
        if (imageId === null) return null;
        const alt = plainText(a.alt, MAX_ALT).trim();
        if (!alt) altMissing = true;
        imageIds.push(imageId);
        // Sizes and format are the stored image's: the server puts them back from its own row (withImageFacts).
        return {
          type: "lessonImage",
          attrs: {
            imageId,
            alt,
            caption: plainText(a.caption, MAX_ALT).trim(),
            width: positiveInt(a.width, 20_000) ?? 1,
            height: positiveInt(a.height, 20_000) ?? 1,
            smallWidth: positiveInt(a.smallWidth, 20_000) ?? 1,
            fallback: a.fallback === "png" ? "png" : "jpg",
          } satisfies LessonImageAttrs,
        };
      }
    }
    const content = (Array.isArray(n.content) ? n.content : []).map((c) => clean(c, n.type, depth + 1)).filter((c): c is LessonDocNode => c !== null);
    const out: LessonDocNode = { type: n.type };
    if (n.type === "heading") out.attrs = { level: n.attrs?.level === 3 ? 3 : 2 };
    if (n.type === "orderedList") {
      const start = positiveInt(n.attrs?.start, 10_000);
      if (start && start !== 1) out.attrs = { start };
    }
    if (n.type === "tableHeader" || n.type === "tableCell") {
      const colspan = positiveInt(n.attrs?.colspan, 20);
      const rowspan = positiveInt(n.attrs?.rowspan, 100);
      if ((colspan && colspan > 1) || (rowspan && rowspan > 1)) out.attrs = { colspan: colspan ?? 1, rowspan: rowspan ?? 1 };
    }
    // Containers left empty (a list without items, a row without cells) are dropped; paragraphs may be empty.
    const needsContent = n.type !== "paragraph" && n.type !== "heading" && n.type !== "tableHeader" && n.type !== "tableCell";
    if (needsContent && content.length === 0) return null;
    if (content.length) out.content = content;
    return out;
  };

  const content = (Array.isArray((raw as LessonDoc).content) ? (raw as LessonDoc).content : [])
    .map((c) => clean(c, "doc", 1))
    .filter((c): c is LessonDocNode => c !== null);
  if (nodes > MAX_NODES || text > MAX_TEXT) return { ok: false, message: lessonDocMessages.tooLong };
  if (altMissing && options.requireAlt !== false) return { ok: false, message: lessonDocMessages.altRequired };
  return { ok: true, doc: { type: "doc", content }, imageIds };
}

/** Whether a reading has anything to read (publishing needs it). */
export function lessonDocHasContent(doc: LessonDoc | null | undefined): boolean {
  const walk = (n: LessonDocNode): boolean => (n.type === "text" && Boolean(n.text?.trim())) || n.type === "lessonImage" || (n.content ?? []).some(walk);
  return Boolean(doc?.content?.some(walk));
}

/** A stored image's file: the two WebP widths the browser picks from, and the JPEG/PNG fallback. */
export function lessonImageUrl(lessonId: number, imageId: number, variant: "small" | "large" | "jpg" | "png"): string {
  const file = variant === "small" ? "800.webp" : variant === "large" ? "1600.webp" : `1600.${variant}`;
  return `/archivos/lecciones/${lessonId}/imagenes/${imageId}-${file}`;
}

function renderText(n: LessonDocNode): string {
  let html = escapeHtml(n.text ?? "");
  const marks = n.marks ?? [];
  if (marks.some((m) => m.type === "italic")) html = `<em>${html}</em>`;
  if (marks.some((m) => m.type === "bold")) html = `<strong>${html}</strong>`;
  const link = marks.find((m) => m.type === "link");
  const href = link ? safeHref(link.attrs?.href) : null;
  if (href) html = `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${html}</a>`;
  return html;
}

function renderImage(lessonId: number, a: LessonImageAttrs): string {
  const small = lessonImageUrl(lessonId, a.imageId, "small");
  const large = lessonImageUrl(lessonId, a.imageId, "large");
  const fallback = lessonImageUrl(lessonId, a.imageId, a.fallback);
  // The figure is at most 28rem wide (lesson-reading.css): a phone takes the 800 px file, a sharp screen the 1600.
  const srcset = a.smallWidth < a.width ? `${small} ${a.smallWidth}w, ${large} ${a.width}w` : `${large} ${a.width}w`;
  const caption = a.caption ? `<figcaption>${escapeHtml(a.caption)}</figcaption>` : "";
  return (
    `<figure class="lesson-figure"><picture><source type="image/webp" srcset="${escapeHtml(srcset)}" sizes="(min-width: 640px) 448px, 100vw">` +
    `<img src="${escapeHtml(fallback)}" alt="${escapeHtml(a.alt)}" width="${a.width}" height="${a.height}" loading="lazy"></picture>${caption}</figure>`
  );
}

function renderNode(lessonId: number, n: LessonDocNode, row: number): string {
  const inner = () => (n.content ?? []).map((c, i) => renderNode(lessonId, c, n.type === "table" ? i : row)).join("");
  const span = () => {
    const a = n.attrs as { colspan?: number; rowspan?: number } | undefined;
    return `${a?.colspan && a.colspan > 1 ? ` colspan="${a.colspan}"` : ""}${a?.rowspan && a.rowspan > 1 ? ` rowspan="${a.rowspan}"` : ""}`;
  };
  switch (n.type) {
    case "text":
      return renderText(n);
    case "hardBreak":
      return "<br>";
    case "paragraph": {
      const html = inner();
      return html ? `<p>${html}</p>` : "";
    }
    case "heading": {
      const level = n.attrs?.level === 3 ? 3 : 2;
      const html = inner();
      return html ? `<h${level}>${html}</h${level}>` : "";
    }
    case "bulletList":
      return `<ul>${inner()}</ul>`;
    case "orderedList": {
      const start = typeof n.attrs?.start === "number" && n.attrs.start !== 1 ? ` start="${n.attrs.start}"` : "";
      return `<ol${start}>${inner()}</ol>`;
    }
    case "listItem":
      return `<li>${inner()}</li>`;
    case "callout":
      return `<aside class="lesson-callout">${inner()}</aside>`;
    case "lessonImage":
      return renderImage(lessonId, n.attrs as unknown as LessonImageAttrs);
    case "table":
      return `<table><tbody>${inner()}</tbody></table>`;
    case "tableRow":
      return `<tr>${inner()}</tr>`;
    case "tableHeader":
      return `<th${row === 0 ? ' scope="col"' : ""}${span()}>${inner()}</th>`;
    case "tableCell":
      return `<td${span()}>${inner()}</td>`;
    default:
      return "";
  }
}

/**
 * The reading view's HTML of a cleaned document: the same elements and classes as the built-in lessons'
 * (headings h2/h3, lists, `lesson-callout`, `lesson-figure`), shown inside `.lesson-prose`.
 */
export function renderLessonDoc(lessonId: number, doc: LessonDoc): string {
  return doc.content.map((n) => renderNode(lessonId, n, 0)).join("");
}
