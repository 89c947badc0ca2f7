import { Form } from "react-router";
import { dangerButton } from "./styles";

/**
 * Delete with a confirmation step that works without JavaScript: the first button only opens the
 * disclosure; the form inside it does the deletion.
 */
export function ConfirmDelete({
  label,
  question,
  intent,
  fields,
  confirmLabel = "Sí, eliminar",
}: {
  label: string;
  question: string;
  intent: string;
  fields: Record<string, string | number>;
  confirmLabel?: string;
}) {
  return (
    <details className="group relative">
      <summary className="inline-flex cursor-pointer list-none items-center rounded-md border border-red-200 bg-white px-2.5 py-1.5 text-xs font-semibold text-red-800 hover:bg-red-50 [&::-webkit-details-marker]:hidden">
        {label}
      </summary>
      <div className="mt-2 w-full min-w-64 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900 sm:absolute sm:right-0 sm:z-10 sm:w-80">
        <p>{question}</p>
        <Form method="post" className="mt-2">
          {Object.entries(fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <button type="submit" name="intent" value={intent} className={`${dangerButton} px-3 py-1.5 text-xs`}>
            {confirmLabel}
          </button>
        </Form>
      </div>
    </details>
  );
}
