import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

// Where each history entry was left (by React Router's location key), for Back and Forward within this tab.
const positions = new Map<string, number>();

// useLayoutEffect warns when rendered on the server; there is nothing to do there anyway.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Scroll to top on route change, or smoothly to the element named by the hash after 100 ms (spec §2 Layout);
 * Back and Forward return to where that page was left, as they do between ordinary web pages.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const loaded = useRef(false);
  const currentKey = useRef(location.key);

  useEffect(() => {
    // The browser would restore a position itself at popstate, while the previous page is still on screen:
    // restoring is done below, once the page Back leads to is rendered. A reload is the browser's again.
    window.history.scrollRestoration = "manual";
    const reloadRestoresItself = () => {
      window.history.scrollRestoration = "auto";
    };
    // Remembered as the visitor scrolls: a navigation may replace the page before any effect could read it.
    // At once, not in a later frame: by then a navigation may have made another entry the current one. (The
    // browser sends at most one scroll event a frame, and a Map write costs nothing next to it.)
    const remember = () => {
      positions.set(currentKey.current, window.scrollY);
    };
    window.addEventListener("pagehide", reloadRestoresItself);
    window.addEventListener("scroll", remember, { passive: true });
    return () => {
      window.removeEventListener("pagehide", reloadRestoresItself);
      window.removeEventListener("scroll", remember);
      reloadRestoresItself();
    };
  }, []);

  // Before the browser paints the new page: a scroll it causes (a shorter page) belongs to the new entry.
  useBrowserLayoutEffect(() => {
    currentKey.current = location.key;
  }, [location.key]);

  // Back and Forward: back to where that entry was left, before the browser paints the page.
  const restored = useRef(false);
  useBrowserLayoutEffect(() => {
    // The page's first render is hydration: the browser has placed it already (at the top, or where a reload
    // left it), and the visitor may have scrolled while it loaded; sending them to the top moved the page
    // under their finger, and the tap meant for a link landed on whatever came up in its place.
    const firstRender = !loaded.current;
    loaded.current = true;
    const saved = positions.get(location.key);
    restored.current = !firstRender && navigationType === "POP" && saved !== undefined;
    if (restored.current) window.scrollTo(0, saved!);
  }, [location.key]);

  const { pathname, hash } = location;
  const pathSeen = useRef(false);
  useEffect(() => {
    const firstRender = !pathSeen.current;
    pathSeen.current = true;
    if (restored.current) return;
    if (!hash) {
      // A new page starts at the top (so does an entry this tab has no position for, e.g. from before a reload).
      if (!firstRender) window.scrollTo(0, 0);
      return;
    }
    const timer = window.setTimeout(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: "smooth" });
    }, 100);
    return () => window.clearTimeout(timer);
  }, [pathname, hash]);
  return null;
}
