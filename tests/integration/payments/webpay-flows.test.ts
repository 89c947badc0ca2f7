// The official SDK, through the academy's provider, against the local Webpay Plus server: every way a
// cardholder can come back from the payment form.
import { describe, expect, it } from "vitest";
import { isApproved } from "~/server/commerce/payments/webpay.server";
import { open, payAtWebpay, send, submit } from "../../../scripts/webpay/browser";
import { FIXED_NOW, created, useLocalWebpay } from "./webpay-support";

const webpay = useLocalWebpay(3431);

function returnParams(request: { method: string; url: string; body?: URLSearchParams }) {
  return request.method === "GET" ? new URL(request.url).searchParams : (request.body ?? new URLSearchParams());
}

describe("Webpay Plus: pago autorizado", () => {
  it("crea, paga con la VISA de prueba, vuelve por GET con token_ws y el commit autoriza con todos los campos", async () => {
    const { provider, server } = webpay;
    const payment = await created(provider);
    expect(payment.token).toMatch(/^[0-9a-f]{64}$/);
    expect(payment.url).toBe(`${server.url}/webpayserver/initTransaction`);
    expect(payment.redirect).toEqual({ method: "POST", url: payment.url, fields: { token_ws: payment.token } });

    // The payment form shows the order and the amount in pesos.
    const page = await (await send({ method: "POST", url: payment.url, body: new URLSearchParams(payment.redirect.fields) })).text();
    expect(page).toContain("$20.000");
    expect(page).toContain(payment.input.buyOrder);

    const back = await payAtWebpay(payment.redirect, "Pagar");
    // Since API 1.1 the normal return is a GET; return_url's own query survives.
    expect(back.method).toBe("GET");
    const url = new URL(back.url);
    expect(`${url.origin}${url.pathname}`).toBe("https://academia.test/pagos/webpay/retorno");
    expect(Object.fromEntries(url.searchParams)).toEqual({ orden: "42", token_ws: payment.token });
    expect(provider.parseReturn(returnParams(back))).toEqual({ kind: "completed", token: payment.token });

    // Before the commit, Transbank still reports the transaction as INITIALIZED.
    const before = await provider.status(payment.token);
    expect(before.kind === "found" && before.transaction.status).toBe("INITIALIZED");

    const commit = await provider.commit(payment.token);
    expect(commit.kind).toBe("authorized");
    if (commit.kind !== "authorized") return;
    expect(isApproved(commit.transaction)).toBe(true);
    expect(commit.transaction).toMatchObject({
      token: payment.token,
      status: "AUTHORIZED",
      buyOrder: payment.input.buyOrder,
      sessionId: payment.input.sessionId,
      amountClp: 20_000,
      responseCode: 0,
      authorizationCode: "1213",
      paymentTypeCode: "VN",
      cardLast4: "6623",
      installmentsNumber: 0,
      accountingDate: "0311",
      transactionDate: FIXED_NOW,
    });
    expect(commit.transaction.raw).toMatchObject({ vci: "TSY", card_detail: { card_number: "6623" } });

    const after = await provider.status(payment.token);
    expect(after.kind === "found" && after.transaction.status).toBe("AUTHORIZED");
    expect(server.transaction(payment.token)?.phase).toBe("committed");
  });

  it("una tarjeta Redcompra de prueba se informa como venta débito (VD)", async () => {
    const payment = await created(webpay.provider);
    await payAtWebpay(payment.redirect, "Pagar", "redcompra-1");
    const commit = await webpay.provider.commit(payment.token);
    expect(commit.kind === "authorized" && commit.transaction).toMatchObject({ paymentTypeCode: "VD", cardLast4: "7763" });
  });
});

describe("Webpay Plus: pago rechazado", () => {
  it("la MASTERCARD de prueba vuelve con token_ws y el commit dice FAILED con código negativo", async () => {
    const payment = await created(webpay.provider);
    const back = await payAtWebpay(payment.redirect, "Pagar", "mastercard");
    expect(webpay.provider.parseReturn(returnParams(back))).toEqual({ kind: "completed", token: payment.token });
    const commit = await webpay.provider.commit(payment.token);
    expect(commit.kind).toBe("rejected");
    if (commit.kind !== "rejected") return;
    expect(commit.transaction).toMatchObject({ status: "FAILED", responseCode: -1, authorizationCode: "000000", cardLast4: "0568" });
    expect(isApproved(commit.transaction)).toBe(false);
  });

  it("'Rechazar pago' rechaza también con la VISA aprobada", async () => {
    const payment = await created(webpay.provider);
    await payAtWebpay(payment.redirect, "Rechazar pago");
    expect((await webpay.provider.commit(payment.token)).kind).toBe("rejected");
  });
});

describe("Webpay Plus: anulado por el tarjetahabiente", () => {
  it("vuelve por POST con TBK_TOKEN, TBK_ORDEN_COMPRA y TBK_ID_SESION, sin token_ws; un commit no cobra", async () => {
    const payment = await created(webpay.provider);
    const back = await payAtWebpay(payment.redirect, "Anular compra y volver al comercio");
    expect(back.method).toBe("POST");
    expect(back.url).toBe(payment.input.returnUrl);
    expect(Object.fromEntries(back.body ?? [])).toEqual({
      TBK_TOKEN: payment.token,
      TBK_ORDEN_COMPRA: payment.input.buyOrder,
      TBK_ID_SESION: payment.input.sessionId,
    });
    expect(webpay.provider.parseReturn(returnParams(back))).toEqual({
      kind: "cancelled",
      token: payment.token,
      buyOrder: payment.input.buyOrder,
      sessionId: payment.input.sessionId,
    });
    const commit = await webpay.provider.commit(payment.token);
    expect(commit.kind).toBe("notCompleted");
    expect(commit.kind === "notCompleted" && commit.detail).toBe("Transaction has an invalid finished state: aborted");
    const status = await webpay.provider.status(payment.token);
    expect(status.kind === "found" && status.transaction.status).toBe("INITIALIZED");
  });
});

describe("Webpay Plus: tiempo agotado", () => {
  it("vuelve solo con TBK_ORDEN_COMPRA y TBK_ID_SESION (sin token) y el commit no cobra", async () => {
    const payment = await created(webpay.provider);
    const back = await payAtWebpay(payment.redirect, "Simular tiempo agotado");
    expect(back.method).toBe("GET");
    const params = returnParams(back);
    expect(params.has("token_ws") || params.has("TBK_TOKEN")).toBe(false);
    expect(webpay.provider.parseReturn(params)).toEqual({ kind: "timedOut", buyOrder: payment.input.buyOrder, sessionId: payment.input.sessionId });
    expect((await webpay.provider.commit(payment.token)).kind).toBe("notCompleted");
  });

  it("un token vencido (expireToken) lleva al comercio por el camino de tiempo agotado", async () => {
    const payment = await created(webpay.provider);
    webpay.server.expireToken(payment.token);
    const [back] = await open({ method: "POST", url: payment.url, body: new URLSearchParams(payment.redirect.fields) });
    expect(back && webpay.provider.parseReturn(returnParams(submit(back)))).toMatchObject({ kind: "timedOut" });
  });

  it("pasados los 5 minutos de vida del formulario, pagar ya no es posible", async () => {
    const payment = await created(webpay.provider);
    const [form] = await open({ method: "POST", url: payment.url, body: new URLSearchParams(payment.redirect.fields) });
    webpay.server.advanceClock(5 * 60_000 + 1);
    const [back] = await open(submit(form!, "Pagar"));
    expect(webpay.provider.parseReturn(returnParams(submit(back!)))).toMatchObject({ kind: "timedOut" });
    expect((await webpay.provider.commit(payment.token)).kind).toBe("notCompleted");
  });
});

describe("Webpay Plus: confirmaciones repetidas o fuera de lugar", () => {
  it("un segundo commit del mismo token no vuelve a cobrar: informa el resultado ya confirmado", async () => {
    const payment = await created(webpay.provider);
    await payAtWebpay(payment.redirect, "Pagar");
    expect((await webpay.provider.commit(payment.token)).kind).toBe("authorized");
    const again = await webpay.provider.commit(payment.token);
    expect(again.kind).toBe("alreadyCommitted");
    expect(again.kind === "alreadyCommitted" && again.transaction.status).toBe("AUTHORIZED");
    expect(webpay.server.transaction(payment.token)?.commitAttempts).toBe(2);
  });

  it("dos commits a la vez: uno autoriza, el otro sabe que hay uno en curso", async () => {
    const payment = await created(webpay.provider);
    await payAtWebpay(payment.redirect, "Pagar");
    const hold = webpay.server.holdNext("commit");
    const first = webpay.provider.commit(payment.token);
    await hold.reached;
    const second = await webpay.provider.commit(payment.token);
    expect(second.kind).toBe("inProgress");
    hold.release();
    expect((await first).kind).toBe("authorized");
    expect((await webpay.provider.commit(payment.token)).kind).toBe("alreadyCommitted");
  });

  it("el commit de un token sin pagar (formulario abierto) no cobra", async () => {
    const payment = await created(webpay.provider);
    const commit = await webpay.provider.commit(payment.token);
    expect(commit.kind).toBe("formOpen");
    expect(commit.kind === "formOpen" && commit.detail).toMatch(/^Invalid status '0' for transaction while authorizing/);
  });

  it("volver a abrir el formulario de un pago terminado ofrece 'volver al sitio' con los cuatro parámetros", async () => {
    const payment = await created(webpay.provider);
    await payAtWebpay(payment.redirect, "Pagar");
    const [back] = await open({ method: "POST", url: payment.url, body: new URLSearchParams(payment.redirect.fields) }, 409);
    const request = submit(back!, "Volver al sitio del comercio");
    expect(request.method).toBe("POST");
    expect(webpay.provider.parseReturn(returnParams(request))).toEqual({
      kind: "formError",
      token: payment.token,
      buyOrder: payment.input.buyOrder,
      sessionId: payment.input.sessionId,
    });
  });

  it("un token desconocido o ajeno: status notFound y commit rechazado sin cobrar", async () => {
    const unknown = "f".repeat(64);
    expect((await webpay.provider.status(unknown)).kind).toBe("notFound");
    expect(await webpay.provider.commit(unknown)).toMatchObject({ kind: "requestRefused", httpStatus: 404 });
  });
});

describe("Webpay Plus en modo producción", () => {
  const production = useLocalWebpay(3436, { environment: "production" });
  it("la anulación vuelve por GET (en integración es POST)", async () => {
    const payment = await created(production.provider);
    const back = await payAtWebpay(payment.redirect, "Anular compra y volver al comercio");
    expect(back.method).toBe("GET");
    expect(production.provider.parseReturn(returnParams(back))).toMatchObject({ kind: "cancelled", token: payment.token });
  });
});
