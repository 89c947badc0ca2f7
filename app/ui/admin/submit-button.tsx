import { useNavigation } from "react-router";
import { primaryButton } from "./styles";

/** A submit button that shows its pending label while its own intent is being posted. */
export function SubmitButton({
  intent,
  label,
  pendingLabel = "Guardando...",
  className = primaryButton,
  match,
}: {
  intent: string;
  label: string;
  pendingLabel?: string;
  className?: string;
  /** Extra field that must match too (e.g. which lesson), so only this form's button changes. */
  match?: [string, string];
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (!match || navigation.formData?.get(match[0]) === match[1]);
  return (
    <button type="submit" name="intent" value={intent} className={className} disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}
