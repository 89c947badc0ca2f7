import type { MouseEvent } from "react";
import type { NavigateFunction } from "react-router";

/**
 * A click on a plain `<a>` inside `event.currentTarget` that leads to a page of this site, followed by the router
 * as a `<Link>` would (the same rules as React Router's own click handler: main button, no modifier key, no other
 * target, no download; the same address again replaces the history entry). Anything else is left to the browser.
 *
 * Why plain anchors at all: each `<Link>` resolves its path against the route tree and runs its hooks on
 * every server render; a menu, a sub-navigation or a list of lessons is a dozen of them on every page
 * (docs/performance-log.md). One handler on the element around them does the same for the few that are ever clicked.
 * Only for containers whose links all lead to pages (never to a file, a CSV or a resource route).
 * Says whether the router took the click.
 */
export function followInternalLink(
  event: MouseEvent<HTMLElement>,
  navigate: NavigateFunction,
  options: { preventScrollReset?: boolean } = {},
): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  const anchor = event.target instanceof Element ? event.target.closest("a") : null;
  if (!anchor || !event.currentTarget.contains(anchor) || anchor.hasAttribute("download")) return false;
  if (anchor.target && anchor.target !== "_self") return false;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return false;
  // A link to a place on this same page (the no-JavaScript menus' "#menu-movil") stays the browser's.
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return false;
  event.preventDefault();
  const to = url.pathname + url.search + url.hash;
  const here = window.location.pathname + window.location.search + window.location.hash;
  void navigate(to, { replace: to === here, preventScrollReset: options.preventScrollReset });
  return true;
}

/**
 * Whether a menu entry for `to` names the page at `pathname`, as `<NavLink>` decides it: the same path, or (unless
 * `end`) a page below it. Case-insensitive and blind to a trailing slash, as React Router's matching is.
 */
export function isCurrentPath(pathname: string, to: string, end = false) {
  const here = trimSlash(pathname.toLowerCase());
  const target = trimSlash(to.toLowerCase());
  if (here === target) return true;
  return !end && here.startsWith(target === "/" ? "/" : `${target}/`);
}

const trimSlash = (path: string) => (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path);
