// A deliberately small Markdown dialect for lesson sources (see content/README.md).
//
//   title: ...            metadata block (key: value lines) ended by a line "---"
//   ---                   in presentations: slide separator
//   # Heading             slide title / document section
//   ## Heading            sub-heading
//   - item / "  - item"   bullets (two levels)
//   1. item               numbered steps
//   > text                highlighted key message
//   :: value | label      key-figure cards (consecutive lines form one row)
//   >>> a | b | c         horizontal flow of steps joined by arrows
//   [[figura:name|alt]]   figure content/figures/<name>.svg with its Spanish alternative text (required)
//   **bold**              inline emphasis
//
// Anything else is a paragraph; consecutive lines are joined with a space.
//
// Pure (no I/O): the PDF build and the app's "lectura" view both parse sources with it.

export type Block =
  | { kind: "h1"; text: string }
  | { kind: "h2"; text: string }
  | { kind: "p"; text: string }
  | { kind: "ul"; items: { text: string; level: number }[] }
  | { kind: "ol"; items: string[]; start?: number }
  | { kind: "callout"; text: string }
  | { kind: "stats"; items: { value: string; label: string }[] }
  | { kind: "flow"; steps: string[] }
  | { kind: "figure"; name: string; alt: string };

export type Meta = Record<string, string | undefined> & { title: string; subtitle?: string };

export interface Source {
  meta: Meta;
  /** Presentations: one entry per slide. Documents: a single entry. */
  sections: Block[][];
}

export interface Span {
  text: string;
  bold: boolean;
}

export function parseInline(text: string): Span[] {
  const spans: Span[] = [];
  const parts = text.split("**");
  if (parts.length % 2 === 0) {
    throw new Error(`Unbalanced ** in: ${text}`);
  }
  parts.forEach((part, i) => {
    if (part) spans.push({ text: part, bold: i % 2 === 1 });
  });
  return spans;
}

/** A regular-expression group, or "" when it did not match. */
function g(m: RegExpExecArray, i: number): string {
  return m[i] ?? "";
}

export function plain(text: string): string {
  return text.replaceAll("**", "");
}

function splitMeta(raw: string, file: string): { meta: Meta; body: string } {
  const lines = raw.replace(/\r\n/g, "\n").split("\n");
  const meta: Record<string, string> = {};
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line.trim() === "---") break;
    if (!line.trim()) continue;
    const m = /^([a-zA-Z]+):\s*(.*)$/.exec(line);
    if (!m) throw new Error(`${file}: bad metadata line "${line}"`);
    meta[g(m, 1)] = g(m, 2).trim();
  }
  if (i >= lines.length) throw new Error(`${file}: metadata block must end with ---`);
  const title = meta.title;
  if (!title) throw new Error(`${file}: metadata needs a title`);
  return { meta: { ...meta, title }, body: lines.slice(i + 1).join("\n") };
}

/** `[[figura:name|texto alternativo]]` on a line of its own. */
const FIGURE_LINE = /^\[\[figura:([^|\]]*)(?:\|([^\]]*))?\]\]$/;
/** File stem of a figure under content/figures/. */
export const FIGURE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function parseFigure(m: RegExpExecArray, file: string): Block {
  const name = g(m, 1).trim();
  const alt = g(m, 2).replace(/\s+/g, " ").trim();
  if (!FIGURE_NAME.test(name)) throw new Error(`${file}: bad figure name "${name}" (lowercase letters, digits and hyphens)`);
  // The HTML version shows the figure as an image: without a text alternative a screen reader skips it.
  if (alt.length < 10) throw new Error(`${file}: figure "${name}" needs an alternative text: [[figura:${name}|descripción en español]]`);
  if (alt.includes("**")) throw new Error(`${file}: the alternative text of figure "${name}" cannot contain **`);
  return { kind: "figure", name, alt };
}

/** Every figure a parsed source uses, in order of appearance. */
export function figuresOf(src: Source): { name: string; alt: string }[] {
  return src.sections.flat().flatMap((b) => (b.kind === "figure" ? [{ name: b.name, alt: b.alt }] : []));
}

export function parseBlocks(text: string, file: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.split("\n");
  let para: string[] = [];
  let calloutOpen = false;

  const flushPara = () => {
    if (para.length) blocks.push({ kind: "p", text: para.join(" ") });
    para = [];
  };
  const last = () => blocks[blocks.length - 1];

  for (const rawLine of lines) {
    const line = rawLine.replace(/\s+$/, "");
    const trimmed = line.trim();
    if (!trimmed) {
      flushPara();
      calloutOpen = false;
      continue;
    }
    const wasCallout = calloutOpen;
    calloutOpen = false;
    let m: RegExpExecArray | null;
    if ((m = /^##\s+(.*)$/.exec(trimmed))) {
      flushPara();
      blocks.push({ kind: "h2", text: g(m, 1) });
    } else if ((m = /^#\s+(.*)$/.exec(trimmed))) {
      flushPara();
      blocks.push({ kind: "h1", text: g(m, 1) });
    } else if ((m = /^(\s*)[-*]\s+(.*)$/.exec(line))) {
      flushPara();
      const level = g(m, 1).length >= 2 ? 1 : 0;
      const prev = last();
      if (prev && prev.kind === "ul") prev.items.push({ text: g(m, 2), level });
      else blocks.push({ kind: "ul", items: [{ text: g(m, 2), level }] });
    } else if ((m = /^\d+\.\s+(.*)$/.exec(trimmed))) {
      flushPara();
      const prev = last();
      if (prev && prev.kind === "ol") prev.items.push(g(m, 1));
      else blocks.push({ kind: "ol", items: [g(m, 1)] });
    } else if ((m = /^>>>\s+(.*)$/.exec(trimmed))) {
      flushPara();
      blocks.push({ kind: "flow", steps: g(m, 1).split("|").map((s) => s.trim()) });
    } else if ((m = /^>\s?(.*)$/.exec(trimmed))) {
      flushPara();
      const prev = last();
      // consecutive "> " lines form one callout; a blank line starts a new one
      if (wasCallout && prev && prev.kind === "callout") prev.text += " " + g(m, 1);
      else blocks.push({ kind: "callout", text: g(m, 1) });
      calloutOpen = true;
    } else if ((m = /^::\s+(.*)$/.exec(trimmed))) {
      flushPara();
      const [value = "", label = ""] = g(m, 1).split("|").map((s) => s.trim());
      const prev = last();
      if (prev && prev.kind === "stats") prev.items.push({ value, label });
      else blocks.push({ kind: "stats", items: [{ value, label }] });
    } else if ((m = FIGURE_LINE.exec(trimmed))) {
      flushPara();
      blocks.push(parseFigure(m, file));
    } else if (trimmed.startsWith("[[figura")) {
      throw new Error(`${file}: malformed figure line "${trimmed}": use [[figura:nombre|texto alternativo]] on its own line`);
    } else {
      const prev = last();
      // a continuation line of a list item is indented by at least 2 spaces
      if (para.length === 0 && prev && (prev.kind === "ul" || prev.kind === "ol") && /^\s{2,}/.test(line) && !/^\s*[-*]\s/.test(line)) {
        const k = prev.items.length - 1;
        if (prev.kind === "ul") {
          const item = prev.items[k];
          if (item) item.text += " " + trimmed;
        } else prev.items[k] = `${prev.items[k] ?? ""} ${trimmed}`;
      } else {
        para.push(trimmed);
      }
    }
  }
  flushPara();
  for (const b of blocks) {
    const texts =
      b.kind === "ul" ? b.items.map((i) => i.text)
      : b.kind === "ol" ? b.items
      : b.kind === "stats" ? b.items.flatMap((i) => [i.value, i.label])
      : b.kind === "flow" ? b.steps
      : b.kind === "figure" ? []
      : [b.text];
    for (const t of texts) parseInline(t); // validates ** pairs early
    void file;
  }
  return blocks;
}

export function parseSlides(raw: string, file: string): Source {
  const { meta, body } = splitMeta(raw, file);
  const chunks = body.split(/\n---[ \t]*\n/);
  const sections = chunks
    .map((c) => parseBlocks(c, file))
    .filter((blocks) => blocks.length > 0);
  sections.forEach((blocks, i) => {
    if (blocks[0]?.kind !== "h1") throw new Error(`${file}: slide ${i + 1} must start with "# title"`);
  });
  return { meta, sections };
}

export function parseDocument(raw: string, file: string): Source {
  const { meta, body } = splitMeta(raw, file);
  return { meta, sections: [parseBlocks(body, file)] };
}
