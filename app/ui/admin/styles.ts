// Class names shared by the dashboard and the administration pages.
// Table cells are component classes (tables.css): they repeat on every row of a report.
import "./tables.css";

export const container = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";
export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 transition-colors hover:border-brand-700 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-60";
export const dangerButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-red-800 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-red-900";
export const smallButton =
  "inline-flex items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-semibold text-slate-700 hover:border-brand-700 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-50";
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
