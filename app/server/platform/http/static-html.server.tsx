// Sections of the public pages that need no JavaScript (text, images, links, <details>) are rendered to
// HTML here, in the loader, and reach the browser as markup inside the page. Their component code then
// stays on the server: the public pages have a 120 KB gzip JavaScript budget, and React plus React
// Router already take ~116 KB of it. Only what reacts to the visitor (enrol button, contact form)
// is hydrated from components. See app/ui/public/static-html.tsx for the browser side.
//
// In a page's own document the markup would otherwise travel twice: once in the HTML and once, escaped, in
// the router's inline data that hydration reads (5 KB gzip of /cursos/1's 123 KB). So on a document request the
// loader's data holds a reference; the markup stays in this request's scope, where the document's render
// (app/entry.server.tsx) finds it, and the browser takes it from the page itself. A navigation's `.data`
// request has no page to take it from, and carries the markup.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { StaticHtmlValue } from "~/domain/static-html";
import { DOCUMENT_REQUEST, requestScope } from "./request-scope.server";

const COUNT = "static-html:count";

export function staticHtml(node: ReactNode, location = "/"): StaticHtmlValue {
  const html = renderToStaticMarkup(<StaticRouter location={location}>{node}</StaticRouter>);
  const scope = requestScope();
  if (!scope?.get(DOCUMENT_REQUEST)) return { html };
  const n = ((scope.get(COUNT) as number | undefined) ?? 0) + 1;
  scope.set(COUNT, n);
  const ref = `s${n}`;
  scope.set(`static-html:${ref}`, html);
  return { ref };
}

/** The markup a reference of this request stands for (the document's render asks). */
export function staticHtmlOf(ref: string): string | undefined {
  return requestScope()?.get(`static-html:${ref}`) as string | undefined;
}
