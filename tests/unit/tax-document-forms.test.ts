import { describe, expect, it } from "vitest";
import { buyerTaxData, buyerTaxSchema, companyTaxSchema, receiverOf, taxFormMessages } from "~/domain/tax-document-forms";
import { RUT_MESSAGES } from "~/domain/rut";

const blank = { receipt: "boleta", rut: "", businessName: "", giro: "", address: "", comuna: "", purchaseOrder: "", senceActionId: "" };
const factura = { ...blank, receipt: "factura", rut: "76.543.210-3", businessName: "Constructora Los Andes SpA", giro: "Construcción de edificios", address: "Av. Matta 100, of. 2", comuna: "Santiago" };

function errors(input: Record<string, string>) {
  const parsed = buyerTaxSchema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe("datos tributarios del comprador", () => {
  it("boleta sin RUT: basta elegir boleta", () => {
    const parsed = buyerTaxSchema.parse(blank);
    expect(buyerTaxData(parsed)).toEqual({ receipt: "boleta", rut: null, businessName: null, giro: null, address: null, comuna: null, purchaseOrder: null, senceActionId: null });
  });

  it("boleta con RUT: se valida por módulo 11 y se normaliza", () => {
    expect(buyerTaxSchema.parse({ ...blank, rut: "12.345.678-5" }).rut).toBe("12345678-5");
    expect(errors({ ...blank, rut: "12.345.678-4" })).toEqual({ rut: RUT_MESSAGES.checkDigit });
    expect(errors({ ...blank, rut: "hola" })).toEqual({ rut: RUT_MESSAGES.invalid });
  });

  it("boleta: lo que se haya escrito para factura no se guarda", () => {
    const parsed = buyerTaxSchema.parse({ ...factura, receipt: "boleta" });
    expect(buyerTaxData(parsed)).toMatchObject({ receipt: "boleta", rut: "76543210-3", businessName: null, giro: null, address: null, comuna: null });
  });

  it("factura: RUT, razón social, giro, dirección y comuna, cada falta con su mensaje junto al campo", () => {
    expect(errors({ ...blank, receipt: "factura" })).toEqual({
      rut: taxFormMessages.rutRequired,
      businessName: taxFormMessages.nameRequired,
      giro: taxFormMessages.giroRequired,
      address: taxFormMessages.addressRequired,
      comuna: taxFormMessages.comunaRequired,
    });
    expect(buyerTaxData(buyerTaxSchema.parse(factura))).toEqual({
      receipt: "factura",
      rut: "76543210-3",
      businessName: "Constructora Los Andes SpA",
      giro: "Construcción de edificios",
      address: "Av. Matta 100, of. 2",
      comuna: "Santiago",
      purchaseOrder: null,
      senceActionId: null,
    });
  });

  it("factura: ni el RUT genérico del SII ni un dígito verificador errado", () => {
    expect(errors({ ...factura, rut: "66.666.666-6" })).toEqual({ rut: taxFormMessages.rutGeneric });
    expect(errors({ ...factura, rut: "76.543.210-4" })).toEqual({ rut: RUT_MESSAGES.checkDigit });
  });

  it("largos del SII: comuna 20, dirección 70, razón social 100", () => {
    expect(errors({ ...factura, comuna: "x".repeat(21) })).toEqual({ comuna: taxFormMessages.tooLong(20) });
    expect(errors({ ...factura, address: "x".repeat(71) })).toEqual({ address: taxFormMessages.tooLong(70) });
    expect(errors({ ...factura, businessName: "x".repeat(101) })).toEqual({ businessName: taxFormMessages.tooLong(100) });
  });

  it("orden de compra y acción SENCE: opcionales, con formato", () => {
    const parsed = buyerTaxSchema.parse({ ...factura, purchaseOrder: " OC-2025/118 ", senceActionId: "1237984561" });
    expect(parsed.purchaseOrder).toBe("OC-2025/118");
    expect(parsed.senceActionId).toBe("1237984561");
    expect(errors({ ...factura, purchaseOrder: "OC 2025 <script>" })).toEqual({ purchaseOrder: taxFormMessages.purchaseOrderFormat });
    expect(errors({ ...factura, purchaseOrder: "1".repeat(19) })).toEqual({ purchaseOrder: taxFormMessages.purchaseOrderFormat });
    expect(errors({ ...factura, senceActionId: "123" })).toEqual({ senceActionId: taxFormMessages.senceActionFormat });
  });

  it("caracteres de control y saltos de línea no llegan al documento", () => {
    const parsed = buyerTaxSchema.parse({ ...factura, businessName: "Los\nAndes\u0000 SpA" });
    expect(parsed.businessName).toBe("Los Andes SpA");
  });

  it("un tipo de documento desconocido se rechaza con su mensaje", () => {
    expect(errors({ ...blank, receipt: "recibo" })).toEqual({ receipt: taxFormMessages.receiptRequired });
  });
});

describe("receptor del documento", () => {
  const person = { name: "Ana Pérez" };
  it("boleta sin RUT: el RUT genérico del SII", () => {
    expect(receiverOf(buyerTaxData(buyerTaxSchema.parse(blank)), person)).toEqual({ rut: "66666666-6", name: "Ana Pérez", giro: null, address: null, comuna: null });
  });
  it("factura: sus datos, con el giro en los 40 caracteres del SII", () => {
    const receiver = receiverOf(buyerTaxData(buyerTaxSchema.parse({ ...factura, giro: "Construcción de edificios completos o de partes de edificios" })), person);
    expect(receiver).toMatchObject({ rut: "76543210-3", name: "Constructora Los Andes SpA", address: "Av. Matta 100, of. 2", comuna: "Santiago" });
    expect(receiver.giro).toHaveLength(40);
  });
});

describe("datos de la empresa para sus cupos", () => {
  it("giro, dirección y comuna obligatorios; orden de compra opcional", () => {
    const parsed = companyTaxSchema.safeParse({ giro: "", address: "", comuna: "", purchaseOrder: "", senceActionId: "" });
    expect(parsed.success).toBe(false);
    expect(companyTaxSchema.parse({ giro: "Minería", address: "Calle 1", comuna: "Antofagasta", purchaseOrder: "4500012345", senceActionId: "" })).toEqual({
      giro: "Minería",
      address: "Calle 1",
      comuna: "Antofagasta",
      purchaseOrder: "4500012345",
      senceActionId: null,
    });
  });
});
