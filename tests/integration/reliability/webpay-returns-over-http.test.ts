// Webpay's "cancelled" and "timed out" returns through the production server over real HTTP, with the local
// Webpay server (scripts/webpay) standing in for Transbank: a return is a GET or a cross-site POST anyone can
// send, and the buy order is the order number printed on receipts. A forged one must change nothing — no
// failed order, no coupon use given back — while the real ones, coming back from Webpay's form, still close
// the order; and a 1-use coupon never ends used twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { coupon } from "~/server/platform/db/schema";
import { payAtWebpay, send } from "../../../scripts/webpay/browser";
import { startLocalWebpay, type LocalWebpay } from "../../../scripts/webpay/local-webpay";
import { createUser } from "../support/users";
import { httpClient, inputValue } from "./support/http-client";
import { startSeededServer, type SeededServer } from "./support/seeded-server";

type User = Awaited<ReturnType<typeof createUser>>;
let webpay: LocalWebpay;
let seeded: SeededServer;
let http: ReturnType<typeof httpClient>;
let admin: User;
const buyers: User[] = [];
const CODE = "UNAVEZ50";

beforeAll(async () => {
  webpay = await startLocalWebpay({ port: 0 });
  admin = await createUser({ role: "admin" });
  for (let i = 0; i < 6; i++) buyers.push(await createUser({ name: `Compradora ${i}` }));
  await db().insert(coupon).values({ code: CODE, kind: "percent", value: 50, maxUses: 1 });
  seeded = await startSeededServer({ prefix: "webpay-http", env: { WEBPAY_BASE_URL: webpay.url } });
  http = httpClient(seeded.server);
}, 600_000);

afterAll(async () => {
  await seeded?.stop();
  await webpay?.close();
});

/** Checkout with Webpay up to the page that sends the browser to Webpay's form. */
async function checkout(buyer: User, couponCode = "") {
  const res = await http.post("/cursos/1/comprar", { method: "webpay", terms: "on", coupon: couponCode }, buyer.cookie);
  expect(res.status, res.body.slice(0, 300)).toBe(302);
  const number = /^\/compras\/([A-Z0-9-]+)\/webpay$/.exec(res.location ?? "")![1]!;
  const page = await http.get(`/compras/${number}/webpay`, buyer.cookie);
  const token = inputValue(page.body, "token_ws")!;
  const url = /<form [^>]*action="([^"]*)"/.exec(page.body)![1]!.replace(/&amp;/g, "&");
  return { number, buyOrder: number.replace("-", ""), token, redirect: { url, fields: { token_ws: token } } };
}

/** The browser's way back from Webpay: a POST return is turned into a GET of the same route (server/app.ts). */
async function backToAcademy(order: { redirect: { url: string; fields: Record<string, string> } }, choice: Parameters<typeof payAtWebpay>[1]) {
  let res = await send(await payAtWebpay(order.redirect, choice));
  const location = res.headers.get("location") ?? "";
  if (res.status === 303 && location.startsWith("/pagos/webpay/retorno")) res = await fetch(`${seeded.server.base}${location}`, { redirect: "manual" });
  return res;
}

async function orderStatus(buyer: User, number: string) {
  const page = await http.get(`/compras/${number}`, buyer.cookie);
  expect(page.status).toBe(200);
  return /Pendiente|Pagado|Rechazado|Anulado|Fallido/.exec(page.body)?.[0];
}

async function couponUses() {
  const page = await http.get("/admin/cupones", admin.cookie);
  return new RegExp(`${CODE}[\\s\\S]*?(\\d+) de 1`).exec(page.body)?.[1];
}

describe("retornos de Webpay falsificados", () => {
  it("un 'tiempo agotado' con solo el número de orden no anula el pedido ni devuelve el uso del cupón; el segundo comprador no obtiene el cupón; el pago llega y el cupón queda en 1 de 1", async () => {
    const [first, second] = buyers as [User, User];
    const order = await checkout(first, CODE);
    expect(await couponUses()).toBe("1");

    const forged = await http.get(`/pagos/webpay/retorno?TBK_ORDEN_COMPRA=${order.buyOrder}`);
    expect(forged.status).toBeLessThan(500);
    const forgedWithSession = await http.get(`/pagos/webpay/retorno?TBK_ORDEN_COMPRA=${order.buyOrder}&TBK_ID_SESION=pedido-${order.number}`);
    expect(forgedWithSession.status).toBeLessThan(500);
    expect(await orderStatus(first, order.number)).toBe("Pendiente");
    expect(await couponUses()).toBe("1");

    const other = await http.post("/cursos/1/comprar", { method: "webpay", terms: "on", coupon: CODE }, second.cookie);
    expect(other.status).toBe(400);
    expect(other.body).toContain("El cupón ya alcanzó su máximo de usos.");

    // The first buyer was still on Webpay's form: the payment goes through and is honoured once.
    const returned = await backToAcademy(order, "Pagar");
    expect(returned.status).toBe(303);
    expect(await orderStatus(first, order.number)).toBe("Pagado");
    expect(await couponUses()).toBe("1");
  });

  it("un 'anulado' con el token pero otro TBK_ID_SESION, o mientras el formulario sigue abierto: nada cambia", async () => {
    const buyer = buyers[2]!;
    const order = await checkout(buyer);
    for (const query of [
      `TBK_TOKEN=${order.token}&TBK_ORDEN_COMPRA=${order.buyOrder}&TBK_ID_SESION=otra-sesion`,
      `TBK_TOKEN=${order.token}`,
      `TBK_TOKEN=${order.token}&TBK_ORDEN_COMPRA=${order.buyOrder}&TBK_ID_SESION=pedido-${order.number}`,
    ]) {
      const res = await http.get(`/pagos/webpay/retorno?${query}`);
      expect(res.status, query).toBeLessThan(500);
      expect(await orderStatus(buyer, order.number), query).toBe("Pendiente");
    }
  });

  it("los retornos verdaderos siguen cerrando el pedido: anular en Webpay → Anulado, tiempo agotado → Fallido", async () => {
    const cancelled = await checkout(buyers[3]!);
    expect((await backToAcademy(cancelled, "Anular compra y volver al comercio")).status).toBe(303);
    expect(await orderStatus(buyers[3]!, cancelled.number)).toBe("Anulado");

    const timedOut = await checkout(buyers[4]!);
    expect((await backToAcademy(timedOut, "Simular tiempo agotado")).status).toBe(303);
    expect(await orderStatus(buyers[4]!, timedOut.number)).toBe("Fallido");
  });
});
