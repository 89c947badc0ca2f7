/**
 * A public page's section rendered to markup on the server (app/server/platform/http/static-html.server.tsx).
 * In a page's own document the markup is already in the HTML, so the router's inline data carries only a
 * reference to it (`ref`); in a navigation's data request, the markup itself (`html`).
 */
export type StaticHtmlValue = { html: string } | { ref: string };
