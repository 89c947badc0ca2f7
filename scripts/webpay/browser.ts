// A browser's part of a Webpay payment, done with fetch and the HTML forms the pages really serve:
// the commerce's auto-submitting form to Webpay, a button on the payment form, and Webpay's
// auto-submitting form back to return_url. Returns the request the browser would send to the
// commerce, so a test can hand it to the commerce's own route.
import { DomUtils, parseDocument } from "htmlparser2";

export interface BrowserRequest {
  method: "GET" | "POST";
  url: string;
  /** The urlencoded form body of a POST. */
  body?: URLSearchParams;
}

export interface ParsedForm {
  id: string | null;
  method: "GET" | "POST";
  action: string;
  /** Fields a submission carries (hidden and text inputs, checked radios). */
  fields: [string, string][];
  radios: { name: string; value: string; label: string }[];
  buttons: { name: string | null; value: string; label: string }[];
}

export function parseForms(html: string, pageUrl: string): ParsedForm[] {
  const document = parseDocument(html);
  const forms = DomUtils.findAll((el) => el.name === "form", document.children);
  return forms.map((form) => {
    const controls = DomUtils.findAll((el) => el.name === "input" || el.name === "button", form.children);
    const fields: [string, string][] = [];
    const radios: ParsedForm["radios"] = [];
    const buttons: ParsedForm["buttons"] = [];
    for (const control of controls) {
      const { name, value = "", type = control.name === "button" ? "submit" : "text" } = control.attribs;
      if (type === "submit") {
        buttons.push({ name: name ?? null, value, label: DomUtils.textContent(control).trim() });
      } else if (type === "radio") {
        if (name) radios.push({ name, value, label: labelOf(control) });
        if (name && "checked" in control.attribs) fields.push([name, value]);
      } else if (name) {
        fields.push([name, value]);
      }
    }
    const method = (form.attribs.method ?? "get").toUpperCase() === "POST" ? "POST" : "GET";
    return { id: form.attribs.id ?? null, method, action: new URL(form.attribs.action ?? pageUrl, pageUrl).toString(), fields, radios, buttons };
  });
}

type Element = ReturnType<typeof DomUtils.findAll>[number];

/** The text of the <label> wrapping a control. */
function labelOf(input: Element) {
  const parent = DomUtils.getParent(input);
  return parent && "name" in parent && parent.name === "label" ? DomUtils.textContent(parent).trim() : "";
}

/** What the browser sends when `button` (its label or value) is pressed, with `choices` for radios. */
export function submit(form: ParsedForm, button?: string, choices: Record<string, string> = {}): BrowserRequest {
  const params = new URLSearchParams();
  const chosen = new Set(Object.keys(choices));
  for (const [name, value] of form.fields) if (!chosen.has(name)) params.append(name, value);
  for (const [name, value] of Object.entries(choices)) {
    if (!form.radios.some((r) => r.name === name && r.value === value)) throw new Error(`no option ${name}=${value} in the form`);
    params.append(name, value);
  }
  if (button !== undefined) {
    const pressed = form.buttons.find((b) => b.label === button || b.value === button);
    if (!pressed) throw new Error(`no button "${button}" in the form (has: ${form.buttons.map((b) => b.label).join(", ")})`);
    if (pressed.name) params.append(pressed.name, pressed.value);
  }
  if (form.method === "POST") return { method: "POST", url: form.action, body: params };
  const url = new URL(form.action);
  url.search = params.toString();
  return { method: "GET", url: url.toString() };
}

export async function send(request: BrowserRequest): Promise<Response> {
  return fetch(request.url, {
    method: request.method,
    body: request.body?.toString(),
    headers: request.body ? { "content-type": "application/x-www-form-urlencoded" } : undefined,
    redirect: "manual",
  });
}

/** Sends a request and reads the page's forms (the page must answer `expectStatus`). */
export async function open(request: BrowserRequest, expectStatus = 200): Promise<ParsedForm[]> {
  const response = await send(request);
  const html = await response.text();
  if (response.status !== expectStatus) throw new Error(`${request.method} ${request.url} answered ${response.status}, expected ${expectStatus}: ${html.slice(0, 300)}`);
  return parseForms(html, request.url);
}

export type WebpayChoice = "Pagar" | "Rechazar pago" | "Anular compra y volver al comercio" | "Simular tiempo agotado";

/**
 * The whole trip: the commerce's form posts token_ws to Webpay, the cardholder presses `choice`
 * (with a test card), and Webpay's return form is read. Returns the request to the commerce.
 */
export async function payAtWebpay(
  redirect: { url: string; fields: Record<string, string> },
  choice: WebpayChoice,
  card?: string,
): Promise<BrowserRequest> {
  const [paymentForm] = await open({ method: "POST", url: redirect.url, body: new URLSearchParams(redirect.fields) });
  if (!paymentForm) throw new Error("Webpay showed no payment form");
  const [back] = await open(submit(paymentForm, choice, card ? { card } : {}));
  if (!back) throw new Error("Webpay did not send the browser back");
  return submit(back);
}
