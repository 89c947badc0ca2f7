// A form's submit button with its pending label. The page says when it is pending (`pending`), or the button
// works it out from the navigation: pending while its own `intent` (and `match`, when several forms share an
// intent) is being posted.
import { useNavigation } from "react-router";
import { primaryButton as primary } from "./buttons";
/** The account forms' full-width button, large enough for a thumb. */
const block =
  "flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-wait disabled:opacity-80";

export function SubmitButton({
  label,
  pendingLabel = "Guardando...",
  pending,
  intent,
  match,
  className,
  size = "regular",
}: {
  label: string;
  pendingLabel?: string;
  /** Given by the page; otherwise worked out from the navigation and `intent`. */
  pending?: boolean;
  intent?: string;
  /** Extra field that must match too (e.g. which lesson), so only this form's button changes. */
  match?: [string, string];
  className?: string;
  size?: "regular" | "block";
}) {
  const navigation = useNavigation();
  const busy =
    pending ??
    (navigation.state === "submitting" &&
      intent !== undefined &&
      navigation.formData?.get("intent") === intent &&
      (!match || navigation.formData?.get(match[0]) === match[1]));
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      className={className ?? (size === "block" ? block : primary)}
      disabled={busy}
      aria-disabled={busy || undefined}
    >
      {busy && size === "block" ? <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" /> : null}
      {busy ? pendingLabel : label}
    </button>
  );
}
