// The buyer's tax data at checkout (docs/decisions.md F4): a boleta with an optional RUT, or a factura with the RUT
// (módulo 11), razón social, giro, address and comuna; a purchase-order number and a SENCE action id on either.
// One schema for the page and the server, its Spanish messages next to it.
import { z } from "zod";
import { optionalText, singleLineText } from "./plain-text";
import { GENERIC_RUT, RECEIPT_KINDS, SII_LIMITS, type ReceiptKind, type Receiver } from "./tax-documents";
import { parseRut, RUT_MESSAGES } from "./rut";

export const taxFormMessages = {
  receiptRequired: "Elige si necesitas boleta o factura.",
  rutRequired: "Ingresa el RUT de quien recibe la factura.",
  rutGeneric: "Ese RUT es el genérico del SII: ingresa el RUT real de quien recibe la factura.",
  nameRequired: "Ingresa la razón social (o tu nombre completo si la factura es a tu nombre).",
  giroRequired: "Ingresa el giro (la actividad que figura en el SII).",
  addressRequired: "Ingresa la dirección.",
  comunaRequired: "Ingresa la comuna.",
  tooLong: (max: number) => `Máximo ${max} caracteres.`,
  purchaseOrderFormat: `La orden de compra admite letras, números, puntos, guiones y barras (hasta ${SII_LIMITS.referenceFolio} caracteres).`,
  senceActionFormat: "El ID de acción SENCE tiene entre 7 y 50 letras, números o guiones.",
} as const;

/** Longest giro the form takes (as a company's stored giro); the document keeps the SII's first 40 (GiroRecep). */
export const MAX_GIRO_LENGTH = 200;

export const BUYER_TAX_FIELDS = ["receipt", "rut", "businessName", "giro", "address", "comuna", "purchaseOrder", "senceActionId"] as const;
export type BuyerTaxField = (typeof BUYER_TAX_FIELDS)[number];

const optionalRut = singleLineText.transform((v, ctx) => {
  if (v.trim() === "") return null;
  const parsed = parseRut(v);
  if (!parsed.ok) {
    ctx.addIssue({ code: "custom", message: RUT_MESSAGES[parsed.reason] });
    return z.NEVER;
  }
  return parsed.rut;
});

const purchaseOrder = singleLineText
  .pipe(z.string().trim())
  .pipe(z.union([z.literal(""), z.string().regex(new RegExp(`^[A-Za-z0-9][A-Za-z0-9./-]{0,${SII_LIMITS.referenceFolio - 1}}$`), taxFormMessages.purchaseOrderFormat)]))
  .transform((v) => (v === "" ? null : v));

/** SENCE's action code (CodigoCurso in its RCE: 7 to 50 characters). */
const senceActionId = singleLineText
  .pipe(z.string().trim())
  .pipe(z.union([z.literal(""), z.string().regex(/^[A-Za-z0-9-]{7,50}$/, taxFormMessages.senceActionFormat)]))
  .transform((v) => (v === "" ? null : v));

export const buyerTaxSchema = z
  .object({
    // No answer is the choice the form starts with (a boleta); anything else must be one of the two.
    receipt: z.preprocess((v) => (v === "" ? "boleta" : v), z.enum(RECEIPT_KINDS, { message: taxFormMessages.receiptRequired })),
    rut: optionalRut,
    businessName: optionalText(SII_LIMITS.receiverName, taxFormMessages.tooLong(SII_LIMITS.receiverName)),
    giro: optionalText(MAX_GIRO_LENGTH, taxFormMessages.tooLong(MAX_GIRO_LENGTH)),
    address: optionalText(SII_LIMITS.address, taxFormMessages.tooLong(SII_LIMITS.address)),
    comuna: optionalText(SII_LIMITS.comuna, taxFormMessages.tooLong(SII_LIMITS.comuna)),
    purchaseOrder,
    senceActionId,
  })
  .superRefine(
    (v, ctx) => {
      if (v.receipt !== "factura") return;
      const need = (field: "rut" | "businessName" | "giro" | "address" | "comuna", message: string) => {
        if (v[field] === null) ctx.addIssue({ code: "custom", path: [field], message });
      };
      need("rut", taxFormMessages.rutRequired);
      if (v.rut === GENERIC_RUT) ctx.addIssue({ code: "custom", path: ["rut"], message: taxFormMessages.rutGeneric });
      need("businessName", taxFormMessages.nameRequired);
      need("giro", taxFormMessages.giroRequired);
      need("address", taxFormMessages.addressRequired);
      need("comuna", taxFormMessages.comunaRequired);
    },
    // Also when another field failed: every missing one is named at once, not one per submit.
    { when: () => true },
  );
export type BuyerTaxInput = z.infer<typeof buyerTaxSchema>;

/** What is kept of the buyer's answer: a boleta keeps only its RUT (if given), never a factura's other fields. */
export interface BuyerTaxData {
  receipt: ReceiptKind;
  rut: string | null;
  businessName: string | null;
  giro: string | null;
  address: string | null;
  comuna: string | null;
  purchaseOrder: string | null;
  senceActionId: string | null;
}

export function buyerTaxData(input: BuyerTaxInput): BuyerTaxData {
  if (input.receipt === "boleta") {
    return { receipt: "boleta", rut: input.rut, businessName: null, giro: null, address: null, comuna: null, purchaseOrder: input.purchaseOrder, senceActionId: input.senceActionId };
  }
  return { ...input, receipt: "factura" };
}

/** A company's stored data completes a factura for its seats; what is missing is asked for at checkout. */
export const COMPANY_TAX_FIELDS = ["giro", "address", "comuna", "purchaseOrder", "senceActionId"] as const;
export type CompanyTaxField = (typeof COMPANY_TAX_FIELDS)[number];
export const companyTaxSchema = z.object({
  giro: singleLineText.pipe(z.string().trim().min(1, taxFormMessages.giroRequired).max(MAX_GIRO_LENGTH, taxFormMessages.tooLong(MAX_GIRO_LENGTH))),
  address: singleLineText.pipe(z.string().trim().min(1, taxFormMessages.addressRequired).max(SII_LIMITS.address, taxFormMessages.tooLong(SII_LIMITS.address))),
  comuna: singleLineText.pipe(z.string().trim().min(1, taxFormMessages.comunaRequired).max(SII_LIMITS.comuna, taxFormMessages.tooLong(SII_LIMITS.comuna))),
  purchaseOrder,
  senceActionId,
});
export type CompanyTaxInput = z.infer<typeof companyTaxSchema>;

/**
 * The receiver of a sale's document: the factura's data as given; a boleta's RUT if the buyer gave one, else the
 * SII's generic RUT (a person's name goes along, never printed where the format does not ask for it).
 */
export function receiverOf(data: BuyerTaxData, person: { name: string }): Receiver {
  if (data.receipt === "factura") {
    return {
      rut: data.rut!,
      name: data.businessName,
      // GiroRecep holds 40 characters: the start of a longer giro is what the SII keeps.
      giro: data.giro ? data.giro.slice(0, SII_LIMITS.receiverGiro) : null,
      address: data.address,
      comuna: data.comuna,
    };
  }
  return { rut: data.rut ?? GENERIC_RUT, name: person.name.slice(0, SII_LIMITS.receiverName) || null, giro: null, address: null, comuna: null };
}
