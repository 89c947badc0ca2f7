import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Scroll to top on route change, or smoothly to the element named by the hash after 100 ms (spec §2 Layout). */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const loaded = useRef(false);
  useEffect(() => {
    // The page's first render is hydration: the browser has placed it already (at the top, or where a reload
    // left it), and the visitor may have scrolled while it loaded; sending them to the top moved the page
    // under their finger, and the tap meant for a link landed on whatever came up in its place.
    const firstRender = !loaded.current;
    loaded.current = true;
    if (!hash) {
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
