const TONES: Record<string, string> = {
  paid: "bg-green-50 text-green-800 ring-green-200",
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  refunded: "bg-slate-100 text-slate-700 ring-slate-300",
};

/** An order's status as a coloured label (the colour repeats the text, never replaces it). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status] ?? "bg-red-50 text-red-800 ring-red-200"}`}>
      {label}
    </span>
  );
}
