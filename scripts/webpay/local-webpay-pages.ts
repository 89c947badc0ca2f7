// The browser side of the local Webpay Plus server: the payment form, the auto-submitting form that
// takes the cardholder back to the commerce's return_url, and the error page.
import { TEST_CARDS, type LocalTransaction } from "./local-webpay-state";

export interface ReturnForm {
  method: "GET" | "POST";
  action: string;
  fields: Record<string, string>;
}

const clp = new Intl.NumberFormat("es-CL", { style: "currency", currency: "CLP" });

function escape(value: string) {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

function page(title: string, body: string, script = "") {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 0 .75rem; background: #f3f4f6; color: #111827; }
  main { max-width: 34rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: .75rem; box-shadow: 0 1px 3px #0002; }
  h1 { font-size: 1.35rem; margin-top: 0; }
  .note { background: #fef3c7; border: 1px solid #f59e0b; padding: .75rem; border-radius: .5rem; font-size: .95rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
  fieldset { border: 1px solid #d1d5db; border-radius: .5rem; margin: 1rem 0; }
  label { display: block; padding: .35rem 0; }
  .actions { display: flex; flex-wrap: wrap; gap: .5rem; }
  button { font: inherit; padding: .6rem 1rem; border-radius: .5rem; border: 1px solid #374151; background: #fff; color: #111827; cursor: pointer; }
  button.primary { background: #b91c1c; border-color: #b91c1c; color: #fff; }
  button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
</style>
</head>
<body><main>${body}</main>${script}</body>
</html>`;
}

export function paymentFormPage(transaction: LocalTransaction) {
  const cards = TEST_CARDS.map(
    (card, i) =>
      `<label><input type="radio" name="card" value="${card.id}"${i === 0 ? " checked" : ""}> ${escape(card.brand)} ${card.number.replace(/(\d{4})(?=\d)/g, "$1 ")} — ${card.approves ? "aprobada" : "rechazada"}</label>`,
  ).join("\n");
  return page(
    "Webpay Plus local — pago de prueba",
    `<h1>Webpay Plus local — pago de prueba</h1>
<p class="note">Este no es Webpay: es el servidor local que imita el ambiente de integración de Transbank. No se cobra dinero.</p>
<dl>
  <dt>Comercio</dt><dd>${escape(transaction.commerceCode)}</dd>
  <dt>Orden de compra</dt><dd>${escape(transaction.buyOrder)}</dd>
  <dt>Monto</dt><dd>${escape(clp.format(transaction.amount))}</dd>
</dl>
<form method="post" action="/webpayserver/pay">
  <input type="hidden" name="token_ws" value="${escape(transaction.token)}">
  <fieldset>
    <legend>Tarjeta de prueba</legend>
    ${cards}
  </fieldset>
  <div class="actions">
    <button class="primary" type="submit" name="action" value="pay">Pagar</button>
    <button type="submit" name="action" value="reject">Rechazar pago</button>
    <button type="submit" name="action" value="cancel">Anular compra y volver al comercio</button>
    <button type="submit" name="action" value="timeout">Simular tiempo agotado</button>
  </div>
</form>`,
  );
}

/**
 * A GET form drops the query string of its action, so the return_url's own parameters travel as
 * hidden fields: the browser then requests exactly return_url plus Webpay's parameters.
 */
export function returnForm(returnUrl: string, method: "GET" | "POST", fields: Record<string, string>): ReturnForm {
  if (method === "POST") return { method, action: returnUrl, fields };
  const url = new URL(returnUrl);
  const own = Object.fromEntries(url.searchParams);
  url.search = "";
  return { method, action: url.toString(), fields: { ...own, ...fields } };
}

function formHtml(form: ReturnForm, id: string, label: string) {
  const inputs = Object.entries(form.fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join("\n  ");
  return `<form id="${id}" method="${form.method.toLowerCase()}" action="${escape(form.action)}">
  ${inputs}
  <button class="primary" type="submit">${escape(label)}</button>
</form>`;
}

export function returnPage(form: ReturnForm) {
  return page(
    "Volviendo al comercio",
    `<h1>Volviendo al comercio…</h1>\n${formHtml(form, "webpay-return", "Continuar al comercio")}`,
    `<script>document.getElementById("webpay-return").submit();</script>`,
  );
}

export function errorPage(message: string, back?: ReturnForm) {
  return page(
    "Transacción no disponible",
    `<h1>Transacción no disponible</h1>\n<p>${escape(message)}</p>\n${back ? formHtml(back, "webpay-back", "Volver al sitio del comercio") : ""}`,
  );
}
