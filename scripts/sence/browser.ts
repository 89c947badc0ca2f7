// A browser's part of a SENCE round trip, done with fetch and the HTML the pages really serve: the academy's
// form posted to SENCE, the Clave Única page filled in, and SENCE's auto-submitting form back to the academy.
// Returns the request the browser would send to the academy, so a test can hand it to the academy's route.
import { DomUtils, parseDocument } from "htmlparser2";

export interface PageForm {
  id: string | null;
  action: string;
  method: "GET" | "POST";
  fields: [string, string][];
  /** The <select>s: name → the values offered. */
  selects: Record<string, string[]>;
  buttons: { name: string | null; value: string; label: string }[];
}

export interface SencePage {
  status: number;
  html: string;
  url: string;
  forms: PageForm[];
}

export function parsePageForms(html: string, pageUrl: string): PageForm[] {
  const document = parseDocument(html);
  return DomUtils.findAll((el) => el.name === "form", document.children).map((form) => {
    const fields: [string, string][] = [];
    const selects: Record<string, string[]> = {};
    const buttons: PageForm["buttons"] = [];
    for (const control of DomUtils.findAll((el) => ["input", "button", "select"].includes(el.name), form.children)) {
      const name = control.attribs.name;
      if (control.name === "select") {
        const options = DomUtils.findAll((el) => el.name === "option", control.children);
        if (name) {
          selects[name] = options.map((o) => o.attribs.value ?? DomUtils.textContent(o));
          const chosen = options.find((o) => "selected" in o.attribs) ?? options[0];
          if (chosen) fields.push([name, chosen.attribs.value ?? DomUtils.textContent(chosen)]);
        }
      } else if (control.name === "button" || control.attribs.type === "submit") {
        buttons.push({ name: name ?? null, value: control.attribs.value ?? "", label: DomUtils.textContent(control).trim() });
      } else if (name) {
        fields.push([name, control.attribs.value ?? ""]);
      }
    }
    const method = (form.attribs.method ?? "get").toUpperCase() === "POST" ? "POST" : "GET";
    return { id: form.attribs.id ?? null, action: new URL(form.attribs.action ?? pageUrl, pageUrl).toString(), method, fields, selects, buttons };
  });
}

export interface BrowserPost {
  url: string;
  body: URLSearchParams;
}

/** What the browser posts when `button` (label or value) is pressed, with `values` typed or chosen. */
export function fill(form: PageForm, values: Record<string, string> = {}, button?: string): BrowserPost {
  const body = new URLSearchParams();
  for (const [name, value] of form.fields) body.append(name, name in values ? values[name]! : value);
  for (const [name, value] of Object.entries(values)) {
    if (!form.fields.some(([n]) => n === name)) throw new Error(`no field ${name} in the form`);
    const offered = form.selects[name];
    if (offered && !offered.includes(value)) throw new Error(`no option ${value} for ${name}`);
  }
  if (button !== undefined) {
    const pressed = form.buttons.find((b) => b.label === button || b.value === button);
    if (!pressed) throw new Error(`no button "${button}" (has: ${form.buttons.map((b) => b.label).join(", ")})`);
    if (pressed.name) body.append(pressed.name, pressed.value);
  }
  return { url: form.action, body };
}

export async function post(request: BrowserPost, headers: Record<string, string> = {}): Promise<SencePage> {
  const response = await fetch(request.url, {
    method: "POST",
    body: request.body.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    redirect: "manual",
  });
  const html = await response.text();
  return { status: response.status, html, url: request.url, forms: parsePageForms(html, request.url) };
}

/** The academy's form to SENCE, as the learner's browser posts it. */
export function postToSence(endpoint: string, fields: Record<string, string>): Promise<SencePage> {
  return post({ url: endpoint, body: new URLSearchParams(fields) });
}

export type ClaveUnicaChoice = { escenario?: string; codigos?: string; run?: string; clave?: string; accion?: "Ingresar" | "Abandonar sin terminar" };

/** Fills in the simulated Clave Única page and submits it. */
export function signInAtSence(page: SencePage, choice: ClaveUnicaChoice = {}): Promise<SencePage> {
  const form = page.forms.find((f) => f.action.endsWith("/claveunica/ingresar"));
  if (!form) throw new Error(`SENCE showed no Clave Única page (${page.status}): ${page.html.slice(0, 300)}`);
  const { accion = "Ingresar", ...values } = choice;
  return post(fill(form, values, accion));
}

/** SENCE's auto-submitting form back to the academy (UrlRetoma or UrlError), as the browser would send it. */
export function callbackOf(page: SencePage): BrowserPost {
  const form = page.forms.find((f) => f.id === "sence-return");
  if (!form) throw new Error(`SENCE did not send the browser back (${page.status}): ${page.html.slice(0, 300)}`);
  return fill(form);
}
