// A company's groups of its workers (docs/admin-guide.md, "Empresas"): sucursal, faena and centro de costo, free
// text the company chooses, set per assignment from the workers' upload or edited in the portal, and used by the
// portal's filters, table and exports.
import { withoutControlChars } from "./plain-text";

export const GROUP_KINDS = ["sucursal", "faena", "centroCosto"] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];
export type Groups = Record<GroupKind, string | null>;

export const GROUP_LABELS: Record<GroupKind, string> = { sucursal: "Sucursal", faena: "Faena", centroCosto: "Centro de costo" };

/** The query-string name of each group's filter. */
export const GROUP_PARAMS: Record<GroupKind, string> = { sucursal: "sucursal", faena: "faena", centroCosto: "cc" };

export const MAX_GROUP_LENGTH = 80;

export const NO_GROUPS: Groups = { sucursal: null, faena: null, centroCosto: null };

/** A group as stored: one line, spaces collapsed, null when empty. Longer than MAX_GROUP_LENGTH: not valid (undefined). */
export function normaliseGroup(raw: unknown): string | null | undefined {
  const text = typeof raw === "string" ? withoutControlChars(raw).replace(/\s+/g, " ").trim() : "";
  if (text === "") return null;
  return text.length > MAX_GROUP_LENGTH ? undefined : text;
}

export const groupMessages = {
  tooLong: (kind: GroupKind) => `${GROUP_LABELS[kind]}: escribe como máximo ${MAX_GROUP_LENGTH} caracteres.`,
  kindRequired: "Elige qué grupo asignar: sucursal, faena o centro de costo.",
  set: (kind: GroupKind, value: string, n: number) => `${GROUP_LABELS[kind]} «${value}» asignada a ${n === 1 ? "1 trabajador" : `${n} trabajadores`}.`,
  cleared: (kind: GroupKind, n: number) => `Quitaste ${GROUP_LABELS[kind].toLowerCase()} a ${n === 1 ? "1 trabajador" : `${n} trabajadores`}.`,
} as const;

/** The group filters of a page's query string: only values that are among the company's own (`known`). */
export function parseGroupFilters(params: URLSearchParams): Partial<Record<GroupKind, string>> {
  const out: Partial<Record<GroupKind, string>> = {};
  for (const k of GROUP_KINDS) {
    const v = normaliseGroup(params.get(GROUP_PARAMS[k]) ?? "");
    if (v) out[k] = v;
  }
  return out;
}

export function matchesGroups(row: Partial<Groups>, filters: Partial<Record<GroupKind, string>>): boolean {
  return GROUP_KINDS.every((k) => filters[k] === undefined || row[k] === filters[k]);
}

/** The distinct values of each group among some rows, sorted as Spanish sorts them: a filter's options. */
export function groupOptions(rows: Partial<Groups>[]): Record<GroupKind, string[]> {
  const out = { sucursal: new Set<string>(), faena: new Set<string>(), centroCosto: new Set<string>() };
  for (const r of rows) for (const k of GROUP_KINDS) if (r[k]) out[k].add(r[k]!);
  const sort = (s: Set<string>) => [...s].sort((a, b) => a.localeCompare(b, "es"));
  return { sucursal: sort(out.sucursal), faena: sort(out.faena), centroCosto: sort(out.centroCosto) };
}

/** 'Sucursal Antofagasta · Faena Escondida': the row's groups in one line, '' when none. */
export function groupsLine(row: Partial<Groups>): string {
  return GROUP_KINDS.filter((k) => row[k])
    .map((k) => (k === "centroCosto" ? `CC ${row[k]}` : `${GROUP_LABELS[k]} ${row[k]}`))
    .join(" · ");
}
