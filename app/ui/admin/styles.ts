// Class names shared by the dashboard and the administration pages.
// Table cells are component classes (tables.css): they repeat on every row of a report.
import "./tables.css";

export const container = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";
export { primaryButton, secondaryButton, dangerButton, smallButton } from "~/ui/primitives/buttons";
export const card = "rounded-2xl border border-slate-200 bg-white shadow-sm";
// Input borders: slate-500 on white is 4.8:1 (WCAG 1.4.11 asks 3:1 for the edge of a control), here and in
// every form of the site (public.css .pub-input, account/form-parts, checkout, certificate check).
export const input =
  "mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-700";
export const label = "block text-sm font-semibold text-slate-800";
export const fieldError = "mt-1 text-sm font-medium text-red-700";
export const badge = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset";
export const categoryBadge = `${badge} bg-brand-50 text-brand-800 ring-brand-100`;
export const tableWrap = "overflow-x-auto rounded-xl border border-slate-200 bg-white";
export const table = "min-w-full divide-y divide-slate-200 text-left text-sm";
export const th = "adm-th";
export const td = "adm-td";
/** A cell, or its column's header, holding figures: right-aligned, digits lined up. */
export const thNumber = "adm-th adm-num";
export const tdNumber = "adm-td adm-num";
