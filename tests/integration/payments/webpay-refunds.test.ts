// Refunds as Transbank applies them (producto/webpay, "Anulaciones y Reversas"): a full refund within
// 3 hours of the sale is a reversal; a partial or later one is a nullification with its own code.
import { describe, expect, it } from "vitest";
import { payAtWebpay } from "../../../scripts/webpay/browser";
import { created, order, useLocalWebpay } from "./webpay-support";

const webpay = useLocalWebpay(3433);
const HOUR = 3_600_000;

async function committed(card?: string, amountClp = 20_000) {
  const payment = await created(webpay.provider, order({ amountClp }));
  await payAtWebpay(payment.redirect, "Pagar", card);
  const commit = await webpay.provider.commit(payment.token);
  if (commit.kind !== "authorized") throw new Error(`not authorised: ${commit.kind}`);
  return payment;
}

async function statusOf(token: string) {
  const status = await webpay.provider.status(token);
  if (status.kind !== "found") throw new Error(`status: ${status.kind}`);
  return status.transaction;
}

describe("reembolsos Webpay Plus", () => {
  it("el total dentro de las 3 horas es una reversa (REVERSED, sin datos de autorización)", async () => {
    const payment = await committed();
    webpay.server.advanceClock(2 * HOUR);
    expect(await webpay.provider.refund(payment.token, 20_000)).toEqual({ kind: "reversed", amountClp: 20_000 });
    expect((await statusOf(payment.token)).status).toBe("REVERSED");
  });

  it("pasadas las 3 horas, el total es una anulación (NULLIFIED) con código, fecha y saldo 0", async () => {
    const payment = await committed();
    webpay.server.advanceClock(3 * HOUR + 1);
    const refund = await webpay.provider.refund(payment.token, 20_000);
    expect(refund).toMatchObject({ kind: "nullified", amountClp: 20_000, balanceClp: 0 });
    expect(refund.kind === "nullified" && refund.authorizationCode).toMatch(/^\d{6}$/);
    expect(refund.kind === "nullified" && refund.authorizationDate).toBeInstanceOf(Date);
    const after = await statusOf(payment.token);
    expect(after).toMatchObject({ status: "NULLIFIED", balanceClp: 0 });
  });

  it("un monto parcial con crédito es anulación parcial; el saldo baja y luego se anula el resto", async () => {
    const payment = await committed();
    expect(await webpay.provider.refund(payment.token, 5_000)).toMatchObject({ kind: "nullified", amountClp: 5_000, balanceClp: 15_000 });
    expect(await statusOf(payment.token)).toMatchObject({ status: "PARTIALLY_NULLIFIED", balanceClp: 15_000 });
    // More than what is left is refused; exactly what is left closes it.
    expect(await webpay.provider.refund(payment.token, 15_001)).toMatchObject({ kind: "refundRefused", httpStatus: 422, detail: "Amount to refund is bigger than authorized" });
    expect(await webpay.provider.refund(payment.token, 15_000)).toMatchObject({ kind: "nullified", balanceClp: 0 });
    expect((await statusOf(payment.token)).status).toBe("NULLIFIED");
    expect((await webpay.provider.refund(payment.token, 1)).kind).toBe("refundRefused");
  });

  it("más que el monto pagado se rechaza sin tocar la transacción", async () => {
    const payment = await committed();
    expect(await webpay.provider.refund(payment.token, 20_001)).toMatchObject({ kind: "refundRefused", httpStatus: 422 });
    expect((await statusOf(payment.token)).status).toBe("AUTHORIZED");
  });

  it("una reversa no se repite", async () => {
    const payment = await committed();
    expect((await webpay.provider.refund(payment.token, 20_000)).kind).toBe("reversed");
    expect(await webpay.provider.refund(payment.token, 20_000)).toMatchObject({ kind: "refundRefused", httpStatus: 422 });
  });

  it("débito Redcompra: solo se anula por el total", async () => {
    const payment = await committed("redcompra-1");
    webpay.server.advanceClock(4 * HOUR);
    expect((await webpay.provider.refund(payment.token, 1_000)).kind).toBe("refundRefused");
    expect((await webpay.provider.refund(payment.token, 20_000)).kind).toBe("nullified");
  });

  it("no se reembolsa un pago rechazado, ni uno sin confirmar, ni uno anulado por el usuario", async () => {
    const rejected = await created(webpay.provider);
    await payAtWebpay(rejected.redirect, "Pagar", "mastercard");
    await webpay.provider.commit(rejected.token);
    expect(await webpay.provider.refund(rejected.token, 20_000)).toMatchObject({ kind: "refundRefused", detail: "Transaction not authorized" });

    const unconfirmed = await created(webpay.provider);
    await payAtWebpay(unconfirmed.redirect, "Pagar");
    expect((await webpay.provider.refund(unconfirmed.token, 20_000)).kind).toBe("refundRefused");

    const cancelled = await created(webpay.provider);
    await payAtWebpay(cancelled.redirect, "Anular compra y volver al comercio");
    expect((await webpay.provider.refund(cancelled.token, 20_000)).kind).toBe("refundRefused");
  });

  it("montos sin sentido no llegan a Webpay", async () => {
    const payment = await committed();
    for (const amount of [0, -1, 1.5, Number.NaN]) {
      expect(await webpay.provider.refund(payment.token, amount)).toMatchObject({ kind: "invalidInput", field: "amountClp" });
    }
    expect(webpay.server.requests().filter((r) => r.operation === "refund")).toHaveLength(0);
  });

  it("un reembolso cortado en la red: networkFailure, y el estado cuenta lo que pasó", async () => {
    const payment = await committed();
    webpay.server.failNext("refund", "after");
    expect((await webpay.provider.refund(payment.token, 20_000)).kind).toBe("networkFailure");
    expect((await statusOf(payment.token)).status).toBe("REVERSED");
  });

  it("el estado se puede consultar 7 días; después Webpay responde 'expired'", async () => {
    const payment = await committed();
    webpay.server.advanceClock(7 * 24 * HOUR + 1);
    expect(await webpay.provider.status(payment.token)).toMatchObject({ kind: "expired" });
  });
});
