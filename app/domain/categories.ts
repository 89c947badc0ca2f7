// The catalogue's categories, as the owner manages them (admin/categorias): what a name may be, and what the
// owner is told. One home for the course form's rule (a course's category is one of the list) too.
import { z } from "zod";
import { singleLineText } from "./plain-text";

export const categoryMessages = {
  nameRequired: "Escribe el nombre de la categoría.",
  nameTooLong: "El nombre puede tener hasta 60 caracteres.",
  duplicate: (name: string) => `Ya existe la categoría «${name}».`,
  added: (name: string) => `Categoría «${name}» agregada.`,
  renamed: (from: string, to: string, courses: number) =>
    courses > 0 ? `Categoría «${from}» renombrada a «${to}»; sus ${courses === 1 ? "un curso se actualizó" : `${courses} cursos se actualizaron`}.` : `Categoría «${from}» renombrada a «${to}».`,
  removed: (name: string) => `Categoría «${name}» eliminada.`,
  inUse: (name: string, courses: number) =>
    `La categoría «${name}» tiene ${courses === 1 ? "un curso" : `${courses} cursos`}: cámbialos de categoría antes de eliminarla.`,
  notFound: "La categoría ya no existe. Recarga la página.",
  notInList: "Elige una categoría de la lista.",
} as const;

export const categoryNameSchema = singleLineText.pipe(
  z.string().trim().min(1, categoryMessages.nameRequired).max(60, categoryMessages.nameTooLong),
);

export const categoryFormSchema = z.object({ name: categoryNameSchema });
export const CATEGORY_FIELDS = ["name"] as const;

/** Two names are the same category whatever their case and spaces around them. */
export function sameCategoryName(a: string, b: string) {
  return a.trim().toLocaleLowerCase("es") === b.trim().toLocaleLowerCase("es");
}
