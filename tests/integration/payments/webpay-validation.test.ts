// Transbank's limits, twice: the provider refuses bad input before any request, and the local server
// refuses it the way Webpay's API does (for callers that bypass the SDK). Plus forged returns.
import { describe, expect, it } from "vitest";
import { INTEGRATION_API_KEY, INTEGRATION_COMMERCE_CODE } from "../../../scripts/webpay/local-webpay-state";
import { API_PATH } from "../../../scripts/webpay/local-webpay";
import { created, order, useLocalWebpay } from "./webpay-support";

const webpay = useLocalWebpay(3434);

describe("el provider valida antes de llamar a Webpay", () => {
  it.each([
    ["buyOrder", { buyOrder: "A".repeat(27) }],
    ["buyOrder", { buyOrder: "" }],
    ["buyOrder", { buyOrder: "orden con espacios" }],
    ["buyOrder", { buyOrder: "orden<script>" }],
    ["sessionId", { sessionId: "s".repeat(62) }],
    ["sessionId", { sessionId: "   " }],
    ["amountClp", { amountClp: 0 }],
    ["amountClp", { amountClp: -20_000 }],
    ["amountClp", { amountClp: 19_999.5 }],
    ["amountClp", { amountClp: Number.POSITIVE_INFINITY }],
    ["returnUrl", { returnUrl: "/pagos/retorno" }],
    ["returnUrl", { returnUrl: "javascript:alert(1)" }],
    ["returnUrl", { returnUrl: `https://academia.test/${"r".repeat(240)}` }],
  ] as const)("%s inválido: invalidInput y ninguna petición", async (field, override) => {
    expect(await webpay.provider.create(order(override))).toMatchObject({ kind: "invalidInput", field });
    expect(webpay.server.requests()).toHaveLength(0);
  });

  it("los máximos exactos de Transbank se aceptan: orden de 26, sesión de 61", async () => {
    const payment = await created(webpay.provider, order({ buyOrder: `${"A".repeat(20)}|_=&%.`, sessionId: "s".repeat(61) }));
    expect(webpay.server.transaction(payment.token)).toMatchObject({ buyOrder: `${"A".repeat(20)}|_=&%.`, sessionId: "s".repeat(61) });
  });

  it("un token que no es de Webpay no sale del servidor", async () => {
    for (const token of ["", "abc", "g".repeat(63), `${"a".repeat(63)}/`, "a".repeat(65)]) {
      expect((await webpay.provider.commit(token)).kind).toBe("invalidInput");
      expect((await webpay.provider.status(token)).kind).toBe("invalidInput");
    }
    expect(webpay.server.requests()).toHaveLength(0);
  });
});

describe("el servidor local responde como la API de Webpay", () => {
  const auth = { "Tbk-Api-Key-Id": INTEGRATION_COMMERCE_CODE, "Tbk-Api-Key-Secret": INTEGRATION_API_KEY, "Content-Type": "application/json" };
  const valid = { buy_order: "O-1", session_id: "S-1", amount: 1000, return_url: "https://academia.test/retorno" };

  async function post(body: unknown, headers: Record<string, string> = auth) {
    const response = await fetch(`${webpay.server.url}${API_PATH}/transactions`, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it.each([
    [{ ...valid, buy_order: "O".repeat(27) }, "Invalid value for parameter: buy_order"],
    [{ ...valid, session_id: "S".repeat(62) }, "Invalid value for parameter: session_id"],
    [{ ...valid, amount: 0 }, "Invalid value for parameter: amount"],
    [{ ...valid, amount: -5 }, "Invalid value for parameter: amount"],
    [{ ...valid, amount: 10.5 }, "Invalid value for parameter: amount"],
    [{ ...valid, amount: "1000" }, "Invalid value for parameter: amount"],
    [{ ...valid, return_url: `https://a.cl/${"x".repeat(250)}` }, "Invalid value for parameter: return_url"],
    [{ ...valid, amount: undefined }, "amount is required!"],
    [{ ...valid, buy_order: "" }, "buy_order is required!"],
  ])("422 con error_message para %o", async (body, message) => {
    expect(await post(body)).toEqual({ status: 422, body: { error_message: message } });
    expect(webpay.server.transactions()).toHaveLength(0);
  });

  it("26 y 61 caracteres se aceptan", async () => {
    const response = await post({ ...valid, buy_order: "O".repeat(26), session_id: "S".repeat(61) });
    expect(response.status).toBe(200);
    expect(response.body.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it("JSON inválido o un campo no esperado: 400; otro Content-Type: 415", async () => {
    expect((await post("{no es json")).status).toBe(400);
    expect((await post({ ...valid, commerce_code: "597055555532" })).status).toBe(400);
    expect((await post(valid, { ...auth, "Content-Type": "text/plain" })).status).toBe(415);
  });

  it("sin credenciales o con la llave equivocada: 401 'Not Authorized'", async () => {
    expect(await post(valid, { "Content-Type": "application/json" })).toEqual({ status: 401, body: { error_message: "Not Authorized" } });
    expect((await post(valid, { ...auth, "Tbk-Api-Key-Secret": "x" })).status).toBe(401);
  });

  it("token mal formado 422, desconocido 404, método no permitido 405", async () => {
    const call = async (method: string, path: string) => (await fetch(`${webpay.server.url}${API_PATH}${path}`, { method, headers: auth })).status;
    expect(await call("PUT", "/transactions/no-es-token")).toBe(422);
    expect(await call("GET", `/transactions/${"0".repeat(64)}`)).toBe(404);
    expect(await call("DELETE", `/transactions/${"0".repeat(64)}`)).toBe(405);
    expect(await call("GET", "/transactions")).toBe(405);
  });
});

describe("retornos falsificados o alterados", () => {
  const token = "a".repeat(64);
  const parse = (query: string) => webpay.provider.parseReturn(new URLSearchParams(query));

  it("solo las cuatro formas de Webpay se aceptan", () => {
    expect(parse(`token_ws=${token}`)).toEqual({ kind: "completed", token });
    expect(parse(`TBK_TOKEN=${token}&TBK_ORDEN_COMPRA=O-1&TBK_ID_SESION=S-1`)).toEqual({ kind: "cancelled", token, buyOrder: "O-1", sessionId: "S-1" });
    expect(parse("TBK_ORDEN_COMPRA=O-1&TBK_ID_SESION=S-1")).toEqual({ kind: "timedOut", buyOrder: "O-1", sessionId: "S-1" });
    expect(parse(`token_ws=${token}&TBK_TOKEN=${token}&TBK_ORDEN_COMPRA=O-1&TBK_ID_SESION=S-1`)).toMatchObject({ kind: "formError", token });
  });

  it.each([
    "",
    "token_ws=",
    "token_ws=abc",
    `token_ws=${token}x`,
    `token_ws=${token}&token_ws=${"b".repeat(64)}`,
    `token_ws=${token}&TBK_TOKEN=${"b".repeat(64)}`,
    `TBK_TOKEN=${token.slice(1)}`,
    `TBK_ORDEN_COMPRA=${"O".repeat(27)}`,
    `TBK_ORDEN_COMPRA=O-1&TBK_ID_SESION=${"S".repeat(62)}`,
    "TBK_ID_SESION=S-1",
    `token_ws=${"%3Cscript%3E".repeat(6)}`,
  ])("'%s' es inválido", (query) => {
    expect(parse(query)).toEqual({ kind: "invalid" });
  });
});
