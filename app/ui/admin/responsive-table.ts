// Tables that become stacked cards below 768 px: each cell shows its column name (cellLabel) on phones.
export const rtTable = "block w-full text-left text-sm md:table md:divide-y md:divide-slate-200";
export const rtHead = "hidden md:table-header-group";
export const rtBody = "block divide-y divide-slate-200 md:table-row-group";
export const rtRow = "block px-4 py-3 md:table-row md:p-0";
export const rtCell = "flex gap-2 py-0.5 md:table-cell md:px-3 md:py-2.5 md:align-top";
export const rtTh = "whitespace-nowrap bg-slate-50 px-3 py-2.5 text-xs font-bold uppercase tracking-wide text-slate-600";
export const cellLabel = "w-28 shrink-0 font-semibold text-slate-600 md:hidden";
