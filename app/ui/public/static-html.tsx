import { useNavigate } from "react-router";
import { followInternalLink } from "~/ui/layout/internal-links";

/**
 * Markup the loader rendered with staticHtml() (app/server/static-html.server.tsx). Links inside it
 * still navigate inside the app, without a full page load.
 */
export function StaticHtml({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  // Our own server-rendered markup: React escaped every text in it.
  return <div className={className} onClick={(event) => followInternalLink(event, navigate)} dangerouslySetInnerHTML={{ __html: html }} />;
}
