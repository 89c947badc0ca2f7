import { describe, expect, it } from "vitest";
import { webpayPaymentDetails } from "~/domain/commerce";

describe("tipo de pago y cuotas de Webpay en el comprobante", () => {
  it.each([
    ["VD", 0, { type: "Débito", installments: null }],
    ["VP", 0, { type: "Prepago", installments: null }],
    ["VN", 0, { type: "Crédito", installments: "Sin cuotas" }],
    ["VC", 6, { type: "Crédito", installments: "6 cuotas" }],
    ["SI", 3, { type: "Crédito", installments: "3 cuotas sin interés" }],
    ["S2", 2, { type: "Crédito", installments: "2 cuotas sin interés" }],
    ["NC", 4, { type: "Crédito", installments: "4 cuotas sin interés" }],
    ["XX", 1, { type: "XX", installments: "1 cuota" }],
  ] as const)("%s con %i cuotas", (code, n, expected) => {
    expect(webpayPaymentDetails(code, n)).toEqual(expected);
  });

  it("sin código (transferencia, o un pago sin respuesta) no dice nada", () => {
    expect(webpayPaymentDetails(null, null)).toEqual({ type: null, installments: null });
  });
});
