import { createContext, useContext, useState } from "react";
import { useNavigate } from "react-router";
import type { StaticHtmlValue } from "~/domain/static-html";
import { followInternalLink } from "~/ui/layout/internal-links";

/** Where the document's render finds the markup a reference stands for (app/entry.server.tsx provides it). */
export const StaticHtmlSource = createContext<(ref: string) => string | undefined>(() => undefined);

/**
 * Markup the loader rendered with staticHtml() (app/server/platform/http/static-html.server.tsx). Links inside it
 * still navigate inside the app, without a full page load.
 *
 * A reference (the page's own document): the server renders the markup from the request's copy, and the
 * browser, hydrating, takes it from the element the server rendered — read once, before React owns it.
 */
export function StaticHtml({ html, className }: { html: StaticHtmlValue; className?: string }) {
  const navigate = useNavigate();
  const source = useContext(StaticHtmlSource);
  const ref = "ref" in html ? html.ref : undefined;
  const [fromDocument] = useState(() => {
    if (ref === undefined) return undefined;
    if (typeof document === "undefined") return source(ref);
    return document.querySelector(`[data-static-html="${ref}"]`)?.innerHTML;
  });
  const markup = "html" in html ? html.html : (fromDocument ?? "");
  // Our own server-rendered markup: React escaped every text in it.
  return (
    <div
      className={className}
      data-static-html={ref}
      onClick={(event) => followInternalLink(event, navigate)}
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}
