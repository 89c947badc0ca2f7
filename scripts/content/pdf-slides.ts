// Landscape 16:9 slide decks (960 x 540 pt).
import type { Figure } from "./figures.js";
import type { Block, Source } from "./markdown.js";
import { drawBlock, figureByName, measureBlock, scaleFor, type FigureEnv } from "./layout.js";
import { ACADEMY, EDITION_LABEL, FONT, THEME, createDoc, drawFigure, drawHeartPulse, finish, richHeight, richText } from "./pdf-common.js";

const W = 960;
const H = 540;
const MX = 56;
const CONTENT_TOP = 122;
const CONTENT_BOTTOM = 488;

export interface DeckContext {
  fontsDir: string;
  courseTitle: string;
  moduleLabel: string; // "Módulo 2 · Socorrer en una Emergencia"
  moduleShort: string; // "Módulo 2"
  keywords: string;
  figures: Map<string, Figure>;
}

export async function renderSlides(src: Source, ctx: DeckContext): Promise<Buffer> {
  const doc = createDoc(ctx.fontsDir, [W, H], { top: 0, bottom: 0, left: 0, right: 0 }, {
    title: src.meta.title,
    subject: `${ctx.courseTitle} — ${ctx.moduleLabel}`,
    keywords: ctx.keywords,
  });

  titleSlide(doc, src, ctx);
  for (const blocks of src.sections) contentSlide(doc, blocks, src.meta.title, ctx.figures);

  // page furniture needs the page count
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    if (i === 0) continue;
    doc.rect(0, 0, W, 6).fill(THEME.accent);
    doc.moveTo(MX, H - 38).lineTo(W - MX, H - 38).lineWidth(0.6).strokeColor(THEME.rule).stroke();
    doc
      .font(FONT.bold)
      .fontSize(9.5)
      .fillColor(THEME.accent)
      .text(ACADEMY, MX, H - 28, { lineBreak: false, continued: true })
      .font(FONT.regular)
      .fillColor(THEME.muted)
      .text(`  ·  ${ctx.courseTitle}  ·  ${ctx.moduleShort}`, { lineBreak: false });
    doc
      .font(FONT.regular)
      .fontSize(9.5)
      .fillColor(THEME.muted)
      .text(`${i + 1} / ${range.count}`, W - MX - 100, H - 28, { width: 100, align: "right", lineBreak: false });
  }
  return finish(doc);
}

function titleSlide(doc: PDFKit.PDFDocument, src: Source, ctx: DeckContext) {
  doc.addPage();
  const panel = 600;
  doc.rect(0, 0, panel, H).fill(THEME.accent);
  doc.rect(panel, 0, W - panel, H).fill(THEME.accentSoft);
  doc.rect(panel, 0, 6, H).fill(THEME.accentDark);
  drawHeartPulse(doc, panel + 95, 170, 170, "#f87171");

  const x = 56;
  const w = panel - 2 * x;
  doc.font(FONT.bold).fontSize(13).fillColor("#fecaca").text(ctx.moduleLabel.toUpperCase(), x, 70, { width: w, characterSpacing: 1 });
  let titleSize = 38;
  while (richHeight(doc, src.meta.title, w, { size: titleSize, boldAll: true, lineGap: 4 }) > 190 && titleSize > 24) titleSize -= 2;
  let y = richText(doc, src.meta.title, x, 118, w, { size: titleSize, boldAll: true, color: THEME.white, lineGap: 4 });
  doc.rect(x, y + 14, 70, 4).fill(THEME.white);
  if (src.meta.subtitle) {
    y = richText(doc, src.meta.subtitle, x, y + 34, w, { size: 18, color: "#fee2e2", lineGap: 4 });
  }
  doc.font(FONT.bold).fontSize(12).fillColor(THEME.white).text(ctx.courseTitle, x, H - 92, { width: w });
  doc.font(FONT.regular).fontSize(11).fillColor("#fecaca").text(`${ACADEMY}  ·  ${EDITION_LABEL}  ·  Material de estudio`, x, H - 70, { width: w });

  doc.font(FONT.regular).fontSize(11).fillColor(THEME.accentDark).text("Llama al 131 (SAMU) ante una emergencia", panel + 30, H - 70, { width: W - panel - 60, align: "center" });
}

function contentSlide(doc: PDFKit.PDFDocument, blocks: Block[], deckTitle: string, figures: Map<string, Figure>) {
  doc.addPage();
  const [head, ...body] = blocks;
  if (!head || head.kind !== "h1") throw new Error(`${deckTitle}: slide without title`);
  const width = W - 2 * MX;

  // slide title (one or two lines)
  let ts = 28;
  while (richHeight(doc, head.text, width, { size: ts, boldAll: true }) > ts * 1.35 && ts > 20) ts -= 1;
  const th = richHeight(doc, head.text, width, { size: ts, boldAll: true, lineGap: 2 });
  if (th > 76) throw new Error(`${deckTitle}: slide title too long: ${head.text}`);
  const titleBottom = 36 + th;
  richText(doc, head.text, MX, 36, width, { size: ts, boldAll: true, color: THEME.ink, lineGap: 2 });
  doc.rect(MX, titleBottom + 8, 64, 4).fill(THEME.accent);

  const top = Math.max(CONTENT_TOP, titleBottom + 30);
  const avail = CONTENT_BOTTOM - top;

  const figureBlocks = body.filter((b) => b.kind === "figure");
  if (figureBlocks.length > 1) throw new Error(`${deckTitle}: slide "${head.text}" has more than one figure`);
  const figureBlock = figureBlocks[0];
  const env: FigureEnv = { figures, maxHeight: avail * 0.62 };
  const figure = figureBlock ? figureByName(env, figureBlock.name) : undefined;
  // An upright figure goes in a right-hand column; a wide one runs across the slide under the text.
  const side = !!figure && figure.width / figure.height < 1.3;
  const flow = side ? body.filter((b) => b !== figureBlock) : body;
  if (figure && flow.length === 0) {
    drawFigure(doc, figure, MX, top - 6, width, avail + 6);
    return;
  }
  const colW = side ? width * 0.58 : width;

  // largest body size that fits
  let size = 22;
  for (; size >= 12; size -= 1) {
    const s = scaleFor(size);
    const total = flow.reduce((acc, b, i) => acc + measureBlock(doc, b, colW, s, env) + (i ? s.gap : 0), 0);
    if (total <= avail) break;
  }
  if (size < 12) throw new Error(`${deckTitle}: slide "${head.text}" has too much text`);
  const s = scaleFor(size);
  let y = top;
  flow.forEach((b, i) => {
    if (i) y += s.gap;
    y = drawBlock(doc, b, MX, y, colW, s, env);
  });
  if (figure && side) {
    const fx = MX + colW + 28;
    drawFigure(doc, figure, fx, top - 6, width - colW - 28, avail + 6);
  }
}
