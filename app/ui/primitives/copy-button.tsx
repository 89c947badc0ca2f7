// A "Copiar" button beside a value someone must type elsewhere (a bank account in their bank's app). The copied
// text can differ from the shown one: an amount is shown as "$20.000" and copied as "20000", what bank forms take.
import { useEffect, useRef, useState } from "react";

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      // No clipboard (an insecure origin, a denied permission): the value stays on screen to select by hand.
      setState("failed");
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2500);
  };
  return (
    <span className="inline-flex shrink-0 items-center gap-2">
      <button
        type="button"
        onClick={copy}
        className="inline-flex min-h-9 items-center rounded-md whitespace-nowrap border border-slate-300 bg-white px-2.5 text-xs font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        Copiar<span className="sr-only"> {label}</span>
      </button>
      <span role="status" className="text-xs font-normal text-slate-700">
        {state === "copied" ? "Copiado" : state === "failed" ? "Cópialo a mano" : ""}
      </span>
    </span>
  );
}
