// What a local OpenFactura server checks in a DTE before it issues it, written from the provider's published
// contract (docsapi-openfactura.haulmer.com, "Emisión de DTE": field names follow the SII's formats, errors are
// `{ error: { message, code: "OF-xx", details: [{ field, issue }] } }`) and from the SII's formats it points to
// (formato_dte.pdf for facturas and notas; formato_boleta_electronica.pdf v4.2 for boletas).
//
// Independent of the academy's own rules on purpose: it is the other side of the contract, so a mistake in the
// academy's document (a total one peso off, a missing giro, a nota de crédito without its reference) is refused
// here as the provider would refuse it. Where this server is stricter than what the contract says, the check
// says so.

/** Types OpenFactura emits (its emission examples: 33, 34, 39, 41, 43, 52, 56, 61; plus 46 and 110–112). */
export const SUPPORTED_TYPES = [33, 34, 39, 41, 43, 46, 52, 56, 61, 110, 111, 112] as const;
export const DOCUMENT_NAMES: Record<number, string> = {
  33: "FACTURA ELECTRÓNICA",
  34: "FACTURA NO AFECTA O EXENTA ELECTRÓNICA",
  39: "BOLETA ELECTRÓNICA",
  41: "BOLETA NO AFECTA O EXENTA ELECTRÓNICA",
  43: "LIQUIDACIÓN FACTURA ELECTRÓNICA",
  46: "FACTURA DE COMPRA ELECTRÓNICA",
  52: "GUÍA DE DESPACHO ELECTRÓNICA",
  56: "NOTA DE DÉBITO ELECTRÓNICA",
  61: "NOTA DE CRÉDITO ELECTRÓNICA",
  110: "FACTURA DE EXPORTACIÓN ELECTRÓNICA",
  111: "NOTA DE DÉBITO DE EXPORTACIÓN ELECTRÓNICA",
  112: "NOTA DE CRÉDITO DE EXPORTACIÓN ELECTRÓNICA",
};
const BOLETAS = new Set([39, 41]);
const EXEMPT_ONLY = new Set([34, 41]);
const NOTES = new Set([56, 61]);
const VAT_RATE = 19;

export interface Detail {
  field: string;
  issue: string;
}

/** An answer in the provider's error shape (docs, "Errores de emisión"). */
export class OpenFacturaError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: string,
    message: string,
    readonly details: Detail[] = [],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
  body() {
    return { error: { message: this.message, code: this.code, ...(this.details.length ? { details: this.details } : {}), ...this.extra } };
  }
}

/** The RUT's módulo 11 check (SII: body 100.000 – 99.999.999, '-' and the digit 0–9 or K). */
export function validRut(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const m = /^(\d{6,8})-([\dK])$/.exec(value.toUpperCase());
  if (!m) return false;
  let sum = 0;
  let factor = 2;
  for (let i = m[1]!.length - 1; i >= 0; i--) {
    sum += Number(m[1]![i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  const digit = rest === 11 ? "0" : rest === 10 ? "K" : String(rest);
  return Number(m[1]) >= 100_000 && digit === m[2];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return null;
};
const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : typeof v === "number" ? String(v) : null);
const isDay = (v: unknown) => {
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** The SII's field lengths the academy's data can reach (formato_dte.pdf; boletas v4.2). */
const MAX_LENGTH: Record<string, number> = {
  RznSoc: 100,
  RznSocEmisor: 100,
  GiroEmis: 80,
  GiroEmisor: 80,
  DirOrigen: 70,
  CmnaOrigen: 20,
  RznSocRecep: 100,
  GiroRecep: 40,
  Contacto: 80,
  DirRecep: 70,
  CmnaRecep: 20,
  NmbItem: 80,
  DscItem: 1000,
  GlosaDR: 45,
  RazonRef: 90,
};

export interface CheckedDocument {
  type: number;
  emisorRut: string;
  receptorRut: string;
  fchEmis: string;
  totals: { net: number; vat: number; exempt: number; total: number };
  references: { type: string; folio: string; date: string | null; code: string | null; reason: string | null }[];
}

/**
 * Checks a request's `dte` as the provider would before issuing it; throws an OpenFacturaError (400) with the
 * first class of problem found, every field of that class in `details`.
 */
export function checkDte(dte: unknown): CheckedDocument {
  if (!isObject(dte)) throw new OpenFacturaError(400, "OF-01", "Faltan datos obligatorios", [{ field: "dte", issue: "Campo obligatorio" }]);
  const missing: Detail[] = [];
  const need = (parent: Record<string, unknown> | undefined, path: string, key: string) => {
    if (!parent || parent[key] === undefined || parent[key] === null || parent[key] === "") missing.push({ field: `${path}${key}`, issue: "Campo obligatorio" });
  };
  const head = isObject(dte.Encabezado) ? dte.Encabezado : undefined;
  need(dte, "", "Encabezado");
  if (!Array.isArray(dte.Detalle) || dte.Detalle.length === 0) missing.push({ field: "Detalle", issue: "Debe tener al menos una línea" });
  const idDoc = head && isObject(head.IdDoc) ? head.IdDoc : undefined;
  const emisor = head && isObject(head.Emisor) ? head.Emisor : undefined;
  const receptor = head && isObject(head.Receptor) ? head.Receptor : undefined;
  const totales = head && isObject(head.Totales) ? head.Totales : undefined;
  if (head) for (const key of ["IdDoc", "Emisor", "Receptor", "Totales"]) need(head, "Encabezado.", key);
  if (missing.length) throw new OpenFacturaError(400, "OF-02", "Faltan campos obligatorios en el dte", missing);

  const type = num(idDoc!.TipoDTE);
  need(idDoc, "IdDoc.", "TipoDTE");
  need(idDoc, "IdDoc.", "Folio");
  need(idDoc, "IdDoc.", "FchEmis");
  if (missing.length) throw new OpenFacturaError(400, "OF-02", "Faltan campos obligatorios en el dte", missing);
  if (type === null || !(SUPPORTED_TYPES as readonly number[]).includes(type)) throw new OpenFacturaError(400, "OF-05", "Tipo DTE no soportado", [{ field: "TipoDTE", issue: `Valor no soportado: ${String(idDoc!.TipoDTE)}` }]);

  const boleta = BOLETAS.has(type);
  if (boleta) need(idDoc, "IdDoc.", "IndServicio");
  need(emisor, "Emisor.", "RUTEmisor");
  // Boletas name the issuer's fields as the boleta format does (RznSocEmisor, GiroEmisor, no Acteco).
  for (const key of boleta ? ["RznSocEmisor", "GiroEmisor"] : ["RznSoc", "GiroEmis", "Acteco", "DirOrigen", "CmnaOrigen"]) need(emisor, "Emisor.", key);
  need(receptor, "Receptor.", "RUTRecep");
  if (!boleta) for (const key of ["RznSocRecep", "GiroRecep", "DirRecep", "CmnaRecep"]) need(receptor, "Receptor.", key);
  need(totales, "Totales.", "MntTotal");
  if (NOTES.has(type) && (!Array.isArray(dte.Referencia) || dte.Referencia.length === 0)) missing.push({ field: "Referencia", issue: "Una nota debe referenciar el documento que corrige" });
  if (missing.length) throw new OpenFacturaError(400, "OF-02", "Faltan campos obligatorios en el dte", missing);

  const wrong: Detail[] = [];
  if (num(idDoc!.Folio) !== 0) wrong.push({ field: "Folio", issue: "Debe ser 0: OpenFactura asigna el folio" });
  if (!isDay(idDoc!.FchEmis)) wrong.push({ field: "FchEmis", issue: `Fecha inválida : ${String(idDoc!.FchEmis)}` });
  if (!validRut(emisor!.RUTEmisor)) wrong.push({ field: "RUTEmisor", issue: `RUT inválido : ${String(emisor!.RUTEmisor)}` });
  if (!validRut(receptor!.RUTRecep)) wrong.push({ field: "RUTRecep", issue: `RUT inválido : ${String(receptor!.RUTRecep)}` });
  for (const [part, fields] of [
    [emisor!, ["RznSoc", "RznSocEmisor", "GiroEmis", "GiroEmisor", "DirOrigen", "CmnaOrigen"]],
    [receptor!, ["RznSocRecep", "GiroRecep", "Contacto", "DirRecep", "CmnaRecep"]],
  ] as const) {
    for (const field of fields) {
      const value = part[field];
      if (typeof value === "string" && value.length > MAX_LENGTH[field]!) wrong.push({ field, issue: `Largo máximo ${MAX_LENGTH[field]} : ${value.length}` });
    }
  }

  // ── Lines: MontoItem = PrcItem × QtyItem − DescuentoMonto + RecargoMonto (both formats) ──
  let exemptLines = 0;
  let taxedLines = 0;
  (dte.Detalle as unknown[]).forEach((raw, i) => {
    const at = (field: string) => `Detalle[${i}].${field}`;
    if (!isObject(raw)) return wrong.push({ field: `Detalle[${i}]`, issue: "Línea inválida" });
    if (num(raw.NroLinDet) !== i + 1) wrong.push({ field: at("NroLinDet"), issue: `Debe ser ${i + 1}` });
    const name = text(raw.NmbItem);
    if (!name) wrong.push({ field: at("NmbItem"), issue: "Campo obligatorio" });
    else if (name.length > MAX_LENGTH.NmbItem!) wrong.push({ field: at("NmbItem"), issue: `Largo máximo ${MAX_LENGTH.NmbItem} : ${name.length}` });
    const qty = num(raw.QtyItem);
    const price = num(raw.PrcItem);
    const amount = num(raw.MontoItem);
    if (qty === null || qty <= 0) wrong.push({ field: at("QtyItem"), issue: `Cantidad inválida : ${String(raw.QtyItem)}` });
    if (price === null || price < 0) wrong.push({ field: at("PrcItem"), issue: `Precio inválido : ${String(raw.PrcItem)}` });
    if (amount === null || !Number.isInteger(amount)) {
      wrong.push({ field: at("MontoItem"), issue: `Monto erróneo : ${String(raw.MontoItem)}` });
      return;
    }
    if (qty !== null && price !== null) {
      const expected = Math.round(qty * price - (num(raw.DescuentoMonto) ?? 0) + (num(raw.RecargoMonto) ?? 0));
      if (expected !== amount) wrong.push({ field: at("MontoItem"), issue: `Monto erróneo : ${amount}` });
    }
    const exempt = num(raw.IndExe) === 1;
    if (EXEMPT_ONLY.has(type) && !exempt) wrong.push({ field: at("IndExe"), issue: "Un documento exento solo lleva líneas exentas (IndExe = 1)" });
    if (exempt) exemptLines += amount;
    else taxedLines += amount;
  });

  // ── Global discounts and surcharges: they change the base of the tax ──
  let exemptBase = exemptLines;
  let taxedBase = taxedLines;
  const globals = dte.DscRcgGlobal === undefined ? [] : Array.isArray(dte.DscRcgGlobal) ? dte.DscRcgGlobal : null;
  if (globals === null) wrong.push({ field: "DscRcgGlobal", issue: "Debe ser un arreglo" });
  (globals ?? []).forEach((raw: unknown, i: number) => {
    const at = (field: string) => `DscRcgGlobal[${i}].${field}`;
    if (!isObject(raw)) return wrong.push({ field: `DscRcgGlobal[${i}]`, issue: "Línea inválida" });
    if (num(raw.NroLinDR) !== i + 1) wrong.push({ field: at("NroLinDR"), issue: `Debe ser ${i + 1}` });
    if (raw.TpoMov !== "D" && raw.TpoMov !== "R") wrong.push({ field: at("TpoMov"), issue: "Debe ser D o R" });
    if (raw.TpoValor !== "$" && raw.TpoValor !== "%") wrong.push({ field: at("TpoValor"), issue: "Debe ser % o $" });
    const value = num(raw.ValorDR);
    if (value === null || value < 0) return wrong.push({ field: at("ValorDR"), issue: `Valor inválido : ${String(raw.ValorDR)}` });
    const exempt = num(raw.IndExeDR) === 1;
    const base = exempt ? exemptLines : taxedLines;
    const amount = raw.TpoValor === "%" ? Math.round((base * value) / 100) : value;
    const signed = raw.TpoMov === "D" ? -amount : amount;
    if (exempt) exemptBase += signed;
    else taxedBase += signed;
  });
  if (exemptBase < 0 || taxedBase < 0) wrong.push({ field: "DscRcgGlobal", issue: "El descuento supera el monto de las líneas" });

  // ── Totals ──
  const net = num(totales!.MntNeto) ?? 0;
  const vat = num(totales!.IVA) ?? 0;
  const exempt = num(totales!.MntExe) ?? 0;
  const total = num(totales!.MntTotal);
  if (EXEMPT_ONLY.has(type)) {
    if (net !== 0) wrong.push({ field: "MntNeto", issue: `Un documento exento no lleva monto neto : ${net}` });
    if (vat !== 0) wrong.push({ field: "IVA", issue: `Un documento exento no lleva IVA : ${vat}` });
  } else if (taxedBase > 0 || net !== 0 || vat !== 0) {
    // Gross lines: a boleta unless IndMntNeto = 2; a factura or nota when IdDoc.MntBruto = 1. The net is then the
    // taxed sum divided by (1 + rate) and the IVA what the net leaves of it; otherwise the lines are the net.
    const gross = boleta ? num(idDoc!.IndMntNeto) !== 2 : num(idDoc!.MntBruto) === 1;
    if (gross) {
      const expectedNet = Math.round(taxedBase / (1 + VAT_RATE / 100));
      if (net !== expectedNet) wrong.push({ field: "MntNeto", issue: `Monto erróneo : ${net}` });
      if (net + vat !== taxedBase) wrong.push({ field: "IVA", issue: `Monto erróneo : ${vat}` });
    } else {
      if (net !== taxedBase) wrong.push({ field: "MntNeto", issue: `Monto erróneo : ${net}` });
      if (vat !== Math.round((net * VAT_RATE) / 100)) wrong.push({ field: "IVA", issue: `Monto erróneo : ${vat}` });
    }
    // Stricter than the published contract, which names no tolerance: the IVA is the rate applied to the net,
    // give or take the peso that deriving it from a gross total can cost.
    if (Math.abs(vat - Math.round((net * VAT_RATE) / 100)) > 1) wrong.push({ field: "IVA", issue: `Monto erróneo : ${vat}` });
  }
  if (exempt !== exemptBase) wrong.push({ field: "MntExe", issue: `Monto erróneo : ${exempt}` });
  if (total === null || total !== net + vat + exempt) wrong.push({ field: "MntTotal", issue: `Monto erróneo : ${String(totales!.MntTotal)}` });

  // ── References (obligatory on notes) ──
  const references: CheckedDocument["references"] = [];
  const refs = dte.Referencia === undefined ? [] : Array.isArray(dte.Referencia) ? dte.Referencia : null;
  if (refs === null) wrong.push({ field: "Referencia", issue: "Debe ser un arreglo" });
  (refs ?? []).forEach((raw: unknown, i: number) => {
    const at = (field: string) => `Referencia[${i}].${field}`;
    if (!isObject(raw)) return wrong.push({ field: `Referencia[${i}]`, issue: "Referencia inválida" });
    if (num(raw.NroLinRef) !== i + 1) wrong.push({ field: at("NroLinRef"), issue: `Debe ser ${i + 1}` });
    const refType = text(raw.TpoDocRef);
    const folio = text(raw.FolioRef);
    if (refType && !folio) wrong.push({ field: at("FolioRef"), issue: "Obligatorio si se informa TpoDocRef" });
    if (raw.FchRef !== undefined && !isDay(raw.FchRef)) wrong.push({ field: at("FchRef"), issue: `Fecha inválida : ${String(raw.FchRef)}` });
    const code = text(raw.CodRef);
    if (NOTES.has(type)) {
      if (!refType || !folio) wrong.push({ field: at("TpoDocRef"), issue: "Una nota referencia un documento tributario con tipo y folio" });
      if (code !== null && !["1", "2", "3"].includes(code)) wrong.push({ field: at("CodRef"), issue: "Debe ser 1 (anula), 2 (corrige texto) o 3 (corrige montos)" });
    }
    const reason = text(raw.RazonRef);
    if (reason && reason.length > MAX_LENGTH.RazonRef!) wrong.push({ field: at("RazonRef"), issue: `Largo máximo ${MAX_LENGTH.RazonRef} : ${reason.length}` });
    if (refType && folio) references.push({ type: refType, folio, date: typeof raw.FchRef === "string" ? raw.FchRef : null, code, reason });
  });

  if (wrong.length) throw new OpenFacturaError(400, "OF-10", "Validación de Campos", wrong);
  return {
    type,
    emisorRut: String(emisor!.RUTEmisor).toUpperCase(),
    receptorRut: String(receptor!.RUTRecep).toUpperCase(),
    fchEmis: String(idDoc!.FchEmis),
    totals: { net, vat, exempt, total: total! },
    references,
  };
}
