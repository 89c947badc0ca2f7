// The printed form of a document the local OpenFactura server issued: the SII's layout in outline (the issuer's
// box with RUT, document name and folio; receiver; lines; totals; references; the timbre's place), generated
// with pdfkit. It says on its face that it comes from a test server: the timbre is not a real one.
import path from "node:path";
import PDFDocument from "pdfkit";
import { DOCUMENT_NAMES } from "./local-openfactura-rules";
import type { LocalDocument } from "./local-openfactura-state";

const FONTS = path.resolve(import.meta.dirname, "../../content/fonts");
const RED = "#c00000";
const INK = "#111827";
const MUTED = "#4b5563";
/** Non-tax documents a reference may name (SII, TpoDocRef). */
const REFERENCE_NAMES: Record<string, string> = { "801": "Orden de compra", "802": "Nota de pedido", "803": "Contrato" };
const money = new Intl.NumberFormat("es-CL", { maximumFractionDigits: 6 });
const clp = (n: unknown) => `$${money.format(Number(n ?? 0))}`;

function rutDisplay(rut: string) {
  const [body, dv] = rut.split("-");
  return `${(body ?? "").replace(/\B(?=(\d{3})+(?!\d))/g, ".")}-${dv ?? ""}`;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === "object" && v !== null ? (v as Obj) : {});
const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));

export function renderDocumentPdf(document: LocalDocument): Promise<Buffer> {
  const head = obj(document.dte.Encabezado);
  const emisor = obj(head.Emisor);
  const receptor = obj(head.Receptor);
  const totales = obj(head.Totales);
  const lines = (document.dte.Detalle as Obj[]) ?? [];
  const globals = (document.dte.DscRcgGlobal as Obj[] | undefined) ?? [];
  const refs = (document.dte.Referencia as Obj[] | undefined) ?? [];
  const narrow = document.format === "80MM";

  const doc = new PDFDocument({
    size: narrow ? [227, 640] : "LETTER",
    margin: narrow ? 14 : 40,
    info: {
      Title: `${DOCUMENT_NAMES[document.type]} N° ${document.folio}`,
      Author: str(emisor.RznSoc ?? emisor.RznSocEmisor),
      Producer: "Servidor local OpenFactura (pruebas)",
      // A fixed date: the same document renders the same bytes.
      CreationDate: document.issuedAt,
    },
  });
  doc.registerFont("regular", path.join(FONTS, "DejaVuSans.ttf"));
  doc.registerFont("bold", path.join(FONTS, "DejaVuSans-Bold.ttf"));
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const boxWidth = narrow ? width : 210;
  const boxX = narrow ? left : left + width - boxWidth;

  // The issuer's box: RUT, document name and folio, in red (SII's printed-representation rules).
  const top = doc.y;
  doc.lineWidth(2).strokeColor(RED).rect(boxX, top, boxWidth, 86).stroke();
  doc.fillColor(RED).font("bold").fontSize(narrow ? 9 : 11);
  doc.text(`R.U.T.: ${rutDisplay(document.emisorRut)}`, boxX, top + 10, { width: boxWidth, align: "center" });
  doc.text(DOCUMENT_NAMES[document.type] ?? `DTE ${document.type}`, boxX + 8, doc.y + 4, { width: boxWidth - 16, align: "center" });
  doc.text(`N° ${document.folio}`, boxX, doc.y + 4, { width: boxWidth, align: "center" });
  doc.font("regular").fontSize(8).text(`S.I.I. - ${str(emisor.CmnaOrigen).toUpperCase()}`, boxX, top + 92, { width: boxWidth, align: "center" });

  const issuerX = left;
  const issuerWidth = narrow ? width : width - boxWidth - 16;
  const issuerY = narrow ? top + 110 : top;
  doc.fillColor(INK).font("bold").fontSize(narrow ? 9 : 12).text(str(emisor.RznSoc ?? emisor.RznSocEmisor), issuerX, issuerY, { width: issuerWidth });
  doc.font("regular").fontSize(8).fillColor(MUTED);
  doc.text(str(emisor.GiroEmis ?? emisor.GiroEmisor), { width: issuerWidth });
  doc.text([str(emisor.DirOrigen), str(emisor.CmnaOrigen)].filter(Boolean).join(", "), { width: issuerWidth });

  doc.y = Math.max(doc.y, top + 110) + (narrow ? 6 : 8);
  const fch = str(obj(head.IdDoc).FchEmis);
  doc.fillColor(INK).font("bold").fontSize(9).text(`Fecha de emisión: ${fch.split("-").reverse().join("-")}`, left, doc.y, { width });
  doc.moveDown(0.4);

  // The receiver: a boleta prints the RUT only when it is not 0 or the generic 66.666.666-6.
  const generic = ["66666666-6", "0"].includes(str(receptor.RUTRecep));
  const who: [string, string][] = [
    ["Señor(es)", str(receptor.RznSocRecep)],
    ["R.U.T.", generic ? "" : rutDisplay(str(receptor.RUTRecep))],
    ["Giro", str(receptor.GiroRecep)],
    ["Dirección", str(receptor.DirRecep)],
    ["Comuna", str(receptor.CmnaRecep)],
    ["Contacto", str(receptor.Contacto)],
  ];
  doc.font("regular").fontSize(8).fillColor(INK);
  for (const [label, value] of who) if (value) doc.text(`${label}: ${value}`, left, doc.y, { width });
  doc.moveDown(0.6);

  // Lines.
  const cols = narrow ? [0, 24, 150] : [0, 46, 330, 420];
  const heads = narrow ? ["Cant.", "Descripción", "Total"] : ["Cant.", "Descripción", "Precio unit.", "Total"];
  const rowY = doc.y;
  doc.font("bold").fontSize(8);
  heads.forEach((h, i) => doc.text(h, left + cols[i]!, rowY, { width: (cols[i + 1] ?? width) - cols[i]! - 4, align: i >= heads.length - (narrow ? 1 : 2) ? "right" : "left" }));
  doc.moveTo(left, doc.y + 2).lineTo(left + width, doc.y + 2).lineWidth(0.5).strokeColor(MUTED).stroke();
  doc.font("regular");
  for (const line of lines) {
    const y = doc.y + 5;
    const name = `${str(line.NmbItem)}${Number(line.IndExe) === 1 ? " (exento)" : ""}${str(line.DscItem) ? `\n${str(line.DscItem)}` : ""}`;
    const cells = narrow ? [str(line.QtyItem), name, clp(line.MontoItem)] : [str(line.QtyItem), name, clp(line.PrcItem), clp(line.MontoItem)];
    let bottom = y;
    cells.forEach((c, i) => {
      doc.text(c, left + cols[i]!, y, { width: (cols[i + 1] ?? width) - cols[i]! - 4, align: i >= cells.length - (narrow ? 1 : 2) ? "right" : "left" });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom;
  }
  for (const g of globals) {
    doc.moveDown(0.3);
    const value = g.TpoValor === "%" ? `${str(g.ValorDR)} %` : clp(g.ValorDR);
    doc.text(`${g.TpoMov === "D" ? "Descuento" : "Recargo"}${str(g.GlosaDR) ? ` (${str(g.GlosaDR)})` : ""}: ${g.TpoMov === "D" ? "−" : ""}${value}`, left, doc.y, { width, align: "right" });
  }
  doc.moveDown(0.8);

  // Totals.
  const rows: [string, unknown][] = [];
  if (totales.MntNeto !== undefined) rows.push(["Monto neto", totales.MntNeto]);
  if (totales.MntExe !== undefined) rows.push(["Monto exento", totales.MntExe]);
  if (totales.IVA !== undefined) rows.push(["IVA 19 %", totales.IVA]);
  rows.push(["Total", totales.MntTotal]);
  for (const [label, value] of rows) {
    doc.font(label === "Total" ? "bold" : "regular").fontSize(label === "Total" ? 10 : 8);
    doc.text(`${label}: ${clp(value)}`, left, doc.y, { width, align: "right" });
  }
  doc.moveDown(0.8);

  if (refs.length) {
    doc.font("bold").fontSize(8).text("Referencias", left, doc.y, { width });
    doc.font("regular");
    for (const r of refs) {
      const refName = DOCUMENT_NAMES[Number(r.TpoDocRef)] ?? REFERENCE_NAMES[str(r.TpoDocRef)] ?? `Documento ${str(r.TpoDocRef)}`;
      const code = { "1": "Anula documento de referencia", "2": "Corrige texto", "3": "Corrige montos" }[str(r.CodRef)] ?? "";
      doc.text([`${refName} N° ${str(r.FolioRef)}`, str(r.FchRef), code, str(r.RazonRef)].filter(Boolean).join(" · "), left, doc.y, { width });
    }
    doc.moveDown(0.8);
  }

  // Where the PDF417 timbre goes; this server has no CAF, so it says so instead of drawing one.
  const stampY = doc.y;
  const stampWidth = narrow ? width : 230;
  doc.lineWidth(1).strokeColor(MUTED).rect(left, stampY, stampWidth, 56).stroke();
  doc.font("bold").fontSize(8).fillColor(MUTED).text("Timbre electrónico SII (simulado)", left, stampY + 10, { width: stampWidth, align: "center" });
  doc.font("regular").fontSize(7).text("Res. 0 de 2018 · Verifique documento: www.sii.cl", left, doc.y + 2, { width: stampWidth, align: "center" });
  doc.y = stampY + 66;
  doc.fillColor(RED).font("bold").fontSize(7).text("Emitido por un servidor local de pruebas de OpenFactura: sin validez tributaria.", left, doc.y, { width });
  doc.end();
  return done;
}

/** The document as XML in ISO-8859-1, as the API returns it (unsigned here: there is no CAF). */
export function documentXml(document: LocalDocument): Buffer {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const toXml = (value: unknown, tag: string): string => {
    if (value === undefined || value === null) return "";
    if (Array.isArray(value)) return value.map((v) => toXml(v, tag)).join("");
    if (typeof value === "object" && value !== null) return `<${tag}>${Object.entries(value as Obj).map(([k, v]) => toXml(v, k)).join("")}</${tag}>`;
    return `<${tag}>${escape(str(value))}</${tag}>`;
  };
  const body = toXml({ Encabezado: document.dte.Encabezado, Detalle: document.dte.Detalle, DscRcgGlobal: document.dte.DscRcgGlobal, Referencia: document.dte.Referencia }, "Documento");
  return Buffer.from(`<?xml version="1.0" encoding="ISO-8859-1"?><DTE version="1.0">${body}</DTE>`, "latin1");
}
