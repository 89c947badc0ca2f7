// The certificate as a printable PDF (docs/decisions.md B9): A4 landscape, the academy's brand, and a QR code that
// opens the public verification page. Rendered on request: it takes milliseconds and always shows the
// current brand; the certificate row is the record, the PDF only presents it.
import fs from "node:fs";
import path from "node:path";
import PDFDocument from "pdfkit";
import encodeQR from "qr";
import { site } from "~/config/site";
import { env } from "../platform/env.server";
import { formatDate, formatHours } from "~/domain/format";
import { formatRut } from "~/domain/rut";
import { certificateScope } from "~/domain/certificate-scope";
import type { Certificate } from "./certificates.server";

type CertificateForPdf = Pick<Certificate, "displayCode" | "holderName" | "holderRut" | "courseTitle" | "hours" | "issuedAt" | "verifyPath" | "validUntil"> &
  Partial<Pick<Certificate, "kind" | "skills">>;

const BRAND = "#b91c1c";
const BRAND_DARK = "#7f1d1d";
const BRAND_SOFT = "#fecaca";
const INK = "#0f172a";
const MUTED = "#475569";
const FAINT = "#94a3b8";

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** The two DejaVu faces every academy PDF embeds, read once per process. */
export function loadFonts() {
  // DejaVu covers every Spanish letter (á, é, ñ, ü, ¡, ¿); the PDF standard fonts would not embed them.
  if (!fonts) {
    const dir = path.resolve(env().CONTENT_DIR, "fonts");
    fonts = {
      regular: fs.readFileSync(path.join(dir, "DejaVuSans.ttf")),
      bold: fs.readFileSync(path.join(dir, "DejaVuSans-Bold.ttf")),
    };
  }
  return fonts;
}

/** Largest font size (from `max` down to `min`) at which `text` fits in `width` on one line. */
function fitSize(doc: PDFKit.PDFDocument, text: string, width: number, max: number, min: number) {
  let size = max;
  while (size > min && doc.fontSize(size).widthOfString(text) > width) size -= 1;
  return size;
}

/** Largest font size at which `text` wraps into at most `lines` lines of `width`. */
function fitLines(doc: PDFKit.PDFDocument, text: string, width: number, max: number, min: number, lines: number) {
  let size = max;
  while (size > min && doc.fontSize(size).heightOfString(text, { width }) > lines * size * 1.3) size -= 1;
  return size;
}

/** Draws the QR code as vector squares: sharp at any print size and no image decoding needed. */
function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number) {
  // The matrix with a two-module quiet zone (`qr`: dependency-free, unlike qrcode's command-line stack).
  const modules = encodeQR(url, "raw", { ecc: "medium", border: 2 });
  const n = modules.length;
  const cell = size / n;
  doc.save();
  doc.rect(x, y, size, size).fill("#ffffff");
  // One rectangle per horizontal run of dark modules, filled together, so no hairline seams appear between cells.
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules[row]![col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules[row]![col]) col++;
      doc.rect(x + start * cell, y + row * cell, (col - start) * cell, cell + 0.01);
    }
  }
  doc.fill(INK);
  doc.restore();
}

/** A seal: concentric rings in the brand colour with the academy's initials. */
function drawSeal(doc: PDFKit.PDFDocument, cx: number, cy: number, r: number) {
  const initials = site.name
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .slice(0, 3)
    .toUpperCase();
  doc.save();
  doc.circle(cx, cy, r).fill(BRAND);
  doc.circle(cx, cy, r - 4).lineWidth(1).strokeColor("#ffffff").stroke();
  doc.circle(cx, cy, r - 8).lineWidth(0.5).strokeColor(BRAND_SOFT).stroke();
  // Rays around the seal's edge.
  for (let i = 0; i < 36; i++) {
    const a = (i * Math.PI * 2) / 36;
    doc
      .moveTo(cx + Math.cos(a) * (r + 2), cy + Math.sin(a) * (r + 2))
      .lineTo(cx + Math.cos(a) * (r + 6), cy + Math.sin(a) * (r + 6))
      .lineWidth(1.2)
      .strokeColor(BRAND)
      .stroke();
  }
  doc.font("Bold").fontSize(18).fillColor("#ffffff");
  doc.text(initials, cx - r, cy - 13, { width: r * 2, align: "center", lineBreak: false });
  doc.font("Regular").fontSize(5.5).fillColor("#ffffff");
  doc.text("CERTIFICADO", cx - r, cy + 8, { width: r * 2, align: "center", characterSpacing: 1, lineBreak: false });
  doc.restore();
}

export async function renderCertificatePdf(cert: CertificateForPdf, publicUrl: string): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const verifyUrl = publicUrl + cert.verifyPath;
  const date = formatDate(cert.issuedAt);
  const hours = formatHours(cert.hours);

  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    info: {
      Title: `Certificado ${cert.displayCode} · ${cert.courseTitle}`,
      Author: site.legalName,
      Subject: `Certificado de ${cert.holderName}`,
      Creator: site.name,
      CreationDate: cert.issuedAt,
    },
    lang: "es-CL",
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.registerFont("Regular", regular);
  doc.registerFont("Bold", bold);

  const W = doc.page.width; // 841.89
  const H = doc.page.height; // 595.28
  const cx = W / 2;

  // Frame: a brand-red outer border, a thin inner rule, and corner accents.
  doc.rect(18, 18, W - 36, H - 36).lineWidth(3).strokeColor(BRAND).stroke();
  doc.rect(27, 27, W - 54, H - 54).lineWidth(0.75).strokeColor(BRAND_SOFT).stroke();
  const corner = 34;
  for (const [x, y, dx, dy] of [
    [27, 27, 1, 1],
    [W - 27, 27, -1, 1],
    [27, H - 27, 1, -1],
    [W - 27, H - 27, -1, -1],
  ] as const) {
    doc
      .moveTo(x, y + dy * corner)
      .lineTo(x, y)
      .lineTo(x + dx * corner, y)
      .lineWidth(2.5)
      .strokeColor(BRAND)
      .stroke();
  }
  // Header: the academy.
  doc.font("Bold").fontSize(13).fillColor(BRAND);
  doc.text(site.name.toUpperCase(), 0, 62, { width: W, align: "center", characterSpacing: 3, lineBreak: false });
  doc.font("Regular").fontSize(9).fillColor(MUTED);
  doc.text(site.tagline, 0, 81, { width: W, align: "center", lineBreak: false });

  // Title.
  doc.font("Bold").fontSize(40).fillColor(INK);
  doc.text("CERTIFICADO", 0, 112, { width: W, align: "center", characterSpacing: 4, lineBreak: false });
  doc.font("Regular").fontSize(12).fillColor(BRAND);
  doc.text("DE APROBACIÓN", 0, 156, { width: W, align: "center", characterSpacing: 5, lineBreak: false });

  // What kind of certificate it is, as visible as the title (docs/decisions.md D1): a band in the brand colour, not
  // small print at the bottom.
  const scope = certificateScope(site, cert.kind);
  const headline = scope.headline.toUpperCase();
  doc.font("Bold").fontSize(12);
  const bandWidth = doc.widthOfString(headline, { characterSpacing: 1 }) + 32;
  doc.roundedRect(cx - bandWidth / 2, 174, bandWidth, 24, 4).fill(BRAND);
  doc.fillColor("#ffffff").text(headline, 0, 180.5, { width: W, align: "center", characterSpacing: 1, lineBreak: false });

  // Holder and course flow down the page; long names and titles shrink, then take a second line.
  doc.font("Regular").fontSize(12).fillColor(MUTED);
  doc.text(`${site.legalName} certifica que`, 0, 207, { width: W, align: "center", lineBreak: false });
  const nameWidth = W - 200;
  doc.font("Bold");
  const oneLine = fitSize(doc, cert.holderName, nameWidth, 32, 22);
  const nameSize = doc.fontSize(oneLine).widthOfString(cert.holderName) <= nameWidth ? oneLine : fitLines(doc, cert.holderName, nameWidth, 22, 12, 2);
  doc.fontSize(nameSize).fillColor(INK);
  const nameHeight = doc.heightOfString(cert.holderName, { width: nameWidth, align: "center" });
  let y = 229 + Math.max(0, (38 - nameHeight) / 2);
  doc.text(cert.holderName, 100, y, { width: nameWidth, align: "center" });
  y = Math.max(y + nameHeight, 267) + 6;
  if (cert.holderRut) {
    doc.font("Regular").fontSize(11).fillColor(MUTED);
    doc.text(`RUT ${formatRut(cert.holderRut)}`, 0, y - 4, { width: W, align: "center", lineBreak: false });
    y += 14;
    doc.font("Bold");
  }
  doc.moveTo(cx - 200, y).lineTo(cx + 200, y).lineWidth(0.5).strokeColor(FAINT).stroke();

  y += 14;
  doc.font("Regular").fontSize(12).fillColor(MUTED);
  doc.text("completó y aprobó el curso", 0, y, { width: W, align: "center", lineBreak: false });
  y += 20;
  const courseWidth = W - 220;
  doc.font("Bold");
  const courseSize = fitLines(doc, cert.courseTitle, courseWidth, 20, 11, 2);
  doc.fontSize(courseSize).fillColor(BRAND_DARK);
  const courseHeight = doc.heightOfString(cert.courseTitle, { width: courseWidth, align: "center" });
  doc.text(cert.courseTitle, 110, y, { width: courseWidth, align: "center" });
  y += courseHeight + 8;

  doc.font("Regular").fontSize(12).fillColor(MUTED);
  doc.text(`con una duración de ${hours}, finalizado el ${date}.`, 0, y, { width: W, align: "center", lineBreak: false });

  // The whole statement (docs/decisions.md D1): the academy issues it, theory only, and a certifier only if configured.
  y += 22;
  doc.font("Regular").fontSize(8.5).fillColor(MUTED);
  // The header already names the issuer ("… certifica que").
  doc.text([scope.scope, scope.certifier].filter(Boolean).join(" "), 150, y, { width: W - 300, align: "center", lineGap: 1 });
  if (cert.kind === "theory_practice" && cert.skills) {
    // Who assessed the skills, with which credential, where and when (docs/decisions.md F2).
    const k = cert.skills;
    y += doc.heightOfString([scope.scope, scope.certifier].filter(Boolean).join(" "), { width: W - 300 }) + 4;
    doc.font("Bold").fontSize(8.5).fillColor(INK);
    doc.text(
      `Evaluación práctica: ${formatDate(new Date(k.sessionStartsAt))}, ${k.place}. Relator: ${k.instructorName}, ${k.instructorTitle} (${k.credential}).`,
      150,
      y,
      { width: W - 300, align: "center", lineGap: 1 },
    );
  }

  // Bottom row: signature (left), seal (centre), QR and code (right).
  const baseY = 470;

  // Signature: a hand-drawn stroke over the line, then the director's name and title.
  const sigX = 110;
  const sigW = 220;
  doc.save();
  // A "C" with a loop, a flowing "M", and an underline flourish.
  doc
    .moveTo(sigX + 62, baseY - 40)
    .bezierCurveTo(sigX + 40, baseY - 50, sigX + 22, baseY - 24, sigX + 38, baseY - 10)
    .bezierCurveTo(sigX + 50, baseY - 2, sigX + 64, baseY - 10, sigX + 72, baseY - 18)
    .bezierCurveTo(sigX + 78, baseY - 30, sigX + 84, baseY - 40, sigX + 88, baseY - 34)
    .bezierCurveTo(sigX + 92, baseY - 26, sigX + 90, baseY - 16, sigX + 92, baseY - 10)
    .bezierCurveTo(sigX + 96, baseY - 28, sigX + 104, baseY - 40, sigX + 110, baseY - 30)
    .bezierCurveTo(sigX + 114, baseY - 22, sigX + 112, baseY - 14, sigX + 116, baseY - 10)
    .bezierCurveTo(sigX + 122, baseY - 30, sigX + 132, baseY - 40, sigX + 138, baseY - 28)
    .bezierCurveTo(sigX + 142, baseY - 18, sigX + 146, baseY - 10, sigX + 156, baseY - 14)
    .bezierCurveTo(sigX + 166, baseY - 18, sigX + 172, baseY - 26, sigX + 180, baseY - 22)
    .moveTo(sigX + 30, baseY - 6)
    .bezierCurveTo(sigX + 80, baseY - 12, sigX + 150, baseY - 10, sigX + 196, baseY - 16)
    .lineWidth(1.2)
    .strokeColor("#1e3a8a")
    .lineCap("round")
    .lineJoin("round")
    .stroke();
  doc.restore();
  doc.moveTo(sigX, baseY).lineTo(sigX + sigW, baseY).lineWidth(0.8).strokeColor(INK).stroke();
  doc.font("Bold").fontSize(11).fillColor(INK);
  doc.text(site.director.name, sigX - 20, baseY + 8, { width: sigW + 40, align: "center", lineBreak: false });
  doc.font("Regular").fontSize(9).fillColor(MUTED);
  doc.text(site.director.title, sigX - 20, baseY + 24, { width: sigW + 40, align: "center", lineBreak: false });
  doc.text(site.legalName, sigX - 20, baseY + 37, { width: sigW + 40, align: "center", lineBreak: false });

  drawSeal(doc, cx, baseY - 6, 38);

  const qrSize = 92;
  const qrX = W - 272;
  const qrY = baseY - 70;
  drawQr(doc, verifyUrl, qrX, qrY, qrSize);
  const infoX = qrX + qrSize + 8;
  doc.font("Regular").fontSize(8).fillColor(MUTED);
  doc.text("Código", infoX, qrY + 6, { lineBreak: false });
  doc.font("Bold").fontSize(10).fillColor(INK);
  doc.text(cert.displayCode, infoX, qrY + 17, { lineBreak: false });
  doc.font("Regular").fontSize(8).fillColor(MUTED);
  doc.text("Fecha de emisión", infoX, qrY + 36, { lineBreak: false });
  doc.font("Bold").fontSize(9).fillColor(INK);
  doc.text(date, infoX, qrY + 47, { lineBreak: false });
  // The last day it counts (docs/certificate-validity.md); the verification page says whether it still does.
  if (cert.validUntil) {
    doc.font("Regular").fontSize(8).fillColor(MUTED);
    doc.text("Válido hasta", infoX, qrY + 66, { lineBreak: false });
    doc.font("Bold").fontSize(9).fillColor(INK);
    doc.text(formatDate(cert.validUntil), infoX, qrY + 77, { lineBreak: false });
  }

  // Footer: where and how to verify.
  doc.font("Regular").fontSize(8).fillColor(MUTED);
  doc.text(
    `${site.city}, ${site.country} · Verifica la autenticidad de este certificado en ${verifyUrl}`,
    0,
    H - 56,
    { width: W, align: "center", lineBreak: false, link: verifyUrl },
  );

  doc.end();
  return done;
}

// A certificate never changes once issued, and rendering it (font subsetting) is the costliest thing a download does: keep the
// last few PDFs per process. Keyed by everything printed, so an entry can never show stale data.
const MAX_CACHED = 64;
const cache = new Map<string, Promise<Buffer>>();

/** The certificate's PDF, rendered once and then served from this process's small cache. */
export function getCertificatePdf(cert: CertificateForPdf, publicUrl: string): Promise<Buffer> {
  const key = JSON.stringify([publicUrl, cert.displayCode, cert.holderName, cert.holderRut, cert.courseTitle, cert.hours, cert.issuedAt.getTime(), cert.verifyPath, cert.validUntil, cert.kind, cert.skills]);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const pending = renderCertificatePdf(cert, publicUrl);
  cache.set(key, pending);
  pending.catch(() => cache.delete(key));
  while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return pending;
}
