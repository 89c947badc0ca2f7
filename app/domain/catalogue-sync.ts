// Whether a built-in course still follows the material bundled with the academy (docs/operations.md,
// "New course material"). The course editor moves updated_at on every change; the catalogue sets
// catalogue_synced_at to the same instant whenever it writes the course. One rule for the refresh on
// start and for what the course editor tells the admin.

export interface CatalogueSyncRow {
  /** The bundled edition the course was last written from; null for a course created in the editor. */
  sourceHash: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Null for a course loaded before the column existed: its creation stands in. */
  catalogueSyncedAt: Date | null;
}

export type CatalogueSync = "own" | "follows" | "edited";

export function catalogueSync(row: CatalogueSyncRow): CatalogueSync {
  if (row.sourceHash === null) return "own";
  return row.updatedAt.getTime() > (row.catalogueSyncedAt ?? row.createdAt).getTime() ? "edited" : "follows";
}

/** What the course editor says about it (nothing for a course of the academy's own). */
export const catalogueSyncMessages: Record<Exclude<CatalogueSync, "own">, string> = {
  follows:
    "Curso incluido con la academia: al actualizarla recibe sus lecciones y preguntas corregidas, sin tocar el avance ni los certificados de los alumnos. Si lo editas aquí, se conservará tu versión y dejará de recibirlas.",
  edited:
    "Curso incluido con la academia y editado aquí: se conserva tu versión, y ya no recibe el material corregido que traen las actualizaciones.",
};
