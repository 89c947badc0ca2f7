/** One option of a radio group drawn as a card: its title, a line under it, and the whole card outlined when chosen. */
export function ChoiceCard({ name, value, title, text, defaultChecked, id }: { name: string; value: string; title: string; text: string; defaultChecked: boolean; id?: string }) {
  return (
    <label className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
      <input type="radio" id={id} name={name} value={value} defaultChecked={defaultChecked} className="mt-1 accent-brand-700" />
      <span>
        <span className="block font-semibold text-ink">{title}</span>
        <span className="block text-sm text-slate-600">{text}</span>
      </span>
    </label>
  );
}
