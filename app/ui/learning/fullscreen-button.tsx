// Shows the lesson viewer full screen (Fullscreen API; Safari's prefixed version on iPad). Shown only where
// the browser can do it: iPhone Safari has no element full screen (its video player has its own).
import { useEffect, useState, type RefObject } from "react";

type WebkitDocument = Document & { webkitFullscreenEnabled?: boolean; webkitFullscreenElement?: Element | null; webkitExitFullscreen?: () => void };
type WebkitElement = HTMLElement & { webkitRequestFullscreen?: () => void };

function fullscreenElement() {
  const d = document as WebkitDocument;
  return d.fullscreenElement ?? d.webkitFullscreenElement ?? null;
}

export function FullscreenButton({ target, className }: { target: RefObject<HTMLElement | null>; className?: string }) {
  // Assumed until the browser says otherwise: the button is in the server's page, so hydration adds nothing
  // (adding it wrapped the header onto a second line and pushed the lesson down under the learner's finger).
  const [supported, setSupported] = useState(true);
  const [active, setActive] = useState(false);

  useEffect(() => {
    const d = document as WebkitDocument;
    setSupported(Boolean(d.fullscreenEnabled || d.webkitFullscreenEnabled));
    const onChange = () => setActive(fullscreenElement() !== null);
    document.addEventListener("fullscreenchange", onChange);
    document.addEventListener("webkitfullscreenchange", onChange);
    return () => {
      document.removeEventListener("fullscreenchange", onChange);
      document.removeEventListener("webkitfullscreenchange", onChange);
    };
  }, []);

  function toggle() {
    const d = document as WebkitDocument;
    if (fullscreenElement()) {
      if (d.exitFullscreen) void d.exitFullscreen();
      else d.webkitExitFullscreen?.();
      return;
    }
    const el = target.current as WebkitElement | null;
    if (!el) return;
    if (el.requestFullscreen) void el.requestFullscreen().catch(() => {});
    else el.webkitRequestFullscreen?.();
  }

  return (
    // Where it cannot work it keeps its place, unseen (visibility: hidden also takes it out of the
    // accessibility tree and the tab order), for the same reason.
    <button type="button" onClick={toggle} className={`${className ?? ""} ${supported ? "" : "invisible"}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="h-4 w-4">
        <path d={active ? "M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" : "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"} />
      </svg>
      {active ? "Salir de pantalla completa" : "Pantalla completa"}
    </button>
  );
}
