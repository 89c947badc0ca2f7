import PDFDocument from "pdfkit";
import path from "node:path";
import SVGtoPDF from "svg-to-pdfkit";
import type { Figure } from "./figures.js";
import { parseInline } from "./markdown.js";
import { site } from "../../app/config/site.js";

export const THEME = {
  accent: "#b91c1c", // deep red: health and safety
  accentDark: "#7f1d1d",
  accentSoft: "#fef2f2",
  accentLine: "#fecaca",
  ink: "#1f2937",
  muted: "#6b7280",
  rule: "#e5e7eb",
  white: "#ffffff",
} as const;

export const FONT = { regular: "Regular", bold: "Bold" } as const;

/** Fixed date written into every PDF, so two builds give identical bytes. */
export const EDITION_DATE = new Date(Date.UTC(2026, 10, 1, 12, 0, 0));
export const EDITION_LABEL = "Edición 2026";
/** The brand printed in every PDF's header, footer and metadata: the configured site name (app/config/site.ts). */
export const ACADEMY = site.name;

export interface DocInfo {
  title: string;
  subject: string;
  keywords: string;
}

export function createDoc(
  fontsDir: string,
  size: [number, number],
  margins: { top: number; bottom: number; left: number; right: number },
  info: DocInfo,
): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size,
    margins,
    autoFirstPage: false,
    bufferPages: true,
    compress: true,
    lang: "es-CL",
    displayTitle: true,
    info: {
      Title: info.title,
      Author: ACADEMY,
      Subject: info.subject,
      Keywords: info.keywords,
      Creator: `${ACADEMY} content-build`,
      Producer: "PDFKit",
      CreationDate: EDITION_DATE,
      ModDate: EDITION_DATE,
    },
  });
  doc.registerFont(FONT.regular, path.join(fontsDir, "DejaVuSans.ttf"));
  doc.registerFont(FONT.bold, path.join(fontsDir, "DejaVuSans-Bold.ttf"));
  doc.font(FONT.regular);
  if (!scratch) {
    scratch = new PDFDocument({ size: [3000, 30000], margins: { top: 0, bottom: 0, left: 0, right: 0 } });
    scratch.registerFont(FONT.regular, path.join(fontsDir, "DejaVuSans.ttf"));
    scratch.registerFont(FONT.bold, path.join(fontsDir, "DejaVuSans-Bold.ttf"));
    scratch.on("data", () => {});
  }
  return doc;
}

export function finish(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

export interface TextOpts {
  size: number;
  color?: string;
  lineGap?: number;
  align?: "left" | "center" | "right";
  boldAll?: boolean;
}

let scratch: PDFKit.PDFDocument | null = null;
let scratchUses = 0;

/**
 * Exact height that `richText` will use, found by drawing the text on a scratch document that is
 * never written out (pdfkit cannot measure text that mixes fonts).
 */
export function richHeight(doc: PDFKit.PDFDocument, text: string, width: number, o: TextOpts): number {
  void doc;
  if (!scratch) throw new Error("createDoc must run before measuring text");
  if (++scratchUses % 200 === 0) scratch.addPage();
  const y = richText(scratch, text, 0, 0, width, o);
  return y;
}

/** Draw text with **bold** spans at (x, y) wrapped to width. Returns the y below it. */
export function richText(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, o: TextOpts): number {
  const spans = parseInline(text);
  if (spans.length === 0) return y;
  doc.fillColor(o.color ?? THEME.ink).fontSize(o.size);
  const base = { width, lineGap: o.lineGap ?? 0, align: o.align ?? "left" };
  spans.forEach((span, i) => {
    doc.font(o.boldAll || span.bold ? FONT.bold : FONT.regular);
    const continued = i < spans.length - 1;
    if (i === 0) doc.text(span.text, x, y, { ...base, continued });
    else doc.text(span.text, { ...base, continued });
  });
  return doc.y;
}

// ---------------------------------------------------------------------------
// Figures: SVG files from content/figures, embedded as vectors (svg-to-pdfkit).

/**
 * Draws a figure centred in the box, as large as fits without distortion. Text in the SVG uses the
 * DejaVu fonts registered on the document, so accents render and the font is subset like the rest.
 */
export function drawFigure(doc: PDFKit.PDFDocument, figure: Figure, x: number, y: number, w: number, h: number) {
  const scale = Math.min(w / figure.width, h / figure.height);
  const fw = figure.width * scale;
  const fh = figure.height * scale;
  doc.save();
  SVGtoPDF(doc, figure.svg, x + (w - fw) / 2, y + (h - fh) / 2, {
    width: fw,
    height: fh,
    preserveAspectRatio: "xMidYMid meet",
    assumePt: false,
    fontCallback: (_family, bold) => (bold ? FONT.bold : FONT.regular),
    warningCallback: (message) => {
      throw new Error(`figure "${figure.name}": ${message}`);
    },
  });
  doc.restore();
}

export function drawHeartPulse(doc: PDFKit.PDFDocument, x: number, y: number, s: number, color: string) {
  // heart built from two circles and a triangle, with a pulse line across it
  doc.save();
  doc.fillColor(color);
  const r = s * 0.27;
  doc.circle(x + s * 0.28, y + s * 0.3, r).fill();
  doc.circle(x + s * 0.72, y + s * 0.3, r).fill();
  doc.moveTo(x + s * 0.03, y + s * 0.4).lineTo(x + s * 0.5, y + s * 0.95).lineTo(x + s * 0.97, y + s * 0.4).closePath().fill();
  doc
    .lineWidth(s * 0.05)
    .lineJoin("round")
    .lineCap("round")
    .strokeColor(THEME.accent)
    .moveTo(x - s * 0.15, y + s * 0.5)
    .lineTo(x + s * 0.25, y + s * 0.5)
    .lineTo(x + s * 0.35, y + s * 0.3)
    .lineTo(x + s * 0.47, y + s * 0.72)
    .lineTo(x + s * 0.57, y + s * 0.18)
    .lineTo(x + s * 0.66, y + s * 0.5)
    .lineTo(x + s * 1.15, y + s * 0.5)
    .stroke();
  doc.restore();
}
