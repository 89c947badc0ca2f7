import type { MouseEvent } from "react";
import type { NavigateFunction } from "react-router";

/**
 * A click on a plain `<a>` inside `event.currentTarget` that leads to a page of this site, followed by the router
 * as a `<Link>` would (the same rules as React Router's own click handler: main button, no modifier key, no other
 * target, no download; the same address again replaces the history entry). Anything else is left to the browser.
 */
export function followInternalLink(event: MouseEvent<HTMLElement>, navigate: NavigateFunction) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const anchor = event.target instanceof Element ? event.target.closest("a") : null;
  if (!anchor || !event.currentTarget.contains(anchor) || anchor.hasAttribute("download")) return;
  if (anchor.target && anchor.target !== "_self") return;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  event.preventDefault();
  const to = url.pathname + url.search + url.hash;
  navigate(to, { replace: to === window.location.pathname + window.location.search + window.location.hash });
}
