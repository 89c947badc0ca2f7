// Buying through the real route modules, with the browser's part at Webpay done by scripts/webpay/browser.ts
// against a local Webpay server (one per test file, on a free port).
import { and, count, eq } from "drizzle-orm";
import { expect } from "vitest";
import * as checkoutRoute from "~/routes/curso-comprar";
import * as webpayRoute from "~/routes/compra-webpay";
import * as returnRoute from "~/routes/pago-webpay-retorno";
import { db } from "~/server/platform/db/client.server";
import { enrolment, order, outbox, payment } from "~/server/platform/db/schema";
import { payAtWebpay, type BrowserRequest, type WebpayChoice } from "../../../scripts/webpay/browser";
import { call } from "../support/call";
import { formRequest, getRequest } from "../support/requests";

export async function startCheckout(cookie: string, courseId = 1, fields: Record<string, string> = {}) {
  return call(checkoutRoute.action, formRequest(`/cursos/${courseId}/comprar`, { method: "webpay", terms: "on", ...fields }, { cookie }), { id: String(courseId) });
}

export function numberFrom(location: string | null): string {
  const m = /^\/compras\/([A-Z0-9-]+)/.exec(location ?? "");
  if (!m) throw new Error(`not an order location: ${location}`);
  return m[1]!;
}

/** Checkout by Webpay up to Webpay's form; returns the order number and the redirect the browser follows. */
export async function toWebpay(cookie: string, courseId = 1, fields: Record<string, string> = {}) {
  const res = await startCheckout(cookie, courseId, fields);
  expect(res.status).toBe(302);
  expect(res.location).toMatch(/^\/compras\/[A-Z0-9-]+\/webpay$/);
  const number = numberFrom(res.location);
  const form = await openWebpayForm(res.location!, cookie);
  return { number, token: form.token, redirect: { url: form.url, fields: { token_ws: form.token } } };
}

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** The page that sends the browser to Webpay (/compras/:number/webpay), read as a browser reads it: the form's
 * target and its token_ws, and the page itself. */
export async function openWebpayForm(location: string, cookie: string) {
  const page = await call(webpayRoute.loader, getRequest(location, cookie), { number: numberFrom(location) });
  expect(page.status).toBe(200);
  const html = await page.response!.text();
  const url = /<form [^>]*action="([^"]*)"/.exec(html)?.[1];
  const token = /name="token_ws" value="([^"]*)"/.exec(html)?.[1];
  if (url === undefined || token === undefined) throw new Error(`no form to Webpay in ${location}:\n${html}`);
  return { url: decode(url), token: decode(token), html, headers: page.response!.headers };
}

/** The browser's request back to the academy, sent to the return route (loader for GET, action for POST). */
export function returnToAcademy(back: BrowserRequest) {
  const url = new URL(back.url);
  if (back.method === "GET") return call(returnRoute.loader, getRequest(url.pathname + url.search));
  return call(returnRoute.action, formRequest(url.pathname, Object.fromEntries(back.body ?? []), { headers: { origin: "https://webpay3gint.transbank.cl" } }));
}

export async function payWith(cookie: string, choice: WebpayChoice = "Pagar", courseId = 1, card?: string) {
  const started = await toWebpay(cookie, courseId);
  const back = await payAtWebpay(started.redirect, choice, card);
  return { ...started, back };
}

export async function orderRow(number: string) {
  const [row] = await db().select().from(order).where(eq(order.number, number));
  return row!;
}

export async function paymentsOf(number: string) {
  const row = await orderRow(number);
  const [r] = await db().select({ n: count() }).from(payment).where(eq(payment.orderId, row.id));
  return r!.n;
}

export async function enrolmentsOf(userId: string, courseId = 1) {
  const [r] = await db()
    .select({ n: count() })
    .from(enrolment)
    .where(and(eq(enrolment.userId, userId), eq(enrolment.courseId, courseId)));
  return r!.n;
}

/** Subjects of the mails queued for an address. */
export async function mailsTo(email: string): Promise<string[]> {
  const rows = await db().select({ payload: outbox.payload }).from(outbox).where(eq(outbox.kind, "mail"));
  return rows.map((r) => (r.payload as { mail: { to: string; subject: string } }).mail).filter((m) => m.to === email).map((m) => m.subject);
}
