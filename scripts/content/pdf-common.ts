import PDFDocument from "pdfkit";
import path from "node:path";
import { parseInline } from "./markdown.js";

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
export const ACADEMY = "Academia";

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
      Creator: "Academia content-build",
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
// Figures: simple, schematic vector drawings (front view of an adult chest).
// The person faces the reader, so the victim's right side is on the reader's left.

export const FIGURES = ["parches-dea", "posicion-manos"] as const;

function torso(doc: PDFKit.PDFDocument, x: number, y: number, w: number, h: number) {
  const cx = x + w / 2;
  const skin = "#f9e4d4";
  const line = "#b9a397";
  // arms, behind the torso
  doc.lineWidth(1.2);
  doc.roundedRect(x + w * 0.0, y + h * 0.27, w * 0.14, h * 0.72, w * 0.07).fillAndStroke("#f3d6c3", line);
  doc.roundedRect(x + w * 0.86, y + h * 0.27, w * 0.14, h * 0.72, w * 0.07).fillAndStroke("#f3d6c3", line);
  // head and neck
  doc.rect(cx - w * 0.07, y + h * 0.1, w * 0.14, h * 0.1).fillAndStroke(skin, line);
  doc.circle(cx, y + h * 0.075, h * 0.075).fillAndStroke("#f3d6c3", line);
  // torso: rounded shoulders, slightly narrower waist
  doc
    .moveTo(cx - w * 0.07, y + h * 0.17)
    .bezierCurveTo(x + w * 0.3, y + h * 0.19, x + w * 0.13, y + h * 0.2, x + w * 0.11, y + h * 0.3)
    .bezierCurveTo(x + w * 0.1, y + h * 0.55, x + w * 0.16, y + h * 0.75, x + w * 0.19, y + h * 0.99)
    .lineTo(x + w * 0.81, y + h * 0.99)
    .bezierCurveTo(x + w * 0.84, y + h * 0.75, x + w * 0.9, y + h * 0.55, x + w * 0.89, y + h * 0.3)
    .bezierCurveTo(x + w * 0.87, y + h * 0.2, x + w * 0.7, y + h * 0.19, cx + w * 0.07, y + h * 0.17)
    .closePath()
    .fillAndStroke(skin, line);
  // clavicles
  doc.lineWidth(1.3).strokeColor("#c9a58f");
  doc.moveTo(cx - 5, y + h * 0.225).bezierCurveTo(x + w * 0.38, y + h * 0.205, x + w * 0.28, y + h * 0.215, x + w * 0.2, y + h * 0.23).stroke();
  doc.moveTo(cx + 5, y + h * 0.225).bezierCurveTo(x + w * 0.62, y + h * 0.205, x + w * 0.72, y + h * 0.215, x + w * 0.8, y + h * 0.23).stroke();
  // rib arches and sternum
  doc.lineWidth(1).strokeColor("#e6c7b3");
  doc.moveTo(cx - 4, y + h * 0.6).bezierCurveTo(x + w * 0.4, y + h * 0.68, x + w * 0.28, y + h * 0.7, x + w * 0.2, y + h * 0.66).stroke();
  doc.moveTo(cx + 4, y + h * 0.6).bezierCurveTo(x + w * 0.6, y + h * 0.68, x + w * 0.72, y + h * 0.7, x + w * 0.8, y + h * 0.66).stroke();
  doc.roundedRect(cx - w * 0.035, y + h * 0.23, w * 0.07, h * 0.37, 5).fillAndStroke("#efd3c0", "#c9a58f");
  // nipples (reference landmarks)
  doc.circle(x + w * 0.31, y + h * 0.46, 2.4).fill("#c08d76");
  doc.circle(x + w * 0.69, y + h * 0.46, 2.4).fill("#c08d76");
  return { cx };
}

function label(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, size: number, align: "left" | "center" | "right" = "center") {
  doc.font(FONT.regular).fontSize(size).fillColor(THEME.ink).text(text, x, y, { width, align, lineGap: 1 });
}

/** Draws a named figure inside the box; returns nothing (the box is the layout). */
export function drawFigure(doc: PDFKit.PDFDocument, name: string, x: number, y: number, w: number, h: number) {
  doc.save();
  const labelH = 44;
  const fh = h - labelH;
  const fw = Math.min(w, fh * 0.85);
  const fx = x + (w - fw) / 2;
  const { cx } = torso(doc, fx, y, fw, fh);
  const small = Math.max(9, Math.min(11, w / 26));
  if (name === "parches-dea") {
    // pad 1: below the victim's right clavicle, beside the sternum (reader's left)
    const p1w = fw * 0.2;
    const p1h = fh * 0.13;
    doc.save().rotate(-8, { origin: [fx + fw * 0.3, fy(0.32)] });
    doc.roundedRect(fx + fw * 0.2, fy(0.26), p1w, p1h, 5).fillAndStroke("#fde68a", "#92400e");
    doc.font(FONT.bold).fontSize(small + 2).fillColor("#92400e").text("1", fx + fw * 0.2, fy(0.26) + p1h / 2 - 7, { width: p1w, align: "center" });
    doc.restore();
    // pad 2: victim's left side, below the armpit (reader's right)
    doc.save().rotate(-70, { origin: [fx + fw * 0.8, fy(0.6)] });
    doc.roundedRect(fx + fw * 0.8 - p1w / 2, fy(0.6) - p1h / 2, p1w, p1h, 5).fillAndStroke("#fde68a", "#92400e");
    doc.restore();
    doc.font(FONT.bold).fontSize(small + 2).fillColor("#92400e").text("2", fx + fw * 0.77, fy(0.6) - 7, { width: fw * 0.06, align: "center" });
    label(doc, "1: bajo la clavícula derecha, junto al esternón.\n2: costado izquierdo, bajo la axila.", x, y + fh + 6, w, small);
    doc.font(FONT.regular).fontSize(small - 1.5).fillColor(THEME.muted);
    doc.text("Derecha de\nla víctima", fx, fy(0.06), { width: fw * 0.34, align: "center" });
    doc.text("Izquierda de\nla víctima", fx + fw * 0.66, fy(0.06), { width: fw * 0.34, align: "center" });
  } else if (name === "posicion-manos") {
    // lower half of the sternum highlighted, heel of the hand on its centre
    doc.roundedRect(cx - fw * 0.035, fy(0.415), fw * 0.07, fh * 0.185, 5).fill("#fca5a5");
    doc.save().fillOpacity(0.35).circle(cx, fy(0.5), fw * 0.12).fill(THEME.accent).restore();
    doc.circle(cx, fy(0.5), fw * 0.12).lineWidth(2.5).strokeColor(THEME.accent).stroke();
    doc.circle(cx, fy(0.5), 3.5).fill(THEME.accentDark);
    label(doc, "Talón de la mano en el centro del pecho,\nsobre la mitad inferior del esternón.", x, y + fh + 6, w, small);
  } else {
    throw new Error(`Unknown figure: ${name}`);
  }
  doc.restore();

  function fy(f: number) {
    return y + fh * f;
  }
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
