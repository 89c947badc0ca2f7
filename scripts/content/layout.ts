// Measures and draws parsed blocks in a column. Shared by slides and documents.
import type { Figure } from "./figures.js";
import { plain, type Block } from "./markdown.js";
import { FONT, THEME, drawFigure, richHeight, richText } from "./pdf-common.js";

/** Where figures come from and how tall one may be in the flow of text. */
export interface FigureEnv {
  figures: Map<string, Figure>;
  maxHeight: number;
}

export function figureByName(env: FigureEnv | undefined, name: string): Figure {
  const figure = env?.figures.get(name);
  if (!figure) throw new Error(`Unknown figure "${name}": add content/figures/${name}.svg`);
  return figure;
}

/** Height of a figure drawn across `width`, capped so a tall figure does not fill the page. */
export function figureHeight(figure: Figure, width: number, maxHeight: number): number {
  return Math.min(maxHeight, (width * figure.height) / figure.width);
}

export interface Scale {
  /** body font size */
  size: number;
  /** space between blocks */
  gap: number;
  lineGap: number;
}

export function scaleFor(size: number): Scale {
  return { size, gap: Math.round(size * 0.75), lineGap: size * 0.28 };
}

const BULLET_INDENT = (s: Scale) => s.size * 1.3;

function ulItemSize(s: Scale, level: number) {
  return level === 0 ? s.size : s.size * 0.9;
}

export function measureBlock(doc: PDFKit.PDFDocument, b: Block, width: number, s: Scale, env?: FigureEnv): number {
  switch (b.kind) {
    case "h1":
      return richHeight(doc, b.text, width, { size: s.size * 1.3, boldAll: true, lineGap: 2 }) + s.size * 0.35;
    case "h2":
      return richHeight(doc, b.text, width, { size: s.size * 1.08, boldAll: true, lineGap: 2 });
    case "p":
      return richHeight(doc, b.text, width, { size: s.size, lineGap: s.lineGap });
    case "ul": {
      let h = 0;
      b.items.forEach((it, i) => {
        const indent = BULLET_INDENT(s) * (it.level + 1);
        h += richHeight(doc, it.text, width - indent, { size: ulItemSize(s, it.level), lineGap: s.lineGap });
        if (i < b.items.length - 1) h += s.size * 0.42;
      });
      return h;
    }
    case "ol": {
      let h = 0;
      const indent = s.size * 2;
      b.items.forEach((it, i) => {
        h += Math.max(s.size * 1.35, richHeight(doc, it, width - indent, { size: s.size, lineGap: s.lineGap }));
        if (i < b.items.length - 1) h += s.size * 0.5;
      });
      return h;
    }
    case "callout": {
      const pad = s.size * 0.7;
      return richHeight(doc, b.text, width - pad * 2 - 6, { size: s.size, lineGap: s.lineGap }) - s.lineGap + pad * 2;
    }
    case "stats": {
      const n = b.items.length;
      const gap = 14;
      const cw = (width - gap * (n - 1)) / n;
      const pad = s.size * 0.6;
      const vh = Math.max(...b.items.map((it) => richHeight(doc, it.value, cw - pad * 2, { size: s.size * 1.75, boldAll: true })));
      const lh = Math.max(...b.items.map((it) => richHeight(doc, it.label, cw - pad * 2, { size: s.size * 0.78, lineGap: 1 })));
      return vh + lh + pad * 2 + 4;
    }
    case "flow": {
      const { boxW } = flowGeometry(b.steps.length, width, s);
      const fs = flowSize(doc, b.steps, boxW, s);
      const th = Math.max(...b.steps.map((st) => richHeight(doc, st, boxW - 12, { size: fs, boldAll: true, align: "center", lineGap: 1 })));
      return th + s.size * 1.2;
    }
    case "figure":
      return figureHeight(figureByName(env, b.name), width, env!.maxHeight);
  }
}

function flowGeometry(n: number, width: number, s: Scale) {
  const arrow = s.size * 1.6;
  const boxW = (width - arrow * (n - 1)) / n;
  return { arrow, boxW };
}

/** Font size for flow boxes: the longest word of every step must fit on one line. */
function flowSize(doc: PDFKit.PDFDocument, steps: string[], boxW: number, s: Scale): number {
  let size = s.size * 0.8;
  doc.font(FONT.bold);
  const words = steps.flatMap((st) => plain(st).split(/\s+/));
  while (size > 6 && words.some((w) => doc.fontSize(size).widthOfString(w) > boxW - 12)) size -= 0.25;
  return size;
}

export function drawBlock(doc: PDFKit.PDFDocument, b: Block, x: number, y: number, width: number, s: Scale, env?: FigureEnv): number {
  const h = measureBlock(doc, b, width, s, env);
  switch (b.kind) {
    case "h1": {
      richText(doc, b.text, x, y, width, { size: s.size * 1.3, boldAll: true, color: THEME.accent, lineGap: 2 });
      break;
    }
    case "h2":
      richText(doc, b.text, x, y, width, { size: s.size * 1.08, boldAll: true, color: THEME.ink, lineGap: 2 });
      break;
    case "p":
      richText(doc, b.text, x, y, width, { size: s.size, lineGap: s.lineGap });
      break;
    case "ul": {
      let cy = y;
      b.items.forEach((it, i) => {
        const size = ulItemSize(s, it.level);
        const indent = BULLET_INDENT(s) * (it.level + 1);
        const bx = x + indent - s.size * 0.85;
        const by = cy + size * 0.62;
        if (it.level === 0) doc.rect(bx - size * 0.17, by - size * 0.17, size * 0.34, size * 0.34).fill(THEME.accent);
        else doc.circle(bx, by, size * 0.16).lineWidth(1.2).strokeColor(THEME.accent).stroke();
        richText(doc, it.text, x + indent, cy, width - indent, { size, lineGap: s.lineGap });
        cy += richHeight(doc, it.text, width - indent, { size, lineGap: s.lineGap });
        if (i < b.items.length - 1) cy += s.size * 0.42;
      });
      break;
    }
    case "ol": {
      let cy = y;
      const indent = s.size * 2;
      b.items.forEach((it, i) => {
        const r = s.size * 0.68;
        doc.circle(x + r, cy + r * 0.95, r).fill(THEME.accent);
        doc
          .font(FONT.bold)
          .fontSize(s.size * 0.78)
          .fillColor(THEME.white)
          .text(String((b.start ?? 1) + i), x, cy + r * 0.95 - s.size * 0.47, { width: r * 2, align: "center", lineBreak: false });
        richText(doc, it, x + indent, cy, width - indent, { size: s.size, lineGap: s.lineGap });
        cy += Math.max(s.size * 1.35, richHeight(doc, it, width - indent, { size: s.size, lineGap: s.lineGap }));
        if (i < b.items.length - 1) cy += s.size * 0.5;
      });
      break;
    }
    case "callout": {
      const pad = s.size * 0.7;
      doc.rect(x, y, width, h).fill(THEME.accentSoft);
      doc.rect(x, y, 6, h).fill(THEME.accent);
      richText(doc, b.text, x + 6 + pad, y + pad, width - pad * 2 - 6, { size: s.size, lineGap: s.lineGap, color: THEME.accentDark });
      break;
    }
    case "stats": {
      const n = b.items.length;
      const gap = 14;
      const cw = (width - gap * (n - 1)) / n;
      const pad = s.size * 0.6;
      const vh = Math.max(...b.items.map((it) => richHeight(doc, it.value, cw - pad * 2, { size: s.size * 1.75, boldAll: true })));
      b.items.forEach((it, i) => {
        const cx = x + i * (cw + gap);
        doc.roundedRect(cx, y, cw, h, 8).fill(THEME.accentSoft);
        doc.rect(cx, y + 10, 4, h - 20).fill(THEME.accent);
        richText(doc, it.value, cx + pad, y + pad, cw - pad * 2, { size: s.size * 1.75, boldAll: true, color: THEME.accent });
        richText(doc, it.label, cx + pad, y + pad + vh + 4, cw - pad * 2, { size: s.size * 0.78, lineGap: 1, color: THEME.ink });
      });
      break;
    }
    case "flow": {
      const { arrow, boxW } = flowGeometry(b.steps.length, width, s);
      const fs = flowSize(doc, b.steps, boxW, s);
      b.steps.forEach((st, i) => {
        const bx = x + i * (boxW + arrow);
        doc.roundedRect(bx, y, boxW, h, 8).fill(i === 0 ? THEME.accent : i % 2 ? THEME.accentDark : THEME.accent);
        const th = richHeight(doc, st, boxW - 12, { size: fs, boldAll: true, align: "center", lineGap: 1 });
        richText(doc, st, bx + 6, y + (h - th) / 2, boxW - 12, { size: fs, boldAll: true, align: "center", color: THEME.white, lineGap: 1 });
        if (i < b.steps.length - 1) {
          const ax = bx + boxW + arrow * 0.2;
          const aw = arrow * 0.6;
          const ay = y + h / 2;
          doc.moveTo(ax, ay - 7).lineTo(ax + aw, ay).lineTo(ax, ay + 7).closePath().fill(THEME.muted);
        }
      });
      break;
    }
    case "figure":
      drawFigure(doc, figureByName(env, b.name), x, y, width, h);
      break;
  }
  return y + h;
}
