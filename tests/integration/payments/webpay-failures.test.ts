// When Webpay cannot be reached, answers late, answers 5xx or refuses our credentials, the provider
// says so plainly; and a commit lost on the network is recovered by asking the status.
import { describe, expect, it } from "vitest";
import { createWebpayProvider, webpayConfig } from "~/server/commerce/payments/webpay.server";
import { payAtWebpay } from "../../../scripts/webpay/browser";
import { INTEGRATION_API_KEY, INTEGRATION_COMMERCE_CODE } from "../../../scripts/webpay/local-webpay-state";
import { created, order, useLocalWebpay } from "./webpay-support";

const webpay = useLocalWebpay(3432, {
  commerces: [
    { commerceCode: INTEGRATION_COMMERCE_CODE, apiKey: INTEGRATION_API_KEY },
    { commerceCode: "597012345678", apiKey: "otra-llave-secreta-de-comercio" },
  ],
});

async function paid() {
  const payment = await created(webpay.provider);
  await payAtWebpay(payment.redirect, "Pagar");
  return payment;
}

describe("commit perdido en la red", () => {
  it("Webpay confirmó pero la conexión se cortó: networkFailure, y el estado dice AUTHORIZED", async () => {
    const payment = await paid();
    webpay.server.failNext("commit", "after");
    const commit = await webpay.provider.commit(payment.token);
    expect(commit).toMatchObject({ kind: "networkFailure", cause: "connection" });
    expect(webpay.server.transaction(payment.token)?.status).toBe("AUTHORIZED");

    const status = await webpay.provider.status(payment.token);
    expect(status.kind).toBe("found");
    expect(status.kind === "found" && status.transaction).toMatchObject({ status: "AUTHORIZED", responseCode: 0, amountClp: 20_000 });
    // Committing again does not charge twice.
    expect((await webpay.provider.commit(payment.token)).kind).toBe("alreadyCommitted");
  });

  it("la conexión se cortó antes de confirmar: el estado sigue INITIALIZED y un nuevo commit autoriza", async () => {
    const payment = await paid();
    webpay.server.failNext("commit", "before");
    expect((await webpay.provider.commit(payment.token)).kind).toBe("networkFailure");
    const status = await webpay.provider.status(payment.token);
    expect(status.kind === "found" && status.transaction.status).toBe("INITIALIZED");
    expect((await webpay.provider.commit(payment.token)).kind).toBe("authorized");
  });

  it("Webpay responde tarde: el plazo del provider vence (timeout) aunque Webpay termine confirmando", async () => {
    const payment = await paid();
    webpay.server.delayNext("commit", 1_500);
    const commit = await webpay.fastProvider.commit(payment.token);
    expect(commit).toMatchObject({ kind: "networkFailure", cause: "timeout" });
    await expect.poll(() => webpay.server.transaction(payment.token)?.status, { timeout: 5_000 }).toBe("AUTHORIZED");
    const status = await webpay.provider.status(payment.token);
    expect(status.kind === "found" && status.transaction.status).toBe("AUTHORIZED");
  });

  it("un commit retenido que Webpay rechaza igual cuenta como llegado (holdNext no cuelga la prueba)", async () => {
    const payment = await created(webpay.provider);
    const hold = webpay.server.holdNext("commit");
    const commit = webpay.provider.commit(payment.token);
    await hold.reached;
    expect((await commit).kind).toBe("formOpen");
  });

  it("un retraso menor que el plazo no es un error", async () => {
    const payment = await paid();
    webpay.server.delayNext("commit", 100);
    expect((await webpay.fastProvider.commit(payment.token)).kind).toBe("authorized");
  });

  it("HTTP 500 de Webpay: networkFailure server_error (resultado desconocido)", async () => {
    const payment = await paid();
    webpay.server.respondNext("commit", 500, { error_message: "Internal Server Error" });
    expect(await webpay.provider.commit(payment.token)).toMatchObject({ kind: "networkFailure", cause: "server_error" });
    expect((await webpay.provider.commit(payment.token)).kind).toBe("authorized");
  });

  it("un cuerpo que no es el de Webpay no se adivina: bad_response", async () => {
    const payment = await paid();
    webpay.server.respondNext("commit", 200, { ok: true });
    expect(await webpay.provider.commit(payment.token)).toMatchObject({ kind: "networkFailure", cause: "bad_response" });
    webpay.server.respondNext("create", 200, { token: "corto", url: "no es url" });
    expect(await webpay.provider.create(order())).toMatchObject({ kind: "networkFailure", cause: "bad_response" });
  });

  it("create y status también informan la red caída", async () => {
    webpay.server.failNext("create", "before");
    expect(await webpay.provider.create(order())).toMatchObject({ kind: "networkFailure", cause: "connection" });
    expect(webpay.server.transactions()).toHaveLength(0);
    const payment = await created(webpay.provider);
    webpay.server.failNext("status", "after");
    expect(await webpay.provider.status(payment.token)).toMatchObject({ kind: "networkFailure" });
  });

  it("nadie escucha en la dirección configurada: networkFailure connection", async () => {
    const nowhere = createWebpayProvider({ ...webpayConfig(), baseUrl: "http://127.0.0.1:3439", timeoutMs: 2_000 });
    expect(await nowhere.create(order())).toMatchObject({ kind: "networkFailure", cause: "connection" });
  });
});

describe("controles por HTTP (servidor en otro proceso, p. ej. end-to-end)", () => {
  it("POST /_local/fail-next corta el próximo commit; GET /_local/transactions muestra lo confirmado", async () => {
    const payment = await paid();
    const control = (path: string, body: unknown) =>
      fetch(`${webpay.server.url}/_local/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await control("fail-next", { operation: "commit", when: "after" })).status).toBe(200);
    expect((await webpay.provider.commit(payment.token)).kind).toBe("networkFailure");
    const listed = (await (await fetch(`${webpay.server.url}/_local/transactions`)).json()) as { token: string; status: string }[];
    expect(listed).toEqual([expect.objectContaining({ token: payment.token, status: "AUTHORIZED" })]);
    expect((await control("reset", {})).status).toBe(200);
    expect(webpay.server.transactions()).toHaveLength(0);
  });
});

describe("credenciales", () => {
  it("un código de comercio o llave incorrectos: unauthorized (401 'Not Authorized'), sin crear nada", async () => {
    const wrongKey = createWebpayProvider({ ...webpayConfig(), apiKey: "llave-equivocada-0000000000" });
    expect(await wrongKey.create(order())).toEqual({ kind: "unauthorized", detail: "Not Authorized" });
    const wrongCode = createWebpayProvider({ ...webpayConfig(), commerceCode: "597099999999" });
    expect((await wrongCode.create(order())).kind).toBe("unauthorized");
    expect(webpay.server.transactions()).toHaveLength(0);
    expect(webpay.server.requests().map((r) => r.status)).toEqual([401, 401]);
  });

  it("el SDK envía Tbk-Api-Key-Id con el código de comercio configurado", async () => {
    await created(webpay.provider);
    expect(webpay.server.requests()[0]).toMatchObject({ operation: "create", commerceCode: INTEGRATION_COMMERCE_CODE, status: 200 });
  });

  it("otro comercio no puede confirmar, consultar ni anular un token ajeno", async () => {
    const payment = await paid();
    const other = createWebpayProvider({ ...webpayConfig(), commerceCode: "597012345678", apiKey: "otra-llave-secreta-de-comercio" });
    expect(await other.commit(payment.token)).toMatchObject({ kind: "requestRefused", httpStatus: 404 });
    expect((await other.status(payment.token)).kind).toBe("notFound");
    expect(await other.refund(payment.token, 20_000)).toMatchObject({ kind: "refundRefused", httpStatus: 404 });
    expect((await webpay.provider.commit(payment.token)).kind).toBe("authorized");
  });
});
