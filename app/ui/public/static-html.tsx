import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * Markup the loader rendered with staticHtml() (app/server/static-html.server.tsx). Links inside it
 * still navigate inside the app, without a full page load.
 */
export function StaticHtml({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent) => {
    const a = (e.target as Element).closest("a");
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (a.target || a.hasAttribute("download") || a.origin !== window.location.origin) return;
    e.preventDefault();
    navigate(a.pathname + a.search + a.hash);
  };
  // Our own server-rendered markup: React escaped every text in it.
  return <div className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
