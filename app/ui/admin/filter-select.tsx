// The select of a GET filter form (reports, the audit log, a company's tables): a label above, an optional
// first option that means "no filter", and the value the page was loaded with. Works without JavaScript: the
// form around it submits a plain query string.
import { input, label as labelClass } from "./styles";

export interface FilterOption {
  value: string | number;
  label: string;
}

export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  allLabel,
  className,
}: {
  id: string;
  name: string;
  label: string;
  /** The value in the page's query string; null or "" selects the "all" option. */
  value: string | number | null | undefined;
  options: readonly FilterOption[];
  /** The first option, meaning no filter (its value is ""); omitted when the filter always has a value. */
  allLabel?: string;
  /** Extra classes of the select (a width). */
  className?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value == null ? "" : String(value)} className={className ? `${input} ${className}` : input}>
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
