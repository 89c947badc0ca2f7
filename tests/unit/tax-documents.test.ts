import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  creditNoteDraft,
  documentFilename,
  documentIsDue,
  documentStatusLabel,
  GENERIC_RUT,
  receiverForNote,
  saleDocumentType,
  saleDraft,
  splitGross,
  type Receiver,
  type SaleFacts,
} from "~/domain/tax-documents";

const person: Receiver = { rut: GENERIC_RUT, name: "Ana Pérez", giro: null, address: null, comuna: null };
const company: Receiver = { rut: "76543210-3", name: "Constructora Los Andes SpA", giro: "Construcción", address: "Av. Matta 100", comuna: "Santiago" };

function sale(overrides: Partial<SaleFacts> = {}): SaleFacts {
  return {
    type: 41,
    issueDate: "2025-03-11",
    orderNumber: "K7QM-4XTP",
    orderDate: "2025-03-10",
    courseTitle: "RCP y primeros auxilios",
    quantity: 1,
    unitPriceClp: 20_000,
    subtotalClp: 20_000,
    discountClp: 0,
    couponCode: null,
    amountClp: 20_000,
    receiver: person,
    purchaseOrder: null,
    senceActionId: null,
    ...overrides,
  };
}

describe("tipo de documento", () => {
  it("exento por defecto: boleta exenta (41) a una persona, factura exenta (34) a una empresa", () => {
    expect(saleDocumentType("exempt", "boleta")).toBe(41);
    expect(saleDocumentType("exempt", "factura")).toBe(34);
  });
  it("afecto: boleta (39) y factura (33)", () => {
    expect(saleDocumentType("taxed", "boleta")).toBe(39);
    expect(saleDocumentType("taxed", "factura")).toBe(33);
  });
  it("un pedido que un cupón del 100 % deja en $0 no lleva documento", () => {
    expect(documentIsDue(0)).toBe(false);
    expect(documentIsDue(1)).toBe(true);
    expect(() => saleDraft(sale({ discountClp: 20_000, couponCode: "GRATIS", amountClp: 0 }))).toThrow(/no document/);
  });
});

describe("neto e IVA desde un total con IVA", () => {
  it("el ejemplo de OpenFactura: $1.000 → neto $840 + IVA $160", () => {
    expect(splitGross(1000)).toEqual({ net: 840, vat: 160 });
    expect(splitGross(20_000)).toEqual({ net: 16_807, vat: 3193 });
  });
  it("neto + IVA es siempre el total cobrado, el neto es total ÷ 1,19 redondeado y el IVA difiere a lo más $1 del 19 % del neto", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), (gross) => {
        const { net, vat } = splitGross(gross);
        expect(net + vat).toBe(gross);
        expect(net).toBe(Math.round(gross / 1.19));
        expect(Math.abs(vat - Math.round(net * 0.19))).toBeLessThanOrEqual(1);
      }),
    );
  });
  it("rechaza montos que no son pesos enteros", () => {
    expect(() => splitGross(10.5)).toThrow(RangeError);
    expect(() => splitGross(-1)).toThrow(RangeError);
  });
});

describe("documento de una venta", () => {
  it("boleta exenta: una línea exenta, total exento igual al pedido", () => {
    const draft = saleDraft(sale());
    expect(draft.type).toBe(41);
    expect(draft.lines).toEqual([{ name: "Curso: RCP y primeros auxilios", description: "Pedido K7QM-4XTP", quantity: 1, unitPrice: 20_000, amount: 20_000, exempt: true }]);
    expect(draft.discount).toBeNull();
    expect(draft.totals).toEqual({ net: 0, vat: 0, exempt: 20_000, total: 20_000 });
  });

  it("con cupón: la línea a precio de lista y el cupón como descuento global; el total es lo cobrado", () => {
    const draft = saleDraft(sale({ discountClp: 5000, couponCode: "VERANO25", amountClp: 15_000 }));
    expect(draft.lines[0]!.amount).toBe(20_000);
    expect(draft.discount).toEqual({ amount: 5000, label: "Cupón VERANO25" });
    expect(draft.totals).toEqual({ net: 0, vat: 0, exempt: 15_000, total: 15_000 });
  });

  it("afecta con cupón: neto e IVA del total ya descontado", () => {
    const draft = saleDraft(sale({ type: 39, discountClp: 3001, couponCode: "X", amountClp: 16_999 }));
    expect(draft.totals).toEqual({ net: 14_285, vat: 2714, exempt: 0, total: 16_999 });
    expect(draft.lines[0]!.exempt).toBe(false);
  });

  it("N cupos de una empresa: cantidad N a precio unitario, factura a la empresa con orden de compra y acción SENCE", () => {
    const draft = saleDraft(
      sale({ type: 34, quantity: 12, subtotalClp: 240_000, discountClp: 24_000, couponCode: "EMPRESA10", amountClp: 216_000, receiver: company, purchaseOrder: "OC-4471", senceActionId: "1237984561" }),
    );
    expect(draft.lines).toEqual([
      { name: "Curso: RCP y primeros auxilios", description: "12 cupos · Pedido K7QM-4XTP · Acción SENCE 1237984561", quantity: 12, unitPrice: 20_000, amount: 240_000, exempt: true },
    ]);
    expect(draft.totals.total).toBe(216_000);
    expect(draft.receiver).toEqual(company);
    expect(draft.references).toEqual([{ type: "801", folio: "OC-4471", date: "2025-03-10", code: null, reason: "Orden de compra OC-4471" }]);
  });

  it("cualquier pedido coherente da un documento cuyo total es exactamente lo cobrado", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(33, 34, 39, 41) as fc.Arbitrary<33 | 34 | 39 | 41>,
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (type, quantity, unit, percent) => {
          const subtotal = quantity * unit;
          const discount = Math.min(subtotal - 1, Math.round((subtotal * percent) / 100));
          const draft = saleDraft(sale({ type, quantity, unitPriceClp: unit, subtotalClp: subtotal, discountClp: Math.max(discount, 0), amountClp: subtotal - Math.max(discount, 0) }));
          const { net, vat, exempt, total } = draft.totals;
          expect(total).toBe(subtotal - Math.max(discount, 0));
          expect(net + vat + exempt).toBe(total);
          expect(draft.lines.reduce((s, l) => s + l.amount, 0) - (draft.discount?.amount ?? 0)).toBe(total);
          expect(draft.lines.every((l) => Number.isInteger(l.amount) && l.amount === l.quantity * l.unitPrice)).toBe(true);
        },
      ),
    );
  });

  it("se niega a documentar cifras que no cuadran", () => {
    expect(() => saleDraft(sale({ amountClp: 19_999 }))).toThrow(/do not add up/);
    expect(() => saleDraft(sale({ quantity: 2 }))).toThrow(/do not add up/);
    expect(() => saleDraft(sale({ unitPriceClp: 20_000.5, subtotalClp: 20_000.5, amountClp: 20_000.5 }))).toThrow(RangeError);
  });

  it("recorta a los largos del SII lo que imprimiría de más", () => {
    const draft = saleDraft(sale({ courseTitle: "x".repeat(200), couponCode: "C".repeat(40), discountClp: 1, amountClp: 19_999 }));
    expect(draft.lines[0]!.name).toHaveLength(80);
    expect(draft.discount!.label.length).toBeLessThanOrEqual(45);
  });
});

describe("nota de crédito", () => {
  it("anula el documento original por el total (CodRef 1) y lo referencia por tipo, folio y fecha", () => {
    const original = saleDraft(sale({ discountClp: 5000, couponCode: "VERANO25", amountClp: 15_000 }));
    const note = creditNoteDraft({ draft: original, folio: 17 }, "2025-03-20", "Reembolso solicitado");
    expect(note.type).toBe(61);
    expect(note.totals).toEqual(original.totals);
    expect(note.lines).toEqual(original.lines);
    expect(note.discount).toEqual(original.discount);
    expect(note.references).toEqual([{ type: "41", folio: "17", date: "2025-03-11", code: 1, reason: "Anula boleta exenta N° 17: Reembolso solicitado" }]);
    expect(note.issueDate).toBe("2025-03-20");
  });

  it("a una boleta sin datos del receptor le completa los que el formato de la nota exige", () => {
    expect(receiverForNote(person)).toEqual({ rut: GENERIC_RUT, name: "Ana Pérez", giro: "Particular", address: "Sin información", comuna: "Sin información" });
    expect(receiverForNote(company)).toEqual(company);
  });

  it("no anula otra nota de crédito", () => {
    const original = saleDraft(sale());
    const note = creditNoteDraft({ draft: original, folio: 1 }, "2025-03-20", "x");
    expect(() => creditNoteDraft({ draft: note, folio: 2 }, "2025-03-21", "x")).toThrow();
  });
});

describe("textos", () => {
  it("el estado muestra la respuesta del SII cuando no fue una aceptación simple", () => {
    expect(documentStatusLabel("issued", "accepted")).toBe("Emitido");
    expect(documentStatusLabel("issued", "pending")).toBe("En revisión del SII");
    expect(documentStatusLabel("pending", null)).toBe("Pendiente de emisión");
  });
  it("nombre de archivo sin tildes ni espacios", () => {
    expect(documentFilename(61, 3)).toBe("nota-de-credito-61-folio-3.pdf");
    expect(documentFilename(41, 12)).toBe("boleta-exenta-41-folio-12.pdf");
  });
});
