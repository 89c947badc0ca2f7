// A PDF page's text as a reader wants it on a phone: the positioned pieces of text pdf.js gives (getTextContent)
// put back into lines, then into headings, paragraphs and list items, so the lesson shows it as reflowed HTML at
// the reading mode's size instead of a miniature page. Pure: the viewer passes the pieces, tests pass made ones.

/** One piece of text as pdf.js places it: x, y of its baseline (PDF units, y upwards), its width and font height. */
export interface TextPiece {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** pdf.js says a line ends after this piece. */
  endOfLine?: boolean;
}

export type ReadingBlock = { kind: "heading" | "paragraph" | "item"; text: string };

interface Line {
  text: string;
  x: number;
  right: number;
  y: number;
  size: number;
}

const median = (values: number[]): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The pieces joined into lines: a new line where the baseline moves by more than ~half a line's height. */
export function linesOf(pieces: readonly TextPiece[]): Line[] {
  const lines: Line[] = [];
  let current: Line | null = null;
  let breakNext = false;
  for (const p of pieces) {
    const size = Math.abs(p.height) || 0;
    if (p.text === "") {
      if (p.endOfLine) breakNext = true;
      continue;
    }
    const sameLine = current !== null && !breakNext && Math.abs(p.y - current.y) <= 0.5 * Math.max(size, current.size, 1);
    if (current && sameLine) {
      // A gap wider than a fifth of the font's height between two pieces is a space the PDF did not write.
      const gap = p.x - current.right;
      const needsSpace = gap > 0.2 * Math.max(size, current.size) && !/\s$/.test(current.text) && !/^\s/.test(p.text);
      current.text += (needsSpace ? " " : "") + p.text;
      current.right = Math.max(current.right, p.x + p.width);
      current.x = Math.min(current.x, p.x);
      current.size = Math.max(current.size, size);
    } else {
      current = { text: p.text, x: p.x, right: p.x + p.width, y: p.y, size };
      lines.push(current);
    }
    breakNext = Boolean(p.endOfLine);
  }
  return lines.map((l) => ({ ...l, text: l.text.replace(/\s+/g, " ").trim() })).filter((l) => l.text !== "");
}

const BULLET = /^([•●▪■◦‣∙·○►▶✓✔\-–—*])\s*/;
const NUMBERED = /^(\d{1,2}|[a-zA-Z])[.)]\s+/;
const ENDS_SENTENCE = /[.:!?…»”")]$/;

/** "informa-" + "ción" → "información" (a word cut at a line's end); otherwise the two lines joined by a space. */
function joinLines(a: string, b: string): string {
  if (/[a-záéíóúñü]-$/i.test(a) && /^[a-záéíóúñü]/.test(b)) return a.slice(0, -1) + b;
  return `${a} ${b}`;
}

/**
 * A page's blocks. Headings: lines clearly larger than the page's body text. List items: lines that start with a
 * bullet or a number. Paragraphs: lines of the body size joined while the gap between them is a line's and the
 * previous line did not end a sentence short of the right margin. A lone page number at the top or foot is left out.
 */
export function readingBlocks(pieces: readonly TextPiece[]): ReadingBlock[] {
  const lines = linesOf(pieces);
  if (lines.length === 0) return [];
  const body = median(lines.flatMap((l) => Array<number>(Math.min(l.text.length, 200)).fill(l.size)));
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const gap = lines[i - 1]!.y - lines[i]!.y;
    if (gap > 0 && Math.abs(lines[i]!.size - body) <= 0.15 * body) gaps.push(gap);
  }
  const spacing = median(gaps) || body * 1.4;
  const rightEdge = Math.max(...lines.map((l) => l.right));
  const leftEdge = Math.min(...lines.map((l) => l.x));
  const width = Math.max(rightEdge - leftEdge, 1);

  const blocks: ReadingBlock[] = [];
  let previous: Line | null = null;
  lines.forEach((line, i) => {
    if (/^\d{1,4}$/.test(line.text) && (i === 0 || i === lines.length - 1)) return;
    const heading = body > 0 && line.size >= 1.2 * body && line.text.length <= 160;
    const last = blocks[blocks.length - 1];
    if (heading) {
      // A heading set on two lines stays one heading.
      if (last?.kind === "heading" && previous && Math.abs(previous.size - line.size) <= 0.1 * line.size && previous.y - line.y <= 1.6 * line.size) {
        last.text = joinLines(last.text, line.text);
      } else blocks.push({ kind: "heading", text: line.text });
      previous = line;
      return;
    }
    const bullet = BULLET.exec(line.text);
    if (bullet || NUMBERED.test(line.text)) {
      blocks.push({ kind: "item", text: bullet ? line.text.slice(bullet[0].length) : line.text });
      previous = line;
      return;
    }
    const continues =
      previous !== null &&
      (last?.kind === "paragraph" || last?.kind === "item") &&
      Math.abs(previous.size - line.size) <= 0.15 * Math.max(previous.size, line.size) &&
      previous.y - line.y > 0 &&
      previous.y - line.y <= 1.45 * spacing &&
      // A sentence that ends well before the right margin ends its paragraph.
      !(ENDS_SENTENCE.test(previous.text) && previous.right < rightEdge - 0.15 * width) &&
      // A list item's next line continues it only when it is indented like the item's text, not at the margin.
      (last?.kind !== "item" || line.x > leftEdge + 0.02 * width);
    if (continues && last) last.text = joinLines(last.text, line.text);
    else blocks.push({ kind: "paragraph", text: line.text });
    previous = line;
  });
  return blocks.filter((b) => b.text.trim() !== "");
}

/** Whether a document's text is worth a reading view: a scanned PDF has none (or a few stray characters). */
export function hasReadableText(pageTexts: readonly string[]): boolean {
  return pageTexts.join("").replace(/\s+/g, "").length >= 40;
}
