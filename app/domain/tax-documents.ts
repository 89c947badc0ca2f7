// Electronic tax documents (docs/decisions.md F4; facts and sources: docs/payments.md and the SII's formats): which
// document a sale gets, its lines and totals in whole pesos, and the nota de crédito that cancels it. Pure: the
// provider's adapter turns a draft into its request, the server module decides when one is issued.
//
// Exempt by default: training courses are usually VAT-exempt (DL 825 art. 13 N°4; SII Ord. 2308/2022 and
// 2050/2021 for online courses), so a person gets a boleta exenta (41) and a company a factura exenta (34). That
// reading is an inference an accountant must confirm for each academy, which is why each course can be set to
// taxed instead (boleta 39 / factura 33).

export const TAX_TREATMENTS = ["exempt", "taxed"] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];
export const DEFAULT_TAX_TREATMENT: TaxTreatment = "exempt";
export const TAX_TREATMENT_LABELS: Record<TaxTreatment, string> = {
  exempt: "Exento de IVA (boleta o factura exenta)",
  taxed: "Afecto a IVA (boleta o factura con IVA)",
};

export function isTaxTreatment(value: unknown): value is TaxTreatment {
  return typeof value === "string" && (TAX_TREATMENTS as readonly string[]).includes(value);
}

/** What the buyer asked for: a boleta (a person) or a factura (a company, or a person who needs one). */
export const RECEIPT_KINDS = ["boleta", "factura"] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** The SII's codes of the documents the academy issues. */
export const DOCUMENT_TYPES = [33, 34, 39, 41, 61] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type SaleDocumentType = Exclude<DocumentType, 61>;
export const CREDIT_NOTE_TYPE = 61;

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  33: "Factura electrónica",
  34: "Factura exenta electrónica",
  39: "Boleta electrónica",
  41: "Boleta exenta electrónica",
  61: "Nota de crédito electrónica",
};

/** A short name for lists and the CSV. */
export const DOCUMENT_TYPE_SHORT: Record<DocumentType, string> = {
  33: "Factura",
  34: "Factura exenta",
  39: "Boleta",
  41: "Boleta exenta",
  61: "Nota de crédito",
};

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === "number" && (DOCUMENT_TYPES as readonly number[]).includes(value);
}

/** The sale's document: exempt 41 / 34 (the default), taxed 39 / 33. */
export function saleDocumentType(treatment: TaxTreatment, kind: ReceiptKind): SaleDocumentType {
  if (treatment === "exempt") return kind === "factura" ? 34 : 41;
  return kind === "factura" ? 33 : 39;
}

export function isExemptType(type: DocumentType): boolean {
  return type === 34 || type === 41;
}

/**
 * Whether a paid order needs a document: only when money changed hands. An order a 100 % coupon pays in full
 * has no price to document — a boleta or factura records a sale for a price, and nothing was charged; the order
 * and its 'free' payment row keep the record. (An inference from what the documents record, not a ruling an
 * accountant has confirmed for this academy: docs/payments.md says so.)
 */
export function documentIsDue(amountClp: number): boolean {
  return amountClp > 0;
}

/** The SII's generic RUT for a buyer who gives none (boletas only). */
export const GENERIC_RUT = "66666666-6";
export const VAT_RATE_PERCENT = 19;

/**
 * A gross amount (IVA included, as the academy's prices are) split into net and IVA: net = gross ÷ 1,19 rounded
 * to the peso, IVA = what is left, so net + IVA is exactly what was charged. The SII's boleta format derives
 * the net this way ("si no está presente el Indicador de Montos Netos … se debe dividir por (1 + tasa IVA)");
 * the IVA can then differ by one peso from net × 19 % rounded, never more (|gross − 1,19·net| ≤ 0,595).
 */
export function splitGross(gross: number): { net: number; vat: number } {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError(`gross must be whole pesos ≥ 0, not ${gross}`);
  const net = Math.round((gross * 100) / (100 + VAT_RATE_PERCENT));
  return { net, vat: gross - net };
}

// ── Drafts: what a document says, before a provider issues it ─────────────────

/** Who receives the document. A boleta's receiver may be just the generic RUT. */
export interface Receiver {
  rut: string;
  name: string | null;
  giro: string | null;
  address: string | null;
  comuna: string | null;
}

export interface DraftLine {
  name: string;
  description: string | null;
  quantity: number;
  /** Whole pesos, IVA included when the document is taxed (the lines are gross: MntBruto / boleta). */
  unitPrice: number;
  amount: number;
  exempt: boolean;
}

export interface DraftReference {
  /** '801' purchase order, or the SII type of the document a nota corrects. */
  type: string;
  folio: string;
  /** yyyy-mm-dd */
  date: string;
  /** 1 anula, 2 corrige texto, 3 corrige montos (notas only). */
  code: 1 | 2 | 3 | null;
  reason: string | null;
}

export interface DocumentDraft {
  type: DocumentType;
  /** The Chile calendar day of issue, yyyy-mm-dd. */
  issueDate: string;
  receiver: Receiver;
  lines: DraftLine[];
  /** A coupon's discount, a global discount in whole pesos (gross when taxed). */
  discount: { amount: number; label: string } | null;
  totals: { net: number; vat: number; exempt: number; total: number };
  references: DraftReference[];
}

/** The SII's limits on what the academy's data reaches (formato_dte.pdf, boletas v4.2). */
export const SII_LIMITS = { itemName: 80, itemDescription: 1000, receiverName: 100, receiverGiro: 40, address: 70, comuna: 20, discountLabel: 45, referenceFolio: 18, referenceReason: 90 } as const;

const clip = (value: string, max: number) => (value.length <= max ? value : `${value.slice(0, max - 1)}…`);

export interface SaleFacts {
  type: SaleDocumentType;
  issueDate: string;
  orderNumber: string;
  /** The day the order was placed: a purchase order's reference date. */
  orderDate: string;
  courseTitle: string;
  /** A seat in a skills session: the line names the session, and its day and place go in the line's description. */
  skillsSession?: { day: string; place: string } | null;
  quantity: number;
  unitPriceClp: number;
  subtotalClp: number;
  discountClp: number;
  couponCode: string | null;
  amountClp: number;
  receiver: Receiver;
  purchaseOrder: string | null;
  senceActionId: string | null;
}

/**
 * The sale's document for a paid order: one line (the course, N seats for a company), the coupon as a global
 * discount, totals equal to what was charged. Throws if the order's own figures do not add up: a document must
 * never say another amount than the payment.
 */
export function saleDraft(sale: SaleFacts): DocumentDraft {
  const { quantity, unitPriceClp, subtotalClp, discountClp, amountClp } = sale;
  for (const [name, value] of Object.entries({ quantity, unitPriceClp, subtotalClp, discountClp, amountClp })) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be whole pesos (or seats) ≥ 0, not ${value}`);
  }
  if (quantity < 1 || quantity * unitPriceClp !== subtotalClp || subtotalClp - discountClp !== amountClp) {
    throw new RangeError(`order figures do not add up: ${quantity} × ${unitPriceClp} − ${discountClp} ≠ ${amountClp}`);
  }
  if (!documentIsDue(amountClp)) throw new RangeError("an order with nothing charged gets no document");
  const exempt = isExemptType(sale.type);
  const details = [
    sale.skillsSession ? `Sesión del ${sale.skillsSession.day}, ${sale.skillsSession.place}` : null,
    quantity > 1 ? `${quantity} cupos` : null,
    `Pedido ${sale.orderNumber}`,
    sale.senceActionId ? `Acción SENCE ${sale.senceActionId}` : null,
  ].filter(Boolean);
  const line: DraftLine = {
    name: clip(`${sale.skillsSession ? "Sesión práctica" : "Curso"}: ${sale.courseTitle}`, SII_LIMITS.itemName),
    description: clip(details.join(" · "), SII_LIMITS.itemDescription),
    quantity,
    unitPrice: unitPriceClp,
    amount: subtotalClp,
    exempt,
  };
  const discount = discountClp > 0 ? { amount: discountClp, label: clip(sale.couponCode ? `Cupón ${sale.couponCode}` : "Descuento", SII_LIMITS.discountLabel) } : null;
  const totals = exempt ? { net: 0, vat: 0, exempt: amountClp, total: amountClp } : { ...splitGross(amountClp), exempt: 0, total: amountClp };
  const references: DraftReference[] = sale.purchaseOrder
    ? [{ type: "801", folio: sale.purchaseOrder, date: sale.orderDate, code: null, reason: clip(`Orden de compra ${sale.purchaseOrder}`, SII_LIMITS.referenceReason) }]
    : [];
  return { type: sale.type, issueDate: sale.issueDate, receiver: sale.receiver, lines: [line], discount, totals, references };
}

/** An issued document as a nota de crédito needs it. */
export interface IssuedDocument {
  draft: DocumentDraft;
  folio: number;
}

/**
 * The nota de crédito (61) that cancels a sale's document in full (CodRef 1, "anula documento de referencia"):
 * the same lines, discount and totals, referencing the original's type, folio and date. The academy's refunds
 * give back the whole amount, so a partial nota is never needed.
 */
export function creditNoteDraft(original: IssuedDocument, issueDate: string, reason: string): DocumentDraft {
  if (original.draft.type === CREDIT_NOTE_TYPE) throw new RangeError("a nota de crédito cancels a sale's document, not another nota");
  const name = DOCUMENT_TYPE_SHORT[original.draft.type];
  return {
    type: CREDIT_NOTE_TYPE,
    issueDate,
    // A nota names its receiver in full (factura format) even when the boleta did not: see receiverForNote.
    receiver: receiverForNote(original.draft.receiver),
    lines: original.draft.lines.map((line) => ({ ...line })),
    discount: original.draft.discount ? { ...original.draft.discount } : null,
    totals: { ...original.draft.totals },
    references: [
      {
        type: String(original.draft.type),
        folio: String(original.folio),
        date: original.draft.issueDate,
        code: 1,
        reason: clip(`Anula ${name.toLowerCase()} N° ${original.folio}: ${reason}`, SII_LIMITS.referenceReason),
      },
    ],
  };
}

/**
 * A nota de crédito follows the factura's format, which names the receiver, its giro, address and comuna; a
 * boleta to a person may have none of them. What an integrator fills in then is not in the provider's contract:
 * LibreDTE's examples use "Particular" as the giro of a person without one; we keep the person's name and say
 * "Sin información" where nothing was given (docs/payments.md lists it as unchecked).
 */
export function receiverForNote(receiver: Receiver): Receiver {
  return {
    rut: receiver.rut,
    name: receiver.name ?? "Cliente sin RUT",
    giro: receiver.giro ?? "Particular",
    address: receiver.address ?? "Sin información",
    comuna: receiver.comuna ?? "Sin información",
  };
}

/** What the admin's document actions answer. */
export const taxDocumentMessages = {
  notFound: "El documento no existe.",
  retried: "Listo: el documento quedó en cola para emitirse de nuevo.",
  confirmRequired: "Confirma que revisaste en el panel del proveedor que este documento no fue emitido.",
  alreadyIssued: "Este documento ya fue emitido.",
  nothingToRetry: "Este documento no necesita reintento.",
  statusQueued: "Consultaremos la respuesta del SII en unos segundos.",
  off: "La emisión de documentos tributarios no está configurada (DTE_PROVIDER).",
} as const;

// ── States ─────────────────────────────────────────────────────────────────────

/**
 * pending: waits for the provider (retried by the outbox). issued: the provider gave it a folio. refused: the
 * provider refused the request as invalid; nothing was issued. review: its outcome is unknown and the provider's
 * Idempotency-Key no longer protects a new attempt — someone must look in the provider's panel first.
 * rejected: issued, but the SII rejected it; a new document replaces it.
 */
export const DOCUMENT_STATES = ["pending", "issued", "refused", "review", "rejected"] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];
export const DOCUMENT_STATE_LABELS: Record<DocumentState, string> = {
  pending: "Pendiente de emisión",
  issued: "Emitido",
  refused: "Rechazado por el proveedor",
  review: "Por revisar en el proveedor",
  rejected: "Rechazado por el SII",
};

export const SII_STATUSES = ["pending", "accepted", "acceptedWithObjections", "rejected"] as const;
export type SiiStatus = (typeof SII_STATUSES)[number];
export const SII_STATUS_LABELS: Record<SiiStatus, string> = {
  pending: "En revisión del SII",
  accepted: "Aceptado por el SII",
  acceptedWithObjections: "Aceptado con reparos",
  rejected: "Rechazado por el SII",
};

export function isDocumentState(value: unknown): value is DocumentState {
  return typeof value === "string" && (DOCUMENT_STATES as readonly string[]).includes(value);
}

/** What a document's row shows in one phrase: its state, or once issued, the SII's answer. */
export function documentStatusLabel(state: DocumentState, sii: SiiStatus | null): string {
  if (state === "issued" && sii && sii !== "accepted") return SII_STATUS_LABELS[sii];
  return DOCUMENT_STATE_LABELS[state];
}

/** A document's file name: 'boleta-exenta-41-folio-12.pdf'. */
export function documentFilename(type: DocumentType, folio: number): string {
  const slug = DOCUMENT_TYPE_SHORT[type].toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/\s+/g, "-");
  return `${slug}-${type}-folio-${folio}.pdf`;
}
