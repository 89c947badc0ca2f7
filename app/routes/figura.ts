// A lesson figure for the reading view's <img> (reading.server.ts, figureUrl): /figuras/<name>.svg?v=<version>.
// With the current version the browser keeps it for good (a new figure has a new version, hence a new URL).
import { data } from "react-router";
import type { Route } from "./+types/figura";
import { catalogueFigure } from "~/server/catalogue/catalogue.server";
import { figureVersion } from "~/server/catalogue/reading.server";

export function loader({ params, request }: Route.LoaderArgs) {
  const name = /^(.+)\.svg$/.exec(params.file ?? "")?.[1];
  const svg = name ? catalogueFigure(name) : null;
  if (svg === null) throw data("Figura no encontrada.", { status: 404 });
  const current = new URL(request.url).searchParams.get("v") === figureVersion(svg);
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      // An old or missing version still gets today's figure, kept only briefly.
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
      // Opened on its own, the file is a document: it may draw, and nothing else (figures carry no script,
      // scripts/content/figures.ts, and this says so again to the browser).
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
