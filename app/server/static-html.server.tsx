// Sections of the public pages that need no JavaScript (text, images, links, <details>) are rendered to
// HTML here, in the loader, and reach the browser as markup inside the page. Their component code then
// stays on the server: the public pages have a 120 KB gzip JavaScript budget, and React plus React
// Router already take ~116 KB of it. Only what reacts to the visitor (enrol button, contact form)
// is hydrated from components. See app/ui/public/static-html.tsx for the browser side.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";

export function staticHtml(node: ReactNode, location = "/"): string {
  return renderToStaticMarkup(<StaticRouter location={location}>{node}</StaticRouter>);
}
