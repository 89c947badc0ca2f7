// The "Nómina de personal capacitado" (docs/certificate-validity.md): for one company and course, the workers who
// hold a current certificate today, one line each with what lets anyone check it (code and verification URL) — the
// list an establishment attaches when it reports its trained staff to the SEREMI (Ley 21.156, D.S. 56). A4
// landscape, the certificates' fonts and colours. Streamed page by page, yielding to the event loop between pages, so
// a company of thousands of workers does not hold the server.
import PDFDocument from "pdfkit";
import { site } from "~/config/site";
import { formatDate, formatShortDay } from "~/domain/format";
import { formatRut } from "~/domain/rut";
import { certificatePath, formatCertificateCode } from "~/domain/certificate-code";
import { loadFonts } from "./pdf.server";

export interface NominaInput {
  companyName: string;
  /** Normalised. */
  companyRut: string;
  courseTitle: string;
  issuedAt: Date;
  publicUrl: string;
  rows: { name: string; rut: string | null; code: string; validUntil: string | null }[];
}

const BRAND = "#b91c1c";
const INK = "#0f172a";
const MUTED = "#475569";
const RULE = "#cbd5e1";
const ZEBRA = "#f8fafc";

const W = 841.89;
const H = 595.28;
const M = 36;
const ROW = 18;
const FIRST_TABLE_TOP = 176;
const NEXT_TABLE_TOP = 78;
const TABLE_BOTTOM = H - 74;
const FIRST_PAGE_ROWS = Math.floor((TABLE_BOTTOM - FIRST_TABLE_TOP - ROW) / ROW);
const NEXT_PAGE_ROWS = Math.floor((TABLE_BOTTOM - NEXT_TABLE_TOP - ROW) / ROW);

const COLUMNS = [
  { header: "N°", width: 30, align: "right" as const },
  { header: "Nombre", width: 190 },
  { header: "RUN / RUT", width: 80 },
  { header: "Código", width: 106 },
  { header: "URL de verificación", width: 276 },
  { header: "Válido hasta", width: 80 },
];

/** How many pages a nómina of `rows` lines takes (known before drawing, so every footer says "de N"). */
export function nominaPageCount(rows: number): number {
  return rows <= FIRST_PAGE_ROWS ? 1 : 1 + Math.ceil((rows - FIRST_PAGE_ROWS) / NEXT_PAGE_ROWS);
}

/** What the document is and is not, printed at the foot of every page. */
export function nominaDisclaimer(input: Pick<NominaInput, "issuedAt">): string {
  return (
    `Nómina emitida por ${site.legalName} (OTEC, RUT ${site.rut}) a partir de sus registros el ${formatDate(input.issuedAt)}. ` +
    "Lista a los trabajadores inscritos por la empresa que ese día tenían vigente su certificado de este curso. " +
    "No es un certificado ni lo reemplaza, y no la emite ni valida la autoridad sanitaria: cada certificado se verifica en su URL, " +
    "que muestra su estado del día en que se consulta (vigente, vencido o revocado)."
  );
}

/** The text cut with "…" to fit one line of `width` at the current font (a cell never wraps into the next row). */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

function drawHeaderRow(doc: PDFKit.PDFDocument, top: number) {
  doc.rect(M, top, W - 2 * M, ROW).fill(INK);
  doc.font("Bold").fontSize(8.5).fillColor("#ffffff");
  let x = M;
  for (const c of COLUMNS) {
    doc.text(c.header, x + 4, top + 5, { width: c.width - 8, align: c.align ?? "left", lineBreak: false });
    x += c.width;
  }
}

function drawFooter(doc: PDFKit.PDFDocument, input: NominaInput, page: number, pages: number) {
  doc.moveTo(M, H - 62).lineTo(W - M, H - 62).lineWidth(0.5).strokeColor(RULE).stroke();
  doc.font("Regular").fontSize(7).fillColor(MUTED);
  doc.text(nominaDisclaimer(input), M, H - 56, { width: W - 2 * M - 70, lineGap: 1 });
  doc.font("Bold").fontSize(7.5).fillColor(INK);
  doc.text(`Página ${page} de ${pages}`, W - M - 70, H - 56, { width: 70, align: "right", lineBreak: false });
}

/** The nómina's PDF as a stream of bytes. */
export function renderNominaPdf(input: NominaInput): ReadableStream<Uint8Array> {
  const { regular, bold } = loadFonts();
  const issued = formatDate(input.issuedAt);
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const doc = new PDFDocument({
        size: "A4",
        layout: "landscape",
        margin: 0,
        autoFirstPage: true,
        info: {
          Title: `Nómina de personal capacitado · ${input.courseTitle} · ${input.companyName}`,
          Author: site.legalName,
          Subject: `Trabajadores de ${input.companyName} con certificado vigente en ${input.courseTitle}`,
          Creator: site.name,
          CreationDate: input.issuedAt,
        },
        lang: "es-CL",
        displayTitle: true,
      });
      const ended = new Promise<void>((resolve, reject) => {
        doc.on("data", (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
        doc.on("end", resolve);
        doc.on("error", reject);
      });
      try {
        doc.registerFont("Regular", regular);
        doc.registerFont("Bold", bold);
        const pages = nominaPageCount(input.rows.length);

        // First page: who issues it, what it is, for whom.
        doc.font("Bold").fontSize(11).fillColor(BRAND);
        doc.text(site.name.toUpperCase(), M, M, { characterSpacing: 2, lineBreak: false });
        doc.font("Regular").fontSize(8.5).fillColor(MUTED);
        doc.text(`${site.legalName} · RUT ${site.rut} · ${site.address}`, M, M + 15, { lineBreak: false });
        doc.font("Bold").fontSize(20).fillColor(INK);
        doc.text("Nómina de personal capacitado", M, M + 36, { lineBreak: false });
        const facts: [string, string][] = [
          ["Empresa", `${input.companyName} · RUT ${formatRut(input.companyRut)}`],
          ["Curso", input.courseTitle],
          ["Fecha de emisión", issued],
          ["Personas con certificado vigente", String(input.rows.length)],
        ];
        let y = M + 68;
        for (const [k, v] of facts) {
          doc.font("Regular").fontSize(9).fillColor(MUTED).text(k, M, y, { width: 170, lineBreak: false });
          doc.font("Bold").fontSize(9.5).fillColor(INK);
          doc.text(fit(doc, v, W - 2 * M - 175), M + 175, y - 0.5, { lineBreak: false });
          y += 15;
        }

        if (input.rows.length === 0) {
          doc.font("Regular").fontSize(10).fillColor(INK);
          doc.text("Ningún trabajador inscrito por la empresa tiene hoy un certificado vigente de este curso.", M, FIRST_TABLE_TOP, { width: W - 2 * M });
        }

        let index = 0;
        for (let page = 1; page <= pages; page++) {
          if (page > 1) {
            doc.addPage({ size: "A4", layout: "landscape", margin: 0 });
            doc.font("Bold").fontSize(10).fillColor(INK);
            doc.text("Nómina de personal capacitado", M, M, { lineBreak: false });
            doc.font("Regular").fontSize(8.5).fillColor(MUTED);
            doc.text(fit(doc, `${input.companyName} · ${input.courseTitle} · ${issued}`, W - 2 * M), M, M + 15, { lineBreak: false });
          }
          const top = page === 1 ? FIRST_TABLE_TOP : NEXT_TABLE_TOP;
          const rowsHere = page === 1 ? FIRST_PAGE_ROWS : NEXT_PAGE_ROWS;
          if (input.rows.length > 0) drawHeaderRow(doc, top);
          let rowY = top + ROW;
          for (let i = 0; i < rowsHere && index < input.rows.length; i++, index++) {
            const r = input.rows[index]!;
            if (index % 2 === 1) doc.rect(M, rowY, W - 2 * M, ROW).fill(ZEBRA);
            const url = input.publicUrl + certificatePath(r.code);
            const cells = [String(index + 1), r.name, r.rut ? formatRut(r.rut) : "—", formatCertificateCode(r.code), url, r.validUntil ? formatShortDay(r.validUntil) : "Sin vencimiento"];
            let x = M;
            cells.forEach((text, c) => {
              const col = COLUMNS[c]!;
              const isUrl = c === 4;
              doc.font(c === 1 || c === 3 ? "Bold" : "Regular").fontSize(isUrl ? 7.5 : 8.5).fillColor(isUrl ? BRAND : INK);
              doc.text(fit(doc, text, col.width - 8), x + 4, rowY + (isUrl ? 5.5 : 5), { width: col.width - 8, align: col.align ?? "left", lineBreak: false, ...(isUrl ? { link: url } : {}) });
              x += col.width;
            });
            doc.moveTo(M, rowY + ROW).lineTo(W - M, rowY + ROW).lineWidth(0.3).strokeColor(RULE).stroke();
            rowY += ROW;
          }
          drawFooter(doc, input, page, pages);
          // Let other requests run between pages.
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        doc.end();
        await ended;
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}
