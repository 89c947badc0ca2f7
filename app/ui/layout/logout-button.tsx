import { useState, type FormEvent } from "react";
import { createPortal } from "react-dom";
import { accountMessages as M } from "~/domain/account-messages";
import { LoadingOverlay } from "~/ui/primitives/loading-overlay";

/**
 * Signs out through POST /logout. Without JavaScript it is a plain form and the server redirects to /.
 * With it, 'Cerrando sesión...' covers the page while the request runs, then the browser loads / afresh
 * (nothing of the signed-in pages stays in memory); a failure, even a lost connection, shows the spec's
 * message next to the button instead of an error page.
 */
export function LogoutButton({ className }: { className?: string }) {
  const [state, setState] = useState<"idle" | "busy" | "error">("idle");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState("busy");
    try {
      const response = await fetch("/logout", { method: "POST", body: new FormData(event.currentTarget), redirect: "manual" });
      if (response.type !== "opaqueredirect" && !response.ok) throw new Error(`logout answered ${response.status}`);
      window.location.assign("/");
    } catch {
      setState("error");
    }
  }

  return (
    <form method="post" action="/logout" onSubmit={onSubmit}>
      <button type="submit" className={className} disabled={state === "busy"}>
        Cerrar Sesión
      </button>
      {state === "error" ? (
        <p role="alert" className="px-3 py-1 text-sm font-medium text-brand-700">
          {M.logoutFailed}
        </p>
      ) : null}
      {/* Portalled to <body>: the sticky header's backdrop filter would otherwise confine a fixed overlay to it. */}
      {state === "busy" ? createPortal(<LoadingOverlay message="Cerrando sesión..." />, document.body) : null}
    </form>
  );
}
