// A4 portrait reading documents.
import type { Block, Source } from "./markdown.js";
import { drawBlock, measureBlock, scaleFor } from "./layout.js";
import { ACADEMY, EDITION_LABEL, FONT, THEME, createDoc, drawHeartPulse, finish, richHeight, richText } from "./pdf-common.js";
import type { DeckContext } from "./pdf-slides.js";

const W = 595.28;
const H = 841.89;
const M = { top: 72, bottom: 72, left: 62, right: 62 };
const WIDTH = W - M.left - M.right;
const BOTTOM = H - M.bottom;

export async function renderDocument(src: Source, ctx: DeckContext): Promise<Buffer> {
  const doc = createDoc(ctx.fontsDir, [W, H], M, {
    title: src.meta.title,
    subject: `${ctx.courseTitle} — ${ctx.moduleLabel}`,
    keywords: ctx.keywords,
  });
  doc.addPage();
  let y = header(doc, src, ctx);
  const s = scaleFor(10.5);
  const env = { figures: ctx.figures, maxHeight: 300 };

  const blocks = splitLists(src.sections[0] ?? []);
  blocks.forEach((b, i) => {
    const next = blocks[i + 1];
    const before = i === 0 ? 0 : b.kind === "h1" ? s.gap * 1.7 : b.kind === "h2" ? s.gap * 1.2 : isListContinuation(b, blocks[i - 1]) ? s.size * 0.42 : s.gap;
    const h = measureBlock(doc, b, WIDTH, s, env);
    let need = h;
    if (b.kind === "h1" || b.kind === "h2") {
      // keep a heading with the start of what follows
      need += s.gap + (next ? Math.min(measureBlock(doc, next, WIDTH, s, env), s.size * 4.5) : 0);
    } else if (b.kind === "p") {
      need = Math.min(h, s.size * 3.2); // paragraphs may flow onto the next page
    }
    if (y + before + need > BOTTOM) {
      doc.addPage();
      y = M.top;
    } else {
      y += before;
    }
    if (b.kind === "p") {
      y = richText(doc, b.text, M.left, y, WIDTH, { size: s.size, lineGap: s.lineGap });
    } else {
      y = drawBlock(doc, b, M.left, y, WIDTH, s, env);
    }
  });

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    if (i > 0) {
      doc.font(FONT.bold).fontSize(8.5).fillColor(THEME.accent).text(ACADEMY, M.left, 34, { lineBreak: false, continued: true })
        .font(FONT.regular).fillColor(THEME.muted).text(`  ·  ${src.meta.title}`, { lineBreak: false });
      doc.moveTo(M.left, 50).lineTo(W - M.right, 50).lineWidth(0.8).strokeColor(THEME.accentLine).stroke();
    }
    doc.moveTo(M.left, H - 50).lineTo(W - M.right, H - 50).lineWidth(0.6).strokeColor(THEME.rule).stroke();
    doc.font(FONT.regular).fontSize(8.5).fillColor(THEME.muted)
      .text(`${ctx.courseTitle}  ·  ${ctx.moduleShort.split(":")[0]}`, M.left, H - 40, { width: WIDTH - 110, lineBreak: false });
    doc.text(`Página ${i + 1} de ${range.count}`, W - M.right - 110, H - 40, { width: 110, align: "right", lineBreak: false });
  }
  return finish(doc);
}

function header(doc: PDFKit.PDFDocument, src: Source, ctx: DeckContext): number {
  const x = M.left;
  const w = WIDTH - 90;
  doc.font(FONT.bold).fontSize(24);
  const titleH = richHeight(doc, src.meta.title, w, { size: 24, boldAll: true, lineGap: 3 });
  const subH = src.meta.subtitle ? richHeight(doc, src.meta.subtitle, w, { size: 12, lineGap: 2 }) + 12 : 0;
  const bandH = 40 + 22 + titleH + 14 + subH + 30;
  doc.rect(0, 0, W, bandH).fill(THEME.accent);
  doc.rect(0, bandH, W, 5).fill(THEME.accentDark);
  drawHeartPulse(doc, W - M.right - 62, 46, 60, "#f87171");
  doc.font(FONT.bold).fontSize(10).fillColor("#fecaca").text(ctx.moduleLabel.toUpperCase(), x, 40, { width: w, characterSpacing: 0.8 });
  const y = richText(doc, src.meta.title, x, 62, w, { size: 24, boldAll: true, color: THEME.white, lineGap: 3 });
  if (src.meta.subtitle) richText(doc, src.meta.subtitle, x, y + 12, w, { size: 12, color: "#fee2e2", lineGap: 2 });
  doc.font(FONT.regular).fontSize(9).fillColor(THEME.muted)
    .text(`${ACADEMY}  ·  ${ctx.courseTitle}  ·  ${EDITION_LABEL}  ·  Documento de lectura`, x, bandH + 16, { width: WIDTH });
  return bandH + 44;
}

function isListContinuation(b: Block, prev: Block | undefined) {
  return !!prev && b.kind === prev.kind && (b.kind === "ul" || b.kind === "ol") && (b as { cont?: boolean }).cont === true;
}

/** One block per list item, so page breaks fall between items. */
function splitLists(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    if (b.kind === "ul") {
      b.items.forEach((it, i) => out.push(Object.assign({ kind: "ul" as const, items: [it] }, i ? { cont: true } : {})));
    } else if (b.kind === "ol") {
      b.items.forEach((it, i) => out.push(Object.assign({ kind: "ol" as const, items: [it], start: i + 1 }, i ? { cont: true } : {})));
    } else out.push(b);
  }
  return out;
}
